"""A played script read back beside the reference table: every answer judged against what the
text demands of it, and every roll of every bet read as a protocol-1 input and its
settlement.

The state of a bet before a roll is the checker's own derivation (docs/engine-protocol.md,
"The state of each bet"): the table's come-out and the shooter from the dice
(:mod:`.model`), the bet's point as the engine answered it after the previous roll, its call.
Its settlement is derived from money and position alone:

- it leaves with winnings (its stake returned too): a win, netting ``paid / stake``;
- it leaves with nothing: a loss;
- it leaves with its stake and nothing more: ``even`` (a push, or a win that nets zero:
  one observation at a table, ``conv-table-even-money``);
- it stays, nothing paid or returned: no decision.

The reference table (:mod:`.reference`) follows the table the engine kept -- what it took,
what it says stays -- so each fault is judged where it happens, once.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino_proofs.craps.table.judging.bets import RefBet, Setting
from casino_proofs.craps.table.judging.expected import roll_answer
from casino_proofs.craps.table.judging.reference import BetDue, ReferenceTable, RollDue
from casino_proofs.craps.table.model.abstract import Key, transitions
from casino_proofs.craps.table.model.history import History, Subject, Vector
from casino_proofs.craps.table.model.subjects import event_subject, roll_subjects
from casino_proofs.craps.table.scripts.planner import (
    ASSOCIATE_CLAUSE,
    HARD_WAYS,
    HARD_WAYS_WITHDRAWAL_CLAUSE,
    Expect,
    Script,
)
from casino_proofs.protocol.answers import POINTS, CrapsAnswer, CrapsInput, Faulty, Settled

EVEN = "even"
_BET_FIELDS = {"bet", "paid", "returned", "stays", "point"}


@dataclass(frozen=True)
class Where:
    """An event of a script: the script (its ``id`` as sent, then its name) and the event's
    place in it (from 1)."""

    script: str
    event: int

    def text(self) -> str:
        return f"{self.script}, event {self.event}"


@dataclass(frozen=True)
class Observation:
    """One bet on one roll: the input it was, how the table settled it, and what it was due."""

    input: CrapsInput
    answer: CrapsAnswer
    where: Where
    bet: str
    amount: int  # the stake, in units (what comes back)
    paid: int = 0
    on: str | None = None  # the Single Chance bet of an Associate Chance
    due: BetDue | None = None
    player: str = "p1"


@dataclass(frozen=True)
class PointCheck:
    """The table's point after a roll: what the reference table gives and what the engine
    said."""

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


@dataclass(frozen=True)
class Listing:
    """A roll's answer that lists a bet that is not on the table, or leaves one out."""

    where: Where
    bet: str
    wager: str
    problem: str  # "left out", or why the bet is not on the table
    clause: str
    #: the roll answer's entry for the bet (None when it is left out)
    entry: Any = None


@dataclass(frozen=True)
class PlayerPaid:
    """Under per-player payment: what one player was paid on one roll, and the exact sum due."""

    where: Where
    player: str
    paid: Any
    exact: Fraction
    #: the players the roll's answer names (shown when it names not this one)
    named: tuple[Any, ...] = ()


