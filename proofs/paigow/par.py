"""The Pai Gow Poker part of the PAR sheet: how often each combination of s. 40 occurs, exact.

Three tables, each with every count and its probability as a fraction:

- the **five-card** high hands: all C(53, 5) = 2,869,685 hands of the 53-card deck;
- the **two-card** low hands: all C(53, 2) = 1,378;
- the **seven-card** hands a Pai Gow player is dealt: all C(53, 7) = 154,143,080, each counted
  under the best five-card hand it holds (the combination of s. 40 of its highest five-card
  subset, the joker as the reading in force lets it be) -- the table every Pai Gow PAR sheet
  carries, counted exactly by rank pattern and flush suit
  (:mod:`casino_proofs.analyses.par.seven_cards`).

Each table is computed from the specification (its terms compiled, evaluated once per class of
hand) and again from the implementation under test (asked once per class, through its
adapter), and the two must be equal; the five-card table must also equal the counts of the
check's own pass over every hand. Under the base readings, and under each other value of a
Pai Gow reading that changes a table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

from casino_proofs import regulation, spec
from casino_proofs.adapters.ours import ours
from casino_proofs.analyses.par.seven_cards import (
    FULL_DECK,
    five_card_counts,
    seven_card_counts,
)
from casino_proofs.analyses.par.sheet import GameSheet, ParAsked
from casino_proofs.paigow.obligations.scope_spec import CLAUSE_OF, ScopeSpec
from casino_proofs.progress import phase
from casino_proofs.protocol.answers import Strength
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.z3_compile import compile_terms

Rank = Callable[[tuple[int, ...]], tuple[str, tuple[int, ...]]]
Table = dict[str, int]


def spec_rank(scope: str, readings: Mapping[str, str]) -> Rank:
    """The specification's combination and conventional key of a hand (card indices)."""
    built = ScopeSpec.build(scope, spec.Readings.from_dict(dict(readings)))
    inputs = list(built.spec.hand.cards)
    compiled = compile_terms(inputs, built.outputs())

    def rank(hand: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        view = built.split(compiled(*hand))
        return view.category, view.key

    return rank


class EngineCannotName(Exception):
    """The engine gives strengths without combination names: it has no table to count."""


def engine_rank(engine: Engine, readings: Mapping[str, str]) -> Rank:
    """The implementation's combination and strength of a hand, through its adapter."""
    def rank(hand: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        (answer,) = engine.rank([hand], readings)
        if not isinstance(answer, Strength):
            raise EngineCannotName(f"the implementation gives no strength to hand {hand}")
        if answer.combination is None:
            raise EngineCannotName("the implementation names no combinations")
        return answer.combination, answer.value

    return rank


def low_counts(rank: Rank, deck: tuple[int, ...] = FULL_DECK) -> Table:
    """Every two-card hand of the deck, counted by combination."""
    out: Table = {}
    for hand in combinations(deck, 2):
        name, _value = rank(hand)
        out[name] = out.get(name, 0) + 1
    return out


@dataclass(frozen=True)
class Tables:
    """The three tables of one reading, from one side."""

    five: Table
    low: Table
    seven: Table


def tables(high: Rank, low: Rank, workers: int = 2) -> Tables:
    return Tables(five_card_counts(high), low_counts(low),
                  seven_card_counts(high, workers=workers))


@dataclass(frozen=True)
class PaiGowPar:
    reading: str  # "base" or NAME=VALUE
    spec: Tables
    impl: Tables | None  # None: the implementation does not implement the reading
    note: str = ""

    @property
    def agree(self) -> bool:
        return self.impl is None or self.impl == self.spec


def spec_tables(base: Mapping[str, str] | None = None,
                workers: int = 2) -> list[tuple[str, dict[str, str], Tables]]:
    """The specification's tables under the base readings, and under each other value of a
    Pai Gow reading that changes one: (label, readings, tables). Counted once per process and
    readings: they depend on the installed specification alone (a check that writes a bundle,
    and the replay of it, need the same)."""
    return [(label, dict(chosen), made) for label, chosen, made in
            _spec_tables(tuple(sorted((base or {}).items())), workers)]


@cache
def _spec_tables(items: tuple[tuple[str, str], ...],
                 workers: int) -> tuple[tuple[str, tuple[tuple[str, str], ...], Tables], ...]:
    base = dict(items)
    variants: list[tuple[str, dict[str, str]]] = [("base", base)]
    for rid, reading in regulation.readings().items():
        if reading.game != "paigow":
            continue
        current = base.get(rid, reading.default)
        variants += [(f"{rid}={v.name}", {**base, rid: v.name}) for v in reading.values
                     if v.name != current]
    out: list[tuple[str, tuple[tuple[str, str], ...], Tables]] = []
    for label, chosen in variants:
        made = tables(spec_rank("high", chosen), spec_rank("low", chosen), workers)
        if label != "base" and made == out[0][2]:
            continue  # the reading changes no table
        out.append((label, tuple(sorted(chosen.items())), made))
    return tuple(out)


def paigow_par(base: Mapping[str, str] | None = None, engine: Engine | None = None,
               workers: int = 2) -> list[PaiGowPar]:
    engine = ours(engine)
    claimed = engine.hello.readings or {}
    out: list[PaiGowPar] = []
    # no time left: the first reading counts the specification's hands, the rest reuse them
    with phase("PAR sheet, Pai Gow", 1, "readings", estimate=False) as bar:
        made_all = spec_tables(base, workers)
        bar.reached(0, len(made_all))
        for label, chosen, made in made_all:
            out.append(_reading_par(engine, claimed, label, chosen, made, workers))
            bar.step()
    return out


def _reading_par(engine: Engine, claimed: dict[str, tuple[str, ...]], label: str,
                 chosen: dict[str, str], made: Tables, workers: int) -> PaiGowPar:
    """The tables of one reading: the specification's, and the engine's where it claims
    the reading."""
    rid, _sep, value = label.partition("=")
    implemented = label == "base" or value in claimed.get(rid, ())
    got: Tables | None = None
    note = ""
    if implemented:
        try:
            got = tables(engine_rank(engine, chosen), engine_rank(engine, chosen), workers)
        except EngineCannotName as exc:
            note = f"no implementation figures: {exc}"
    else:
        note = "the implementation does not implement this reading: specification only"
    return PaiGowPar(label, made, got, note)


def table_json(counts: Table, total: int) -> list[dict[str, Any]]:
    order = [name for name in CLAUSE_OF]  # from five aces down to no combination
    return [{"combination": name, "clause": CLAUSE_OF[name], "hands": counts.get(name, 0),
             "probability": str(Fraction(counts.get(name, 0), total))}
            for name in order if name in counts]


def par_json(par: PaiGowPar) -> dict[str, Any]:
    totals = {"five": comb(53, 5), "low": comb(53, 2), "seven": comb(53, 7)}
    out: dict[str, Any] = {
        "reading": par.reading, "agree": par.agree,
        "five_card": {"hands": totals["five"],
                      "combinations": table_json(par.spec.five, totals["five"])},
        "two_card": {"hands": totals["low"],
                     "combinations": table_json(par.spec.low, totals["low"])},
        "seven_card": {"hands": totals["seven"],
                       "combinations": table_json(par.spec.seven, totals["seven"])},
    }
    if par.note:
        out["note"] = par.note
    if not par.agree and par.impl is not None:
        out["impl"] = {"five_card": par.impl.five, "two_card": par.impl.low,
                       "seven_card": par.impl.seven}
    return out


def sheet(readings: dict[str, str], engine: Engine, asked: ParAsked) -> GameSheet:
    """Pai Gow's part of the PAR sheet (the registry's ``par`` entry): its tables under every
    reading; in a check's sheet, whether the five-card table matches the counts of the run's
    own pass over every hand (None: the run has none)."""
    tables = [par_json(p) for p in paigow_par(readings, engine, asked.workers)]
    if asked.proof_record is not None and tables:
        counts = (asked.proof_record.get("paigow") or {}).get("combination_counts")
        five = {c["combination"]: c["hands"] for c in tables[0]["five_card"]["combinations"]}
        tables[0]["five_card"]["matches_the_proof_pass"] = (
            None if counts is None or "high" not in counts else five == counts["high"])
    return tables, None
