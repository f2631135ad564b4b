"""Section 95.16: the “Associate Chances” (odds) wagers, as Z3 rules tracked under their clauses.

r3-95.16-intro.s1: they “cannot be played unless the corresponding “Single Chance” wager (whose
point must be known) has already been engaged”: every state class below has a point.
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
    PUSH,
    TOTAL,
    WIN,
    WORKING,
    ZERO,
    is_point,
    odds,
    stated,
    total_in,
)

POINT_KNOWN = "r3-95.16-intro.s1"

#: r3-95.16-1.s4 “paid at odds of 2 to 1 if the point is 4 or 10, at odds of 3 to 2 if the
#: point is 5 or 9, and at odds of 6 to 5 if the point equals 6 or 8”
PASS_ODDS = (((4, 10), odds(2, 1)), ((5, 9), odds(3, 2)), ((6, 8), odds(6, 5)))
#: r3-95.16-2.s4 “paid at odds of 1 to 2 if the point equals 4 or 10, at odds of 2 to 3 if the
#: point is 5 or 9, and at odds of 5 to 6 if the point is 6 or 8”
DONT_PASS_ODDS = (((4, 10), odds(1, 2)), ((5, 9), odds(2, 3)), ((6, 8), odds(5, 6)))

_ENDS = z3.IntVal(NO_POINT)


def _other_total(readings: Readings) -> Settlement:
    """“considered a push”, under reading ``associate-push``."""
    if readings.associate_push == "no-decision":
        return Settlement(NONE, ZERO, POINT)
    return Settlement(PUSH, ZERO, _ENDS)


def _odds_rules(*, wins_on_point: bool, table: tuple[tuple[tuple[int, int], z3.ArithRef], ...],
                decide: tuple[str, ...], payout: str, push: tuple[str, ...],
                active: z3.BoolRef, readings: Readings) -> list[Rule]:
    winning_total = POINT if wins_on_point else z3.IntVal(7)
    losing_total = z3.IntVal(7) if wins_on_point else POINT
    rules = [
        Rule((*decide, payout), f"wins when the point is {a} or {b}",
             z3.And(active, TOTAL == winning_total, total_in(POINT, (a, b))),
             Settlement(WIN, stated(net, readings.odds_notation), _ENDS),
             readings=("odds-notation",))
        for (a, b), net in table
    ]
    rules.append(Rule(decide, "loses on " + ("7" if wins_on_point else "the point"),
                      z3.And(active, TOTAL == losing_total), Settlement(LOSE, LOSS, _ENDS)))
    rules.append(Rule((*push, "conv-call-stands"), "any other total: considered a push",
                      z3.And(active, TOTAL != POINT, TOTAL != 7), _other_total(readings),
                      readings=("associate-push",)))
    return rules


def _pass_line_point() -> tuple[StateClass, ...]:
    return (
        StateClass("point", "the point is 4, 5, 6, 8, 9 or 10 (never a come-out roll)",
                   z3.And(z3.Not(COME_OUT), is_point(), z3.Not(WORKING)), (POINT_KNOWN,)),
    )


def pass_odds(readings: Readings) -> WagerSpec:
    """95.16(1): the Pass Associate Chance."""
    rules = _odds_rules(wins_on_point=True, table=PASS_ODDS, decide=("r3-95.16-1.s2",),
                        payout="r3-95.16-1.s4", push=("r3-95.16-1.s3",), active=z3.BoolVal(True),
                        readings=readings)
    return WagerSpec("pass-odds", "r3-95.16-1", "Pass Associate Chance", tuple(rules),
                     _pass_line_point())


def dont_pass_odds(readings: Readings) -> WagerSpec:
    """95.16(2): the Don't Pass Associate Chance."""
    rules = _odds_rules(wins_on_point=False, table=DONT_PASS_ODDS, decide=("r3-95.16-2.s2",),
                        payout="r3-95.16-2.s4", push=("r3-95.16-2.s3",),
                        active=z3.BoolVal(True), readings=readings)
    return WagerSpec("dont-pass-odds", "r3-95.16-2", "Don't Pass Associate Chance", tuple(rules),
                     _pass_line_point())


