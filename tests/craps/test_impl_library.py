"""The implementation as a library: names, input checking, next state."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_proofs import impl
from casino_proofs.impl import Decision, Roll, State, settle


def test_r3_95_15_9_hop_call_may_name_the_dice_in_either_order() -> None:
    assert impl.canonical("hop-4-2") == "hop-2-4"
    assert settle("hop-4-2", State(), Roll(2, 4)) == settle("hop-2-4", State(), Roll(2, 4))


@pytest.mark.parametrize("bad", ["hop-0-2", "hop-2-7", "hop-2", "hard-5", "", "Pass"])
def test_unknown_wager_names_the_valid_ones(bad: str) -> None:
    with pytest.raises(impl.InvalidWager, match="wagers: hard-4"):
        settle(bad, State(), Roll(1, 1))


@pytest.mark.parametrize("dice", [(0, 1), (1, 7), (True, 1), (2.0, 3)])
def test_a_die_is_one_to_six(dice: tuple[int, int]) -> None:
    with pytest.raises(impl.InvalidRoll, match="1, 2, 3, 4, 5 or 6"):
        Roll(*dice)


@pytest.mark.parametrize("text", ["33", "3,4,5", "a,b", "3;4", "", "3,"])
def test_a_roll_is_two_dice(text: str) -> None:
    with pytest.raises(impl.InvalidRoll, match="D1,D2"):
        Roll.parse(text)


@pytest.mark.parametrize(("wager", "state", "message"), [
    ("pass-odds", State(), "needs a point"),
    ("come-odds", State(point=7), "4, 5, 6, 8, 9 or 10"),
    ("hard-6", State(point=6), "has no point"),
    ("any-7", State(working=True), "working call"),
    ("pass", State(point=6, come_out=True), "come-out roll"),
    ("pass", State(), "come-out roll"),
    ("come", State(come_out=True), "not placed on a come-out roll"),
    ("dont-pass-odds", State(point=6, come_out=True), "not a come-out roll"),
])
def test_r3_95_16_intro_states_the_text_does_not_allow_are_refused(
        wager: str, state: State, message: str) -> None:
    with pytest.raises(impl.InvalidState, match=message):
        settle(wager, state, Roll(1, 1))


def test_conv_single_chance_pass_next_state_carries_the_point() -> None:
    s = settle("pass", State(come_out=True), Roll(2, 2))
    assert s.stays and s.point == 4
    assert s.next_state(State(come_out=True), come_out=False) == State(point=4)
    won = settle("pass", State(point=4), Roll(1, 3))
    assert won.next_state(State(point=4), come_out=True) is None


def test_conv_odds_net_exact_fractions() -> None:
    s = settle("dont-pass-odds", State(point=6), Roll(3, 4))
    assert (s.decision, s.net) == (Decision.WIN, Fraction(5, 6))
    assert isinstance(s.net, Fraction)


def test_readings_are_checked() -> None:
    with pytest.raises(impl.CrapsError, match="combination, total"):
        impl.Readings(hop_call="combo")
    with pytest.raises(impl.CrapsError, match="unknown reading"):
        impl.Readings.from_dict({"nope": "x"})
