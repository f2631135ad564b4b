"""The stakes a table takes: the scripts' stakes within the table's maximum and, under
``exact`` rounding, at a multiple that pays whole units (``policy-max-stake``,
``conv-money-round-once``).

The scripts stake 2,520 units (every ratio of the text pays it whole); a table may declare
a maximum below it, and then each stake is the largest whole-paying stake within it."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.scripts.planner import Script

Event = dict[str, Any]


def whole_units(setting: Setting, wager: str) -> int:
    """The stake a wager's every win pays whole units at under ``exact`` rounding (1 under
    any other rounding: the declared rounding pays the rest)."""
    if setting.money.rounding != "exact":
        return 1
    per_stake = setting.money.per_stake_unit
    out = 1
    for net in setting.oracle.win_nets(wager, None):
        out = math.lcm(out, (net * per_stake).denominator)
    return out


def stake(setting: Setting, wager: str, amount: int) -> int:
    """``amount`` if the table takes it, else the largest stake within the table's maximum
    that pays whole units (the maximum itself if none does)."""
    ceiling = setting.policies.stake_ceiling
    if amount <= ceiling:
        return amount
    step = whole_units(setting, wager)
    return ceiling // step * step or ceiling


def capped(script: Script, setting: Setting) -> Script:
    """``script`` with each stake over the table's maximum played at :func:`stake`."""
    def within(e: Event) -> Event:
        amount = e.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            return e
        return {**e, "amount": stake(setting, str(e.get("wager")), amount)}
    events = tuple(within(e) for e in script.events)
    return script if events == script.events else replace(script, events=events)