def _off_on_come_out(rules: list[Rule], off: z3.BoolRef, clause: str,
                     readings: Readings) -> list[Rule]:
    """The rules of an Associate Chance that is not active on a come-out roll (``off``)."""
    come_decided = z3.Or(TOTAL == POINT, TOTAL == 7)
    if readings.inactive_odds == "returned":
        rules.append(Rule((clause, "conv-inactive-odds-returned"),
                          "not active, and the roll decides the Come wager: returned",
                          z3.And(off, come_decided), Settlement(PUSH, ZERO, _ENDS),
                          readings=("inactive-odds",)))
    rules.append(Rule((clause, "conv-call-stands"), "not active on a come-out roll: no decision",
                      z3.And(off, z3.Not(come_decided)), Settlement(NONE, ZERO, POINT)))
    return rules


def _active(off: z3.BoolRef, readings: Readings) -> z3.BoolRef:
    """Where the usual rules apply: when active, and (reading ``inactive-odds=follow``) also
    when not active but the roll decides the Single Chance wager it follows."""
    if readings.inactive_odds == "follow":
        return z3.Or(z3.Not(off), TOTAL == POINT, TOTAL == 7)
    return z3.Not(off)


def _come_point_states(off_clause: str | None, come: str) -> tuple[StateClass, ...]:
    """A come point stands on any roll but a new shooter's first: that roll follows a
    seven-out, which decided every Come (or Don't Come) wager with a point (``come``)."""
    standing = z3.And(is_point(), z3.Not(FIRST_ROLL))
    if off_clause is None:
        return (
            StateClass("come-point", "come point 4, 5, 6, 8, 9 or 10, come-out roll or not",
                       z3.And(standing, z3.Not(WORKING)), (POINT_KNOWN, come)),
        )
    return (
        StateClass("not-come-out", "come point 4, 5, 6, 8, 9 or 10; not a come-out roll",
                   z3.And(standing, z3.Not(COME_OUT)), (POINT_KNOWN, come)),
        StateClass("come-out-off", "come point set; a come-out roll; the player has not said on",
                   z3.And(standing, COME_OUT, z3.Not(WORKING)), (POINT_KNOWN, off_clause, come)),
        StateClass("come-out-working", "come point set; a come-out roll; the player has said on",
                   z3.And(standing, COME_OUT, WORKING), (POINT_KNOWN, off_clause, come)),
    )


def come_odds(readings: Readings) -> WagerSpec:
    """95.16(3): the Come Associate Chance, off on a come-out roll unless the player says so."""
    off = z3.And(COME_OUT, z3.Not(WORKING))  # r3-95.16-3.s3
    decide = ("r3-95.16-3.s2", "conv-single-chance-come")
    rules = _odds_rules(wins_on_point=True, table=PASS_ODDS, decide=decide,
                        payout="r3-95.16-1.s4", push=("r3-95.16-3.s2",),
                        active=_active(off, readings), readings=readings)
    rules = _off_on_come_out(rules, off, "r3-95.16-3.s3", readings)
    return WagerSpec("come-odds", "r3-95.16-3", "Come Associate Chance", tuple(rules),
                     _come_point_states("r3-95.16-3.s3", "conv-single-chance-come"))


def dont_come_odds(readings: Readings) -> WagerSpec:
    """95.16(4): the Don't Come Associate Chance. Unlike (3), (4) does not make it inactive
    on a come-out roll, so it works on every roll (reading ``come-out-scope``)."""
    decide = ("r3-95.16-4.s2", "conv-single-chance-dont-come")
    if readings.come_out_scope == "all-associate":
        off = z3.And(COME_OUT, z3.Not(WORKING))
        rules = _odds_rules(wins_on_point=False, table=DONT_PASS_ODDS, decide=decide,
                            payout="r3-95.16-2.s4", push=("r3-95.16-4.s2",),
                            active=_active(off, readings), readings=readings)
        rules = _off_on_come_out(rules, off, "r3-95.16-3.s3", readings)
        states = _come_point_states("r3-95.16-3.s3", "conv-single-chance-dont-come")
    else:
        rules = _odds_rules(wins_on_point=False, table=DONT_PASS_ODDS, decide=decide,
                            payout="r3-95.16-2.s4", push=("r3-95.16-4.s2",),
                            active=z3.BoolVal(True), readings=readings)
        states = _come_point_states(None, "conv-single-chance-dont-come")
    return WagerSpec("dont-come-odds", "r3-95.16-4", "Don't Come Associate Chance",
                     tuple(rules), states)
