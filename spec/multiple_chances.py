"""Section 95.15: the “Multiple Chances” wagers, as Z3 rules tracked under their clauses."""

from __future__ import annotations

from dataclasses import replace

import z3

from casino_proofs.spec.readings import Readings
from casino_proofs.spec.rules import Rule, Settlement, StateClass, WagerSpec
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    IS_PAIR,
    LOSE,
    LOSS,
    NO_POINT,
    NONE,
    POINT,
    TOTAL,
    WIN,
    WORKING,
    ZERO,
    odds,
    stated,
    total_in,
)

ANY_TIME = "r3-95.15-intro.s1"


def _win(net: z3.ArithRef) -> Settlement:
    return Settlement(WIN, net, z3.IntVal(NO_POINT))


_LOSE = Settlement(LOSE, LOSS, z3.IntVal(NO_POINT))
_STAYS = Settlement(NONE, ZERO, z3.IntVal(NO_POINT))


# ---------------------------------------------------------------------------------------------
# 95.15(1) Hard Ways
# ---------------------------------------------------------------------------------------------

HARD_WAYS_NUMBERS = (4, 6, 8, 10)

#: r3-95.15-1.s3 “A winning wager formed by a double 2 and a double 5 is paid at odds of 7 to 1.”
#: r3-95.15-1.s4 “A winning wager formed by a double 3 or a double 4 is paid at odds of 9 to 1.”
_HARD_WAY_PAYOUT = {
    2: (odds(7), "r3-95.15-1.s3"),
    5: (odds(7), "r3-95.15-1.s3"),
    3: (odds(9), "r3-95.15-1.s4"),
    4: (odds(9), "r3-95.15-1.s4"),
}


