"""How the long sessions play: as kinds of real players bet, not uniformly at random
(Musa's operational profiles; Whittaker's Markov usage models). docs/engine-protocol.md,
"Sessions played as players bet".

Each profile weighs what its player does next, among what the reference table allows:

- ``right``: a right bettor: Pass and Come bets, full odds on every point and come point;
- ``dont``: a don't bettor: Don't Pass and Don't Come bets, laying full odds;
- ``props``: a proposition and Hard Ways player who calls bets working and off;
- ``take-down``: a player who takes Hard Ways and odds down after a roll and puts them back;
- ``high-roller``: a line bettor at the table's maximum stake, odds at the limit.

"Full odds" is the largest stake the declared odds limit allows (ten times the line bet where
none is declared). A profile's player keeps betting through the session; the dice are the
session's own. Every event is one the reference table judges: a profile never plays what a
declared policy forbids, nor a Single Chance bet out of its time.

Each profile has its **own moves**, what makes a session that profile's play: the right
bettor takes odds and makes Come bets, the don't bettor lays odds and makes Don't Come bets,
the proposition player bets propositions and calls bets on and off, the take-down player
takes bets down and puts them back, the high roller bets at the table's maximum and takes
odds at the limit. :func:`own_moves` names those the table offers; every session must make
each of them (the ``sessions`` obligation counts them).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.reference import ReferenceTable
from casino_proofs.craps.table.scripts.field_domains import PLAYERS, Ids
from casino_proofs.craps.table.scripts.planner import (
    COME,
    COME_OUT_LINES,
    DONT,
    DONT_COME,
    DONT_PASS,
    HARD_WAYS,
    ODDS_OF,
    ODDS_ON,
    PASS,
    POINT_LINES,
    SINGLE,
)

#: odds a line bet is given where no limit is declared: ten times it
FULL_ODDS = 10
#: the stakes a profile draws its line bets among (stake units)
STAKES = (5, 10, 25, 6, 15, 100, 1, 12, 2520, 7, 2521, 9999)


@dataclass(frozen=True)
class Profile:
    """A kind of player: the wagers it bets and how it weighs its next event (out of 16: a
    roll, a placement, a call, a withdrawal; the rest of 16 is a roll)."""

    name: str
    says: str
    lines: tuple[str, ...]
    others: str  # "props" (one-roll wagers, hops, Hard Ways), "hard" (Hard Ways) or ""
    place: int
    call: int
    withdraw: int
    odds: str  # "full", "some" or ""
    stake: str  # "mixed" or "max"
    #: the moves that make a session this profile's play
    own: tuple[str, ...] = ()


#: the own moves, by name
RIGHT_ODDS, COME_BET, DONT_ODDS, DONT_COME_BET = ("odds taken", "a Come bet", "odds laid",
                                                  "a Don't Come bet")
PROPOSITION, CALL_ON, CALL_OFF = "a proposition bet", "a call on", "a call off"
TAKE_DOWN, PUT_BACK = "a take-down", "a bet put back"
AT_MAXIMUM, ODDS_AT_LIMIT = "a line bet at the maximum", "odds at the limit"

PROFILES: tuple[Profile, ...] = (
    Profile("right", "a right bettor who takes full odds on every point and come point",
            (PASS, COME), "", 3, 0, 0, "full", "mixed", (RIGHT_ODDS, COME_BET)),
    Profile("dont", "a don't bettor who lays full odds", (DONT_PASS, DONT_COME), "", 3, 0,
            0, "full", "mixed", (DONT_ODDS, DONT_COME_BET)),
    Profile("props", "a proposition and Hard Ways player who calls bets working and off",
            (), "props", 5, 2, 0, "", "mixed", (PROPOSITION, CALL_ON, CALL_OFF)),
    Profile("take-down", "a player who takes Hard Ways and odds down and puts them back",
            SINGLE, "hard", 3, 1, 3, "some", "mixed", (TAKE_DOWN, PUT_BACK)),
    Profile("high-roller", "a line bettor at the table's maximum stake, odds at the limit",
            (PASS, COME, DONT_PASS, DONT_COME), "", 3, 0, 0, "full", "max",
            (AT_MAXIMUM, ODDS_AT_LIMIT)),
)
BY_NAME = {p.name: p for p in PROFILES}
#: bets a session holds at most
MAX_BETS = 12


def _props(offered: frozenset[str]) -> list[str]:
    return sorted(w for w in offered if w not in SINGLE and w not in ODDS_ON)


def own_moves(profile: Profile, setting: Setting) -> tuple[str, ...]:
    """The profile's own moves this table offers (every session must make each)."""
    offered, p = setting.offered, setting.policies
    odds = [o for o, line in ODDS_ON.items() if o in offered and line in offered]
    takes = [w for w in (*HARD_WAYS, *odds) if w in offered and w not in p.no_take_down]
    able = {RIGHT_ODDS: any(ODDS_ON[o] in (PASS, COME) for o in odds),
            COME_BET: COME in offered,
            DONT_ODDS: any(ODDS_ON[o] in (DONT_PASS, DONT_COME) for o in odds),
            DONT_COME_BET: DONT_COME in offered,
            PROPOSITION: bool(_props(offered)),
            CALL_ON: not p.no_working_call and any(setting.oracle.takes_call(w)
                                                   for w in offered),
            TAKE_DOWN: bool(takes), PUT_BACK: bool(takes),
            AT_MAXIMUM: any(w in offered for w in profile.lines),
            ODDS_AT_LIMIT: bool(odds)}
    able[CALL_OFF] = able[CALL_ON]
    return tuple(m for m in profile.own if able[m])


