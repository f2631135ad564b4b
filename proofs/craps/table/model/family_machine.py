"""A family's machine: the model the suite is complete for, read off the reference table and
stated in every report (docs/engine-protocol.md, "The fault domain").

Its inputs are :mod:`.family_inputs`'. Its **states** are what the reference table tells
apart for the family: whether the table's point is on, and whether it is the number the
family's wager is decided on; whether the next roll is a new shooter's first; each bet on the
table, in the order placed (its wager; its point: none, the table's, the same as an earlier
bet's, or another; its call; the bet it rests on; whether it has stood through a roll). Its
**outputs**: a placement, call or withdrawal accepted, refused, or the table's choice
(``either``, what the text leaves to the table); a roll's, whether the table's point is on
after it and, bet by bet, its decision, whether it keeps a point, and, for a win, its wager
(what the answer shows: :func:`shown`).

The machine is explored from a fresh table over every concrete table it reaches -- every
point, every one of the 36 rolls -- and :attr:`FamilyMachine.problems` names every concrete
table that answers an input otherwise than its state's first table, and every roll that
answers otherwise than the first roll of its name (none: the abstraction is exact, and the
rolls of one name alike, on the reference table).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from casino_proofs.craps.table.judging import rules
from casino_proofs.craps.table.judging.bets import RefBet, Setting, TableState
from casino_proofs.craps.table.judging.reference import ReferenceTable, RollDue
from casino_proofs.craps.table.model.family_inputs import (
    MAX_BETS,
    Event,
    Family,
    Label,
    label_words,
    others,
    placements,
    roll_label,
    rolls,
)
from casino_proofs.craps.table.model.model import Table
from casino_proofs.craps.table.scripts.planner import Expect
from casino_proofs.craps.table.scripts.transitions import _step

Key = tuple[Hashable, ...]
Output = tuple[Hashable, ...]
#: what a state does with each of its inputs: the output, and the state after
Edges = dict[Label, tuple[Output, Key]]


class Seen(NamedTuple):
    """What the keys read of a bet on the table (a bet after a roll, without building the
    table after it)."""

    id: str
    wager: str
    amount: int
    point: int | None
    working: bool
    on: str | None
    stood: bool


def _seen(bet: RefBet) -> Seen:
    return Seen(bet.id, bet.wager, bet.amount, bet.point, bet.working, bet.on, bet.rolls > 0)


def _relation(bet: Seen, point: int | None, earlier: Sequence[Seen]) -> str:
    if bet.point is None:
        return "none"
    if bet.point == point:
        return "the table's"
    same = next((i for i, b in enumerate(earlier, start=1) if b.point == bet.point), 0)
    return f"bet {same}'s" if same else "another"


def _rests(bets: Sequence[Seen | RefBet]) -> list[int | None]:
    """Each bet's place on the table of the bet it rests on (0: one not on the table)."""
    if all(b.on is None for b in bets):
        return [None] * len(bets)
    index = {b.id: i for i, b in enumerate(bets, start=1)}
    return [index.get(b.on, 0) if b.on is not None else None for b in bets]


def _state(t: Table, bets: Sequence[Seen], number: int | None, rests: list[int | None]
           ) -> Key:
    pictures = tuple((b.wager, _relation(b, t.point, bets[:i]), b.working, rests[i], b.stood)
                     for i, b in enumerate(bets))
    return (t.point is not None, t.point is not None and t.point == number,
            t.come_out and t.shooter_first, pictures)


def _concrete(t: Table, bets: Sequence[Seen], rests: list[int | None]) -> Key:
    return (t.point, t.shooter_first, tuple(
        (b.wager, b.amount, b.point, b.working, rests[i], b.stood) for i, b in enumerate(bets)))


def state_key(ref: ReferenceTable, family: Family) -> Key:
    """The state of a concrete table, as the family's machine tells states apart."""
    bets = [_seen(b) for b in ref.bets.values()]
    return _state(ref.table, bets, family.number, _rests(bets))


def concrete_key(ref: ReferenceTable) -> Key:
    """A concrete table up to its bets' IDs (two such tables answer every input alike)."""
    bets = [_seen(b) for b in ref.bets.values()]
    return _concrete(ref.table, bets, _rests(bets))


