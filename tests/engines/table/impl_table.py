"""A right craps table over protocol 2, written from docs/engine-protocol.md ("The rules of the
table") on this project's own implementation (``casino_proofs.impl``, never the
specification): an independent table to hold the reference table to, and a stand-in for a
vendor's table in the tests. Every wager, money in units of 0.01 rounded down by default.

Options: ``--rounding R`` (floor, half-up, half-even, exact), ``--stake-unit U`` (the unit
bets are taken in, a multiple of 0.01), ``--max-stake N``, ``--policy P`` (one-odds,
no-take-down, no-working-call, payment=per-player, odds-limit=K, odds-limit=3-4-5),
``--shuffle-bets`` (each roll's bets listed in another order), and ``--fault F`` for the
faults the tests need: ``pay-again``, ``keep-withdrawn``, ``second-shooter-odds``,
``overpay-from-3000``, ``wrong-kind-odds``, ``refuse-calls``, ``no-take-down``,
``relist-decided``, ``odds-withdraw-takes-line``, ``old-point-next-shooter``,
``come-odds-dead``, ``zero-stake``, ``mix-scripts`` (a request of many scripts answered with
the state of the previous script, as if the table were not reset: right alone),
``swap-answers`` (the answers of the first two scripts of a request swapped).
"""

from __future__ import annotations

import json
import math
import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any

from casino_proofs import impl
from casino_proofs.impl.types import Decision

SINGLE = {"pass", "dont-pass", "come", "dont-come"}
ODDS_ON = {"pass-odds": "pass", "dont-pass-odds": "dont-pass", "come-odds": "come",
           "dont-come-odds": "dont-come"}
CALLS = {"hard-4", "hard-6", "hard-8", "hard-10", "come-odds"}
POINTS = (4, 5, 6, 8, 9, 10)


