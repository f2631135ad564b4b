"""A craps table written as a new vendor would write it (issue 43, "A vendor's first hour"):
from docs/checking-your-engine.md and docs/engine-protocol.md alone, and the regulation's
text they point to -- no code of this project, nothing imported from it. It offers Pass and
its odds, Hard 6 and Hard 8, Any 7 and 11, pays in whole units rounded down, declares no house
rule, and speaks protocol 2.1 (the hello says so, as the pages' hello examples do).

``--fault NAME`` (repeatable) switches on a bug a vendor might write; each is what the first
finding of the check must lead to (tests/test_vendor_table.py):

- ``no-version``: the hello names no protocol version (the pages' hello examples before
  issue 43), while the table still reads 2.1's scripts;
- ``odds-even-money``: Pass odds paid 1 to 1 on every point;
- ``hard-way-always-working``: the Hard Ways settled on a come-out roll without a call;
- ``negative-stake``: only a stake of 0 refused (a stake of -1 taken);
- ``eleven-for-one``: the 11 paid "15 for 1" (14 to 1) where the text says 15 to 1;
- ``withdraw-keeps-stake``: a Hard Way withdrawn is accepted, and its stake not returned;
- ``refuse-eleven``: every placement of an 11 refused, though the hello offers it;
- ``minus-one-stays``: ``negative-stake``, and a bet of -1 answered on every roll as paid 1
  and staying (what a public engine did).
"""

from __future__ import annotations

import json
import sys
from typing import Any

FAULTS = {"no-version", "odds-even-money", "hard-way-always-working", "negative-stake",
          "eleven-for-one", "withdraw-keeps-stake", "refuse-eleven", "minus-one-stays"}
ON = {sys.argv[i + 1] for i, a in enumerate(sys.argv[:-1]) if a == "--fault"}
assert ON <= FAULTS, f"unknown fault: {sorted(ON - FAULTS)}"

POINTS = (4, 5, 6, 8, 9, 10)
HARD = {"hard-6": 6, "hard-8": 8}  # both pay 9 to 1 (r3-95.15-1.s4)
ONE_ROLL = {"any-7": (7, 4), "eleven": (11, 14 if "eleven-for-one" in ON else 15)}
ODDS = {4: (2, 1), 10: (2, 1), 5: (3, 2), 9: (3, 2), 6: (6, 5), 8: (6, 5)}  # r3-95.16-1.s4
WAGERS = ["pass", "pass-odds", "hard-6", "hard-8", "any-7", "eleven"]

HELLO: dict[str, Any] = {"name": "Vendor Table", "version": "0.9", "games": ["craps"],
                         "wagers": WAGERS, "interface": "table", "protocol": "2.1",
                         "money": {"unit": "1", "rounding": "floor"}}
if "no-version" in ON:
    del HELLO["protocol"]


class Table:
    """One fresh table: the point, and the bets on it by ID."""

    def __init__(self) -> None:
        self.point: int | None = None
        self.bets: dict[str, dict[str, Any]] = {}

    def event(self, e: dict[str, Any]) -> dict[str, Any]:
        if "place" in e:
            return self.place(e)
        if "call" in e:
            bet = self.bets.get(e["call"])
            if bet is None or bet["wager"] not in HARD:
                return {"refused": "only a Hard Way on the table takes a call"}
            bet["working"] = bool(e["working"])
            return {"accepted": True}
        if "withdraw" in e:
            return self.withdraw(e["withdraw"])
        return self.roll(*e["roll"])

    def place(self, e: dict[str, Any]) -> dict[str, Any]:
        bet_id, wager, amount = e["place"], e["wager"], e["amount"]
        too_small = amount == 0 if {"negative-stake", "minus-one-stays"} & ON else amount < 1
        if wager == "eleven" and "refuse-eleven" in ON:
            return {"refused": "no 11 today"}
        if bet_id in self.bets or wager not in WAGERS or type(amount) is not int or too_small:
            return {"refused": "a new ID, an offered wager, a stake of at least 1"}
        if e.get("working") and wager not in HARD:
            return {"refused": "only a Hard Way takes a call"}
        if wager == "pass" and self.point is not None:
            return {"refused": "a Pass bet is made on a come-out roll"}
        if wager == "pass-odds":
            line = self.bets.get(e.get("on", ""))
            if line is None or line["wager"] != "pass" or self.point is None:
                return {"refused": "Pass odds rest on a Pass bet once its point is known"}
        self.bets[bet_id] = {"wager": wager, "amount": amount, "on": e.get("on"),
                             "working": bool(e.get("working")), "rolls": 0}
        return {"accepted": True}

    def withdraw(self, bet_id: str) -> dict[str, Any]:
        bet = self.bets.get(bet_id)
        if bet is None or bet["wager"] not in (*HARD, "pass-odds") or bet["rolls"] == 0:
            return {"refused": "only a Hard Way or odds after an inconclusive roll"}
        del self.bets[bet_id]
        return {"accepted": True,
                "returned": 0 if "withdraw-keeps-stake" in ON else bet["amount"]}

    def roll(self, d1: int, d2: int) -> dict[str, Any]:
        total, come_out = d1 + d2, self.point is None
        after = self.point
        if come_out and total in POINTS:
            after = total
        elif not come_out and total in (7, self.point):
            after = None
        listed = []
        for bet_id, bet in list(self.bets.items()):
            if bet["amount"] < 0 and "minus-one-stays" in ON:
                listed.append({"bet": bet_id, "paid": 1, "returned": 0, "stays": True,
                               "point": None})
                continue
            win = self.settle(bet, d1, d2, come_out)  # (num, den) won, 0 lost, None stays
            bet["rolls"] += 1
            if win is None:
                point = after if bet["wager"] in ("pass", "pass-odds") else None
                listed.append({"bet": bet_id, "paid": 0, "returned": 0, "stays": True,
                               "point": point})
                continue
            del self.bets[bet_id]
            paid = bet["amount"] * win[0] // win[1] if win else 0
            listed.append({"bet": bet_id, "paid": paid,
                           "returned": bet["amount"] if win else 0, "stays": False,
                           "point": None})
        self.point = after
        return {"point": after, "bets": listed}

    def settle(self, bet: dict[str, Any], d1: int, d2: int,
               come_out: bool) -> tuple[int, int] | int | None:
        total, wager = d1 + d2, bet["wager"]
        if wager in ONE_ROLL:
            number, odds = ONE_ROLL[wager]
            return (odds, 1) if total == number else 0
        if wager in HARD:
            if come_out and not bet["working"] and "hard-way-always-working" not in ON:
                return None  # off on a come-out roll unless called (r3-95.15-1.s6)
            if d1 == d2 and total == HARD[wager]:
                return (9, 1)
            return 0 if total in (7, HARD[wager]) else None
        if wager == "pass" and come_out:
            return (1, 1) if total in (7, 11) else 0 if total in (2, 3, 12) else None
        if total == self.point:  # a Pass bet or its odds, on the point
            return (1, 1) if wager == "pass" or "odds-even-money" in ON \
                else ODDS[total]
        return 0 if total == 7 else None


def answer(request: dict[str, Any]) -> dict[str, Any] | None:
    if request.get("op") == "hello":
        return HELLO
    if request.get("op") == "play":
        out = []
        for script in request["scripts"]:
            table = Table()
            out.append({"id": script["id"],
                        "answers": [table.event(e) for e in script["events"]]})
        return {"scripts": out}
    return None


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("op") == "bye":
            return
        try:
            reply = answer(request)
        except (KeyError, TypeError, ValueError) as exc:
            reply = {"error": f"cannot read the request: {exc!r}"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