@dataclass
class Played:
    """Everything read from the scripts' answers."""

    observations: list[Observation] = field(default_factory=list)
    points: list[PointCheck] = field(default_factory=list)
    judged: list[Judged] = field(default_factory=list)
    listings: list[Listing] = field(default_factory=list)
    players: list[PlayerPaid] = field(default_factory=list)
    #: scripts the engine did not answer properly, with why (their bets are faults)
    broken: list[tuple[str, str]] = field(default_factory=list)
    #: scripts the engine gave no answer to (it hung, or was given up on): no evidence either
    #: way, never a refutation
    unanswered: list[tuple[str, str]] = field(default_factory=list)
    #: the events judged (every answer of every script read), and the rolls among them
    events: int = 0
    rolls: int = 0
    #: the transitions of the abstract table model the table went through (worked out only
    #: while ``track``: once every transition of the model is observed, no longer)
    transitions: set[Key] = field(default_factory=set)
    track: bool = True
    #: each event the table may take or refuse (the rules say ``either``): its place in
    #: its script, the abstract model's name for it, and whether the table refused it
    choices: list[tuple[int, Key, bool]] = field(default_factory=list)
    #: each subject met (an event, or a bet a roll settled) with its history features
    #: (:mod:`.history`): what the pairwise coverage counts
    history: set[tuple[Subject, Vector]] = field(default_factory=set)
    #: the answer the rules of the table demand of each event, in the protocol's shapes,
    #: beside the table the engine kept (worked out only when wanted: a report's shortest
    #: script shows it beside the answer it faults)
    dues: list[Any] | None = None
    #: the Associate Chances settled otherwise than their Single Chance bet on the roll
    #: that decides it, each with that bet (worked out once: :func:`.settlements.unfollowed`)
    odds_faults: list[tuple[Observation, Observation]] | None = None
    #: the first event answered otherwise than the rules, with its obligation (worked out
    #: once: :func:`.settlements.first_failure`; a 1-tuple, its None being "none")
    first_fault: tuple[tuple[int, str] | None] | None = None


def _int(value: Any) -> bool:
    return type(value) is int


#: the settlements a roll's entry can read as, made once (Settled is immutable): a loss, even
#: money back, and no decision at each point and call
_LOSE = Settled("lose", Fraction(-1), None)
_EVEN = Settled(EVEN, Fraction(0), None)
_STAYS = {(p, w): Settled("none", Fraction(0), p, w) for p in (None, *POINTS)
          for w in (False, True)}
#: wins by (paid, stake), kept while few (a log's stakes repeat), cleared when many
_WINS: dict[tuple[int, int], Settled] = {}
_WINS_KEPT = 65_536
#: a placement's, call's or withdrawal's subject with its answer, made once
_ANSWERED: dict[tuple[str, str], str] = {}


def settlement(entry: Any, bet: RefBet, stake: int) -> tuple[CrapsAnswer, int | None]:
    """A roll answer's entry for one bet, as a settlement (or the fault), and the bet's
    point after the roll (None when it leaves). ``stake``: the bet's stake in units."""
    if type(entry) is not dict or entry.keys() != _BET_FIELDS:
        return Faulty("malformed", "a bet of a roll's answer has exactly bet, paid, returned, "
                                   "stays and point"), None
    paid, returned, stays, point = entry["paid"], entry["returned"], entry["stays"], \
        entry["point"]
    if not (type(paid) is int and type(returned) is int and paid >= 0 and returned >= 0
            and type(stays) is bool):
        return Faulty("malformed", "paid and returned are whole numbers of units, at least 0; "
                                   "stays is true or false"), None
    if point is not None and (type(point) is not int or point not in POINTS):
        return Faulty("malformed", f"point is {point!r}; it is null or one of 4, 5, 6, 8, 9, "
                                   "10"), None
    if stays:
        if paid or returned:
            return Faulty("malformed", f"a bet that stays was paid {paid} and returned "
                                       f"{returned}: a decided bet leaves the table"), None
        return _STAYS[point, bet.working], point
    if point is not None:
        return Faulty("malformed", f"a bet that leaves has no point, not {point}"), None
    if (returned and returned != stake) or (paid and returned != stake):
        return Faulty("malformed", f"paid {paid} and returned {returned} of a stake of "
                                   f"{stake}: a bet that leaves gets its whole stake back "
                                   "(with any winnings) or nothing"), None
    if paid:
        won = _WINS.get((paid, stake))
        if won is None:
            if len(_WINS) >= _WINS_KEPT:
                _WINS.clear()
            won = _WINS[paid, stake] = Settled("win", Fraction(paid, stake), None)
        return won, None
    return (_EVEN if returned else _LOSE), None


def is_accepted(answer: Any) -> bool:
    """An answer of the accepted shape: ``{"accepted": true}``, with ``returned`` for a
    withdrawal, and nothing else (docs/engine-protocol.md; an answer that also says
    ``refused`` is neither)."""
    return isinstance(answer, dict) and answer.get("accepted") is True \
        and set(answer) <= {"accepted", "returned"}


