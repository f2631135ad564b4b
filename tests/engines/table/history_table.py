"""A craps table over protocol 2 whose faults show only after a history the checker's model
does not keep: earlier points, rolls and events, more than two bets, bet IDs other than
b1, b2, ..., and odds staked otherwise than at the line bet's amount. Without ``--fault`` it
is a correct table (every wager, money in units of 0.01); each fault is a vendor's bug, wrong
only after its history. Written on ``casino_proofs.impl`` (never the specification).

Usage: ``python history_table.py [--fault F]... [--policy P]... [--rounding R]``;
``--policy`` is ``reuse-ids``, ``one-odds`` or ``odds-limit=K``; ``--rounding`` is floor
(default), half-up, half-even or exact.

Faults (the history each needs; history_faults.py has, for each, the clause a finding must
cite and the shortest script that shows it):

- ``third-point-first-ratio``: a shooter's 3rd+ point: Pass/Come odds at the 1st point's ratio
- ``session-point-odds``: 2nd shooter on: Pass odds at the previous shooter's last point's ratio
- ``second-shooter-odds-6-8``: after the first seven-out, Pass odds on 6 or 8 paid 1 to 1
- ``second-barred-12-loses``: the 2nd+ roll of a session barring a Don't bet on 12: it loses
- ``returned-odds-number-dead``: Come odds on N once returned: later Come odds on N returned
- ``come-number-paid-once``: a shooter's 2nd Come bet won on one come point: returned, not paid
- ``any-craps-after-50``: from the 50th roll of a session on, Any Craps paid 6 to 1
- ``hard-ways-after-60``: from the 60th roll on, a Hard Way paid 1 unit less per 2,520 staked
- ``withdraw-after-call-half``: a withdrawal just after a call returns half the stake
- ``withdraw-after-seven``: a withdrawal just after a roll of 7 is refused
- ``withdraw-returns-last-stake``: a withdrawal just after a placement returns that one's stake
- ``call-lost-on-point-made``: a call between a point made and the next roll: off on that roll
- ``call-reset-on-point-made``: calls since the last roll undone when that roll makes the point
- ``ids-case-folded``: bet IDs compared without case ("Ab" and "aB" collide)
- ``ids-truncated-8``: bet IDs kept, and answered, to their first 8 characters
- ``ids-ascii-only``: a placement with a non-ASCII ID refused
- ``ids-digits-as-numbers``: an all-digit ID read as a number ("007" and "7" collide)
- ``ids-reuse-stale``: under reuse-ids, an ID placed again inherits its old bet's call and point
- ``odds-paid-on-line-amount``: odds winnings computed on the line bet's stake
- ``odds-capped-1x``: odds over the line bet's stake refused (no odds limit declared)
- ``odds-min-line``: odds under the line bet's stake refused
- ``odds-stack-two``: the 3rd+ odds bet on one line bet returned where it wins
- ``third-call-ignored``: a bet's 3rd+ call accepted and ignored
- ``second-player-short``: a bet of a second player (``"player"`` other than the first's)
  paid one unit less
- ``come-after-withdrawal``: a Come or Don't Come bet placed just after a withdrawal paid one
  unit less
- ``fifth-call-ignored``: a bet's 5th+ call accepted and ignored
- ``third-player-short``: a bet of a third player (neither of the first two named) paid one
  unit less
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino_proofs import impl
from casino_proofs.impl.types import Decision

ODDS_ON = {"pass-odds": "pass", "dont-pass-odds": "dont-pass", "come-odds": "come",
           "dont-come-odds": "dont-come"}
CALLS = ("hard-4", "hard-6", "hard-8", "hard-10", "come-odds")
POINTS = (4, 5, 6, 8, 9, 10)
RATIO = {4: Fraction(2), 10: Fraction(2), 5: Fraction(3, 2), 9: Fraction(3, 2),
         6: Fraction(6, 5), 8: Fraction(6, 5)}  # r3-95.16-1.s4
FAULTS = ("third-point-first-ratio", "session-point-odds", "second-shooter-odds-6-8",
          "second-barred-12-loses", "returned-odds-number-dead", "come-number-paid-once",
          "any-craps-after-50", "hard-ways-after-60", "withdraw-after-call-half",
          "withdraw-after-seven", "withdraw-returns-last-stake", "call-lost-on-point-made",
          "call-reset-on-point-made", "ids-case-folded", "ids-truncated-8", "ids-ascii-only",
          "ids-digits-as-numbers", "ids-reuse-stale", "odds-paid-on-line-amount",
          "odds-capped-1x", "odds-min-line", "odds-stack-two", "third-call-ignored",
          "second-player-short", "come-after-withdrawal", "fifth-call-ignored",
          "third-player-short")


@dataclass
class Bet:
    id: str  # as the table names it in its answers
    wager: str
    amount: int
    working: bool
    on: str | None = None  # the key of its line bet (an Associate Chance)
    point: int | None = None
    line_amount: int = 0
    calls: int = 0  # the calls made on it
    player: str = ""
    after: str = ""  # the kind of the event just before its placement
    odds: list[str] = field(default_factory=list)  # the keys of the odds resting on it
    rank: int = 0  # an odds bet's place among its line bet's odds (odds-stack-two)


def pays(exact: Fraction, rounding: str) -> int | None:
    """The exact winnings paid as the declared rounding says (None: a fraction under exact)."""
    if exact.denominator == 1:
        return exact.numerator
    down = math.floor(exact)
    rest = exact - down
    if rounding == "exact":
        return None
    if rounding == "floor" or rest < Fraction(1, 2):
        return down
    if rest > Fraction(1, 2) or rounding == "half-up":
        return down + 1
    return down + 1 if down % 2 else down


@functools.cache
def win_nets(wager: str, point: int | None) -> frozenset[Fraction]:
    """Every net a win of ``wager`` can have, from any state it can reach (exact rounding)."""
    out = set()
    for come_out in (False, True):
        for working in (False, True):
            for p in ([point] if point else [None, *POINTS]):
                for d1 in range(1, 7):
                    for d2 in range(1, 7):
                        try:
                            s = impl.settle(wager, impl.State(p, come_out, working, come_out),
                                            impl.Roll(d1, d2))
                        except impl.CrapsError:
                            continue
                        if s.decision is Decision.WIN and s.net > 0:
                            out.add(Fraction(s.net))
    return frozenset(out)


def refused(reason: str) -> dict[str, Any]:
    return {"refused": reason}


class Table:
    """One fresh table: a session. ``faults`` switch on the vendor bugs above."""

    def __init__(self, faults: frozenset[str] = frozenset(), policy: dict[str, Any] | None = None,
                 rounding: str = "floor") -> None:
        self.f, self.policy, self.rounding = faults, policy or {}, rounding
        self.point: int | None = None
        self.first = True  # the next roll is a new shooter's first
        self.shooter = 1
        self.rolls = 0
        self.bets: dict[str, Bet] = {}  # by key (the ID as the table compares it)
        self.left: dict[str, Bet] = {}  # bets that left, by key (the records reuse finds)
        self.shooter_points: list[int] = []  # the points this shooter has set, in order
        self.last_point: int | None = None  # the previous shooter's last point
        self.bars = 0  # rolls so far on which a 12 barred a Don't bet
        self.dead: set[int] = set()  # come points whose Come odds were returned
        self.come_paid: set[int] = set()  # come points paid this shooter
        self.previous: tuple[str, Any] = ("", None)  # the event before this one
        self.calls: list[tuple[str, bool]] = []  # calls since the last roll: (key, old call)
        self.just_made = False  # the last roll made the point
        self.deferred: list[tuple[str, bool]] = []
        self.first_player: str | None = None
        self.players: list[str] = []  # the players named, in order

    def key(self, bet_id: str) -> str:
        k = bet_id
        if "ids-case-folded" in self.f:
            k = k.lower()
        if "ids-truncated-8" in self.f:
            k = k[:8]
        if "ids-digits-as-numbers" in self.f and k.isdigit():
            with contextlib.suppress(ValueError):  # a digit int() does not read ("²")
                k = str(int(k))
        return k

    def place(self, e: dict[str, Any]) -> dict[str, Any]:
        bet_id, wager, amount, on = e["place"], e.get("wager"), e.get("amount"), e.get("on")
        if "ids-ascii-only" in self.f and not bet_id.isascii():
            return refused("a bet ID is letters, digits and dashes")
        k = self.key(bet_id)
        if k in self.bets:
            return refused("a bet with this ID is on the table")
        if not isinstance(wager, str) or wager not in impl.WAGERS:
            return refused("no such wager")
        if type(amount) is not int or amount < 1:
            return refused("a stake is at least one unit")
        working = bool(e.get("working"))
        if working and (wager not in CALLS or "no-working-call" in self.policy):
            return refused("this wager takes no call")
        if wager in ("pass", "dont-pass") and self.point is not None:
            return refused("a line bet is placed on the come-out roll")
        if wager in ("come", "dont-come") and self.point is None:
            return refused("a Come bet is placed while the point is on")
        line, line_key = None, self.key(on) if isinstance(on, str) else ""
        if wager in ODDS_ON:
            line = self.bets.get(line_key)
            if line is None or line.wager != ODDS_ON[wager] or line.point is None:
                return refused("no line bet with a point")
            if "one-odds" in self.policy and line.odds:
                return refused("one odds bet on a line bet")
            limit = self.policy.get("odds-limit")
            if limit is not None and amount > int(limit) * line.amount:
                return refused("over the odds limit")
            if "odds-capped-1x" in self.f and amount > line.amount:
                return refused("odds are at most the line bet")
            if "odds-min-line" in self.f and amount < line.amount:
                return refused("odds are at least the line bet")
        point = line.point if line else None
        if self.rounding == "exact" and any((amount * n).denominator != 1
                                            for n in win_nets(wager, point)):
            return refused("a win would pay a fraction of a unit")
        shown = bet_id[:8] if "ids-truncated-8" in self.f else bet_id
        player = str(e.get("player", ""))
        if self.first_player is None:
            self.first_player = player
        if player not in self.players:
            self.players.append(player)
        bet = Bet(shown, wager, amount, working, point=point, player=player,
                  after=self.previous[0])
        old = self.left.pop(k, None)
        if "ids-reuse-stale" in self.f and old is not None:  # the old record, reactivated
            if wager in ("come", "dont-come"):
                bet.point = old.point
            if wager in CALLS:
                bet.working = old.working
        if line is not None:
            bet.on, bet.line_amount, bet.rank = line_key, line.amount, len(line.odds)
            line.odds.append(k)
        self.bets[k] = bet
        return {"accepted": True}

    def call(self, e: dict[str, Any]) -> dict[str, Any]:
        k = self.key(e["call"])
        bet = self.bets.get(k)
        if bet is None or bet.wager not in CALLS or "no-working-call" in self.policy:
            return refused("no such bet takes a call")
        if "call-lost-on-point-made" in self.f and self.just_made:
            self.deferred.append((k, bool(e["working"])))  # queued behind the payouts
            return {"accepted": True}
        bet.calls += 1
        if ("third-call-ignored" in self.f and bet.calls >= 3) \
                or ("fifth-call-ignored" in self.f and bet.calls >= 5):
            return {"accepted": True}
        self.calls.append((k, bet.working))
        bet.working = bool(e["working"])
        return {"accepted": True}

    def withdraw(self, e: dict[str, Any]) -> dict[str, Any]:
        k = self.key(e["withdraw"])
        bet = self.bets.get(k)
        if bet is None or bet.odds:
            return refused("no such bet, or odds rest on it")
        if "withdraw-after-seven" in self.f and self.previous == ("roll", 7):
            return refused("the layout is locked while a 7 is cleared")
        returned = bet.amount
        if "withdraw-after-call-half" in self.f and self.previous[0] == "call":
            returned = bet.amount // 2
        if "withdraw-returns-last-stake" in self.f and self.previous[0] == "place" \
                and self.previous[1] is not None:
            returned = self.previous[1]
        self._leave(k)
        return {"accepted": True, "returned": returned}

    def _leave(self, k: str) -> None:
        bet = self.bets.pop(k)
        self.left[k] = bet
        if bet.on is not None and bet.on in self.bets and k in self.bets[bet.on].odds:
            self.bets[bet.on].odds.remove(k)

    def roll(self, dice: list[int]) -> dict[str, Any]:
        d1, d2 = dice
        total = d1 + d2
        self.rolls += 1
        come_out = self.point is None
        entries, leaving, barred = [], [], False
        for k, bet in self.bets.items():
            state = impl.State(bet.point, come_out, bet.working, come_out and self.first)
            s = impl.settle(bet.wager, state, impl.Roll(d1, d2))
            decision, net = s.decision, Fraction(s.net)
            if bet.wager in ("dont-pass", "dont-come") and total == 12 and bet.point is None \
                    and decision is Decision.NONE:
                barred = True
                if "second-barred-12-loses" in self.f and self.bars >= 1:
                    decision = Decision.LOSE
            decision, net = self._history(bet, decision, net, total, come_out)
            entry: dict[str, Any] = {"bet": bet.id, "paid": 0, "returned": 0, "stays": False,
                                     "point": None}
            if decision is Decision.NONE:
                bet.point = s.point
                entry.update(stays=True, point=s.point)
            elif decision is not Decision.LOSE:
                leaving.append(k)
                entry["returned"] = bet.amount
                if decision is Decision.WIN:
                    entry["paid"] = self._paid(bet, net)
            if decision is Decision.LOSE:
                leaving.append(k)
            entries.append(entry)
        for k in leaving:
            self._leave(k)
        self.bars += barred
        self._move(total)
        self.previous = ("roll", total)
        return {"point": self.point, "bets": entries}

    def _history(self, bet: Bet, decision: Decision, net: Fraction, total: int,
                 come_out: bool) -> tuple[Decision, Fraction]:
        """The faults that change a decision or a net, by what the table remembers."""
        win = decision is Decision.WIN
        wager = bet.wager
        if win and wager in ("pass-odds", "come-odds"):
            if "third-point-first-ratio" in self.f and len(self.shooter_points) >= 3:
                net = RATIO[self.shooter_points[0]]
            if "session-point-odds" in self.f and wager == "pass-odds" and self.shooter > 1 \
                    and self.last_point is not None:
                net = RATIO[self.last_point]
            if "second-shooter-odds-6-8" in self.f and wager == "pass-odds" \
                    and self.shooter > 1 and bet.point in (6, 8):
                net = Fraction(1)
        if wager == "come-odds" and bet.point is not None:
            if decision is Decision.PUSH:  # inactive on a come-out roll: returned
                self.dead.add(bet.point)
            elif win and "returned-odds-number-dead" in self.f and bet.point in self.dead:
                return Decision.PUSH, Fraction(0)
        if win and wager in ODDS_ON and "odds-stack-two" in self.f and bet.rank >= 2:
            return Decision.PUSH, Fraction(0)
        if win and wager == "come" and bet.point is not None:
            if "come-number-paid-once" in self.f and bet.point in self.come_paid:
                return Decision.PUSH, Fraction(0)
            self.come_paid.add(bet.point)
        if win and wager == "any-craps" and "any-craps-after-50" in self.f and self.rolls >= 50:
            net = Fraction(6)
        return decision, net

    def _paid(self, bet: Bet, net: Fraction) -> int:
        stake = bet.amount
        if "odds-paid-on-line-amount" in self.f and bet.wager in ODDS_ON:
            stake = bet.line_amount
        paid = pays(stake * net, self.rounding) or 0
        if "hard-ways-after-60" in self.f and bet.wager.startswith("hard-") and self.rolls >= 60:
            paid = max(0, paid - bet.amount // 2520)
        second = "second-player-short" in self.f and bet.player != self.first_player
        after = "come-after-withdrawal" in self.f and bet.after == "withdraw" \
            and bet.wager in ("come", "dont-come")
        third = "third-player-short" in self.f and bet.player in self.players[2:]
        if second or after or third:
            paid = max(0, paid - 1)
        return paid

    def _move(self, total: int) -> None:
        made = False
        if self.point is None:
            if total in POINTS:
                self.point = total
                self.shooter_points.append(total)
            self.first = False
        elif total == 7:  # a seven-out: the next roll is a new shooter's first
            self.last_point, self.point, self.first = self.point, None, True
            self.shooter += 1
            self.shooter_points, self.come_paid = [], set()
        elif total == self.point:
            self.point, self.first, made = None, False, True
        else:
            self.first = False
        if made and "call-reset-on-point-made" in self.f:
            for k, old in reversed(self.calls):
                if k in self.bets:
                    self.bets[k].working = old
        self.calls = []
        for k, working in self.deferred:
            if k in self.bets:
                self.bets[k].working = working
        self.deferred = []
        self.just_made = made

    def play(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for e in events:
            if "roll" in e:
                out.append(self.roll(e["roll"]))
                continue
            if "place" in e:
                answer = self.place(e)
                self.previous = ("place", e["amount"] if "accepted" in answer else None)
            elif "call" in e:
                answer = self.call(e)
                self.previous = ("call", None)
            elif "withdraw" in e:
                answer = self.withdraw(e)
                self.previous = ("withdraw", None)
            else:
                answer = refused("unknown event")
            out.append(answer)
        return out


def hello(policy: dict[str, Any], rounding: str) -> dict[str, Any]:
    out: dict[str, Any] = {"name": "history table", "version": "1", "games": ["craps"],
                           "wagers": list(impl.WAGERS), "interface": "table",
                           "money": {"unit": "0.01", "rounding": rounding}, "protocol": "2.1"}
    policies = {k: ({"multiple": int(v)} if k == "odds-limit" else True)
                for k, v in policy.items()}
    if policies:
        out["policies"] = policies
    return out


def main(argv: list[str]) -> int:
    faults: set[str] = set()
    policy: dict[str, Any] = {}
    rounding = "floor"
    args = iter(argv)
    for a in args:
        if a in ("--fault", "--policy", "--rounding"):
            value = next(args)
            if a == "--fault":
                if value not in FAULTS:
                    sys.exit(f"history_table: no fault {value!r}; faults: {', '.join(FAULTS)}")
                faults.add(value)
            elif a == "--policy":
                name, _, v = value.partition("=")
                policy[name] = v or True
            else:
                rounding = value
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        if op == "bye":
            return 0
        if op == "hello":
            out: Any = hello(policy, rounding)
        elif op == "play":
            out = {"scripts": [{"id": s["id"], "answers": Table(frozenset(faults), policy,
                                                                rounding).play(s["events"])}
                               for s in request["scripts"]]}
        else:
            out = {"error": f"unknown op {op}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
