"""Section 95.16, “Associate Chances” (odds) wagers: settling one roll.

They follow the outcome of their Single Chance wager and need its point to be known
(r3-95.16-intro.s1).
"""

from __future__ import annotations

from casino_proofs.impl.readings import Readings
from casino_proofs.impl.types import Roll, Settlement, lose, no_decision, push, win


def _considered_a_push(point: int, readings: Readings) -> Settlement:
    """“It is considered a push in the event of any other total” (reading ``associate-push``)."""
    if readings.associate_push == "no-decision":
        return no_decision(point=point)
    return push()


def pay_pass_odds(point: int, notation: str = "to") -> Settlement:
    """r3-95.16-1.s4: 2 to 1 on 4 or 10, 3 to 2 on 5 or 9, 6 to 5 on 6 or 8."""
    if point in (4, 10):
        return win(2, 1, notation)
    if point in (5, 9):
        return win(3, 2, notation)
    return win(6, 5, notation)


def pay_dont_pass_odds(point: int, notation: str = "to") -> Settlement:
    """r3-95.16-2.s4: 1 to 2 on 4 or 10, 2 to 3 on 5 or 9, 5 to 6 on 6 or 8."""
    if point in (4, 10):
        return win(1, 2, notation)
    if point in (5, 9):
        return win(2, 3, notation)
    return win(5, 6, notation)


def settle_pass_odds(point: int, roll: Roll, readings: Readings) -> Settlement:
    """r3-95.16-1: wins on the point, loses on 7, any other total is “a push”."""
    if roll.total == point:
        return pay_pass_odds(point, readings.odds_notation)
    if roll.total == 7:
        return lose()
    return _considered_a_push(point, readings)


def settle_dont_pass_odds(point: int, roll: Roll, readings: Readings) -> Settlement:
    """r3-95.16-2: wins on 7, loses on the point, any other total is “a push”."""
    if roll.total == 7:
        return pay_dont_pass_odds(point, readings.odds_notation)
    if roll.total == point:
        return lose()
    return _considered_a_push(point, readings)


def _settle_off_on_come_out(point: int, roll: Roll, readings: Readings,
                            settle_active: Settlement) -> Settlement:
    """An Associate Chance not active on a come-out roll (r3-95.16-3.s3): when the roll decides
    its Come (or Don't Come) wager it is returned (conv-inactive-odds-returned), or under
    reading ``inactive-odds=follow`` it follows that outcome; otherwise no decision."""
    if roll.total in (point, 7):
        return push() if readings.inactive_odds == "returned" else settle_active
    return no_decision(point=point)


def settle_come_odds(point: int, come_out: bool, working: bool, roll: Roll,
                     readings: Readings) -> Settlement:
    """r3-95.16-3: as the Come wager with a come point (conv-single-chance-come), paid as the
    Pass Associate Chance. Not active on a come-out roll unless the player says so (s3)."""
    settled = settle_pass_odds(point, roll, readings)
    if come_out and not working:
        return _settle_off_on_come_out(point, roll, readings, settled)
    return settled


def settle_dont_come_odds(point: int, come_out: bool, working: bool, roll: Roll,
                          readings: Readings) -> Settlement:
    """r3-95.16-4: as the Don't Come wager with a come point (conv-single-chance-dont-come),
    paid as the Don't Pass Associate Chance. Unlike (3), nothing makes it inactive on a come-out
    roll, unless “these wagers” of (3) are read as every Associate Chance (reading
    ``come-out-scope=all-associate``)."""
    settled = settle_dont_pass_odds(point, roll, readings)
    if readings.come_out_scope == "all-associate" and come_out and not working:
        return _settle_off_on_come_out(point, roll, readings, settled)
    return settled