def is_refused(answer: Any) -> bool:
    """An answer of the refused shape: ``{"refused": "why"}`` and nothing else."""
    return isinstance(answer, dict) and set(answer) == {"refused"} \
        and isinstance(answer["refused"], str)


def holds(expect: Expect, answer: Any) -> tuple[bool, str]:
    """Whether an answer to a placement, a call or a withdrawal is what ``expect`` says (an
    answer of neither shape, or of both, never holds)."""
    accepted, refused = is_accepted(answer), is_refused(answer)
    if accepted and expect.returned is None and "returned" in answer \
            and expect.answer != "refused":
        return False, (f"returned {json.dumps(answer['returned'])[:60]} on an event that "
                       "returns nothing (a withdrawal alone returns its stake)")
    if accepted and expect.returned is not None:
        returned = answer.get("returned")
        if not (_int(returned) and returned == expect.returned):
            return False, (f"returned {json.dumps(returned)[:60]} of a stake of "
                           f"{expect.returned:,} units")
    if expect.answer == "accepted":
        return accepted, ""
    if expect.answer == "refused":
        return refused, ""
    return accepted or refused, ""


class Walk:
    """One script's answers, event by event, beside its reference table."""

    def __init__(self, script: Script, played: Played, setting: Setting) -> None:
        self.script, self.played = script, played
        self.label = script.label  # (worked out once: every event's place names it)
        self.ref = ReferenceTable(setting)
        self.history = History()
        #: an answer of the script could not be read (a roll's answer, or a bet of it)
        self.unreadable = False

    def where(self, i: int) -> Where:
        return Where(self.label, i + 1)

    def event(self, i: int, event: dict[str, Any], answer: Any) -> None:
        self.played.events += 1
        if self.played.track:
            self.played.transitions.update(transitions(self.ref.state, event))
        context = self.history.context(self.ref.table, len(self.ref.bets))
        if "roll" not in event:
            subject = event_subject(self.history, self.ref, event, context)
        want = self.ref.expect(event)
        if self.played.dues is not None:
            self.played.dues.append(due_answer(self.ref, want))
        if isinstance(want, RollDue):
            was = self.ref.table
            self.played.history.update(roll_subjects(self.history, self.ref, want, context,
                                                     event["roll"]))
            self.roll(i, event["roll"], answer, want)
            self.history.rolled(was, self.ref.table, event["roll"][0] + event["roll"][1])
            return
        head, vector = subject
        answered = _ANSWERED.get((head, want.answer))
        if answered is None:
            if len(_ANSWERED) >= _WINS_KEPT:  # a hostile log's wagers: never without bound
                _ANSWERED.clear()
            answered = _ANSWERED[head, want.answer] = sys.intern(f"{head}|{want.answer}")
        self.played.history.add((answered, vector))
        bet_id = event.get("place", event.get("call", event.get("withdraw")))
        self.history.event(head.split("|", 1)[0], bet_id if isinstance(bet_id, str) else None)
        ok, detail = holds(want, answer)
        self.played.judged.append(Judged(self.where(i), event, want, answer, ok, detail))
        if want.answer == "either" and ok:
            refused = is_refused(answer)
            self.played.choices.append((i + 1, transitions(self.ref.state, event)[0],
                                        refused))
        if is_accepted(answer):
            # the table the engine keeps; a bet it took is judged after unless the rules
            # refuse it or the text does not know it
            self.ref.follow(event, want.answer != "accepted" and want.unjudged)
            said = event.get("call")
            called = self.ref.bets.get(said) if isinstance(said, str) else None
            if called is not None and not self.ref.setting.oracle.takes_call(called.wager):
                # a call its wager cannot take: one finding, here; the bet's later
                # settlements rest on it (a state the text has not), and are not judged
                called.outlaw = True

    def roll(self, i: int, dice: list[int], answer: Any, want: RollDue) -> None:
        where = self.where(i)
        per_player = self.ref.setting.policies.per_player
        if not isinstance(answer, dict) or not {"point", "bets"} <= set(answer) \
                or not set(answer) <= ({"point", "bets", "players"} if per_player
                                       else {"point", "bets"}) \
                or not isinstance(answer["bets"], list) \
                or ("players" in answer and not _players_shaped(answer["players"])):
            self.played.broken.append((self.script.label,
                                       f"event {i + 1}: {_roll_shape(answer, per_player)}"))
            self.unreadable = True
            return
        self.played.rolls += 1
        self.played.points.append(PointCheck(where, (dice[0], dice[1]), want.point,
                                             answer["point"]))
        entries = self._entries(where, answer["bets"])
        stays = self._settled(where, entries, want)
        if per_player:
            self._players(where, answer.get("players"), want)
        self.ref.rolled(dice, stays, i + 1)

    def _entries(self, where: Where, listed: list[Any]) -> dict[str, Any]:
        """The answer's entry for each bet, and a Listing for each bet it should not name."""
        entries: dict[str, Any] = {}
        for entry in listed:
            bet_id = entry.get("bet") if isinstance(entry, dict) else None
            if not isinstance(bet_id, str) or bet_id in entries:
                self.played.broken.append((self.script.label, f"event {where.event}: a bet "
                                           f"of the roll's answer is named {bet_id!r} twice, "
                                           "or not by a string"))
                self.unreadable = True
                continue
            if bet_id not in self.ref.bets:
                why = self.ref.left.get(bet_id, "never placed")
                gone = self.ref.state.gone.get(bet_id)
                if gone is not None and gone.outlaw:
                    continue  # a bet not judged after the fault it rests on (Expect.unjudged)
                wager = gone.wager if gone is not None else ""
                self.played.listings.append(Listing(where, bet_id, wager, why,
                                                    _left_clause(why, wager), entry))
                continue
            entries[bet_id] = entry
        return entries

    def _settled(self, where: Where, entries: dict[str, Any],
                 want: RollDue) -> dict[str, int | None]:
        """Each bet on the table read as an observation; the bets that stay, with points."""
        stays: dict[str, int | None] = {}
        per_stake = self.ref.setting.money.per_stake_unit
        for bet_id, due in want.bets.items():
            bet = due.bet
            if bet.outlaw:  # not judged after the fault it rests on (Expect.unjudged)
                entry = entries.get(bet_id)
                if isinstance(entry, dict) and entry.get("stays") is True:
                    point = entry.get("point")
                    stays[bet_id] = point if type(point) is int and point in POINTS else None
                continue
            if bet_id not in entries:
                self.played.listings.append(Listing(where, bet_id, bet.wager, "left out",
                                                    "conv-table-decided"))
                stays[bet_id] = bet.point  # it is still on the table, as far as is known
                continue
            stake = bet.amount * per_stake
            settled, point = settlement(entries[bet_id], bet, max(stake, 1))
            paid = entries[bet_id]["paid"] if isinstance(settled, Settled) and \
                settled.decision == "win" else 0
            q = due.cell.question
            self.played.observations.append(Observation(q, settled, where, bet_id, stake, paid,
                                                        bet.on, due, bet.player))
            if isinstance(settled, Settled) and settled.decision == "none":
                stays[bet_id] = point
                if _kept_wrongly(settled, due):
                    # kept where the rules say it left (a dead bet), or at another point: one
                    # finding, here; what becomes of it after rests on it, and is not judged
                    bet.outlaw = True
            elif isinstance(settled, Faulty):
                stays[bet_id] = bet.point  # unread: it stays as it was, as far as is known
                self.unreadable = True
        return stays

    def _players(self, where: Where, players: Any, want: RollDue) -> None:
        exact: dict[str, Fraction] = {}
        for due in want.bets.values():
            if due.exact is not None:
                exact[due.bet.player] = exact.get(due.bet.player, Fraction(0)) + due.exact
        # a player is a string (a name of another type, unhashable perhaps, names no one)
        said = {p["player"]: p.get("paid") for p in players
                if isinstance(p, dict) and isinstance(p.get("player"), str)} \
            if isinstance(players, list) else {}
        for player in sorted(exact):
            self.played.players.append(PlayerPaid(where, player, said.get(player),
                                                  exact[player], tuple(said)))


