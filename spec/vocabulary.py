"""The symbols every craps clause is written over: two dice, the table's state, a settlement.

One sort family for the whole encoding: dice, totals and points are Z3 ``Int``; the come-out
roll and the player's "working" call are ``Bool``; a decision is the enumeration ``Decision``;
money is ``Real`` (exact rationals, built with ``Q``).

State variables and what they mean:

- ``come_out``: this roll is a come-out roll of the table (``conv-first-turn-is-come-out``
  reads 95.15(1)'s "first turn" as this roll too).
- ``point``: the wager's point: the table point for Pass / Don't Pass and their Associate
  Chances, the come point for Come / Don't Come and theirs; 0 when the wager has no point.
- ``working``: the player has said the wager works on a come-out roll where the clause says
  it does not (95.15(1), 95.16(3)).
- ``first_roll``: this come-out roll is the first roll of a shooter's turn (only reading
  ``first-turn=shooter-first-roll`` looks at it).
"""

from __future__ import annotations

import z3

DIE_1 = z3.Int("die_1")
DIE_2 = z3.Int("die_2")
COME_OUT = z3.Bool("come_out")
POINT = z3.Int("point")
WORKING = z3.Bool("working")
FIRST_ROLL = z3.Bool("first_roll")

TOTAL = DIE_1 + DIE_2
IS_PAIR = DIE_1 == DIE_2

#: Values of ``point`` that stand for a point; 0 stands for "no point".
POINT_NUMBERS = (4, 5, 6, 8, 9, 10)
NO_POINT = 0

Decision, (WIN, LOSE, PUSH, NONE) = z3.EnumSort("Decision", ["win", "lose", "push", "none"])

#: The names of the state variables, in the order reports print them.
STATE_VARIABLES = ("come_out", "point", "working", "first_roll")


def die_range(die: z3.ArithRef) -> z3.BoolRef:
    return z3.And(die >= 1, die <= 6)


def dice_domain() -> z3.BoolRef:
    """Two six-sided dice: the 36 ordered outcomes."""
    return z3.And(die_range(DIE_1), die_range(DIE_2))


def state_universe() -> z3.BoolRef:
    """Every value a state variable can take; each wager narrows it to its reachable states."""
    return z3.And(z3.Or(POINT == NO_POINT, total_in(POINT, POINT_NUMBERS)),
                  z3.Implies(FIRST_ROLL, COME_OUT))


def total_in(expr: z3.ArithRef, totals: tuple[int, ...] | frozenset[int]) -> z3.BoolRef:
    return z3.Or([expr == t for t in sorted(totals)])


def is_point() -> z3.BoolRef:
    return total_in(POINT, POINT_NUMBERS)


def odds(x: int, y: int = 1) -> z3.ArithRef:
    """Net return per unit staked of a win paid at odds of ``x`` to ``y`` (conv-odds-net)."""
    return z3.Q(x, y)


def stated(net: z3.ArithRef, notation: str) -> z3.ArithRef:
    """What a win the regulation states "at odds of X to Y" nets, under reading
    ``odds-notation``: X/Y (``to``, conv-odds-net) or X/Y - 1 (``for``: the stake is part of
    the payment). Only the regulation's own payouts are read so: the conventions' even money
    is not regulation text, and a split stake's share is read on the share alone."""
    return net if notation == "to" else z3.simplify(net - 1)


LOSS = z3.Q(-1, 1)
ZERO = z3.Q(0, 1)
