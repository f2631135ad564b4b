"""Section 95.15, “Multiple Chances” wagers: settling one roll.

Each function cites the paragraph it implements. These wagers “can be played at any time
during the game” (r3-95.15-intro.s1).
"""

from __future__ import annotations

from fractions import Fraction

from casino_proofs.impl.readings import Readings
from casino_proofs.impl.types import (
    CrapsError,
    Decision,
    Roll,
    Settlement,
    State,
    lose,
    no_decision,
    paid_at,
    win,
)


def settle_hard_way(number: int, state: State, roll: Roll, readings: Readings) -> Settlement:
    """r3-95.15-1, Hard Ways on 4, 6, 8 or 10.

    Wins on the number “formed by two identical numbers” (s1): a double 2 or double 5 pays
    7 to 1 (s3), a double 3 or double 4 pays 9 to 1 (s4). Loses on 7 or on the number formed
    with two non-identical numbers (s2; reading ``hard-ways-loss``). Any other roll is
    inconclusive (s5). Not applicable on a come-out roll (“first turn”,
    conv-first-turn-is-come-out) unless the player says it works (s6; reading
    ``hard-ways-off`` says whether a 7 still loses it then).
    """
    # "first turn": every come-out roll, or only a shooter's first (reading first-turn).
    first_turn = state.come_out if readings.first_turn == "every-come-out" else state.first_roll
    if first_turn and not state.working:
        if readings.hard_ways_off == "loss-stands" and roll.total == 7:
            return lose()
        return no_decision()
    if roll.total == number and roll.is_pair:
        if readings.hard_ways_payout == "both":
            raise CrapsError(
                f"r3-95.15-1: under reading hard-ways-payout=both no sentence says what a win "
                f"formed by a double {roll.die_1} pays"
            )
        if roll.die_1 in (2, 5):
            return win(7, notation=readings.odds_notation)
        return win(9, notation=readings.odds_notation)
    if roll.total == 7:
        return lose()
    if readings.hard_ways_loss == "easy-way":
        if roll.total == number:
            return lose()
    elif not roll.is_pair:
        return lose()
    return no_decision()


def settle_any_7(roll: Roll, notation: str = "to") -> Settlement:
    """r3-95.15-2: wins on 7 at 4 to 1, loses otherwise."""
    return win(4, notation=notation) if roll.total == 7 else lose()


def settle_eleven(roll: Roll, notation: str = "to") -> Settlement:
    """r3-95.15-3: wins on 11 at 15 to 1, loses otherwise."""
    return win(15, notation=notation) if roll.total == 11 else lose()


def settle_any_craps(roll: Roll, notation: str = "to") -> Settlement:
    """r3-95.15-4: wins on 2, 3 or 12 at 7 to 1, loses otherwise."""
    return win(7, notation=notation) if roll.total in (2, 3, 12) else lose()


def settle_craps_2(roll: Roll, notation: str = "to") -> Settlement:
    """r3-95.15-5: wins on 2 at 30 to 1, loses otherwise."""
    return win(30, notation=notation) if roll.total == 2 else lose()


def settle_craps_3(roll: Roll, notation: str = "to") -> Settlement:
    """r3-95.15-6: wins on 3 at 15 to 1, loses otherwise."""
    return win(15, notation=notation) if roll.total == 3 else lose()


def settle_craps_12(roll: Roll, notation: str = "to") -> Settlement:
    """r3-95.15-7: wins on 12 at 30 to 1, loses otherwise."""
    return win(30, notation=notation) if roll.total == 12 else lose()


def _single_number_odds(total: int, readings: Readings) -> Fraction:
    """The net paid by the wager that wins on ``total`` alone: Craps 2 (r3-95.15-5),
    Craps 3 (r3-95.15-6), Any 7 (r3-95.15-2), 11 (r3-95.15-3) or Craps 12 (r3-95.15-7),
    settled on a roll of that total; or, under reading ``combined-basis=any-craps``, Any Craps
    (r3-95.15-4) for 2, 3 and 12."""
    second = min(6, total - 1)
    if readings.combined_basis == "any-craps" and total in (2, 3, 12):
        return settle_any_craps(Roll(total - second, second)).net
    settle_alone = {
        2: settle_craps_2, 3: settle_craps_3, 7: settle_any_7, 11: settle_eleven,
        12: settle_craps_12,
    }[total]
    return settle_alone(Roll(total - second, second)).net


def _settle_combined(covered: tuple[int, ...], roll: Roll, readings: Readings) -> Settlement:
    """Horn, World and 3-Way Craps: “paid in the same manner as “Multiple Chances” wagers,
    which are winners with the total obtained” (reading ``combined-payout``)."""
    if roll.total not in covered:
        return lose()
    # The odds "X to 1" of the single-number wager, read under odds-notation: "X for 1" takes
    # the stake out of the winning share (or the whole stake), not out of the whole wager.
    odds = paid_at(_single_number_odds(roll.total, readings), readings.odds_notation)
    if readings.combined_payout == "whole":
        return Settlement(Decision.WIN, odds)
    share = Fraction(1, len(covered))
    # The share on the total rolled wins at its odds; every other share is lost.
    return Settlement(Decision.WIN, share * odds - (1 - share))


def settle_horn(roll: Roll, readings: Readings) -> Settlement:
    """r3-95.15-8: wins on 2, 3, 11 or 12, paid as the single-number wager of that total."""
    return _settle_combined((2, 3, 11, 12), roll, readings)


def settle_world(roll: Roll, readings: Readings) -> Settlement:
    """r3-95.15-10: wins on 2, 3, 7, 11 or 12, paid as the single-number wager of that total."""
    return _settle_combined((2, 3, 7, 11, 12), roll, readings)


def settle_three_way_craps(roll: Roll, readings: Readings) -> Settlement:
    """r3-95.15-11: wins on 2, 3 or 12, paid as the single-number wager of that total."""
    return _settle_combined((2, 3, 12), roll, readings)


def settle_hop(called: tuple[int, int], roll: Roll, readings: Readings) -> Settlement:
    """r3-95.15-9, Hop: wins when the roll matches the player's call, paid 30 to 1 when the
    dice are a pair and 15 to 1 otherwise (s2).

    Reading ``hop-call``: ``combination`` (the call is the two dice, in either order) or
    ``total`` (the call is their total).
    """
    first, second = called
    if readings.hop_call == "combination":
        matched = sorted((roll.die_1, roll.die_2)) == sorted((first, second))
    else:
        matched = roll.total == first + second
    if not matched:
        return lose()
    return win(30 if roll.is_pair else 15, notation=readings.odds_notation)
