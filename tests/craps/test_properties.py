"""Properties that hold for every wager, state and roll, checked with hypothesis against the
implementation (and, for a sample, against the specification evaluated concretely)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from casino_proofs import impl, spec
from casino_proofs.impl import Decision, Roll, State

dice = st.integers(min_value=1, max_value=6)
points = st.sampled_from([None, 4, 5, 6, 8, 9, 10])
wagers = st.sampled_from(impl.WAGERS)


@st.composite
def valid_inputs(draw: st.DrawFn) -> tuple[str, State, Roll]:
    wager = draw(wagers)
    state = State(point=draw(points), come_out=draw(st.booleans()), working=draw(st.booleans()))
    try:
        impl.check_state(wager, state)
    except impl.InvalidState:
        state = draw(st.sampled_from(_valid_states(wager)))
    return wager, state, Roll(draw(dice), draw(dice))


def _valid_states(wager: str) -> list[State]:
    out = []
    for point in (None, 4, 5, 6, 8, 9, 10):
        for come_out in (False, True):
            for working in (False, True):
                s = State(point, come_out, working)
                try:
                    impl.check_state(wager, s)
                except impl.InvalidState:
                    continue
                out.append(s)
    return out


@given(valid_inputs())
def test_conv_odds_net_a_loss_costs_the_stake_and_only_a_win_pays(
        case: tuple[str, State, Roll]) -> None:
    s = impl.settle(*case)
    assert isinstance(s.net, Fraction)
    if s.decision is Decision.LOSE:
        assert s.net == -1
    elif s.decision in (Decision.PUSH, Decision.NONE):
        assert s.net == 0
    else:
        assert s.net >= 0
    if s.decision is not Decision.NONE:
        assert s.point is None


@given(valid_inputs())
def test_r3_95_15_one_roll_wagers_always_decide(case: tuple[str, State, Roll]) -> None:
    wager, state, roll = case
    if wager in impl.craps.ONE_ROLL or wager.startswith("hop-"):
        assert impl.settle(wager, state, roll).decision is not Decision.NONE


@given(valid_inputs())
def test_r3_95_16_intro_associate_chances_keep_their_point(case: tuple[str, State, Roll]) -> None:
    wager, state, roll = case
    s = impl.settle(wager, state, roll)
    if wager.endswith("-odds") and s.stays:
        assert s.point == state.point


@given(valid_inputs())
def test_most_wagers_depend_only_on_the_total_and_pairs(case: tuple[str, State, Roll]) -> None:
    """Swapping the dice never changes a settlement: the text speaks of totals and doubles."""
    wager, state, roll = case
    assert impl.settle(wager, state, roll) == impl.settle(
        wager, state, Roll(roll.die_2, roll.die_1))


@settings(max_examples=60)
@given(valid_inputs())
def test_spec_evaluated_concretely_matches_impl(case: tuple[str, State, Roll]) -> None:
    wager, state, roll = case
    s = impl.settle(wager, state, roll)
    fired = spec.firing(spec.wager(wager),
                        spec.ConcreteState(state.come_out, state.point or 0, state.working),
                        roll.die_1, roll.die_2)
    assert {(f.decision, f.net, f.next_point) for _, f in fired} == {
        (s.decision.value, s.net, s.point or 0)}
