"""What a table can remember at each event, named: the history features the checker computes
beside the reference table (docs/engine-protocol.md, "History covered pairwise").

A table that remembers more than the model of the table (:mod:`.abstract`) can pay one
settlement differently after some history: the odds of a third point paid at the first
point's ratio, a second barred 12 taken for a loss, Any Craps paid short from the 50th roll.
So at every event the checker names, for the event's **subject** (a placement, a call, a
withdrawal, or one bet settled by a roll), the value of each feature below, computed from what
happened before in the script (or logged session), on the table the engine kept:

- ``shooter``: which shooter this is (the first, the second, the third or later);
- ``shooter-points``: how many points this shooter set before the one now on;
- ``earlier-point``: the subject's number (its bet's point, else the total rolled) against the
  points set earlier in the session: none yet, that number, or only other numbers;
- ``same-number``: what the last settlement of the same wager on the same number was: none, a
  win, a loss, the stake returned, or no decision;
- ``bet-rolls``: the rolls the subject's bet stood through before (a new bet: not applicable);
- ``bet-calls``: the calls made on the subject's bet before (a third call ignored shows here);
- ``placed-after``: the event just before the subject's bet was placed;
- ``before``: the event just before (a placement, a call, a withdrawal, or a roll, by what it
  did to the table's point);
- ``bets``: the bets on the table;
- ``rolls``: the rolls so far;
- ``calls``: whether calls and withdrawals were made earlier.

A subject names the event's kind and wager and, for a settlement, the decision the text gives,
the number and whether it is a come-out roll. The pairs of a feature value and a subject, and
the triples of two feature values and a subject, are what :mod:`.pairs` counts.
"""

from __future__ import annotations

import sys
from bisect import bisect_right
from dataclasses import dataclass

from casino_proofs.craps.table.model.model import Table


@dataclass(frozen=True)
class Feature:
    """A history feature: its name, what it says, and its values (the last, where it has one,
    is ``not applicable``: never paired)."""

    name: str
    says: str
    values: tuple[str, ...]
    applies_always: bool = True


NOT_APPLICABLE = "not applicable"

FEATURES: tuple[Feature, ...] = (
    Feature("shooter", "which shooter is rolling", ("the first", "the second",
                                                    "the third or later")),
    Feature("shooter-points", "points the shooter set before the one now on",
            ("none", "one", "two or more")),
    Feature("rolls", "rolls so far in the session",
            ("none", "1 to 9", "10 to 49", "50 to 99", "100 or more")),
    Feature("before", "the event just before",
            ("none (the first event)", "a placement", "a call", "a withdrawal",
             "a come-out roll that set the point", "a come-out roll that set no point",
             "a roll that made the point", "a seven-out", "a roll that left the point on")),
    Feature("bets", "bets on the table", ("none", "one", "two or three", "four or more")),
    Feature("calls", "calls and withdrawals made earlier in the session",
            ("neither", "calls only", "withdrawals only", "both")),
    Feature("earlier-point", "the subject's number against the points set earlier in the "
            "session", ("no earlier point", "an earlier point", "earlier points, all other",
                        NOT_APPLICABLE), False),
    Feature("same-number", "the last settlement of the same wager on the same number",
            ("none", "a win", "a loss", "the stake returned", "no decision", NOT_APPLICABLE),
            False),
    Feature("bet-rolls", "rolls the subject's bet stood through before",
            ("none", "one", "two or more", NOT_APPLICABLE), False),
    Feature("bet-calls", "calls made on the subject's bet before",
            ("none", "one", "two", "three or more", NOT_APPLICABLE), False),
    Feature("placed-after", "the event just before the subject's bet was placed",
            ("none (the first event)", "a placement", "a call", "a withdrawal",
             "a come-out roll that set the point", "a come-out roll that set no point",
             "a roll that made the point", "a seven-out", "a roll that left the point on",
             NOT_APPLICABLE), False),
)
NAMES = tuple(f.name for f in FEATURES)
#: where each feature's values start in one numbering of every value (for compact pairs)
OFFSET = tuple(sum(len(f.values) for f in FEATURES[:i]) for i in range(len(FEATURES)))
VALUES = sum(len(f.values) for f in FEATURES)

# the roll kinds of ``before``, by their index
_PLACEMENT, _CALL, _WITHDRAWAL = 1, 2, 3
_SET, _NO_POINT, _MADE, _SEVEN_OUT, _POINT_ON = 4, 5, 6, 7, 8
_OUTCOMES = {"win": 1, "lose": 2, "push": 3, "none": 4}
_NA_EARLIER, _NA_SAME, _NA_ROLLS, _NA_CALLS, _NA_PLACED = 3, 5, 3, 4, 9

#: a subject, its parts joined by "|": "place|WAGER|ANSWER", "call|WAGER|on|ANSWER",
#: "withdraw|WAGER|ANSWER", "settle|WAGER|DECISION|NUMBER|COME-OUT (0 or 1)" (one string, its
#: hash kept by Python: a set of a million is cheap)
Subject = str
#: one value of each feature, four bits each, the first feature lowest
Vector = int
BITS = 4
#: where the features of a subject's own bet start (earlier-point, same-number, bet-rolls,
#: bet-calls, placed-after)
RELATIVE = 6


