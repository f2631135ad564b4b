"""The model of the table the suite is complete for (docs/engine-protocol.md, "The fault
domain"): one family of wagers at a time, as a finite machine read off the reference table.

A **family** is one Hard Way, one one-roll wager, or a Single Chance wager with its Associate
Chance (Pass with Pass odds, and so on). Its machine is the reference table with at most two
placements of the family's wagers:

- **inputs**: each placement of the family's wagers (at 2,520 units, and at 0 and -1 units;
  an odds bet on each bet it may name), each withdrawal; and the rolls, by class: at each
  state, rolls whose settlements are alike (each bet's decision, whether it keeps a point,
  whether the table's point is on after it) and that lead to the same state are one input,
  played by its first roll in the order 1-1, 1-2, ..., 6-6 (the uniformity hypothesis of
  the fault domain);
- **outputs**: each placement and withdrawal accepted or refused, and each roll's
  settlements as above;
- **states**: the table's point (on or off, and whether it is the number the family's Hard
  Way or hop is decided on),
  whether the next roll is a shooter's first, and each bet on the table: its wager, whether
  its point is the table's, another, or none, whether it rests on another bet, whether it
  has stood through a roll; and how many placements were made.

Working calls are not in the machine: a call changes only what a later come-out roll does,
which only a longer probe would show; calls are covered by the history pairs (a call before
and after a point is made, every call on every bet) and by the transition model.

:meth:`FamilyModel.faithful` proves the abstraction exact: every concrete table of a state
(every point, every stake the model plays) has the same inputs, with the same outputs and
next states, as the state's first one. The machine is then the reference table seen through
the abstraction, and a test of it is a test of the text.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from casino_proofs import spec
from casino_proofs.protocol.answers import DICE
from casino_proofs.tables import abstract
from casino_proofs.tables.bets import RefBet, Setting, TableState
from casino_proofs.tables.planner import HARD_WAYS, ODDS_OF, ODDS_ON, SINGLE
from casino_proofs.tables.reference import ReferenceTable, RollDue
from casino_proofs.tables.transitions import _alphabet, _step

Key = tuple[Hashable, ...]
Name = tuple[Hashable, ...]
Output = tuple[Hashable, ...]
Event = dict[str, Any]


@dataclass(frozen=True)
class Family:
    """A family of wagers the model plays: its name in words and its wagers."""

    name: str
    wagers: tuple[str, ...]

    @cached_property
    def number(self) -> int | None:
        """The point number the family's wager is decided on while the table's point may be
        that number too: a Hard Way's, or a hop's on a point total (the roll that settles it
        may then make the table's point: the state says whether the point is that number)."""
        return next((n for n in (spec.family(w).decided_on for w in self.wagers) if n), None)


def families(offered: Iterable[str]) -> list[Family]:
    """One Hard Way, one one-roll wager, and each Single Chance wager with its odds, among
    the wagers offered."""
    offered = set(offered)
    out = []
    hard = sorted(w for w in offered if w in HARD_WAYS)
    if hard:
        out.append(Family(f"a Hard Way ({hard[0]})", (hard[0],)))
    one_roll = sorted(w for w in offered if w not in SINGLE and w not in ODDS_ON
                      and w not in HARD_WAYS)
    if one_roll:
        out.append(Family(f"a one-roll wager ({one_roll[0]})", (one_roll[0],)))
    for line in SINGLE:
        odds = ODDS_OF.get(line, "")
        if line in offered:
            wagers = (line, odds) if odds in offered else (line,)
            out.append(Family(" and ".join(wagers), wagers))
    return out


def _relation(bet: RefBet, point: int | None) -> str:
    return "none" if bet.point is None else "table's" if bet.point == point else "other"


def state_key(state: TableState, family: Family) -> Key:
    t = state.table
    bets = tuple(sorted((b.wager, _relation(b, t.point), b.working, b.on is not None,
                         b.rolls > 0) for b in state.bets.values()))
    return (t.point is not None, t.point is not None and t.point == family.number,
            t.come_out and t.shooter_first, bets, len(state.bets) + len(state.gone))


def _concrete(state: TableState) -> Key:
    t = state.table
    return (t.point, t.shooter_first, tuple(sorted(
        (b.id, b.wager, b.point, b.working, b.on) for b in state.bets.values())),
        tuple(sorted(state.gone)))


def output(want: Any) -> Output:
    if isinstance(want, RollDue):
        return ("roll", want.point is not None, tuple(sorted(
            (d.bet.wager, d.due.decision if d.due else "none",
             bool(d.due and d.due.point)) for d in want.bets.values())))
    return (want.answer,)


@dataclass(frozen=True)
class Move:
    """An input at one concrete table: its name, its event there, its output, the table
    after it."""

    name: Name
    event: Event
    output: Output
    after: ReferenceTable


class FamilyModel:
    """One family's machine: its states (each with its access script and first table), its
    transitions, and every concrete table the model reaches."""

    def __init__(self, setting: Setting, family: Family) -> None:
        self.setting, self.family = setting, family
        self._moves: dict[Key, list[Move]] = {}
        self._rolls: dict[Key, list[tuple[Event, Output, ReferenceTable]]] = {}
        start = ReferenceTable(setting)
        first = state_key(start.state, family)
        self.access: dict[Key, tuple[Event, ...]] = {first: ()}
        self.tables: dict[Key, ReferenceTable] = {first: start}
        #: every concrete table reached, by its concrete key (for :meth:`faithful`)
        self.concrete: dict[Key, ReferenceTable] = {_concrete(start.state): start}
        self.edges: dict[Key, dict[Name, tuple[Output, Key]]] = {}
        frontier: list[tuple[ReferenceTable, tuple[Event, ...]]] = [(start, ())]
        while frontier:
            following = []
            for ref, path in frontier:
                key = state_key(ref.state, family)
                if self.tables[key] is ref:
                    self.edges[key] = {m.name: (m.output, state_key(m.after.state, family))
                                       for m in self.moves(ref)}
                for event, after in self._every_step(ref):
                    concrete = _concrete(after.state)
                    if concrete in self.concrete:
                        continue
                    self.concrete[concrete] = after
                    after_key = state_key(after.state, family)
                    if after_key not in self.tables:
                        self.tables[after_key] = after
                        self.access[after_key] = (*path, event)
                    following.append((after, (*path, event)))
            frontier = following

    def _every_step(self, ref: ReferenceTable) -> Iterator[tuple[Event, ReferenceTable]]:
        """Every event of the model from a concrete table, every roll one by one (so that
        every concrete table of every state is met), and the table after it."""
        for move in self.moves(ref):
            if "roll" not in move.event:
                yield move.event, move.after
        for event, _said, after in self.rolls(ref):
            yield event, after

    def rolls(self, ref: ReferenceTable) -> list[tuple[Event, Output, ReferenceTable]]:
        """Each of the 36 rolls at a concrete table: its output and the table after it
        (worked out once a table)."""
        key = _concrete(ref.state)
        found = self._rolls.get(key)
        if found is None:
            found = self._rolls[key] = [(event, *self.step(ref, event))
                                        for event in ({"roll": [d1, d2]} for d1, d2 in DICE)]
        return found

    def moves(self, ref: ReferenceTable) -> list[Move]:
        """The model's inputs at a concrete table, in a fixed order (worked out once a
        table)."""
        key = (*_concrete(ref.state), len(ref.state.used))  # the IDs a placement names next
        found = self._moves.get(key)
        if found is not None:
            return found
        out: list[Move] = []
        rolls: set[Name] = set()
        for event in _alphabet(ref, self.family.wagers):
            if "roll" in event or "call" in event or event.get("working"):
                continue  # calls are the history coverage's (calls around a point made)
            name = _event_name(ref, event)
            out.append(Move(name, event, *self.step(ref, event)))
        for event, said, after in self.rolls(ref):
            name = ("roll", said, state_key(after.state, self.family))
            if name not in rolls:
                rolls.add(name)
                out.append(Move(name, event, said, after))
        self._moves[key] = out
        return out

    def step(self, ref: ReferenceTable, event: Event) -> tuple[Output, ReferenceTable]:
        """An event's output at a concrete table, and the table after it."""
        after = ReferenceTable(self.setting)
        after.state = ref.state.clone()
        return output(_step(after, event, 1)), after

    def faithful(self) -> list[str]:
        """Every concrete table whose inputs, outputs or next states differ from its state's
        first table (none: the abstraction is exact), in words."""
        out = []
        for ref in self.concrete.values():
            key = state_key(ref.state, self.family)
            mine = {m.name: (m.output, state_key(m.after.state, self.family))
                    for m in self.moves(ref)}
            if mine != self.edges.get(key, {}):
                out.append(f"{self.family.name}: the abstraction is not exact (a concrete "
                           "table answers otherwise than the first table of its state)")
        return out


def _event_name(ref: ReferenceTable, event: Event) -> Name:
    """A placement, call or withdrawal as the model names it (a bet that has left is one
    name, whatever it was: nothing it was shows any more)."""
    key = abstract.transitions(ref.state, event)[0][1:]
    bet: Any = key[1]
    if key[0] in ("call", "withdraw") and bet is not None and bet[1] != "on":
        return (key[0], "a bet that has left", *key[2:])
    return key
