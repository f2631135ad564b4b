"""A right craps table over protocol 2, written from docs/engine-protocol.md ("The rules of the
table") on this project's own implementation (``casino_proofs.impl``, never the
specification): an independent table to hold the reference table to, and a stand-in for a
vendor's table in the tests. Every wager, money in units of 0.01 rounded down by default.

Options: ``--rounding R`` (floor, half-up, half-even, exact), ``--stake-unit U`` (the unit
bets are taken in, a multiple of 0.01), ``--max-stake N``, ``--policy P`` (one-odds,
no-take-down, no-working-call, payment=per-player, odds-limit=K, odds-limit=3-4-5,
odds-limit=3-4-5-dont-6x: 3-4-5 on the right, the Don't odds at most 6 times the line stake),
``--shuffle-bets`` (each roll's bets listed in another order), and ``--fault F`` for the
faults the tests need: ``pay-again``, ``keep-withdrawn``, ``second-shooter-odds``,
``overpay-from-3000``, ``wrong-kind-odds``, ``refuse-calls``, ``no-take-down``,
``relist-decided``, ``odds-withdraw-takes-line``, ``old-point-next-shooter``,
``come-odds-dead``, ``zero-stake``, ``mix-scripts`` (a request of many scripts answered with
the state of the previous script, as if the table were not reset: right alone),
``swap-answers`` (the answers of the first two scripts of a request swapped),
``extra-field`` (every bet of a roll's answer carries one field more, ``"net"``),
``hard-ways-easy-push`` (every Hard Way made the easy way returns its stake, where it loses),
``two-multipliers`` (Craps 2 and Craps 12 pay 29 to 1, where they pay 30), ``call-any-bet``
(a call is taken on any bet the script placed, on the table or gone); and the faults of
issue 41, each inside the fault domain a table's PROVED states: ``odds-zero`` (an Associate
Chance of 0 units taken), ``refused-takes-previous`` (a placement refused for its stake also
takes down the bet placed just before it), ``refused-resets-hard`` (a Hard Way placement
refused for its stake resets the Hard Ways of its number on the table, as if they had not
stood through a roll: their later take-down is refused), ``take-down-all-hard`` (a Hard Way
taken down takes down every bet of its number), ``script-id-number`` (an all-digit script ID
echoed as a JSON number), ``script-id-cut`` (script IDs echoed cut to 32 characters),
``three-come-one-roll`` (the third Come bet and those after it that move to a come point on
one roll keep no point), ``forget-point-1024`` (the table forgets its point after its
1,024th roll), ``explicit-p1-apart`` (under per-player payment, a bet that names player
``"p1"`` is paid apart from the bets that name no player).

``--legal V`` (repeatable) makes it another *correct* table, one a vendor might write, that
declares nothing more (issue 29): ``refuse-choices`` (every withdrawal the text leaves to the
table refused: a Single Chance bet, a bet before its first roll, a one-roll wager),
``refuse-single-take-down`` (only the Single Chance bets refused), ``put-bets`` (a Pass or
Don't Pass bet taken while a point is on, settled on that point), ``blank-lines`` (blank
lines before every answer), ``reorder-keys`` (every object's keys in reverse order),
``utf8-reasons`` (long refusal reasons in raw UTF-8), ``fresh-ids-only`` (a placement whose ID
the script named before, even refused, is refused: the page promised fresh IDs),
``merge-odds`` (under ``--policy one-odds``, a second Associate Chance is taken and merged
into the first), ``protocol-2.0`` (the 0.1.0 page's shape: scripts and answers as lists; an
object script is an error), ``refuse-over=N`` (stakes over N refused, with a reason, no limit
declared), and ``--unit D`` pays in units of D (default 0.01).
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
                           "stake_unit": None, "max_stake": None, "shuffle": False,
                           "legal": {}, "unit": "0.01"}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--shuffle-bets":
            out["shuffle"] = True
        elif a in ("--rounding", "--stake-unit", "--max-stake", "--policy", "--fault",
                   "--legal", "--unit"):
            value = argv[i + 1]
            i += 1
            if a == "--fault":
                out["faults"].add(value)
            elif a == "--legal":
                name, _, v = value.partition("=")
                out["legal"][name] = v or True
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
LEGAL = OPT["legal"]
UNIT = Fraction(Decimal(OPT["unit"]))
PER_STAKE = int(Fraction(Decimal(OPT["stake_unit"])) / UNIT) if OPT["stake_unit"] else 1


def hello() -> dict[str, Any]:
    money: dict[str, Any] = {"unit": OPT["unit"], "rounding": OPT["rounding"]}
    if OPT["stake_unit"]:
        money["stake_unit"] = OPT["stake_unit"]
    out: dict[str, Any] = {"name": "impl table", "version": "1", "games": ["craps"],
                           "wagers": list(impl.WAGERS), "interface": "table", "money": money}
    if OPT["max_stake"]:
        out["limits"] = {"max_stake": int(OPT["max_stake"])}
    policies: dict[str, Any] = {}
    for name, value in POLICY.items():
        if name == "odds-limit" and value == "3-4-5-dont-6x":  # the Don't odds cap on stake
            policies[name] = {"right": "3-4-5", "dont": {"multiple": 6}}
        elif name == "odds-limit":
            policies[name] = value if value == "3-4-5" else {"multiple": int(value)}
        elif name == "payment":
            policies[name] = value
        else:
            policies[name] = True
    if policies:
        out["policies"] = policies
    if "protocol-2.0" not in LEGAL:
        out["protocol"] = "2.1"
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
        self.named: set[str] = set()  # every ID a placement named (fresh-ids-only)
        self.old_point: int | None = None
        self.last = ""  # the bet placed last (refused-takes-previous)
        self.rolls = 0  # rolls so far (forget-point-1024)

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
        named_before = e["place"] in self.named
        self.named.add(e["place"])
        if "fresh-ids-only" in LEGAL and named_before:
            return refusal("this ID was named before in the script")
        wager, amount, on = e.get("wager"), e.get("amount"), e.get("on")
        if e["place"] in self.used or wager not in impl.WAGERS:
            return refusal("no")
        zero_ok = "zero-stake" in FAULT or ("odds-zero" in FAULT and wager in ODDS_ON)
        if type(amount) is not int or (amount < 1 and not zero_ok) or amount < 0:
            if "refused-takes-previous" in FAULT and self.last in self.bets:
                self._take_down(self.bets[self.last])
            if "refused-resets-hard" in FAULT and str(wager).startswith("hard-"):
                for other in self.bets.values():
                    if other["wager"] == wager:
                        other["rolls"] = 0
            return refusal("a stake is at least one unit")
        if OPT["max_stake"] and amount > int(OPT["max_stake"]):
            return refusal("over the limit")
        if "refuse-over" in LEGAL and amount > int(LEGAL["refuse-over"]):
            return refusal(f"over this table's maximum of {LEGAL['refuse-over']}")
        if e.get("working") and (wager not in CALLS or "no-working-call" in POLICY):
            return refusal("no call")
        put = "put-bets" in LEGAL and wager in ("pass", "dont-pass")
        if (wager in ("pass", "dont-pass") and self.point is not None and not put) or \
                (wager in ("come", "dont-come") and self.point is None):
            return refusal("not now")
        point = None
        if wager in ODDS_ON:
            parent = self.bets.get(on) if isinstance(on, str) else None
            kind_ok = parent is not None and (parent["wager"] == ODDS_ON[wager] or (
                "wrong-kind-odds" in FAULT and parent["wager"] in SINGLE))
            if not kind_ok or parent is None or parent["point"] is None:
                return refusal("no line bet with a point")
            if "one-odds" in POLICY and parent["odds"] and "merge-odds" in LEGAL:
                first = self.bets[parent["odds"][0]]
                first["amount"] += amount
                self.used.add(e["place"])
                return {"accepted": True}
            if "one-odds" in POLICY and parent["odds"]:
                return refusal("one odds bet")
            if not self._within_limit(wager, amount, parent):
                return refusal("over the odds limit")
            point = parent["point"]
        if OPT["rounding"] == "exact" and any(
                (amount * PER_STAKE * n).denominator != 1 for n in self.nets(wager, point)):
            return refusal("a win would pay a fraction of a unit")
        if put:
            point = self.point
        bet = {"id": e["place"], "wager": wager, "amount": amount, "working": bool(
            e.get("working")), "on": on if wager in ODDS_ON else None, "point": point,
            "rolls": 0, "odds": [], "player": e.get("player", "p1"), "shooter": self.shooter,
            "named": "player" in e}
        if bet["on"]:
            self.bets[on]["odds"].append(bet["id"])
        self.bets[bet["id"]] = bet
        self.used.add(bet["id"])
        self.last = bet["id"]
        return {"accepted": True}

    def _within_limit(self, wager: str, amount: int, parent: dict[str, Any]) -> bool:
        limit = POLICY.get("odds-limit")
        if limit is None:
            return True
        if limit == "3-4-5-dont-6x" and wager in ("dont-pass-odds", "dont-come-odds"):
            return amount <= 6 * parent["amount"]
        if limit not in ("3-4-5", "3-4-5-dont-6x"):
            return amount <= int(limit) * parent["amount"]
        if wager in ("pass-odds", "come-odds"):
            return amount <= {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}[parent["point"]] * \
                parent["amount"]
        net = {4: Fraction(1, 2), 10: Fraction(1, 2), 5: Fraction(2, 3), 9: Fraction(2, 3),
               6: Fraction(5, 6), 8: Fraction(5, 6)}[parent["point"]]
        return amount * net <= 6 * parent["amount"]

    def call(self, e: dict[str, Any]) -> dict[str, Any]:
        if "call-any-bet" in FAULT and e["call"] in self.used:
            return {"accepted": True}
        bet = self.bets.get(e["call"])
        if bet is None or bet["wager"] not in CALLS or "no-working-call" in POLICY \
                or "refuse-calls" in FAULT:
            return refusal("no")
        bet["working"] = bool(e["working"])
        return {"accepted": True}

    def withdraw(self, e: dict[str, Any]) -> dict[str, Any]:
        bet = self.bets.get(e["withdraw"])
        if bet is None or bet["odds"] or "no-take-down" in POLICY or "no-take-down" in FAULT:
            return refusal("no")
        must = (bet["wager"].startswith("hard-") or bet["wager"] in ODDS_ON) and bet["rolls"]
        if "refuse-choices" in LEGAL and not must:
            return refusal("this table takes down only what the text lets be withdrawn")
        if "refuse-single-take-down" in LEGAL and bet["wager"] in SINGLE:
            return refusal("a line bet stays up")
        if "keep-withdrawn" in FAULT and bet["wager"].startswith("hard-"):
            return {"accepted": True, "returned": bet["amount"] * PER_STAKE}
        if "refused-resets-hard" in FAULT and bet["wager"].startswith("hard-") \
                and not bet["rolls"]:
            return refusal("not before it has stood through a roll")
        self._take_down(bet)
        if "take-down-all-hard" in FAULT and bet["wager"].startswith("hard-"):
            for other in [b for b in self.bets.values() if b["wager"] == bet["wager"]]:
                self._take_down(other)
        return {"accepted": True, "returned": bet["amount"] * PER_STAKE}

    def _take_down(self, bet: dict[str, Any]) -> None:
        del self.bets[bet["id"]]
        if bet["on"] in self.bets:
            self.bets[bet["on"]]["odds"].remove(bet["id"])
            if "odds-withdraw-takes-line" in FAULT:
                del self.bets[bet["on"]]

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
                who = bet["player"]
                if "explicit-p1-apart" in FAULT and bet.get("named"):
                    who = f"{who} (named)"
                exact_by_player[who] = exact_by_player.get(who, 0) + exact
        if "three-come-one-roll" in FAULT:
            moved = [e for b, e in zip(self.bets.values(), entries, strict=False)
                     if b["wager"] == "come" and b["point"] is None and e["point"] is not None]
            for entry in moved[2:]:
                entry["point"] = None
                stays[entry["bet"]] = None
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
        if "extra-field" in FAULT:
            entries = [{**entry, "net": "0"} for entry in entries]
        out: dict[str, Any] = {"point": self._said_point(), "bets": entries}
        if POLICY.get("payment") == "per-player":
            out["players"] = self._players(exact_by_player)
        return out

    @staticmethod
    def _players(exact_by_player: dict[str, Fraction]) -> list[dict[str, Any]]:
        paid: dict[str, int | None] = {}
        for p, x in sorted(exact_by_player.items()):
            name = p.removesuffix(" (named)")  # explicit-p1-apart: rounded apart, then added
            paid[name] = pays(x) if name not in paid else (paid[name] or 0) + (pays(x) or 0)
        return [{"player": p, "paid": v} for p, v in sorted(paid.items())]

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
        if "hard-ways-easy-push" in FAULT and wager.startswith("hard-") and d1 != d2 \
                and d1 + d2 == int(wager[5:]) and s.decision is Decision.LOSE:
            s = impl.Settlement(Decision.PUSH, Fraction(0), None)
        if "two-multipliers" in FAULT and wager in ("craps-2", "craps-12") \
                and s.decision is Decision.WIN:
            s = impl.Settlement(Decision.WIN, Fraction(29), None)
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
        self.rolls += 1
        if "forget-point-1024" in FAULT and self.rolls == 1024:
            self.point, self.first = None, False
            return
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


def refusal(reason: str) -> dict[str, Any]:
    if "utf8-reasons" in LEGAL:
        reason = f"Refusé — « {reason} » " + "é" * 120
    return {"refused": reason}


def reorder(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: reorder(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reorder(v) for v in value]
    return value


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


def _echo(script_id: Any) -> Any:
    """A script's ID as this table echoes it (faults script-id-number, script-id-cut)."""
    if "script-id-number" in FAULT and isinstance(script_id, str) and script_id.isdigit():
        return int(script_id)
    if "script-id-cut" in FAULT and isinstance(script_id, str):
        return script_id[:32]
    return script_id


def main() -> None:
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        if op == "bye":
            return
        if op == "hello":
            out: Any = hello()
        elif op == "play" and "protocol-2.0" in LEGAL:
            scripts = request["scripts"]
            if not all(isinstance(x, list) for x in scripts):
                out = {"error": "a script is a list of events"}
            else:
                out = {"scripts": [play(x) for x in scripts]}
        elif op == "play":
            scripts = request["scripts"]
            shared = Table() if "mix-scripts" in FAULT and len(scripts) > 1 else None
            answers = [{"id": _echo(s["id"]), "answers": play(s["events"], shared)}
                       for s in scripts]
            if "swap-answers" in FAULT and len(answers) > 1:
                answers[0], answers[1] = answers[1], answers[0]
            out = {"scripts": answers}
        else:
            out = {"error": f"unknown op {op}"}
        if "reorder-keys" in LEGAL:
            out = reorder(out)
        if "blank-lines" in LEGAL:
            sys.stdout.write("\n  \n")
        sys.stdout.write(json.dumps(out, ensure_ascii="utf8-reasons" not in LEGAL) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
