"""Settling a craps wager: the library's entry point.

    >>> from impl import settle, Roll, State
    >>> settle("hard-6", State(), Roll(3, 3))
    Settlement(decision=<Decision.WIN: 'win'>, net=Fraction(9, 1), point=None)
"""

from __future__ import annotations

from fractions import Fraction

from casino_proofs.impl import associate_chances as ac
from casino_proofs.impl import multiple_chances as mc
from casino_proofs.impl import single_chance as sc
from casino_proofs.impl.readings import Readings
from casino_proofs.impl.types import (
    POINTS,
    Decision,
    InvalidState,
    InvalidWager,
    Roll,
    Settlement,
    State,
)

HARD_WAYS = ("hard-4", "hard-6", "hard-8", "hard-10")
ONE_ROLL = ("any-7", "eleven", "any-craps", "craps-2", "craps-3", "craps-12",
            "horn", "world", "three-way-craps")
HOPS = tuple(f"hop-{a}-{b}" for a in range(1, 7) for b in range(a, 7))
LINE = ("pass", "dont-pass", "come", "dont-come")
ODDS = ("pass-odds", "dont-pass-odds", "come-odds", "dont-come-odds")

#: Every wager name the implementation settles.
WAGERS: tuple[str, ...] = (*HARD_WAYS, *ONE_ROLL, *HOPS, *LINE, *ODDS)

_DEFAULT_READINGS = Readings()


def parse_hop(name: str) -> tuple[int, int] | None:
    """``hop-2-4`` (or ``hop-4-2``) -> (2, 4); None if ``name`` is not a hop wager."""
    parts = name.split("-")
    if len(parts) != 3 or parts[0] != "hop" or not all(len(p) == 1 and p in "123456"
                                                         for p in parts[1:]):
        return None
    a, b = sorted((int(parts[1]), int(parts[2])))
    return a, b


def canonical(name: str) -> str:
    """The wager's canonical name; InvalidWager naming the valid ones if there is none."""
    if name in WAGERS:
        return name
    hop = parse_hop(name)
    if hop is not None:
        return f"hop-{hop[0]}-{hop[1]}"
    raise InvalidWager(
        f"unknown wager {name!r}; wagers: {', '.join(HARD_WAYS + ONE_ROLL)}, "
        f"hop-A-B (A, B in 1..6), {', '.join(LINE + ODDS)}"
    )


def check_state(wager: str, state: State, readings: Readings = _DEFAULT_READINGS) -> None:
    """Raise InvalidState, naming what is valid, if ``wager`` cannot stand in ``state``.

    Multiple Chances wagers stand in any roll (r3-95.15-intro.s1); Associate Chances only
    once the point of their Single Chance wager is known (r3-95.16-intro.s1).
    """
    if state.point is not None and state.point not in POINTS:
        raise InvalidState(f"a point is 4, 5, 6, 8, 9 or 10, not {state.point!r}")
    if state.first_roll and not state.come_out:
        raise InvalidState("a shooter's first roll is a come-out roll")
    takes_call: tuple[str, ...] = (*HARD_WAYS, "come-odds")
    if readings.come_out_scope == "all-associate":
        takes_call += ("dont-come-odds",)
    if readings.any_time == "off-on-come-out":
        takes_call += (*ONE_ROLL, *HOPS)
    if state.working and wager not in takes_call:
        named = ", ".join(w for w in takes_call if not w.startswith("hop-"))
        hops = " and the hop wagers" if any(w.startswith("hop-") for w in takes_call) else ""
        raise InvalidState(f"{wager}: only {named}{hops} take a working call")
    if wager in HARD_WAYS or wager in ONE_ROLL or wager in HOPS:
        if state.point is not None:
            raise InvalidState(f"{wager} has no point")
    elif wager in ("pass", "dont-pass"):
        if state.come_out != (state.point is None):
            raise InvalidState(
                f"{wager}: the come-out roll has no point, and once the point is set it is not "
                "a come-out roll"
            )
    elif wager in ("come", "dont-come"):
        if state.point is None and state.come_out:
            raise InvalidState(f"{wager} is not placed on a come-out roll")
    elif wager in ODDS:
        if state.point is None:
            raise InvalidState(f"{wager} needs a point (4, 5, 6, 8, 9 or 10)")
        if wager in ("pass-odds", "dont-pass-odds") and state.come_out:
            raise InvalidState(f"{wager}: once the point is set it is not a come-out roll")
    if wager in ("come", "dont-come", "come-odds", "dont-come-odds") and state.point is not None \
            and state.first_roll:
        # A new shooter's first roll follows a seven-out, which decided every Come wager with
        # a come point (conv-single-chance-come, conv-single-chance-dont-come).
        raise InvalidState(f"{wager}: no come point stands on a new shooter's first roll")


def settle(wager: str, state: State, roll: Roll,
           readings: Readings = _DEFAULT_READINGS) -> Settlement:
    """Settle ``wager`` standing in ``state`` on ``roll``.

    The returned Settlement says the decision, the exact net per unit staked, and, when the
    decision is ``none``, the wager's point for the next roll (``Settlement.next_state``).
    Raises InvalidWager or InvalidState for input the regulation does not allow.
    """
    name = canonical(wager)
    check_state(name, state, readings)
    return _settle(name, state, roll, readings)


def _settle(name: str, state: State, roll: Roll, readings: Readings) -> Settlement:
    point = state.point
    if (name in ONE_ROLL or name in HOPS) and readings.any_time == "off-on-come-out" \
            and state.come_out and not state.working:
        # r3-95.15-intro.s1 read as "placed at any time", not in action on a come-out roll.
        return Settlement(Decision.NONE, Fraction(0))
    if name in HARD_WAYS:
        return mc.settle_hard_way(int(name.split("-")[1]), state, roll, readings)
    hop = parse_hop(name)
    if hop is not None:
        return mc.settle_hop(hop, roll, readings)
    notation = readings.odds_notation
    match name:
        case "any-7":
            return mc.settle_any_7(roll, notation)
        case "eleven":
            return mc.settle_eleven(roll, notation)
        case "any-craps":
            return mc.settle_any_craps(roll, notation)
        case "craps-2":
            return mc.settle_craps_2(roll, notation)
        case "craps-3":
            return mc.settle_craps_3(roll, notation)
        case "craps-12":
            return mc.settle_craps_12(roll, notation)
        case "horn":
            return mc.settle_horn(roll, readings)
        case "world":
            return mc.settle_world(roll, readings)
        case "three-way-craps":
            return mc.settle_three_way_craps(roll, readings)
        case "pass" | "come":
            return sc.settle_do(point, roll)
        case "dont-pass" | "dont-come":
            return sc.settle_dont(point, roll, readings)
    assert point is not None  # check_state: every Associate Chance has a point
    match name:
        case "pass-odds":
            return ac.settle_pass_odds(point, roll, readings)
        case "dont-pass-odds":
            return ac.settle_dont_pass_odds(point, roll, readings)
        case "come-odds":
            return ac.settle_come_odds(point, state.come_out, state.working, roll, readings)
        case _:
            return ac.settle_dont_come_odds(point, state.come_out, state.working, roll,
                                            readings)
