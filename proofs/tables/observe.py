"""A played script read back: every roll of every bet as a protocol-1 input and its
settlement, and the table-level facts the table obligations judge.

The state of a bet before a roll is the checker's own derivation (docs/engine-protocol.md,
"The state of each bet"): the table's come-out and the shooter from the dice
(:mod:`.model`), the bet's point as the engine answered it after the previous roll, its call.
Its settlement is derived from money and position alone:

- it leaves with winnings (its stake returned too): a win, netting ``paid / amount``;
- it leaves with nothing: a loss;
- it leaves with its stake and nothing more: ``even`` (a push, or a win that nets zero:
  one observation at a table, ``conv-table-even-money``);
- it stays, nothing paid or returned: no decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty, Settled
from casino_proofs.tables.model import POINTS, Table
from casino_proofs.tables.planner import (
    ASSOCIATE_CLAUSE,
    HARD_WAYS_WITHDRAWAL_CLAUSE,
    MULTIPLE_CHANCES_CLAUSE,
    ODDS_ON,
    SINGLE,
    Expect,
    Script,
)

EVEN = "even"
_BET_FIELDS = {"bet", "paid", "returned", "stays", "point"}


@dataclass(frozen=True)
class Where:
    """An event of a script: the script's name and the event's place in it (from 1)."""

    script: str
    event: int

    def text(self) -> str:
        return f"script {self.script!r}, event {self.event}"


@dataclass(frozen=True)
class Observation:
    """One bet on one roll: the input it was and how the table settled it."""

    input: CrapsInput
    answer: CrapsAnswer
    where: Where
    bet: str
    amount: int
    paid: int = 0
    on: str | None = None  # the Single Chance bet of an Associate Chance
    #: in a session log: the specification's net where it wins (the money obligation's)
    due: Fraction | None = None


@dataclass(frozen=True)
class PointCheck:
    """The table's point after a roll: what the conventions give and what the engine said."""

    where: Where
    roll: tuple[int, int]
    expected: int | None
    answered: Any


@dataclass(frozen=True)
class Judged:
    """An answer to an event that must be what ``expect`` says, and what it was."""

    where: Where
    event: dict[str, Any]
    expect: Expect
    answer: Any
    holds: bool
    detail: str


@dataclass
class Played:
    """Everything read from the scripts' answers."""

    observations: list[Observation] = field(default_factory=list)
    points: list[PointCheck] = field(default_factory=list)
    judged: list[Judged] = field(default_factory=list)
    #: scripts the engine did not answer properly, with why (their bets are faults)
    broken: list[tuple[str, str]] = field(default_factory=list)
    #: scripts the engine gave no answer to (it hung, or was given up on): no evidence either
    #: way, never a refutation
    unanswered: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class _Bet:
    wager: str
    amount: int
    working: bool
    on: str | None
    point: int | None = None
    rolls: int = 0  # the rolls it has stood through


def _int(value: Any) -> bool:
    return type(value) is int


def _settlement(entry: Any, bet: _Bet) -> tuple[CrapsAnswer, int | None]:
    """A roll answer's entry for one bet, as a settlement (or the fault), and the bet's
    point after the roll (None when it leaves)."""
    if not isinstance(entry, dict) or set(entry) != _BET_FIELDS:
        return Faulty("malformed", "a bet of a roll's answer has exactly bet, paid, returned, "
                                   "stays and point"), None
    paid, returned, stays, point = (entry[k] for k in ("paid", "returned", "stays", "point"))
    if not (_int(paid) and _int(returned) and paid >= 0 and returned >= 0
            and isinstance(stays, bool)):
        return Faulty("malformed", "paid and returned are whole numbers of units, at least 0; "
                                   "stays is true or false"), None
    if point is not None and (not _int(point) or point not in POINTS):
        return Faulty("malformed", f"point is {point!r}; it is null or one of 4, 5, 6, 8, 9, "
                                   "10"), None
    if stays:
        if paid or returned:
            return Faulty("malformed", f"a bet that stays was paid {paid} and returned "
                                       f"{returned}: a decided bet leaves the table"), None
        return Settled("none", Fraction(0), point, bet.working), point
    if point is not None:
        return Faulty("malformed", f"a bet that leaves has no point, not {point}"), None
    if returned not in (0, bet.amount) or (paid and returned != bet.amount):
        return Faulty("malformed", f"paid {paid} and returned {returned} of a stake of "
                                   f"{bet.amount}: a bet that leaves gets its whole stake back "
                                   "(with any winnings) or nothing"), None
    if paid:
        return Settled("win", Fraction(paid, bet.amount), None), None
    if returned:
        return Settled(EVEN, Fraction(0), None), None
    return Settled("lose", Fraction(-1), None), None