def rolled_keys(ref: ReferenceTable, dice: tuple[int, int], number: int | None
                ) -> tuple[Output, Key, Key]:
    """A roll's output at a concrete table, and the keys of the table after it, worked out
    without building that table or paying anything (as :meth:`ReferenceTable.expect` settles
    it and :meth:`ReferenceTable.rolled` moves it)."""
    d1, d2 = dice
    t = ref.table
    cell, first = ref.setting.oracle.cell, t.come_out and t.shooter_first
    dues = [(b, cell((b.wager, t.come_out, b.point or 0, b.working, first, d1, d2)).due)
            for b in ref.bets.values()]
    after = t.after(d1 + d2)
    staying = [Seen(b.id, b.wager, b.amount, due.point or None, b.working, b.on, True)
               for b, due in dues if due is not None and due.decision == "none"]
    rests = _rests(staying)
    state, concrete = _state(after, staying, number, rests), _concrete(after, staying, rests)
    said = ("roll", after.point is not None, tuple(
        shown(b.wager, due.decision if due else "none", bool(due and due.point))
        for b, due in dues))
    return said, state, concrete


def shown(wager: str, decision: str, keeps: bool) -> tuple[str, str, bool]:
    """A bet's part of a roll's output: what its answer shows -- its decision, whether it
    keeps a point, and, for a win only, its wager (the amount paid tells a line bet from its
    odds; a loss, a push or a bet that stays shows nothing of it, so a table that took the
    bet for another wager is caught only by a roll it wins on)."""
    return (wager if decision == "win" else "", decision, keeps)


def output(want: Expect | RollDue) -> Output:
    if isinstance(want, RollDue):
        return ("roll", want.point is not None, tuple(
            shown(d.bet.wager, d.due.decision if d.due else "none", bool(d.due and d.due.point))
            for d in want.bets.values()))
    return (want.answer,)


def step(setting: Setting, ref: ReferenceTable, event: Event
         ) -> tuple[Expect | RollDue, ReferenceTable]:
    """An event at a concrete table: what the rules demand, and the table after it (what
    the text leaves to the table taken)."""
    after = ReferenceTable(setting)
    after.state = ref.state.clone()
    return _step(after, event, 1), after


