"""The specification's settlement of every wager a table offers, in any state on any roll:
what the reference table settles each bet by (its rules compiled, each answer kept).

Built on ``spec`` alone (never ``impl``): a bet's settlement is the specification's, under
the readings of the run, at the state the checker derives for it. Where no rule applies, or
two disagree, or the state cannot occur, there is no settlement to demand (None).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from casino_proofs import spec
from casino_proofs.craps.table.scripts.planner import universe_of
from casino_proofs.protocol.answers import DICE, CrapsInput
from casino_proofs.solving.fired import spec_fired


@dataclass(frozen=True)
class Due:
    """What the specification settles a bet as: its decision, its net per unit, its point and
    call after the roll, and the clauses of the rule that decides it."""

    decision: str
    net: Fraction
    point: int
    working: bool
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class Cell:
    """One input a bet can stand at on a roll, made once: its state, its protocol-1 question,
    and the specification's settlement of it (None where the text gives none)."""

    state: spec.ConcreteState
    question: CrapsInput
    due: Due | None


#: a cell's key: wager, come-out, point (0: none), call, a shooter's first roll, the dice
CellKey = tuple[str, bool, int, bool, bool, int, int]


class Oracle:
    """Every offered wager's settlement, worked out once per (state, roll) and kept."""

    def __init__(self, specs: Sequence[spec.WagerSpec]) -> None:
        self.specs = {w.name: w for w in specs}
        self.universe = universe_of(specs)
        self._fired = {w.name: spec_fired(w) for w in specs}
        self._due: dict[tuple[str, spec.ConcreteState, int, int], Due | None] = {}
        self._nets: dict[tuple[str, int | None], frozenset[Fraction]] = {}
        self._cells: dict[CellKey, Cell] = {}

    def cell(self, key: CellKey) -> Cell:
        """The input of ``key``, made once (a session log's millions of settlements meet a
        few thousand inputs)."""
        found = self._cells.get(key)
        if found is None:
            wager, come_out, point, working, first, d1, d2 = key
            st = spec.ConcreteState(come_out, point, working, first)
            found = self._cells[key] = Cell(st, CrapsInput(wager, come_out, point or None,
                                                           working, first, d1, d2),
                                            self.due(wager, st, d1, d2))
        return found

    def due(self, wager: str, st: spec.ConcreteState, d1: int, d2: int) -> Due | None:
        key = (wager, st, d1, d2)
        if key in self._due:
            return self._due[key]
        fired = self._fired.get(wager)
        found: Due | None = None
        if fired is not None and st in self.universe[wager]:
            outcomes = fired(st, d1, d2)
            if len({o for _i, o in outcomes}) == 1:
                i, (decision, net, point, working) = outcomes[0]
                found = Due(str(decision), Fraction(net), point, working,
                            tuple(self.specs[wager].rules[i].clauses))
        self._due[key] = found
        return found

    def takes_call(self, wager: str) -> bool:
        """Whether the wager takes a working call: some state of it carries one."""
        return any(st.working for st in self.universe.get(wager, ()))

    def win_nets(self, wager: str, point: int | None) -> frozenset[Fraction]:
        """Every net the wager can win at, in the states it can reach with ``point`` as its
        point (any point when None): what a stake must be a whole number of units of, under
        ``exact`` rounding."""
        key = (wager, point)
        if key not in self._nets:
            states = [st for st in self.universe.get(wager, ())
                      if point is None or st.point == point]
            self._nets[key] = frozenset(
                d.net for st in states for d1, d2 in DICE
                if (d := self.due(wager, st, d1, d2)) is not None and d.decision == "win"
                and d.net > 0)
        return self._nets[key]

    def paragraph(self, wager: str) -> str:
        w = self.specs.get(wager)
        return w.paragraph if w is not None else "r3-95.15-intro.s1"


def offered_specs(names: Iterable[str], readings: spec.Readings) -> list[spec.WagerSpec]:
    """The specification of every wager among ``names``, in the catalogue's order."""
    wanted = set(names)
    return [spec.wager(n, readings) for n in spec.WAGER_NAMES if n in wanted]