class _Reader:
    """One script's answers, event by event."""

    def __init__(self, script: Script, played: Played) -> None:
        self.script, self.played = script, played
        self.table = Table()
        self.bets: dict[str, _Bet] = {}

    def where(self, i: int) -> Where:
        return Where(self.script.name, i + 1)

    def event(self, i: int, event: dict[str, Any], answer: Any) -> None:
        accepted = isinstance(answer, dict) and answer.get("accepted") is True
        expect = self.script.expect.get(i)
        if expect is None and self.script.kind == "log":
            expect = self.inferred(event)
        if "roll" in event:
            self.roll(i, event["roll"], answer)
            return
        if "place" in event:
            if accepted:
                on = event.get("on")
                parent = self.bets.get(on) if isinstance(on, str) else None
                self.bets[event["place"]] = _Bet(event["wager"], event["amount"],
                                                 bool(event.get("working")), on,
                                                 parent.point if parent else None)
            if expect is not None:
                self.judge(i, event, expect, answer, accepted)
        elif "withdraw" in event:
            bet = self.bets.get(event["withdraw"])
            if accepted:
                self.bets.pop(event["withdraw"], None)
            if expect is not None and bet is not None:  # judged only for a bet still up
                returned = answer.get("returned") if isinstance(answer, dict) else None
                whole = accepted and _int(returned) and returned == bet.amount
                self.judge(i, event, expect, answer, whole, "" if whole or not accepted else
                           f"returned {returned!r} of a stake of {bet.amount}")
        elif "call" in event and accepted and event["call"] in self.bets:
            self.bets[event["call"]].working = bool(event["working"])

    def inferred(self, event: dict[str, Any]) -> Expect | None:
        """What the text demands of an event of a session log, where no planner said it:
        the same demands as of the played scripts."""
        if "place" in event:
            wager = event.get("wager")
            if wager in ODDS_ON:
                parent = self.bets.get(event.get("on"))  # type: ignore[arg-type]
                ready = parent is not None and parent.wager == ODDS_ON[wager] \
                    and parent.point is not None
                return Expect("accepted" if ready else "refused", ASSOCIATE_CLAUSE,
                              "an Associate Chance only on its Single Chance bet, once that "
                              "has a point")
            if isinstance(wager, str) and wager not in SINGLE:
                return Expect("accepted", MULTIPLE_CHANCES_CLAUSE,
                              "a Multiple Chances wager can be played at any time")
        if "withdraw" in event:
            bet = self.bets.get(event["withdraw"])
            if bet is not None and bet.rolls and (bet.wager in ODDS_ON
                                                  or bet.wager.startswith("hard-")):
                clause = HARD_WAYS_WITHDRAWAL_CLAUSE if bet.wager.startswith("hard-") \
                    else ASSOCIATE_CLAUSE
                return Expect("accepted", clause, "withdrawn after an inconclusive roll")
        return None

    def judge(self, i: int, event: dict[str, Any], expect: Expect, answer: Any,
              accepted: bool, detail: str = "") -> None:
        refused = isinstance(answer, dict) and isinstance(answer.get("refused"), str)
        holds = accepted if expect.answer == "accepted" else refused
        self.played.judged.append(Judged(self.where(i), event, expect, answer, holds, detail))

    def roll(self, i: int, dice: list[int], answer: Any) -> None:
        d1, d2 = dice
        before = self.table
        self.table = before.after(d1 + d2)
        where = self.where(i)
        entries: dict[str, Any] = {}
        problem = ""
        if not isinstance(answer, dict) or set(answer) != {"point", "bets"} \
                or not isinstance(answer["bets"], list):
            problem = "a roll's answer is {\"point\": ..., \"bets\": [...]}"
        else:
            self.played.points.append(PointCheck(where, (d1, d2), self.table.point,
                                                 answer["point"]))
            for entry in answer["bets"]:
                bet_id = entry.get("bet") if isinstance(entry, dict) else None
                if not isinstance(bet_id, str) or bet_id not in self.bets or bet_id in entries:
                    problem = (f"the roll's answer names bet {bet_id!r}, which is not on the "
                               "table or is named twice")
                    break
                entries[bet_id] = entry
        for bet_id, bet in list(self.bets.items()):
            question = CrapsInput(bet.wager, before.come_out, bet.point, bet.working,
                                  before.come_out and before.shooter_first, d1, d2)
            if problem or bet_id not in entries:
                why = problem or f"the roll's answer leaves out bet {bet_id}, on the table"
                settled: CrapsAnswer = Faulty("malformed", why)
                point = None
            else:
                settled, point = _settlement(entries[bet_id], bet)
            paid = entries[bet_id]["paid"] if isinstance(settled, Settled) and \
                settled.decision == "win" else 0
            self.played.observations.append(Observation(question, settled, where, bet_id,
                                                        bet.amount, paid, bet.on))
            if isinstance(settled, Settled) and settled.decision == "none":
                bet.point = point
                bet.rolls += 1
            else:
                del self.bets[bet_id]


def read_script(script: Script, answers: Any, played: Played) -> None:
    """Read one script's answers into ``played`` (a script answered with the wrong shape
    is named in ``broken``: none of its rolls is observed)."""
    if isinstance(answers, Faulty):
        unanswered = answers.kind in Faulty.UNANSWERED
        (played.unanswered if unanswered else played.broken).append((script.name,
                                                                      answers.problem))
        return
    if not isinstance(answers, list) or len(answers) != len(script.events):
        why = (f"{len(answers)} answers to a script of {len(script.events)} events"
               if isinstance(answers, list) else "a script's answer is a list")
        played.broken.append((script.name, why))
        return
    reader = _Reader(script, played)
    for i, (event, answer) in enumerate(zip(script.events, answers, strict=True)):
        reader.event(i, event, answer)