def subject(*parts: object) -> Subject:
    return sys.intern("|".join(str(p) for p in parts))


def values(vector: Vector) -> tuple[int, ...]:
    """A vector's value of each feature, by index."""
    return tuple((vector >> (BITS * i)) & 15 for i in range(len(FEATURES)))


def _bucket(n: int, bounds: tuple[int, ...]) -> int:
    """The index of the first bound above ``n`` (the number of bounds at or below it; the
    bounds increase)."""
    return bisect_right(bounds, n)


class History:
    """One script's history, as the features read it: updated after every event."""

    __slots__ = ("_calls", "_withdrawals", "before", "bet_calls", "earlier", "last",
                 "placed_after", "rolls")

    def __init__(self) -> None:
        self.rolls = 0
        self.before = 0
        self._calls = False
        self._withdrawals = False
        #: the points set earlier in the session, the one now on excluded
        self.earlier: set[int] = set()
        #: the last settlement of each (wager, number): its value of ``same-number``
        self.last: dict[tuple[str, int], int] = {}
        #: each bet's calls so far, and the event just before it was placed (by its ID)
        self.bet_calls: dict[str, int] = {}
        self.placed_after: dict[str, int] = {}

    def context(self, table: Table, bets: int) -> Vector:
        """The features every subject of the next event shares."""
        points = table.points_set - (table.point is not None)
        return ((min(table.shooter, 3) - 1) | min(points, 2) << 4
                | _bucket(self.rolls, (1, 10, 50, 100)) << 8 | self.before << 12
                | _bucket(bets, (1, 2, 4)) << 16 | (self._calls + 2 * self._withdrawals) << 20)

    def relative(self, wager: str, number: int | None, bet_rolls: int | None,
                 bet: str | None = None) -> Vector:
        """The features of one subject: its number against the earlier points and the same
        wager's last settlement on it, and its bet's rolls, calls and placement (``bet``: its
        ID; none for a placement, whose own event these are)."""
        if number is None:
            earlier, same = _NA_EARLIER, _NA_SAME
        else:
            earlier = 0 if not self.earlier else 1 if number in self.earlier else 2
            same = self.last.get((wager, number), 0)
        rolls = _NA_ROLLS if bet_rolls is None else min(bet_rolls, 2)
        calls = _NA_CALLS if bet is None else min(self.bet_calls.get(bet, 0), 3)
        placed = _NA_PLACED if bet is None else self.placed_after.get(bet, _NA_PLACED)
        return earlier << 24 | same << 28 | rolls << 32 | calls << 36 | placed << 40

    def event(self, kind: str, bet: str | None = None) -> None:
        """After a placement, a call or a withdrawal (whatever its answer) of ``bet``."""
        if kind == "place":
            if bet is not None:
                self.placed_after[bet], self.bet_calls[bet] = self.before, 0
            self.before = _PLACEMENT
        elif kind == "call":
            if bet is not None:
                self.bet_calls[bet] = self.bet_calls.get(bet, 0) + 1
            self.before, self._calls = _CALL, True
        else:
            self.before, self._withdrawals = _WITHDRAWAL, True

    def settled(self, wager: str, number: int, decision: str) -> None:
        """A bet of ``wager`` settled on ``number`` (remembered for ``same-number``)."""
        self.last[wager, number] = _OUTCOMES[decision]

    def rolled(self, was: Table, now: Table, total: int) -> None:
        """After a roll that moved the table from ``was`` to ``now``."""
        self.rolls += 1
        if was.point is None:
            self.before = _SET if now.point is not None else _NO_POINT
            return
        if now.point is None:
            self.earlier.add(was.point)
            self.before = _SEVEN_OUT if total == 7 else _MADE
        else:
            self.before = _POINT_ON


def words(feature: int, value: int) -> str:
    """A feature's value in words: ``shooter: the second``."""
    return f"{FEATURES[feature].name}: {FEATURES[feature].values[value]}"


_APPLICABLE: dict[Vector, tuple[int, ...]] = {}


def applicable(vector: Vector) -> tuple[int, ...]:
    """The features' values of a vector that pair (not ``not applicable``), each as
    ``16 * feature + value`` (worked out once a vector)."""
    found = _APPLICABLE.get(vector)
    if found is None:
        found = _APPLICABLE[vector] = tuple(
            16 * i + v for i, v in enumerate(values(vector))
            if FEATURES[i].applies_always or FEATURES[i].values[v] != NOT_APPLICABLE)
    return found


def subject_text(subject: Subject) -> str:
    """A subject in words: ``pass-odds settled win on 6``."""
    kind, wager, *rest = subject.split("|")
    if kind == "settle":
        decision, number, come_out = rest
        return (f"{wager} settled {decision} on {number}"
                + (" (a come-out roll)" if come_out == "1" else ""))
    if kind == "call":
        return f"a call of {wager} {'working' if rest[0] == 'on' else 'off'} ({rest[1]})"
    if kind == "place":
        return f"a placement of {wager} ({rest[0]})"
    return f"a withdrawal of {wager} ({rest[0]})"
