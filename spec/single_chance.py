"""The Single Chance wagers (Pass, Don't Pass, Come, Don't Come).

Their text (s. 95.12 to 95.14 of r. 3) is not among the seeds. 95.16 depends on them, so they
are encoded from the conventions conv-single-chance-pass, conv-single-chance-dont-pass,
conv-single-chance-come and conv-single-chance-dont-come (regulation/conventions.toml). Every
rule here cites a convention, never a clause of the regulation.
"""

from __future__ import annotations

import z3

from casino_proofs.spec.readings import Readings
from casino_proofs.spec.rules import Rule, Settlement, StateClass, WagerSpec
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    FIRST_ROLL,
    LOSE,
    LOSS,
    NO_POINT,
    NONE,
    POINT,
    POINT_NUMBERS,
    PUSH,
    TOTAL,
    WIN,
    WORKING,
    ZERO,
    is_point,
    odds,
    total_in,
)

_EVEN_MONEY = odds(1)
_ENDS = z3.IntVal(NO_POINT)


def _line_rules(convention: str, wins_on_point: bool, readings: Readings,
                first_roll: str = "come-out roll") -> tuple[Rule, ...]:
    """Rules shared by Pass and Come (``wins_on_point``) or by Don't Pass and Don't Come.
    ``first_roll`` names the bet's own first roll: the table's come-out roll for Pass and
    Don't Pass, the come roll (the roll after the bet is placed, never the table's come-out
    roll) for Come and Don't Come, so that a rule's name cannot be read against the state."""
    first = POINT == NO_POINT  # the wager's own come-out roll
    later = is_point()
    becomes_point = z3.And(first, total_in(TOTAL, POINT_NUMBERS))
    if wins_on_point:
        first_wins, first_loses = frozenset({7, 11}), frozenset({2, 3, 12})
        standoff: frozenset[int] = frozenset()
        later_wins, later_loses = TOTAL == POINT, TOTAL == 7
    else:
        bar = int(readings.dont_bar)
        first_wins, first_loses = frozenset({2, 3, 12}) - {bar}, frozenset({7, 11})
        standoff = frozenset({bar})
        later_wins, later_loses = TOTAL == 7, TOTAL == POINT
    dont = () if wins_on_point else ("dont-bar",)
    rules = [
        Rule((convention,), f"{first_roll}: wins on {_text(first_wins)}",
             z3.And(first, total_in(TOTAL, first_wins)),
             Settlement(WIN, _EVEN_MONEY, _ENDS), readings=dont),
        Rule((convention,), f"{first_roll}: loses on {_text(first_loses)}",
             z3.And(first, total_in(TOTAL, first_loses)), Settlement(LOSE, LOSS, _ENDS)),
        Rule((convention,), f"{first_roll}: 4, 5, 6, 8, 9 or 10 becomes the point",
             becomes_point, Settlement(NONE, ZERO, TOTAL)),
        Rule((convention,), "point set: " + ("the point wins" if wins_on_point else "7 wins"),
             z3.And(later, later_wins), Settlement(WIN, _EVEN_MONEY, _ENDS)),
        Rule((convention,), "point set: " + ("7 loses" if wins_on_point else "the point loses"),
             z3.And(later, later_loses), Settlement(LOSE, LOSS, _ENDS)),
        Rule((convention,), "point set: any other total is no decision",
             z3.And(later, TOTAL != POINT, TOTAL != 7), Settlement(NONE, ZERO, POINT)),
    ]
    if standoff:
        settles = Settlement(NONE, ZERO, _ENDS) if readings.dont_standoff == "no-decision" \
            else Settlement(PUSH, ZERO, _ENDS)
        rules.append(Rule((convention,), f"{first_roll}: {_text(standoff)} is a standoff",
                          z3.And(first, total_in(TOTAL, standoff)), settles,
                          readings=("dont-bar", "dont-standoff")))
    return tuple(rules)


#: the first roll of a Come or Don't Come bet (conv-single-chance-come)
_COME_ROLL = "come roll (the bet's own first roll, not the table's come-out roll)"


def _text(totals: frozenset[int]) -> str:
    return ", ".join(str(t) for t in sorted(totals))


def _pass_line_states(convention: str) -> tuple[StateClass, ...]:
    return (
        StateClass("come-out", "the come-out roll, no point",
                   z3.And(COME_OUT, POINT == NO_POINT, z3.Not(WORKING)), (convention,)),
        StateClass("point", "the point is 4, 5, 6, 8, 9 or 10",
                   z3.And(z3.Not(COME_OUT), is_point(), z3.Not(WORKING)), (convention,)),
    )


def _come_states(convention: str) -> tuple[StateClass, ...]:
    return (
        StateClass("come-roll", "the roll after the wager is placed (never a come-out roll)",
                   z3.And(z3.Not(COME_OUT), POINT == NO_POINT, z3.Not(WORKING)), (convention,)),
        StateClass("come-point", "the come point is 4, 5, 6, 8, 9 or 10, come-out roll or not "
                   "(never a new shooter's first: a seven-out decided it)",
                   z3.And(is_point(), z3.Not(WORKING), z3.Not(FIRST_ROLL)), (convention,)),
    )


def pass_line(readings: Readings) -> WagerSpec:
    c = "conv-single-chance-pass"
    return WagerSpec("pass", c, "Pass", _line_rules(c, True, readings), _pass_line_states(c))


def dont_pass(readings: Readings) -> WagerSpec:
    c = "conv-single-chance-dont-pass"
    return WagerSpec("dont-pass", c, "Don't Pass", _line_rules(c, False, readings),
                     _pass_line_states(c))


def come(readings: Readings) -> WagerSpec:
    c = "conv-single-chance-come"
    return WagerSpec("come", c, "Come", _line_rules(c, True, readings, _COME_ROLL),
                     _come_states(c))


def dont_come(readings: Readings) -> WagerSpec:
    c = "conv-single-chance-dont-come"
    return WagerSpec("dont-come", c, "Don't Come", _line_rules(c, False, readings, _COME_ROLL),
                     _come_states(c))