def hard_way(number: int, readings: Readings) -> WagerSpec:
    """95.15(1): the Hard Ways wager on ``number`` (4, 6, 8 or 10)."""
    # r3-95.15-1.s6: not applicable during a first turn (conv-first-turn-is-come-out) unless the
    # player says otherwise.
    first_turn = COME_OUT if readings.first_turn == "every-come-out" else FIRST_ROLL
    off = z3.And(first_turn, z3.Not(WORKING))
    on = z3.Not(off)
    net, payout_clause = _HARD_WAY_PAYOUT[number // 2]
    net = stated(net, readings.odds_notation)
    hard = z3.And(TOTAL == number, IS_PAIR)
    if readings.hard_ways_payout == "both":
        # As written, s3 and s4 pay a win "formed by a double 2 and a double 5" (resp. 3 and 4):
        # one roll formed by both doubles at once, which no roll is.
        partner = {2: 5, 5: 2, 3: 4, 4: 3}[number // 2]
        formed = z3.And(DIE_1 == number // 2, DIE_2 == number // 2, DIE_1 == partner,
                        DIE_2 == partner)
    else:
        formed = z3.BoolVal(True)
    if readings.hard_ways_loss == "easy-way":
        loses = z3.Or(TOTAL == 7, z3.And(TOTAL == number, z3.Not(IS_PAIR)))
        loss_label = "loses on 7 or on the easy way"
    else:
        loses = z3.Or(TOTAL == 7, z3.Not(IS_PAIR))
        loss_label = "loses on 7 or on any total formed with two non-identical numbers"
    off_loses = z3.And(off, TOTAL == 7) if readings.hard_ways_off == "loss-stands" \
        else z3.BoolVal(False)
    rules = (
        Rule(("r3-95.15-1.s1", payout_clause), f"wins on a double {number // 2}",
             z3.And(on, hard, formed), _win(net), readings=("hard-ways-payout", "odds-notation")),
        Rule(("r3-95.15-1.s2",), loss_label, z3.Or(z3.And(on, loses), off_loses), _LOSE,
             readings=("hard-ways-loss", "hard-ways-off")),
        Rule(("r3-95.15-1.s5", "conv-call-stands"),
             "inconclusive roll: no decision, the wager stays",
             z3.And(on, z3.Not(hard), z3.Not(loses)), _STAYS, readings=("hard-ways-loss",)),
        Rule(("r3-95.15-1.s6", "conv-first-turn-is-come-out", "conv-call-stands"),
             "not applicable on a first turn: no decision", z3.And(off, z3.Not(off_loses)),
             _STAYS, readings=("hard-ways-off", "first-turn")),
    )
    no_point = POINT == NO_POINT
    states = (
        StateClass("not-come-out", "any roll but a come-out roll",
                   z3.And(no_point, z3.Not(COME_OUT)), (ANY_TIME,)),
        StateClass("come-out-off", "a come-out roll, the player has not said the wager works",
                   z3.And(no_point, COME_OUT, z3.Not(WORKING)),
                   ("r3-95.15-1.s6", "conv-first-turn-is-come-out")),
        StateClass("come-out-working", "a come-out roll, the player has said the wager works",
                   z3.And(no_point, COME_OUT, WORKING),
                   ("r3-95.15-1.s6", "conv-first-turn-is-come-out")),
    )
    return WagerSpec(f"hard-{number}", "r3-95.15-1", f"Hard Ways on {number}", rules, states)


# ---------------------------------------------------------------------------------------------
# 95.15(2)-(7): one-roll wagers on one or more totals
# ---------------------------------------------------------------------------------------------


def _one_roll(name: str, paragraph: str, title: str, rules: list[Rule],
              readings: Readings) -> WagerSpec:
    """A wager settled by the roll after it is placed. r3-95.15-intro.s1: “which can be played
    at any time during the game”: placed at any time and, under reading ``any-time``, in action
    on every roll, or not on a come-out roll unless the player says so."""
    no_point = POINT == NO_POINT
    if readings.any_time == "always-working":
        states: tuple[StateClass, ...] = (StateClass("any-roll", "any roll, come-out or not",
                             z3.And(no_point, z3.Not(WORKING)), (ANY_TIME,)),)
        return WagerSpec(name, paragraph, title, tuple(rules), states)
    off = z3.And(COME_OUT, z3.Not(WORKING))
    guarded = [replace(r, guard=z3.And(z3.Not(off), r.guard)) for r in rules]
    guarded.append(Rule((ANY_TIME,), "not in action on a come-out roll: no decision", off,
                        _STAYS, readings=("any-time",)))
    states = (
        StateClass("not-come-out", "any roll but a come-out roll (a working call changes "
                   "nothing)", z3.And(no_point, z3.Not(COME_OUT)), (ANY_TIME,)),
        StateClass("come-out-off", "a come-out roll, the player has not said the wager works",
                   z3.And(no_point, COME_OUT, z3.Not(WORKING)), (ANY_TIME,)),
        StateClass("come-out-working", "a come-out roll, the player has said the wager works",
                   z3.And(no_point, COME_OUT, WORKING), (ANY_TIME,)),
    )
    return WagerSpec(name, paragraph, title, tuple(guarded), states)


#: name, paragraph, title, winning totals, odds X to 1, win sentence, lose sentence, payout sentence
_ONE_ROLL: tuple[tuple[str, str, str, frozenset[int], int, str, str, str], ...] = (
    ("any-7", "r3-95.15-2", "Any 7", frozenset({7}), 4,
     "r3-95.15-2.s1", "r3-95.15-2.s1", "r3-95.15-2.s2"),
    ("eleven", "r3-95.15-3", "11", frozenset({11}), 15,
     "r3-95.15-3.s1", "r3-95.15-3.s1", "r3-95.15-3.s2"),
    ("any-craps", "r3-95.15-4", "Any Craps", frozenset({2, 3, 12}), 7,
     "r3-95.15-4.s1", "r3-95.15-4.s2", "r3-95.15-4.s3"),
    ("craps-2", "r3-95.15-5", "Craps 2", frozenset({2}), 30,
     "r3-95.15-5.s1", "r3-95.15-5.s1", "r3-95.15-5.s2"),
    ("craps-3", "r3-95.15-6", "Craps 3", frozenset({3}), 15,
     "r3-95.15-6.s1", "r3-95.15-6.s1", "r3-95.15-6.s2"),
    ("craps-12", "r3-95.15-7", "Craps 12", frozenset({12}), 30,
     "r3-95.15-7.s1", "r3-95.15-7.s1", "r3-95.15-7.s2"),
)


def _totals_text(totals: frozenset[int]) -> str:
    return ", ".join(str(t) for t in sorted(totals))


def one_roll(name: str, readings: Readings) -> WagerSpec:
    """95.15(2) to (7): Any 7, 11, Any Craps, Craps 2, Craps 3, Craps 12."""
    for wname, paragraph, title, totals, x, win_s, lose_s, pay_s in _ONE_ROLL:
        if wname == name:
            rules = [
                Rule((win_s, pay_s), f"wins on {_totals_text(totals)}",
                     total_in(TOTAL, totals), _win(stated(odds(x), readings.odds_notation)),
                     readings=("odds-notation",)),
                Rule((lose_s,), "loses in all other cases",
                     z3.Not(total_in(TOTAL, totals)), _LOSE),
            ]
            return _one_roll(name, paragraph, title, rules, readings)
    raise KeyError(name)


def single_total_payout(total: int, readings: Readings) -> tuple[z3.ArithRef, str]:
    """The odds of the Multiple Chances wager that wins “with the total obtained”, and its
    payout sentence (reading ``combined-basis``): the one-roll wager that wins on ``total``
    alone, or for 2, 3 and 12 Any Craps.

    Used by 95.15(8), (10) and (11): “paid in the same manner as “Multiple Chances” wagers,
    which are winners with the total obtained”.
    """
    for _name, _p, _t, totals, x, _w, _l, pay_s in _ONE_ROLL:
        if readings.combined_basis == "any-craps" and total in (2, 3, 12):
            if _name == "any-craps":
                return odds(x), pay_s
            continue
        if totals == frozenset({total}):
            return odds(x), pay_s
    raise KeyError(total)


# ---------------------------------------------------------------------------------------------
# 95.15(8), (10), (11): Horn, World, 3-Way Craps
# ---------------------------------------------------------------------------------------------

_COMBINED = (
    ("horn", "r3-95.15-8", "Horn", (2, 3, 11, 12)),
    ("world", "r3-95.15-10", "World", (2, 3, 7, 11, 12)),
    ("three-way-craps", "r3-95.15-11", "3-Way Craps", (2, 3, 12)),
)


def combined(name: str, readings: Readings) -> WagerSpec:
    """95.15(8) Horn, (10) World, (11) 3-Way Craps, under reading ``combined-payout``."""
    for wname, paragraph, title, totals in _COMBINED:
        if wname != name:
            continue
        shares = len(totals)
        rules = []
        for total in totals:
            x, pay_s = single_total_payout(total, readings)
            # Reading odds-notation: "X for 1" takes the stake out of the share that wins.
            x = stated(x, readings.odds_notation)
            if readings.combined_payout == "split":
                # One share of 1/shares on each total: the share on the total rolled is paid at
                # that total's odds, the other shares lose.
                net = z3.simplify(x / shares - z3.Q(shares - 1, shares))
            else:
                net = x
            rules.append(Rule((f"{paragraph}.s1", f"{paragraph}.s2", pay_s), f"wins on {total}",
                              TOTAL == total, _win(net),
                              readings=("combined-payout", "combined-basis", "odds-notation")))
        rules.append(Rule((f"{paragraph}.s1",), "loses in all other cases",
                          z3.Not(total_in(TOTAL, frozenset(totals))), _LOSE))
        return _one_roll(name, paragraph, title, rules, readings)
    raise KeyError(name)


# ---------------------------------------------------------------------------------------------
# 95.15(9) Hop
# ---------------------------------------------------------------------------------------------

HOP_CALLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


def hop(a: int, b: int, readings: Readings) -> WagerSpec:
    """95.15(9): the Hop wager called as ``a``-``b`` (a <= b), under reading ``hop-call``."""
    name = f"hop-{a}-{b}"
    rules: list[Rule] = []
    pair_pays = (stated(odds(30), readings.odds_notation), ("r3-95.15-9.s1", "r3-95.15-9.s2"))
    other_pays = (stated(odds(15), readings.odds_notation), ("r3-95.15-9.s1", "r3-95.15-9.s2"))
    if readings.hop_call == "combination":
        wins = z3.Or(z3.And(DIE_1 == a, DIE_2 == b), z3.And(DIE_1 == b, DIE_2 == a))
        net, clauses = pair_pays if a == b else other_pays
        rules.append(Rule(clauses, f"wins on the combination {a}-{b}", wins, _win(net),
                          readings=("hop-call", "odds-notation")))
    else:
        called = a + b
        wins = TOTAL == called
        if called % 2 == 0:
            rules.append(Rule(pair_pays[1], f"wins on a total of {called} formed by a pair",
                              z3.And(wins, IS_PAIR), _win(pair_pays[0]),
                              readings=("hop-call", "odds-notation")))
        if called not in (2, 12):
            rules.append(Rule(other_pays[1], f"wins on a total of {called} not formed by a pair",
                              z3.And(wins, z3.Not(IS_PAIR)), _win(other_pays[0]),
                              readings=("hop-call", "odds-notation")))
    rules.append(Rule(("r3-95.15-9.s1",), "loses in all other cases", z3.Not(wins), _LOSE,
                      readings=("hop-call",)))
    return _one_roll(name, "r3-95.15-9", f"Hop {a}-{b}", rules, readings)
