"""The money a craps diff moves: the exact house edge of every wager that differs, on each side,
from the starts ``edge`` uses, and the change; the differing inputs no start reaches are
counted beside it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_proofs.analyses.readings.chain import (
    Outcome,
    Settle,
    Start,
    Undefined,
    build,
    expected_net,
)
from casino_proofs.analyses.readings.edge import spec_settle, starts
from casino_proofs.craps.diff.sides import (
    KIND_NAMES,
    NOTHING,
    SETTLED,
    Difference,
    Side,
    wager_spec,
)
from casino_proofs.protocol.answers import (
    DICE,
    CrapsInput,
)


def _meanings_settle(side: Side, wager: str) -> Settle:
    """A side's settlement function of one wager, from the answers it has already given."""

    def settle(d1: int, d2: int, come_out: bool, point: int, working: bool,
               first_roll: bool) -> Outcome:
        q = CrapsInput(wager, come_out, point or None, working, first_roll, d1, d2)
        m = side.meanings.get(q, NOTHING)
        if m[0] != SETTLED:
            why = side.details.get(q, KIND_NAMES[m[0]])
            raise Undefined(f"{side.label} does not settle roll {d1},{d2} ({q.text()}): {why}")
        return m[1], m[2], m[3]

    return settle


def _settle_of(side: Side, wager: str) -> Settle:
    if side.is_spec:  # as ``edge`` follows it: the rules, wherever the chain goes
        return spec_settle(wager_spec(wager, side.readings))
    return _meanings_settle(side, wager)


@dataclass(frozen=True)
class EdgeChange:
    """The house edges of one wager on both sides, and the differing inputs no start reaches
    (the edges cannot show those)."""

    rows: list[dict[str, Any]]
    unreached: list[CrapsInput]


def _reached(settle: Settle, wager_starts: list[Start]) -> set[tuple[bool, int, bool, bool]]:
    """The states (come-out roll, the wager's point, working call, shooter's first roll) a
    wager passes through from its starts."""
    out = set()
    for start in wager_starts:
        for table, point, working, first in build(settle, start).states:
            out.add((table == 0, point, working, first))
    return out


def edge_changes(a: Side, b: Side, listed: list[Difference]) -> dict[str, EdgeChange]:
    """The exact house edge of each wager that differs, on each side, from each start
    ``edge`` uses, and the change (B less A); and the differing inputs no start reaches."""
    out: dict[str, EdgeChange] = {}
    for w in sorted({d.wager for d in listed}):
        rows = []
        for start in starts(w):
            edges: list[Fraction | None] = []
            notes = []
            for side in (a, b):
                try:
                    edges.append(-expected_net(_settle_of(side, w), start))
                except Undefined as exc:
                    edges.append(None)
                    notes.append(str(exc))
            ea, eb = edges
            row: dict[str, Any] = {"start": start.label,
                                   "a": None if ea is None else str(ea),
                                   "b": None if eb is None else str(eb),
                                   "change": None if ea is None or eb is None else str(eb - ea)}
            if notes:
                row["note"] = "; ".join(notes)
            rows.append(row)
        reached: set[tuple[bool, int, bool, bool]] = set()
        for side in (a, b):
            try:
                reached |= _reached(_settle_of(side, w), starts(w))
            except Undefined:
                continue
        unreached = [d.input for d in listed if d.wager == w and (
            d.input.come_out, d.input.point or 0, d.input.working, d.input.first_roll)
            not in reached]
        decided, unreached = _decided_in_one_roll(a, b, w, unreached)
        out[w] = EdgeChange(rows + decided, unreached)
    return out


def _decided_in_one_roll(a: Side, b: Side, wager: str, unreached: list[CrapsInput]
                         ) -> tuple[list[dict[str, Any]], list[CrapsInput]]:
    """Of the differing inputs no start reaches, those in a state where the wager is decided
    by the next roll on both sides (a one-roll wager placed on a roll that is not a come-out
    roll, say): their edge from that state is the expected net of one roll, a row of its own.
    The others stay unreached."""
    rows: list[dict[str, Any]] = []
    left: list[CrapsInput] = []
    states = dict.fromkeys((q.come_out, q.point or 0, q.working, q.first_roll)
                           for q in unreached)
    one_roll: set[tuple[bool, int, bool, bool]] = set()
    for state in states:
        edges: list[Fraction] = []
        for side in (a, b):
            try:
                settle = _settle_of(side, wager)
                outcomes = [settle(d1, d2, *state) for d1, d2 in DICE]
            except Undefined:
                break
            if any(o[0] == "none" for o in outcomes):
                break
            edges.append(-sum((Fraction(o[1]) for o in outcomes), Fraction(0)) / 36)
        if len(edges) == 2:
            one_roll.add(state)
            come_out, point, working, first = state
            label = ", ".join(["placed on a come-out roll" if come_out else
                               "placed on a roll that is not a come-out roll"]
                              + ([f"point {point}"] if point else [])
                              + (["working"] if working else [])
                              + (["a shooter's first roll"] if first else []))
            rows.append({"start": f"{label} (decided by that roll)", "a": str(edges[0]),
                         "b": str(edges[1]), "change": str(edges[1] - edges[0]),
                         "one_roll": True})
    left = [q for q in unreached if (q.come_out, q.point or 0, q.working, q.first_roll)
            not in one_roll]
    return rows, left
