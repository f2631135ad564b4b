"""Pai Gow's part of what the blueprint shows beside the verdicts
(:mod:`casino_proofs.analyses.assurance.blueprint_inputs`): each combination's description
as a ``define-fun`` over the hand's cards, the helpers they are written with, the choice of
the highest combination, each ordering statement over the functions so defined, and the
exact combination counts of the five-card, two-card and seven-card hands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from math import comb
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.analyses.assurance.blueprint_inputs import (
    Constraint,
    Inputs,
    note,
    readable,
    smtlib,
)
from casino_proofs.solving.smtlib import assertions_text, symbol


@dataclass
class _Words:
    """The functions of a hand the constraints of s. 40 are written with, each the term it
    stands for: the helpers (counts of a rank, the joker, one suit, a straight's window), the
    combinations' descriptions (``fits-NAME``) and the combination a hand counts as."""

    cards: tuple[z3.ExprRef, ...]
    suffix: str
    named: list[tuple[str, z3.ExprRef, z3.ExprRef]] = field(default_factory=list)

    def name(self, word: str, term: z3.ExprRef) -> z3.ExprRef:
        sort = z3.BoolSort() if z3.is_bool(term) else z3.IntSort()
        applied = z3.Function(f"{word}{self.suffix}", *[c.sort() for c in self.cards], sort)
        self.named.append((f"{word}{self.suffix}", term, applied(*self.cards)))
        return applied(*self.cards)

    def over(self, term: z3.ExprRef, but: str = "") -> z3.ExprRef:
        """The term written with every function named so far (but ``but`` itself)."""
        subs = [(t, a) for n, t, a in self.named if n != but]
        return z3.substitute(term, *subs) if subs else term

    def declared(self, text: str) -> tuple[str, ...]:
        """A declaration of each function the SMT-LIB text uses (defined in the site)."""
        ints = " ".join("Int" for _ in self.cards)
        return tuple(f"(declare-fun {symbol(n)} ({ints}) {'Bool' if z3.is_bool(t) else 'Int'})"
                     for n, t, _a in self.named if re.search(rf"[( ]{re.escape(symbol(n))}[ )]",
                                                             text))

    def define(self, word: str, term: z3.ExprRef) -> str:
        body = self.over(term, but=f"{word}{self.suffix}")
        params = " ".join(f"({symbol(str(c))} Int)" for c in self.cards)
        text = assertions_text([body])[-1].removeprefix("(assert ").removesuffix(")")
        sort = "Bool" if z3.is_bool(term) else "Int"
        return f"(define-fun {symbol(word + self.suffix)} ({params}) {sort}\n{text})"

    def block(self, terms: list[z3.ExprRef], note: str) -> str:
        written = [self.over(t) for t in terms]
        body = smtlib(written)
        return "\n".join([f"; {note}", *self.declared(body), body])


def _helpers(built: Any, words: _Words) -> list[Constraint]:
    """The helpers, defined once (the page of s. 40 lists them)."""
    from casino_proofs.spec.paigow import ACE, RANK_SYMBOLS, RANKS, WINDOWS

    hand = built.spec.hand
    terms: list[tuple[str, z3.ExprRef, str]] = [
        ("joker-in", hand.joker, "the hand holds the joker"),
        ("suited", hand.suited, "the cards but the joker are all of one suit"),
        *((f"count-{RANK_SYMBOLS[r]}", hand.count(r), f"how many {RANK_SYMBOLS[r]}s, the "
           "joker aside") for r in RANKS),
        ("aces-and-joker", hand.count_joker_as_ace(ACE),
         "how many aces, the joker counted as one (conv-joker-ace-or-completes)")]
    if built.scope == "high":
        terms += [(f"straight-{w}", built.spec.forms_straight(w),
                   f"the cards form the straight {w}, the joker filling in as the reading "
                   "joker lets it") for w in WINDOWS]
    for word, term, _what in terms:
        words.name(word, term)
    out = []
    for word, term, what in terms:
        name = word + words.suffix
        out.append(Constraint(f"s. 40, {built.scope} hands: {name}(hand): {what}", (), (),
                              f"{name}(hand) = {readable(words.over(term, name), words.cards)}",
                              words.define(word, term)))
    return out


def constraints(readings: spec.Readings, inputs: Inputs) -> None:
    """Each combination's description as a ``define-fun`` over the hand's cards, the choice
    of the highest (conv-highest-combination) over those, and each ordering statement over
    the functions so defined (declared, not repeated: the statements would otherwise repeat
    the whole description of every combination they name)."""
    from casino_proofs.paigow.obligations.scope_spec import SCOPES, ScopeSpec
    from casino_proofs.spec.paigow import CODES, COMBINATIONS

    found, edges, helpers = inputs.constraints, inputs.edges, inputs.helpers

    for scope in SCOPES:
        built = ScopeSpec.build(scope, readings)
        words = _Words(tuple(built.spec.hand.cards), "" if scope == "high" else "-low")
        helpers += _helpers(built, words)
        names = [n for n, _ in COMBINATIONS] if scope == "high" else ["pair"]
        for name in names:
            body = built.spec.describes(name)
            note(found, Constraint(
                f"s. 40, {scope} hands: the description of {name}", (dict(COMBINATIONS)[name],),
                ("joker",) if name in ("five-aces", "royal-flush", "straight-flush", "flush",
                                       "straight") else (),
                f"fits-{name}{words.suffix}(hand) = {readable(words.over(body), words.cards)}",
                "\n".join([*words.declared(words.define(f"fits-{name}", body)),
                           words.define(f"fits-{name}", body)])))
            words.name(f"fits-{name}", body)
        category = built.spec.category()
        cat_text = words.define("category", category)
        note(found, Constraint(
            f"s. 40, {scope} hands: a hand counts as the highest combination it fits "
            f"(category codes: {', '.join(f'{n} {c}' for c, n in CODES.items())})",
            ("conv-highest-combination", "r3-40-intro.s1"), (),
            f"category{words.suffix}(hand) = {readable(words.over(category), words.cards)}",
            "\n".join([*words.declared(cat_text), cat_text])))
        words.name("category", category)
        for st in built.statements:
            note(found, Constraint(
                f"s. 40, {scope} hands: statement {st.id}: {st.description}", st.clauses, (),
                f"every hand where {readable(words.over(st.higher), words.cards)} ranks above "
                f"every hand where {readable(words.over(st.lower), words.cards)}",
                words.block([st.higher, st.lower], "the hands the statement puts higher, then "
                                                   "lower")))
            edges += [(st.clauses[0], c) for c in st.clauses[1:]]


def par(inputs: Inputs, workers: int) -> None:
    """The exact combination counts of the five-card, two-card and seven-card hands."""
    from casino_proofs.paigow.par import spec_rank, table_json, tables

    made = tables(spec_rank("high", inputs.readings), spec_rank("low", inputs.readings),
                  workers)
    for key, counts, total in (("five_card", made.five, comb(53, 5)),
                               ("two_card", made.low, comb(53, 2)),
                               ("seven_card", made.seven, comb(53, 7))):
        inputs.par_paigow[key] = {"hands": total, "combinations": table_json(counts, total)}
