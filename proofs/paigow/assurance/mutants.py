"""Pai Gow's mutants (``casino-proofs mutants``, :mod:`casino_proofs.analyses.assurance.mutants`):
implementation mutants (our implementation's strengths changed: ``category``, ``label``,
``tiebreak``, ``suits``, ``tied``) run on three small decks (:data:`DECKS`) that hold every
combination next to its neighbours, and specification mutants (a statement of s. 40
``dropped`` or ``reversed``, a combination ``weakened``), caught by coverage or the proofs; the
whole-deck runs are the must-fail tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import z3

from casino_proofs import regulation, spec
from casino_proofs.adapters.mutated import Mutated, RankChange
from casino_proofs.analyses.assurance.mutants import Mutant, Outcome
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.assurance.coverage import ordering_gaps
from casino_proofs.paigow.assurance.ours import check_paigow
from casino_proofs.paigow.obligations.scope_spec import CLAUSE_OF, SPEC_MUTATION, ScopeSpec
from casino_proofs.protocol.answers import Strength
from casino_proofs.spec.paigow import COMBINATIONS, JOKER_INDEX, PaiGowSpec


def _deck(ranks: str, suits: str) -> tuple[int, ...]:
    return (*(r * 4 + s for r in range(13) for s in range(4)
              if "23456789TJQKA"[r] in ranks and "cdhs"[s] in suits), JOKER_INDEX)


#: Small decks that between them hold every combination next to its neighbours: all ranks in
#: two suits (straights, flushes, straight flushes, the royal flush); 2, 3, Q, K, A in four
#: suits (five aces, four of a kind, full houses); 9 to A in four suits (five aces, the royal
#: flush, straight flushes and four of a kind together).
DECKS = (_deck("23456789TJQKA", "cs"), _deck("23QKA", "cdhs"), _deck("9TJQKA", "cdhs"))
#: The combinations from the highest; our implementation's strength of a combination is its
#: distance from the bottom (10 for five aces, 0 for no combination).
ORDER = [name for name, _c in COMBINATIONS] + ["no-combination"]


def _strength(name: str) -> int:
    return len(ORDER) - 1 - ORDER.index(name)


def _above(c: str, a: str) -> RankChange:
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        if v.combination == c:
            return Strength((_strength(a), 99, *v.value[1:]), v.combination)
        return v
    return change


def _named(c: str, b: str) -> RankChange:
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        return replace(v, combination=b) if v.combination == c else v
    return change


def _reversed(c: str) -> RankChange:
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        if v.combination == c:
            return Strength((v.value[0], *(-t for t in v.value[1:])), v.combination)
        return v
    return change


def _tied(c: str, below: str) -> RankChange:
    """Every hand of ``c`` and of the combination below it made level: each pair across the
    chapeau's statement that ``c`` ranks above ``below`` is a tie."""
    def change(_hand: tuple[int, ...], v: Strength) -> Strength:
        if v.combination in (c, below):
            return Strength((_strength(below),), v.combination)
        return v
    return change


def _suits_rank(hand: tuple[int, ...], v: Strength) -> Strength:
    spades = sum(1 for i in hand if i != JOKER_INDEX and i % 4 == 3)
    return Strength((*v.value, spades), v.combination)


def paigow_mutants() -> Iterator[Mutant]:
    for i, c in enumerate(ORDER[1:], start=1):
        above = ORDER[i - 1]
        yield Mutant(f"paigow/impl/{c}/category/above-{above}", "paigow", "category",
                     CLAUSE_OF[c], engine=Mutated(rank_change=_above(c, above)))
    for i, c in enumerate(ORDER[:-1]):
        below = ORDER[i + 1]
        yield Mutant(f"paigow/impl/{c}/label/{below}", "paigow", "label", CLAUSE_OF[c],
                     engine=Mutated(rank_change=_named(c, below)))
    for c in ORDER:
        if c in ("five-aces", "royal-flush"):
            continue  # one value each: reversing their order changes nothing
        yield Mutant(f"paigow/impl/{c}/tiebreak/reversed", "paigow", "tiebreak", CLAUSE_OF[c],
                     engine=Mutated(rank_change=_reversed(c)))
    yield Mutant("paigow/impl/suits/rank", "paigow", "suits", "conv-tiebreak",
                 engine=Mutated(rank_change=_suits_rank))
    for i, c in enumerate(ORDER[:-1]):
        below = ORDER[i + 1]
        yield Mutant(f"paigow/impl/{c}/tied/{below}", "paigow", "tied", "r3-40-intro.s1",
                     engine=Mutated(rank_change=_tied(c, below)), killed_by="order")


