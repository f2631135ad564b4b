"""The exact house edge of every craps wager, under every reading that changes it.

A wager is followed from its placing until it wins, loses or is returned, through the
absorbing Markov chain of :mod:`casino_proofs.analyses.readings.chain`; the expected net per
unit staked is the solution of the chain's linear equations, in exact fractions, and the house
edge is its negative.

It is computed from the specification's settlements (its Z3 rules, evaluated by
:mod:`casino_proofs.solving.z3_compile`) and again from the implementation's; a difference is
a failed row. A reading "changes" a wager when the specification of that wager under it is not
the same set of rules as under the base readings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from casino_proofs import regulation, spec
from casino_proofs.adapters.ours import LIBRARY_FIGURES, figure_rows
from casino_proofs.analyses.readings.chain import Outcome, Settle, Start, Undefined, expected_net
from casino_proofs.kept import Kept
from casino_proofs.progress import phase
from casino_proofs.protocol.answers import DICE, CrapsAnswer, CrapsInput, Refused, Settled
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.z3_compile import compile_terms
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    POINT,
    POINT_NUMBERS,
    WORKING,
)


def starts(wager: str) -> list[Start]:
    """Where the wager is followed from (documented in the report)."""
    family = spec.family(wager)
    if family.kind is spec.Kind.HARD_WAY:
        return [Start(0, 0, False, "placed before a come-out roll, no working call"),
                Start(0, 0, False, "placed before a shooter's first roll", first_roll=True)]
    come_out = family.placed_on == "come-out"
    if family.kind is spec.Kind.LINE:
        return [Start(0, 0, False, "the come-out roll")] if come_out else \
            [Start(6, 0, False, "placed while the table's point is 6")]
    if family.kind is spec.Kind.ODDS and come_out:
        return [Start(p, p, False, f"point {p}") for p in POINT_NUMBERS]
    if family.kind is spec.Kind.ODDS:
        return [Start(0, p, False, f"come point {p}, a come-out roll next")
                for p in POINT_NUMBERS]
    return [Start(0, 0, False, "placed before a come-out roll, no working call")]


def spec_settle(w: spec.WagerSpec) -> Settle:
    """The specification's settlement function of one wager, compiled."""
    inputs = [DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL]
    terms = [t for r in w.rules for t in (r.guard, r.settlement.decision, r.settlement.net,
                                          r.settlement.next_point)]
    compiled = compile_terms(inputs, terms)

    def settle(d1: int, d2: int, come_out: bool, point: int, working: bool,
               first_roll: bool) -> Outcome:
        values = compiled(d1, d2, come_out, point, working, first_roll)
        fired = {(values[i + 1], Fraction(values[i + 2]), int(values[i + 3]))
                 for i in range(0, len(values), 4) if values[i]}
        if len(fired) != 1:
            what = "no clause decides" if not fired else "clauses conflict on"
            raise Undefined(f"{what} roll {d1},{d2} ({_where(come_out, point)})")
        return fired.pop()

    return settle


def engine_settle(wager: str, engine: Engine, readings: Mapping[str, str]) -> Settle:
    """The implementation under test's settlement function of one wager; the engine is asked
    about all 36 rolls of a state at once, the first time the state is met."""
    asked: dict[tuple[bool, int, bool, bool], dict[tuple[int, int], CrapsAnswer]] = {}

    def settle(d1: int, d2: int, come_out: bool, point: int, working: bool,
               first_roll: bool) -> Outcome:
        state = (come_out, point, working, first_roll)
        if state not in asked:
            batch = [CrapsInput(wager, come_out, point or None, working, first_roll, a, b)
                     for a, b in DICE]
            asked[state] = dict(zip(DICE, engine.settle(batch, readings), strict=True))
        answer = asked[state][(d1, d2)]
        if isinstance(answer, Settled):
            return answer.decision, answer.net, answer.point or 0
        why = answer.reason if isinstance(answer, Refused) else answer.problem
        raise Undefined(f"the implementation does not settle roll {d1},{d2} "
                        f"({_where(come_out, point)}): {why}")

    return settle


def _where(come_out: bool, point: int) -> str:
    return ("come-out roll" if come_out else "not a come-out roll") + (
        f", point {point}" if point else ", no point")


@dataclass(frozen=True)
class EdgeRow:
    wager: str
    start: str
    reading: str  # "base" or NAME=VALUE
    house_edge: Fraction | None
    impl_edge: Fraction | None
    note: str = ""
    differs_from_base: bool = False

    @property
    def agree(self) -> bool:
        return self.house_edge == self.impl_edge

    @property
    def player_advantage(self) -> bool:
        return self.house_edge is not None and self.house_edge < 0