def _players_shaped(players: Any) -> bool:
    """A roll's ``players`` as the protocol lists them: each entry ``{"player": P, "paid":
    W}`` with no other key, each player named once (``engine-play-answer.schema.json``). An
    entry naming no player or no amount is the money obligation's to say (the player is
    then paid nothing it can read)."""
    if not isinstance(players, list):
        return True  # no list: no player is named (the money obligation says so)
    entries = [p for p in players if type(p) is dict]
    named = [p["player"] for p in entries if isinstance(p.get("player"), str)]
    return all(p.keys() <= {"player", "paid"} for p in entries) \
        and len(set(named)) == len(named)


def _roll_shape(answer: Any, per_player: bool) -> str:
    """Why a roll's answer is not of the protocol's shape (docs/engine-protocol.md: a table
    that pays per bet leaves ``players`` out; one that pays per player lists each player
    once)."""
    if isinstance(answer, dict) and "players" in answer:
        if not per_player:
            return ("a roll's answer is {\"point\": ..., \"bets\": [...]}: a table that pays "
                    "per bet leaves \"players\" out")
        if not _players_shaped(answer["players"]):
            return ("a roll's \"players\" names each player once, as {\"player\": P, "
                    "\"paid\": W} and nothing else")
    return "a roll's answer is {\"point\": ..., \"bets\": [...]}"