class Player:
    """One profile's choices at one table: two bytes to an event the reference table allows,
    or None when the player would only roll; and the profile's own moves it made."""

    def __init__(self, profile: Profile, setting: Setting, ids: Ids) -> None:
        self.profile, self.setting, self.ids = profile, setting, ids
        #: each own move made, how often; the wagers taken down and not yet put back
        self.made: Counter[str] = Counter()
        self.taken: list[str] = []
        offered = setting.offered
        self.lines = [w for w in profile.lines if w in offered]
        if profile.others == "props":
            self.others = _props(offered)
        elif profile.others == "hard":
            self.others = sorted(w for w in offered if w in HARD_WAYS)
        else:
            self.others = []
        self.callable = [w for w in offered if setting.oracle.takes_call(w)]

    def stake(self, value: int) -> int:
        ceiling = self.setting.policies.stake_ceiling
        if self.profile.stake == "max":
            return ceiling
        return min(STAKES[value % len(STAKES)], ceiling)

    def event(self, ref: ReferenceTable, kind: int, value: int) -> dict[str, Any] | None:
        """The event two bytes choose, by the profile's weights (None: a roll)."""
        p = self.profile
        choice = kind % 16
        odds = self._odds(ref, value)
        if odds is not None and p.odds:
            return odds
        if choice < p.place:
            return self._place(ref, value) if len(ref.bets) < MAX_BETS else None
        if choice < p.place + p.call:  # a call, or (none to make) a roll
            mine = sorted(b for b in ref.bets if ref.bets[b].wager in self.callable)
            if mine and not self.setting.policies.no_working_call:
                return {"call": mine[value % len(mine)], "working": bool(value & 1)}
            return None
        if choice < p.place + p.call + p.withdraw:
            mine = sorted(b for b in ref.bets if ref.bets[b].rolls
                          and (ref.bets[b].wager in HARD_WAYS
                               or ref.bets[b].wager in ODDS_ON)
                          and ref.bets[b].wager not in self.setting.policies.no_take_down)
            if mine:
                return {"withdraw": mine[value % len(mine)]}
        return None

    def took(self, ref: ReferenceTable, event: dict[str, Any]) -> None:
        """Count an event the table is to take (before it is played) among the profile's own
        moves."""
        if "withdraw" in event:
            bet = ref.bets.get(event["withdraw"])
            if bet is not None:
                self.made[TAKE_DOWN] += 1
                self.taken.append(bet.wager)
        elif "call" in event:
            self.made[CALL_ON if event["working"] else CALL_OFF] += 1
        elif "place" in event:
            wager = event["wager"]
            if wager in self.taken:
                self.taken.remove(wager)
                self.made[PUT_BACK] += 1
            if wager in ODDS_ON:
                self.made[DONT_ODDS if wager in DONT else RIGHT_ODDS] += 1
                parent = ref.bets.get(event.get("on", ""))
                if parent is not None and parent.point is not None and event["amount"] == \
                        self._full(wager, parent.amount, parent.point):
                    self.made[ODDS_AT_LIMIT] += 1
            elif wager in SINGLE:
                self.made.update([COME_BET] if wager == COME else [DONT_COME_BET]
                                 if wager == DONT_COME else [])
                if event["amount"] == self.setting.policies.stake_ceiling:
                    self.made[AT_MAXIMUM] += 1
            else:
                self.made[PROPOSITION] += 1

    def _place(self, ref: ReferenceTable, value: int) -> dict[str, Any] | None:
        come_out = ref.table.come_out
        lines = [w for w in self.lines if (w in COME_OUT_LINES) == come_out]
        held = {b.wager for b in ref.bets.values()}
        lines = [w for w in lines if w not in held or w in POINT_LINES]
        pool = lines + self.others
        back = [w for w in self.taken if w in self.others]
        if back:  # a bet taken down is put back first
            pool = back
        if not pool:
            return None
        wager = pool[value % len(pool)]
        event: dict[str, Any] = {"place": self.ids.fresh(ref), "wager": wager,
                                 "amount": self.stake(value // 8)}
        if value & 128:
            event["player"] = PLAYERS[value // 2 % len(PLAYERS)]  # another player
        if wager in self.callable and value & 64 and not self.setting.policies.no_working_call:
            event["working"] = True
        return event

    def _odds(self, ref: ReferenceTable, value: int) -> dict[str, Any] | None:
        """Odds on a line bet of the player's that has a point and none yet (the right and
        don't bettors take them at once)."""
        one = self.setting.policies.one_odds
        for bet_id in sorted(ref.bets):
            bet = ref.bets[bet_id]
            odds = ODDS_OF.get(bet.wager, "")
            if bet.wager not in self.lines or bet.point is None or bet.odds \
                    or odds not in self.setting.offered or (one and bet.odds):
                continue
            if self.profile.odds == "some" and value % 3:
                return None
            amount = self._full(odds, bet.amount, bet.point)
            out = {"place": self.ids.fresh(ref), "wager": odds, "amount": amount, "on": bet_id}
            if bet.player != "p1":
                out["player"] = bet.player
            return out
        return None

    def _full(self, odds: str, line: int, point: int) -> int:
        """The largest odds stake the declared limit allows (ten times the line bet where
        none is declared), within the maximum stake, and under ``exact`` rounding one whose
        every win pays whole units (else the table refuses it)."""
        policies = self.setting.policies
        nets = self.setting.oracle.win_nets(odds, point)
        win = min(nets) if nets else Fraction(1)
        if policies.odds_limit is None:
            most = max(1, min(line * FULL_ODDS, policies.stake_ceiling))
        else:
            low, high = 0, line * 1000  # the most the limit allows: monotone in the stake
            while low < high:
                mid = (low + high + 1) // 2
                if policies.odds_allowed(odds, mid, line, point, win):
                    low = mid
                else:
                    high = mid - 1
            most = max(1, min(low, policies.stake_ceiling))
        if self.setting.money.rounding != "exact":
            return most
        step = 1
        for net in nets:
            step = math.lcm(step, (net * self.setting.money.per_stake_unit).denominator)
        return most // step * step or most