def run_paigow(m: Mutant) -> Outcome:
    assert m.engine is not None
    for deck in DECKS:
        outcome = check_paigow(engine=m.engine, deck=deck, workers=1, spec_checks=False)
        for r in outcome.results:
            if r.verdict is Verdict.REFUTED and r.obligation.claim == (m.killed_by
                                                                     or r.obligation.claim):
                return Outcome(m, True, f"{r.obligation.id} REFUTED (deck of {len(deck)})")
    return Outcome(m, False, "every obligation PROVED or VACUOUS on every small deck")


# ---------------------------------------------------------------------------------------------


def _without_statement(statement_id: str) -> Callable[[PaiGowSpec], None]:
    def mutate(s: PaiGowSpec) -> None:
        original = s.statements
        s.statements = lambda: [st for st in original()  # type: ignore[method-assign]
                                if st.id != statement_id]
    return mutate


def _reversed_statement(statement_id: str) -> Callable[[PaiGowSpec], None]:
    def mutate(s: PaiGowSpec) -> None:
        original = s.statements
        s.statements = lambda: [  # type: ignore[method-assign]
            replace(st, higher=st.lower, lower=st.higher) if st.id == statement_id else st
            for st in original()]
    return mutate


def _never(name: str) -> Callable[[PaiGowSpec], None]:
    def mutate(s: PaiGowSpec) -> None:
        s._cache[("describes", name)] = z3.BoolVal(False)
    return mutate


def paigow_spec_mutants() -> Iterator[Mutant]:
    for st in ScopeSpec.build("high", spec.Readings()).statements:
        clause = regulation.paragraph_of(st.clauses[0])
        yield Mutant(f"paigow/spec/high/dropped/{st.id}", "paigow", "dropped", clause,
                     spec_change=_without_statement(st.id))
        if not st.id.startswith("r3-40-intro"):
            yield Mutant(f"paigow/spec/high/reversed/{st.id}", "paigow", "reversed", clause,
                         spec_change=_reversed_statement(st.id))
    for name, clause in COMBINATIONS:
        yield Mutant(f"paigow/spec/high/weakened/{name}", "paigow", "weakened", clause,
                     spec_change=_never(name))


def run_paigow_spec(m: Mutant) -> Outcome:
    """A specification mutant is caught by coverage (a statement the text makes is missing)
    or by the proofs (the implementation now disagrees)."""
    assert m.spec_change is not None
    SPEC_MUTATION.append(m.spec_change)
    try:
        gaps = ordering_gaps()
        if gaps:
            return Outcome(m, True, f"coverage: {gaps[0]}")
        for deck in DECKS:
            outcome = check_paigow(deck=deck, workers=1, spec_checks=False)
            for r in outcome.results:
                if r.verdict is Verdict.REFUTED:
                    return Outcome(m, True, f"{r.obligation.id} REFUTED (deck of {len(deck)})")
        return Outcome(m, False, "coverage complete and every obligation PROVED or VACUOUS")
    finally:
        SPEC_MUTATION.remove(m.spec_change)


def mutants() -> Iterator[Mutant]:
    """Every Pai Gow mutant: the implementation's, then the specification's."""
    yield from paigow_mutants()
    yield from paigow_spec_mutants()


def run(m: Mutant) -> Outcome:
    """A specification mutant through coverage and the proofs, an implementation mutant
    through the proofs on every small deck."""
    return run_paigow_spec(m) if m.spec_change is not None else run_paigow(m)