def _kept_wrongly(settled: Settled, due: BetDue) -> bool:
    """A bet the engine keeps on the table where the specification decides it, or with
    another point than the specification's."""
    d = due.due
    return d is not None and (d.decision != "none" or (settled.point or 0) != d.point)


def due_answer(ref: ReferenceTable, want: Expect | RollDue) -> Any:
    """The answer the rules demand of an event, in the protocol's shapes, on the table
    ``ref`` holds (the table the engine kept): a roll's point and each bet's money and
    position; a placement, call or withdrawal accepted (with the whole stake returned) or
    refused, or either, where the text leaves it to the table."""
    if isinstance(want, RollDue):
        s = ref.setting
        return roll_answer(want, s.money.per_stake_unit, s.policies.per_player, s.money)
    if want.answer == "refused":
        return {"refused": want.why}
    if want.answer == "either":
        return {"accepted or refused": want.why}
    return {"accepted": True, **({"returned": want.returned}
                                 if want.returned is not None else {})}


def _left_clause(why: str, wager: str) -> str:
    """The rule a bet listed after it left breaks: its withdrawal's, or a decided bet's."""
    if why != "withdrawn":
        return "conv-table-decided"
    return HARD_WAYS_WITHDRAWAL_CLAUSE if wager in HARD_WAYS else ASSOCIATE_CLAUSE


def read_script(script: Script, answers: Any, played: Played, setting: Setting) -> None:
    """Read one script's answers into ``played`` (a script answered with the wrong shape
    is named in ``broken``: none of its rolls is observed)."""
    if isinstance(answers, Faulty):
        unanswered = answers.fault in Faulty.UNANSWERED
        (played.unanswered if unanswered else played.broken).append((script.label,
                                                                      answers.problem))
        return
    if not isinstance(answers, list) or len(answers) != len(script.events):
        why = (f"{len(answers)} answers to a script of {len(script.events)} events"
               if isinstance(answers, list) else "a script's answer is a list")
        played.broken.append((script.label, why))
        return
    walk = Walk(script, played, setting)
    for i, (event, answer) in enumerate(zip(script.events, answers, strict=True)):
        walk.event(i, event, answer)
        if walk.unreadable:
            # past an answer that could not be read, the table's state is not known: the
            # events after it are not judged (one fact, the scripts obligation's)
            break
