"""The Single Chance wagers: Pass, Don't Pass, Come and Don't Come.

Their text is not among the seeds; they follow the project's conventions
conv-single-chance-pass, conv-single-chance-dont-pass, conv-single-chance-come and
conv-single-chance-dont-come (regulation/conventions.toml). All
pay even money.
"""

from __future__ import annotations

from casino_proofs.impl.readings import Readings
from casino_proofs.impl.types import Roll, Settlement, lose, no_decision, push, win


def settle_do(point: int | None, roll: Roll) -> Settlement:
    """Pass (conv-single-chance-pass) and Come (conv-single-chance-come).

    ``point`` is None on the wager's own come-out roll (for Come, the roll after it is placed).
    """
    total = roll.total
    if point is None:
        if total in (7, 11):
            return win(1)
        if total in (2, 3, 12):
            return lose()
        return no_decision(point=total)
    if total == point:
        return win(1)
    if total == 7:
        return lose()
    return no_decision(point=point)


def settle_dont(point: int | None, roll: Roll, readings: Readings) -> Settlement:
    """Don't Pass (conv-single-chance-dont-pass) and Don't Come (conv-single-chance-dont-come).

    On the come-out roll the barred total (reading ``dont-bar``, 12 by default) is a standoff:
    no decision, or a push under reading ``dont-standoff=push``.
    """
    total = roll.total
    if point is None:
        barred = int(readings.dont_bar)
        if total == barred:
            return no_decision() if readings.dont_standoff == "no-decision" else push()
        if total in (2, 3, 12):
            return win(1)
        if total in (7, 11):
            return lose()
        return no_decision(point=total)
    if total == 7:
        return win(1)
    if total == point:
        return lose()
    return no_decision(point=point)