def rule_fingerprint(w: spec.WagerSpec) -> tuple[int, ...]:
    """What the wager's rules and state classes are, as the Z3 ids of their terms: two
    wagers alive at once have equal fingerprints exactly when their terms are the same (Z3
    shares equal terms). Compare fingerprints only while both wagers are alive."""
    return (*(t.get_id() for r in w.rules for t in (
        r.guard, r.settlement.decision, r.settlement.net, r.settlement.next_point)),
        -1, *(c.constraint.get_id() for c in w.states))


def _edge(settle: Settle, start: Start) -> tuple[Fraction | None, str]:
    try:
        return -expected_net(settle, start), ""
    except Undefined as exc:
        return None, str(exc)


def craps_readings() -> list[str]:
    """The readings of the registry that can change a craps settlement."""
    paigow = {"joker", "pair-consisting", "royal-flush"}
    return [rid for rid in regulation.readings() if rid not in paigow]


def reading_variants(name: str, base: dict[str, str]
                     ) -> list[tuple[str, dict[str, str], spec.WagerSpec]]:
    """The wager under the base readings, then under each other value of each craps reading
    that changes its rules: (label, the readings, its specification)."""
    base_spec = spec.wager(name, spec.Readings.from_dict(base))
    variants: list[tuple[str, dict[str, str], spec.WagerSpec]] = [("base", base, base_spec)]
    for rid in craps_readings():
        current = base.get(rid, regulation.readings()[rid].default)
        for value in regulation.readings()[rid].values:
            if value.name == current:
                continue
            chosen = {**base, rid: value.name}
            alt = spec.wager(name, spec.Readings.from_dict(chosen))
            if rule_fingerprint(alt) != rule_fingerprint(base_spec):
                variants.append((f"{rid}={value.name}", chosen, alt))
    return variants


def edge_rows(base: dict[str, str] | None = None, wagers: list[str] | None = None,
              engine: Engine | None = None) -> list[EdgeRow]:
    """Every wager under the base readings, and under each other value of each reading that
    changes it; the implementation's edges from ``engine`` (our implementation by default,
    whose rows are kept while the code is the same: every HTML report shows them)."""
    return figure_rows(_OURS, _rows, base, wagers, engine)


#: the rows of our own implementation, by readings and wagers
_OURS: Kept[list[EdgeRow]] = Kept(LIBRARY_FIGURES)


def _wager_rows(name: str, base: dict[str, str], engine: Engine) -> list[EdgeRow]:
    """One wager's rows: from each start, under the base readings and each that changes it."""
    rows: list[EdgeRow] = []
    base_edges: dict[str, Fraction | None] = {}
    for label, chosen, w in reading_variants(name, base):
        spec_fn = spec_settle(w)
        impl_fn = engine_settle(name, engine, chosen)
        for start in starts(name):
            edge, note = _edge(spec_fn, start)
            impl_edge, impl_note = _edge(impl_fn, start)
            if label == "base":
                base_edges[start.label] = edge
            rows.append(EdgeRow(name, start.label, label, edge, impl_edge, note or impl_note,
                                label != "base" and edge != base_edges.get(start.label)))
    return rows


Row = TypeVar("Row")
WagerRows = Callable[[str, dict[str, str], Engine], list[Row]]


def every_wager(per_wager: WagerRows[Row], label: str
                ) -> Callable[[dict[str, str], list[str] | None, Engine], list[Row]]:
    """The rows of every wager (or of the wagers given), one wager after another, as a phase
    of the command's progress named ``label``."""
    def rows(base: dict[str, str], wagers: list[str] | None, engine: Engine) -> list[Row]:
        names = wagers or list(spec.WAGER_NAMES)
        out: list[Row] = []
        with phase(label, len(names), "wagers") as bar:
            for name in names:
                out += per_wager(name, base, engine)
                bar.step()
        return out
    return rows


_rows = every_wager(_wager_rows, "house edges")


def row_json(row: EdgeRow) -> dict[str, Any]:
    def text(v: Fraction | None) -> str | None:
        return None if v is None else str(v)

    def percent(v: Fraction | None) -> str | None:
        return None if v is None else f"{float(v * 100):.4f}%"

    return {
        "wager": row.wager, "start": row.start, "reading": row.reading,
        "house_edge": text(row.house_edge), "house_edge_percent": percent(row.house_edge),
        "impl_house_edge": text(row.impl_edge), "agree": row.agree,
        "player_advantage": row.player_advantage, "differs_from_base": row.differs_from_base,
        **({"note": row.note} if row.note else {}),
    }