def _options(argv: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"rounding": "floor", "faults": set(), "policies": {},
                           "stake_unit": None, "max_stake": None, "shuffle": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--shuffle-bets":
            out["shuffle"] = True
        elif a in ("--rounding", "--stake-unit", "--max-stake", "--policy", "--fault"):
            value = argv[i + 1]
            i += 1
            if a == "--fault":
                out["faults"].add(value)
            elif a == "--policy":
                name, _, v = value.partition("=")
                out["policies"][name] = v or True
            else:
                out[a[2:].replace("-", "_")] = value
        i += 1
    return out


OPT = _options(sys.argv[1:])
FAULT = OPT["faults"]
POLICY = OPT["policies"]
UNIT = Fraction(1, 100)
PER_STAKE = int(Fraction(Decimal(OPT["stake_unit"])) / UNIT) if OPT["stake_unit"] else 1


def hello() -> dict[str, Any]:
    money: dict[str, Any] = {"unit": "0.01", "rounding": OPT["rounding"]}
    if OPT["stake_unit"]:
        money["stake_unit"] = OPT["stake_unit"]
    out: dict[str, Any] = {"name": "impl table", "version": "1", "games": ["craps"],
                           "wagers": list(impl.WAGERS), "interface": "table", "money": money}
    if OPT["max_stake"]:
        out["limits"] = {"max_stake": int(OPT["max_stake"])}
    policies: dict[str, Any] = {}
    for name, value in POLICY.items():
        if name == "odds-limit":
            policies[name] = value if value == "3-4-5" else {"multiple": int(value)}
        elif name == "payment":
            policies[name] = value
        else:
            policies[name] = True
    if policies:
        out["policies"] = policies
    return out


def pays(exact: Fraction) -> int | None:
    if exact.denominator == 1:
        return exact.numerator
    down = math.floor(exact)
    rest = exact - down
    r = OPT["rounding"]
    if r == "exact":
        return None
    if r == "floor" or rest < Fraction(1, 2):
        return down
    if rest > Fraction(1, 2) or r == "half-up":
        return down + 1
    return down + 1 if down % 2 else down


class Table:
    def __init__(self) -> None:
        self.point: int | None = None
        self.first = True
        self.shooter = 1
        self.bets: dict[str, dict[str, Any]] = {}
        self.used: set[str] = set()
        self.repeat: list[dict[str, Any]] = []  # pay-again / relist-decided
        self.old_point: int | None = None

    def state(self, bet: dict[str, Any]) -> impl.State:
        return impl.State(bet["point"], self.point is None, bet["working"],
                          self.point is None and self.first)

    def nets(self, wager: str, point: int | None) -> set[Fraction]:
        out = set()
        for come_out in (False, True):
            for first in (False, True):
                for working in (False, True):
                    for p in ([point] if point else [None, *POINTS]):
                        for d1 in range(1, 7):
                            for d2 in range(1, 7):
                                try:
                                    s = impl.settle(wager, impl.State(p, come_out, working,
                                                                      first), impl.Roll(d1, d2))
                                except impl.CrapsError:
                                    continue
                                if s.decision is Decision.WIN and s.net > 0:
                                    out.add(Fraction(s.net))
        return out

    def place(self, e: dict[str, Any]) -> dict[str, Any]:
        wager, amount, on = e.get("wager"), e.get("amount"), e.get("on")
        if e["place"] in self.used or wager not in impl.WAGERS:
            return {"refused": "no"}
        if type(amount) is not int or (amount < 1 and "zero-stake" not in FAULT) or amount < 0:
            return {"refused": "a stake is at least one unit"}
        if OPT["max_stake"] and amount > int(OPT["max_stake"]):
            return {"refused": "over the limit"}
        if e.get("working") and (wager not in CALLS or "no-working-call" in POLICY):
            return {"refused": "no call"}
        if (wager in ("pass", "dont-pass") and self.point is not None) or \
                (wager in ("come", "dont-come") and self.point is None):
            return {"refused": "not now"}
        point = None
        if wager in ODDS_ON:
            parent = self.bets.get(on) if isinstance(on, str) else None
            kind_ok = parent is not None and (parent["wager"] == ODDS_ON[wager] or (
                "wrong-kind-odds" in FAULT and parent["wager"] in SINGLE))
            if not kind_ok or parent is None or parent["point"] is None:
                return {"refused": "no line bet with a point"}
            if "one-odds" in POLICY and parent["odds"]:
                return {"refused": "one odds bet"}
            if not self._within_limit(wager, amount, parent):
                return {"refused": "over the odds limit"}
            point = parent["point"]
        if OPT["rounding"] == "exact" and any(
                (amount * PER_STAKE * n).denominator != 1 for n in self.nets(wager, point)):
            return {"refused": "a win would pay a fraction of a unit"}
        bet = {"id": e["place"], "wager": wager, "amount": amount, "working": bool(
            e.get("working")), "on": on if wager in ODDS_ON else None, "point": point,
            "rolls": 0, "odds": [], "player": e.get("player", "p1"), "shooter": self.shooter}
        if bet["on"]:
            self.bets[on]["odds"].append(bet["id"])
        self.bets[bet["id"]] = bet
        self.used.add(bet["id"])
        return {"accepted": True}

    def _within_limit(self, wager: str, amount: int, parent: dict[str, Any]) -> bool:
        limit = POLICY.get("odds-limit")
        if limit is None:
            return True
        if limit != "3-4-5":
            return amount <= int(limit) * parent["amount"]
        if wager in ("pass-odds", "come-odds"):
            return amount <= {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}[parent["point"]] * \
                parent["amount"]
        net = {4: Fraction(1, 2), 10: Fraction(1, 2), 5: Fraction(2, 3), 9: Fraction(2, 3),
               6: Fraction(5, 6), 8: Fraction(5, 6)}[parent["point"]]
        return amount * net <= 6 * parent["amount"]

    def call(self, e: dict[str, Any]) -> dict[str, Any]:
        bet = self.bets.get(e["call"])
        if bet is None or bet["wager"] not in CALLS or "no-working-call" in POLICY \
                or "refuse-calls" in FAULT:
            return {"refused": "no"}
        bet["working"] = bool(e["working"])
        return {"accepted": True}

    def withdraw(self, e: dict[str, Any]) -> dict[str, Any]:
        bet = self.bets.get(e["withdraw"])
        if bet is None or bet["odds"] or "no-take-down" in POLICY or "no-take-down" in FAULT:
            return {"refused": "no"}
        if "keep-withdrawn" in FAULT and bet["wager"].startswith("hard-"):
            return {"accepted": True, "returned": bet["amount"] * PER_STAKE}
        del self.bets[bet["id"]]
        if bet["on"] in self.bets:
            self.bets[bet["on"]]["odds"].remove(bet["id"])
            if "odds-withdraw-takes-line" in FAULT:
                del self.bets[bet["on"]]
        return {"accepted": True, "returned": bet["amount"] * PER_STAKE}

    def roll(self, dice: list[int]) -> dict[str, Any]:
        d1, d2 = dice
        total = d1 + d2
        entries, stays, exact_by_player = [], {}, {}
        for bet in self.bets.values():
            entry, exact = self._settle(bet, d1, d2)
            entries.append(entry)
            if entry["stays"]:
                stays[bet["id"]] = entry["point"]
            if exact is not None:
                exact_by_player[bet["player"]] = exact_by_player.get(bet["player"], 0) + exact
        entries += self.repeat
        self.repeat = []
        for bet_id, entry in list(zip(list(self.bets), entries, strict=False)):
            if not entry["stays"]:
                gone = self.bets.pop(bet_id)
                if "pay-again" in FAULT and entry["paid"]:
                    self.repeat.append(dict(entry))
                if "relist-decided" in FAULT and not entry["paid"] and not entry["returned"]:
                    self.repeat.append({**entry})
                for o in gone["odds"]:
                    if o in self.bets and "come-odds-dead" not in FAULT:
                        pass
            else:
                self.bets[bet_id]["point"] = stays[bet_id]
                self.bets[bet_id]["rolls"] += 1
        self._move(total)
        if OPT["shuffle"]:
            entries = entries[1::2] + entries[::2]
        out: dict[str, Any] = {"point": self._said_point(), "bets": entries}
        if POLICY.get("payment") == "per-player":
            out["players"] = [{"player": p, "paid": pays(x)} for p, x in
                              sorted(exact_by_player.items())]
        return out

    def _settle(self, bet: dict[str, Any], d1: int, d2: int) -> tuple[dict[str, Any],
                                                                     Fraction | None]:
        if "come-odds-dead" in FAULT and bet["wager"] == "come-odds" and bet.get("dead"):
            return {"bet": bet["id"], "paid": 0, "returned": 0, "stays": True,
                    "point": bet["point"]}, None
        wager = bet["wager"]
        state = self.state(bet)
        if bet["on"] and self.bets.get(bet["on"], {}).get("wager") not in (ODDS_ON[wager], None):
            # wrong-kind-odds: settled as its own kind, as if its own line bet's point were on
            state = impl.State(bet["point"], False, bet["working"], False)
        s = impl.settle(wager, state, impl.Roll(d1, d2))
        units = bet["amount"] * PER_STAKE
        if "come-odds-dead" in FAULT and wager == "come-odds" and self.point is None:
            bet["dead"] = True
        if s.decision is Decision.NONE:
            return {"bet": bet["id"], "paid": 0, "returned": 0, "stays": True,
                    "point": s.point}, None
        if s.decision is Decision.LOSE:
            return {"bet": bet["id"], "paid": 0, "returned": 0, "stays": False,
                    "point": None}, None
        net = Fraction(s.net)
        if "second-shooter-odds" in FAULT and wager == "pass-odds" and self.shooter > 1 \
                and net > 0:
            net = Fraction(1)
        exact = units * net
        per_player = POLICY.get("payment") == "per-player"
        paid = math.floor(exact) if per_player else pays(exact) or 0
        if "overpay-from-3000" in FAULT and units >= 3000 and paid:
            paid += 1
        return {"bet": bet["id"], "paid": paid, "returned": units, "stays": False,
                "point": None}, exact if exact else None

    def _move(self, total: int) -> None:
        if self.point is None:
            self.point = total if total in POINTS else None
            self.first = False
        elif total == 7:
            self.old_point, self.point, self.first = self.point, None, True
            self.shooter += 1
        elif total == self.point:
            self.point, self.first = None, False
        else:
            self.first = False

    def _said_point(self) -> int | None:
        if "old-point-next-shooter" in FAULT and self.point is not None and self.shooter > 1 \
                and self.old_point is not None:
            return self.old_point
        return self.point


def play(events: list[dict[str, Any]], table: Table | None = None) -> list[Any]:
    t = table or Table()
    out: list[Any] = []
    for e in events:
        if "roll" in e:
            out.append(t.roll(e["roll"]))
        elif "place" in e:
            out.append(t.place(e))
        elif "call" in e:
            out.append(t.call(e))
        elif "withdraw" in e:
            out.append(t.withdraw(e))
        else:
            out.append({"refused": "unknown event"})
    return out


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        if op == "bye":
            return
        if op == "hello":
            out: Any = hello()
        elif op == "play":
            scripts = request["scripts"]
            shared = Table() if "mix-scripts" in FAULT and len(scripts) > 1 else None
            answers = [{"id": s["id"], "answers": play(s["events"], shared)} for s in scripts]
            if "swap-answers" in FAULT and len(answers) > 1:
                answers[0], answers[1] = answers[1], answers[0]
            out = {"scripts": answers}
        else:
            out = {"error": f"unknown op {op}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
