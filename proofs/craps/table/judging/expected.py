"""The reference table's own answers to a script, in the protocol's shapes: what a table that
keeps every rule of the text (and takes every event the text leaves to it) answers.

The checker reads these answers as it reads an engine's (:mod:`.observe`) to know, before
anything is played, what a script will show when the table answers as the text says: the
history pairs a planned script reaches (:mod:`.pairs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.reference import ReferenceTable, RollDue
from casino_proofs.protocol.money import Money


def roll_answer(want: RollDue, per_stake: int, per_player: bool, money: Money
                 ) -> dict[str, Any]:
    bets = []
    players: dict[str, Fraction] = {}
    for bet_id, d in want.bets.items():
        due = d.due
        stake = d.bet.amount * per_stake
        if due is None or due.decision == "lose":
            bets.append({"bet": bet_id, "paid": 0, "returned": 0, "stays": False,
                         "point": None})
        elif due.decision == "none":
            bets.append({"bet": bet_id, "paid": 0, "returned": 0, "stays": True,
                         "point": due.point or None})
        else:
            paid = d.paid or 0
            bets.append({"bet": bet_id, "paid": paid, "returned": stake, "stays": False,
                         "point": None})
            if d.exact is not None:
                players[d.bet.player] = players.get(d.bet.player, Fraction(0)) + d.exact
    out: dict[str, Any] = {"point": want.point, "bets": bets}
    if per_player:
        out["players"] = [{"player": p, "paid": money.pays(exact) or 0}
                          for p, exact in sorted(players.items())]
    return out


def answers(setting: Setting, events: Sequence[dict[str, Any]]) -> list[Any]:
    """What the reference table answers to each event of a script (an event the text leaves
    to the table taken)."""
    ref = ReferenceTable(setting)
    per_stake = setting.money.per_stake_unit
    per_player = setting.policies.per_player
    out: list[Any] = []
    for i, event in enumerate(events, start=1):
        want = ref.expect(event)
        if isinstance(want, RollDue):
            out.append(roll_answer(want, per_stake, per_player, setting.money))
            ref.rolled(event["roll"], {b: d.due.point or None for b, d in want.bets.items()
                                       if d.due is not None and d.due.decision == "none"}, i)
            continue
        if want.answer == "refused":
            out.append({"refused": "the rules of the table"})
            continue
        if "withdraw" in event:
            bet = ref.bets.get(event["withdraw"])
            out.append({"accepted": True,
                        "returned": bet.amount * per_stake if bet is not None else 0})
        else:
            out.append({"accepted": True})
        ref.follow(event)
    return out
