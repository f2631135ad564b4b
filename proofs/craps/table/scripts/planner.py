"""The scripts a table engine is played, written from the specification.

Through legal play only (``conv-table-placement``: a Pass or Don't Pass bet on a come-out
roll, a Come or Don't Come bet while a point is on, an Associate Chance on its Single Chance
bet once that has a point), the scripts bring every (wager, state) the specification says can
occur onto a table, many bets at once, and from each situation play every one of the 36 rolls.
Each script starts on a fresh table. Besides those ``settle`` scripts:

- ``placement``: an Associate Chance without its Single Chance bet, and on one without a point
  yet, must be refused (r3-95.16-intro.s1);
- ``withdrawal``: a Hard Way and an Associate Chance withdrawn after an inconclusive roll
  (r3-95.15-1.s5, r3-95.16-intro.s1).

Stakes are ``STAKE`` units: a multiple of every denominator of a payout, so that every
winnings is a whole number of units. The money scripts are in :mod:`.payouts`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.model.model import Table

STAKE = 2520  # lcm(1..10)
#: a roll of each total that is not a pair (a pair would also decide a Hard Way)
SPLIT = {4: (1, 3), 5: (1, 4), 6: (2, 4), 8: (2, 6), 9: (3, 6), 10: (4, 6), 7: (3, 4),
         3: (1, 2)}
# The one table of the wagers' roles, each derived from the specification's families
# (spec/families.py): nothing else in proofs/ names a wager.
LINE, ODDS = spec.Kind.LINE, spec.Kind.ODDS
#: the Single Chance wagers (line bets)
SINGLE = spec.named(LINE)
#: each odds bet and the line bet it rests on
ODDS_ON = {n: str(spec.family(n).rests_on) for n in spec.named(ODDS)}
#: the line bets placed on a come-out roll (Pass, Don't Pass) and while a point is on
COME_OUT_LINES = spec.named(LINE, placed_on="come-out")
POINT_LINES = spec.named(LINE, placed_on="point")
#: the Don't bets (against the shooter), line bets and odds
DONT = spec.named(LINE, dont=True) + spec.named(ODDS, dont=True)
HARD_WAYS = spec.named(spec.Kind.HARD_WAY)
#: the wagers a player may call working on a come-out roll (r3-95.15-1.s6, r3-95.16-3.s3)
CALLED = tuple(n for n in spec.WAGER_NAMES if spec.family(n).called)


def _role(kind: spec.Kind, **fields: object) -> str:
    found = spec.named(kind, **fields)
    return found[0] if found else ""


#: each line bet by its role, and the odds resting on each
PASS = _role(LINE, placed_on="come-out", dont=False)
DONT_PASS = _role(LINE, placed_on="come-out", dont=True)
COME = _role(LINE, placed_on="point", dont=False)
DONT_COME = _role(LINE, placed_on="point", dont=True)
ODDS_OF = {line: odds for odds, line in ODDS_ON.items()}
COME_ODDS, DONT_PASS_ODDS = ODDS_OF.get(COME, ""), ODDS_OF.get(DONT_PASS, "")
PASS_ODDS = ODDS_OF.get(PASS, "")
#: two one-roll wagers decided apart on a roll each (the domain scripts pair them where two
#: Hard Ways are not offered): the one wager this table names
ONE_ROLL_PAIR = ("any-7", "eleven", (3, 4), (5, 6))
MULTIPLE_CHANCES_CLAUSE = "r3-95.15-intro.s1"
ASSOCIATE_CLAUSE = "r3-95.16-intro.s1"
HARD_WAYS_WITHDRAWAL_CLAUSE = "r3-95.15-1.s5"

Event = dict[str, Any]


@dataclass(frozen=True)
class Bet:
    """A bet a script places: its wager, the call, and the Single Chance bet it is on."""

    id: str
    wager: str
    working: bool = False
    on: str | None = None


@dataclass(frozen=True)
class Expect:
    """What an answer to one event must be: ``accepted``, ``refused``, or ``either`` (the
    table's choice), under a clause; ``judged_by``: the obligation that judges it; ``returned``:
    the units a withdrawal gives back when accepted."""

    answer: str
    clause: str
    why: str
    judged_by: str = ""
    returned: int | None = None
    #: a bet placed here that the table takes is not judged after (its settlements are none
    #: of the text's: a Pass bet made while a point is on, odds on a bet the text does not
    #: know); a bet a declared policy refuses but the table takes is judged after
    unjudged: bool = False


@dataclass(frozen=True)
class Script:
    """Events on one fresh table, the bets it places, and what some answers must be."""

    name: str
    purpose: str  # settle, placement, withdrawal, money, transitions, history, suite, ..., log
    events: tuple[Event, ...]
    bets: Mapping[str, Bet]
    expect: Mapping[int, Expect] = field(default_factory=dict)
    #: money scripts: each bet's net per unit under the specification, where it wins
    nets: Mapping[str, Fraction] = field(default_factory=dict)
    #: the script's ID in a play request (its answers echo it): given when it is planned
    id: str = ""

    @property
    def label(self) -> str:
        """How a report names the script: the ``id`` the engine was sent, then what the
        script is for (``s12 (point 4, then 1-3)``); a logged session by its line."""
        if self.purpose == "log":
            return f"the session on {self.name}"
        return f"script {self.id} ({self.name})" if self.id else f"script {self.name}"

    def wire(self) -> dict[str, Any]:
        return {"id": self.id or self.name[:40], "events": list(self.events)}


class Writing:
    """A script being written: its events, its bets, and where each bet is expected to
    stand (the planner's own prediction, used only to choose placements)."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.bets: dict[str, Bet] = {}
        self.points: dict[str, int] = {}  # bet -> its point, once it has one
        self.table = Table()
        self.expect: dict[int, Expect] = {}

    def place(self, wager: str, working: bool = False, on: str | None = None,
              expect: Expect | None = None, amount: int = STAKE) -> str:
        bet = Bet(f"b{len(self.bets) + 1}", wager, working, on)
        event: Event = {"place": bet.id, "wager": wager, "amount": amount}
        if on is not None:
            event["on"] = on
        if working:
            event["working"] = True
        if expect is not None:
            self.expect[len(self.events)] = expect
        self.events.append(event)
        self.bets[bet.id] = bet
        if on is not None and on in self.points:
            self.points[bet.id] = self.points[on]
        return bet.id

    def roll(self, d1: int, d2: int) -> None:
        """A roll in a prefix: only the Single Chance bets and their odds are on the table,
        and the rolls are chosen so that none of them is decided."""
        total = d1 + d2
        for bet in self.bets.values():
            if bet.wager in POINT_LINES and bet.id not in self.points:
                self.points[bet.id] = total
        self.events.append({"roll": [d1, d2]})
        self.table = self.table.after(total)
        for bet in self.bets.values():
            if bet.wager in COME_OUT_LINES and self.table.point is not None:
                self.points[bet.id] = self.table.point
            if bet.on is not None and bet.on in self.points:
                self.points[bet.id] = self.points[bet.on]

    def state(self, wager: str, working: bool, on: str | None) -> spec.ConcreteState:
        """The state a bet placed now stands in on the next roll."""
        t = self.table
        if wager in COME_OUT_LINES:
            point = t.point or 0
        elif on is not None:
            point = self.points.get(on, 0)
        else:
            point = 0
        return spec.ConcreteState(t.come_out, point, working, t.come_out and t.shooter_first)

    def copy(self) -> Writing:
        twin = Writing()
        twin.events, twin.bets = list(self.events), dict(self.bets)
        twin.points, twin.table, twin.expect = dict(self.points), self.table, dict(self.expect)
        return twin


def situations(wagers: Iterable[str], universe: Mapping[str, frozenset[spec.ConcreteState]],
               one_odds: bool = False) -> list[tuple[str, Writing]]:
    """The prefixes: each brings the table, and the Single Chance bets (with their odds where
    a come-out roll is to find them), to a situation. ``one_odds``: the table takes one
    Associate Chance on each Single Chance bet (policy one-odds): the odds with a working call
    and those without are then made in situations of their own."""
    offered = set(wagers)
    out: list[tuple[str, Writing]] = [("a new shooter's come-out roll", Writing())]
    natural = Writing()
    natural.roll(*SPLIT[7])
    out.append(("a come-out roll after a natural", natural))
    for p in (4, 5, 6, 8, 9, 10):
        t = Writing()
        for w in COME_OUT_LINES:
            if w in offered:
                t.place(w)
        t.roll(*SPLIT[p])
        out.append((f"point {p}", t))
    come = [w for w in POINT_LINES if w in offered]
    if come:
        for p, points in ((4, (5, 6, 8, 9, 10)), (5, (4,))):
            t = Writing()
            t.roll(*SPLIT[p])
            for q in points:
                for w in come:
                    t.place(w)
                t.roll(*SPLIT[q])
            out.append((f"point {p}, come points {'/'.join(map(str, points))}", t))
            for calls in ([(False,), (True,)] if one_odds else [(False, True)]):
                made = _odds_made(t, offered, universe, calls, p)
                out.append((f"a come-out roll with come points {'/'.join(map(str, points))}"
                            + (f", calls {calls[0]}" if one_odds else ""), made))
    return out


def _odds_made(t: Writing, offered: set[str], universe: Mapping[str,
               frozenset[spec.ConcreteState]], calls: tuple[bool, ...], p: int) -> Writing:
    """The come bets of ``t`` given their odds (with each call of ``calls``), then the
    table's point made: the come-out roll that follows finds them."""
    made = t.copy()
    for bet in list(made.bets.values()):
        odds = ODDS_OF.get(bet.wager, "")
        if odds not in offered or bet.wager not in POINT_LINES:
            continue
        q = made.points[bet.id]
        for working in calls:
            # it stands on the roll that makes the point, then on the come-out roll
            if {spec.ConcreteState(False, q, working, False),
                    spec.ConcreteState(True, q, working, False)} <= universe[odds]:
                made.place(odds, working, bet.id)
    made.roll(*SPLIT[p])
    return made


def placements(t: Writing, wagers: list[str],
               universe: Mapping[str, frozenset[spec.ConcreteState]],
               calls: tuple[bool, ...] = (False, True), one_odds: bool = False) -> None:
    """Every bet whose state on the next roll the specification says can occur, once (with
    each call of ``calls``; ``one_odds``: no Associate Chance on a line bet that has one)."""
    placed = {(b.wager, t.state(b.wager, b.working, b.on)) for b in t.bets.values()}
    for wager in wagers:
        parents: list[str | None] = [None]
        if wager in ODDS_ON:
            carrying = {b.on for b in t.bets.values() if b.on is not None}
            parents = [b.id for b in t.bets.values()
                       if b.wager == ODDS_ON[wager] and b.id in t.points
                       and not (one_odds and b.id in carrying)]
        elif (wager in COME_OUT_LINES) != t.table.come_out and wager in SINGLE:
            continue  # conv-table-placement: a line bet on a come-out roll, a Come bet off it
        for on in parents:
            for working in calls:
                st = t.state(wager, working, on)
                if st not in universe.get(wager, ()) or (
                        (wager, st) in placed and wager not in ODDS_ON):
                    continue
                placed.add((wager, st))
                clause = ASSOCIATE_CLAUSE if wager in ODDS_ON else (
                    None if wager in SINGLE else MULTIPLE_CHANCES_CLAUSE)
                t.place(wager, working, on, Expect(
                    "accepted", clause, "a wager the text lets a player make here")
                    if clause else None)


_UNIVERSES: dict[int, tuple[spec.WagerSpec, frozenset[spec.ConcreteState]]] = {}


def universe_of(specs: Iterable[spec.WagerSpec]) -> dict[str, frozenset[spec.ConcreteState]]:
    """Every state each wager can stand in (worked out once for each specification)."""
    out = {}
    for w in specs:
        kept = _UNIVERSES.get(id(w))
        if kept is None or kept[0] is not w:
            kept = _UNIVERSES[id(w)] = (w, frozenset(st for cls in w.states
                                                     for st in spec.states_of(cls)))
        out[w.name] = kept[1]
    return out


def placement_scripts(names: list[str]) -> list[Script]:
    """An Associate Chance without its Single Chance bet, or on one with no point yet."""
    out: list[Script] = []
    for odds, single in ODDS_ON.items():
        if odds not in names:
            continue
        refused = Expect("refused", ASSOCIATE_CLAUSE,
                         "an Associate Chance cannot be played unless its Single Chance "
                         "wager, whose point must be known, has been engaged")
        alone = Writing()
        if single in POINT_LINES:
            alone.roll(*SPLIT[4])
        alone.events.append({"place": "b1", "wager": odds, "amount": STAKE, "on": "b0"})
        alone.expect[len(alone.events) - 1] = refused
        alone.bets["b1"] = Bet("b1", odds, False, "b0")
        out.append(Script(f"{odds} on no bet", "placement", tuple(alone.events),
                          dict(alone.bets), dict(alone.expect)))
        if single not in names:
            continue
        early = Writing()
        if single in POINT_LINES:
            early.roll(*SPLIT[4])
        parent = early.place(single)
        early.place(odds, on=parent, expect=refused)
        early.roll(*SPLIT[3])  # the bets are then settled or not: no obligation reads it
        out.append(Script(f"{odds} on a {single} bet with no point yet", "placement",
                          tuple(early.events), dict(early.bets), dict(early.expect)))
    return out


def withdrawal_scripts(names: list[str]) -> list[Script]:
    """Each Hard Way and each Associate Chance, rolled once without a decision (a 3 while
    the point is on: no Hard Way, odds or their line bet is decided by it), then taken
    down."""
    out: list[Script] = []
    hard = [n for n in names if n in HARD_WAYS]
    for p in (4, 5, 6, 8, 9, 10):
        t = Writing()
        lines = [t.place(w) for w in COME_OUT_LINES if w in names]
        t.roll(*SPLIT[p])
        come = [t.place(w) for w in POINT_LINES if w in names]
        t.roll(*SPLIT[6 if p != 6 else 8])
        takes: list[str] = []
        for parent in lines + come:
            odds = ODDS_OF.get(t.bets[parent].wager, "")
            if odds in names:
                takes.append(t.place(odds, on=parent))
        takes += [t.place(h) for h in hard]
        t.roll(*SPLIT[3])
        for bet in takes:
            clause = HARD_WAYS_WITHDRAWAL_CLAUSE if t.bets[bet].wager in HARD_WAYS \
                else ASSOCIATE_CLAUSE
            t.expect[len(t.events)] = Expect("accepted", clause,
                                             "withdrawn after an inconclusive roll")
            t.events.append({"withdraw": bet})
        out.append(Script(f"point {p}: withdrawals after an inconclusive roll", "withdrawal",
                          tuple(t.events), dict(t.bets), dict(t.expect)))
    return out