def frozen_event(event: Event) -> Any:
    """An event, hashable."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in event.items()))


def _ruled(setting: Setting, ref: ReferenceTable, event: Event) -> Expect:
    """What the rules demand of a placement, call or withdrawal, the table left as it is."""
    if "place" in event:
        return rules.placement(setting, ref.state, event)
    if "call" in event:
        return rules.call(setting, ref.state, event)
    return rules.withdrawal(setting, ref.state, event)


def _noted(ref: ReferenceTable, event: Event) -> ReferenceTable:
    """The table after an event it refuses: itself, a placement's ID noted as named (the
    rest shared: a table is only ever moved on a copy)."""
    if "place" not in event:
        return ref
    after = ReferenceTable(ref.setting)
    now = ref.state
    after.state = TableState(now.table, now.bets, now.left, now.gone,
                             now.used | {event["place"]}, now.gone_pictures)
    return after


@dataclass(frozen=True)
class Move:
    """An input at one concrete table: its name, its event there, its output, the table
    after it and its state."""

    label: Label
    event: Event
    output: Output
    after: ReferenceTable
    key: Key


def _kept(label: Label, want: Expect | RollDue, room: bool) -> bool:
    """Whether a placement is an input of the machine here: never one the scripts never
    send (a Single Chance bet out of its time), and one the rules take only while the table
    holds fewer than two bets."""
    if label[0] != "place" or isinstance(want, RollDue):
        return True
    if want.answer == "either" and want.unjudged:
        return False
    return room or want.answer == "refused"


class FamilyMachine:
    """One family's machine: its states (each with its access script and first table), its
    inputs and transitions, and what keeps it from being exact (none)."""

    def __init__(self, setting: Setting, family: Family) -> None:
        self.setting, self.family = setting, family
        self._moves: dict[Key, list[Move]] = {}
        self._by_event: dict[Key, dict[Any, Move]] = {}
        #: each state's first concrete table, its access script and its transitions
        self.first: dict[Key, ReferenceTable] = {}
        self.access: dict[Key, tuple[Event, ...]] = {}
        self.edges: dict[Key, Edges] = {}
        self.problems: list[str] = []
        self.concrete = 0
        self._explore()
        #: each state explored, and the state of the minimal machine it is (states that
        #: answer every input alike, and so on after it, are one)
        self.of = minimal(self.edges)
        self.edges = {s: {label: (o, self.of[t]) for label, (o, t) in e.items()}
                      for s, e in self.edges.items() if self.of[s] == s}
        self.access = {s: a for s, a in self.access.items() if self.of[s] == s}
        self.first = {s: r for s, r in self.first.items() if self.of[s] == s}

    def state_of(self, ref: ReferenceTable) -> Key:
        """The state of the (minimal) machine a concrete table is in."""
        return self.of[state_key(ref, self.family)]

    def _explore(self) -> None:
        """Breadth first over every concrete table, every roll played one by one (so that
        every point is met); each state's first table is met on a shortest path."""
        start = ReferenceTable(self.setting)
        seen = {concrete_key(start)}
        frontier: list[tuple[ReferenceTable, tuple[Event, ...]]] = [(start, ())]
        while frontier:
            following: list[tuple[ReferenceTable, tuple[Event, ...]]] = []
            for ref, path in frontier:
                self.concrete += 1
                self._met(ref, path, seen, following)
            frontier = following

    def _met(self, ref: ReferenceTable, path: tuple[Event, ...], seen: set[Key],
             following: list[tuple[ReferenceTable, tuple[Event, ...]]]) -> None:
        """A concrete table's transitions entered (or checked against its state's first
        table's), every roll checked against the first roll of its name, and every table not
        seen yet that one event takes it to put in ``following``."""
        key = state_key(ref, self.family)
        moves = self.moves(ref)
        edges = {m.label: (m.output, m.key) for m in moves}
        if key not in self.edges:
            self.first[key], self.access[key], self.edges[key] = ref, path, edges
        elif edges != self.edges[key]:
            self._problem("the abstraction is not exact (a concrete table answers otherwise "
                          f"than the first table of its state, after {len(path)} event(s))")

        def reached(concrete: Key, event: Event, after: ReferenceTable | None) -> None:
            if concrete not in seen:
                seen.add(concrete)
                table = after if after is not None else step(self.setting, ref, event)[1]
                following.append((table, (*path, event)))

        for m in moves:
            if m.after.state.bets is not ref.state.bets:  # (a refusal moves nothing)
                reached(concrete_key(m.after), m.event, m.after)
        for label, dice in rolls(self.family.wagers, ref).items():
            for d1, d2 in dice[1:]:
                said, state, concrete = rolled_keys(ref, (d1, d2), self.family.number)
                if (said, state) != edges[label]:
                    self._problem(f"the roll {d1}-{d2} answers otherwise than the first "
                                  f"roll of its name ({label_words(label)})")
                reached(concrete, {"roll": [d1, d2]}, None)

    def _problem(self, text: str) -> None:
        if len(self.problems) < 10:
            self.problems.append(f"{self.family.name}: {text}")

    def moves(self, ref: ReferenceTable) -> list[Move]:
        """The machine's inputs at a concrete table, in a fixed order (worked out once a
        table: its concrete key, the IDs its events name -- the bets on it, the bet not on it
        a call or withdrawal names -- and the next ID)."""
        key = (*concrete_key(ref), tuple(ref.bets), next(iter(ref.state.gone), None),
               len(ref.state.used))
        found = self._moves.get(key)
        if found is not None:
            return found
        out: list[Move] = []
        room = len(ref.bets) < MAX_BETS
        here = state_key(ref, self.family)
        for label, event in (*placements(self.setting, self.family.wagers, ref),
                             *others(self.setting, ref)):
            ruled = _ruled(self.setting, ref, event)
            if not _kept(label, ruled, room):
                continue
            if ruled.answer == "refused":
                out.append(Move(label, event, ("refused",), _noted(ref, event), here))
                continue
            want, after = step(self.setting, ref, event)
            out.append(Move(label, event, output(want), after, state_key(after, self.family)))
        for label, dice in rolls(self.family.wagers, ref).items():
            event = {"roll": list(dice[0])}
            want, after = step(self.setting, ref, event)
            out.append(Move(label, event, output(want), after, state_key(after, self.family)))
        self._moves[key] = out
        self._by_event[key] = {**{frozen_event(m.event): m for m in out if "roll" not in m.event},
                               **{m.label: m for m in out if "roll" in m.event}}
        return out

    def move(self, ref: ReferenceTable, event: Event) -> Move | None:
        """The machine's input an event is at a concrete table (a roll: the input of its
        name there; None: the event is no input of the machine there)."""
        self.moves(ref)
        key = (*concrete_key(ref), tuple(ref.bets), next(iter(ref.state.gone), None),
               len(ref.state.used))
        found = self._by_event[key]
        if "roll" in event:
            d1, d2 = event["roll"]
            return found.get(roll_label(self.family.wagers, ref, d1, d2))
        return found.get(frozen_event(event))

    @property
    def transitions(self) -> int:
        return sum(len(e) for e in self.edges.values())

    def inputs(self) -> list[Label]:
        """Every input of the machine, in the order first met."""
        return list(dict.fromkeys(label for e in self.edges.values() for label in e))

    def json(self) -> dict[str, Any]:
        """The machine, readable and countable: its states, inputs, outputs and transitions
        (each transition ``[state, input, output, next state]`` by their indexes)."""
        states = list(self.edges)
        inputs = self.inputs()
        outputs = list(dict.fromkeys(o for e in self.edges.values() for o, _ in e.values()))
        s_of = {s: i for i, s in enumerate(states)}
        i_of = {label: i for i, label in enumerate(inputs)}
        o_of = {o: i for i, o in enumerate(outputs)}
        return {"family": self.family.name, "wagers": list(self.family.wagers),
                "states": [{"says": state_words(s), "access": len(self.access[s])}
                           for s in states],
                "inputs": [label_words(label) for label in inputs],
                "outputs": [output_words(o) for o in outputs],
                "transitions": [[s_of[s], i_of[label], o_of[o], s_of[t]]
                                for s in states for label, (o, t) in self.edges[s].items()]}


def minimal(edges: dict[Key, Edges]) -> dict[Key, Key]:
    """Each state, and the first state met (whose access script is a shortest) of the block
    it falls in when the states no input tells apart are merged: by partition refinement,
    the same inputs with the same outputs, then successors in the same block, until nothing
    splits."""
    block: dict[Key, Any] = {s: tuple(sorted((repr(label), o) for label, (o, _t) in e.items()))
                             for s, e in edges.items()}
    while True:
        ids = {sig: i for i, sig in enumerate(dict.fromkeys(block.values()))}
        finer = {s: (ids[block[s]], tuple(sorted((repr(label), ids[block[t]])
                                                 for label, (_o, t) in e.items())))
                 for s, e in edges.items()}
        if len(set(finer.values())) == len(ids):
            break
        block = finer
    first: dict[Any, Key] = {}
    return {s: first.setdefault(block[s], s) for s in edges}


def state_words(key: Key) -> str:
    """A state in words: ``the point on; bet 1: pass, its point the table's``."""
    point_on, is_number, first, bets = key
    table = ("the point on" + (", the family's number" if is_number else "")) if point_on \
        else "a new shooter's come-out roll" if first else "a come-out roll"
    each = []
    pictures: Any = bets
    for i, (wager, relation, working, on, stood) in enumerate(pictures, start=1):
        each.append(f"bet {i}: {wager}" + (f" on bet {on}" if on else "")
                    + ("" if relation == "none" else f", its point {relation}")
                    + (", called working" if working else "")
                    + (", stood through a roll" if stood else ""))
    return "; ".join([table, *(each or ["no bet"])])


def output_words(o: Output) -> str:
    if o[0] != "roll":
        return {"either": "either (the table's choice)"}.get(str(o[0]), str(o[0]))
    _roll, point_on, bets = o
    each: Any = bets
    said = [f"bet {i}" + (f" ({wager})" if wager else "") + f": {decision}"
            + (", keeps its point" if keeps else "")
            for i, (wager, decision, keeps) in enumerate(each, start=1)]
    return f"the point {'on' if point_on else 'off'}" + (f"; {'; '.join(said)}" if said else "")
