"""Each clause's settlements, transcribed by hand from the text, checked on both sides."""

from __future__ import annotations

from typing import Any

import pytest

from tests.craps import expectations as ex
from tests.craps.settle_both import impl_outcome, spec_outcome


def _check(wager: str, roll: tuple[int, int], state: dict[str, Any], readings: dict[str, str],
           expected: Any) -> None:
    assert spec_outcome(wager, roll, readings=readings, **state) == expected, "spec"
    assert impl_outcome(wager, roll, readings=readings, **state) == expected, "impl"


@pytest.mark.parametrize(("wager", "roll", "state", "readings", "expected"), ex.R3_95_15_1)
def test_r3_95_15_1_hard_ways(wager: str, roll: tuple[int, int], state: dict[str, Any],
                              readings: dict[str, str], expected: Any) -> None:
    _check(wager, roll, state, readings, expected)


@pytest.mark.parametrize(("wager", "roll", "state", "readings", "expected"), ex.R3_95_15_2_TO_7)
def test_r3_95_15_2_to_7_one_roll_wagers(wager: str, roll: tuple[int, int],
                                         state: dict[str, Any], readings: dict[str, str],
                                         expected: Any) -> None:
    _check(wager, roll, state, readings, expected)


@pytest.mark.parametrize(("wager", "roll", "state", "readings", "expected"),
                         ex.R3_95_15_8_10_11)
def test_r3_95_15_8_10_11_horn_world_three_way(wager: str, roll: tuple[int, int],
                                               state: dict[str, Any], readings: dict[str, str],
                                               expected: Any) -> None:
    _check(wager, roll, state, readings, expected)


@pytest.mark.parametrize(("wager", "roll", "state", "readings", "expected"), ex.R3_95_15_9)
def test_r3_95_15_9_hop(wager: str, roll: tuple[int, int], state: dict[str, Any],
                        readings: dict[str, str], expected: Any) -> None:
    _check(wager, roll, state, readings, expected)


@pytest.mark.parametrize(("wager", "roll", "state", "readings", "expected"), ex.R3_95_16)
def test_r3_95_16_associate_chances(wager: str, roll: tuple[int, int], state: dict[str, Any],
                                    readings: dict[str, str], expected: Any) -> None:
    _check(wager, roll, state, readings, expected)


@pytest.mark.parametrize(("wager", "roll", "state", "readings", "expected"), ex.SINGLE_CHANCE)
def test_conv_single_chance(wager: str, roll: tuple[int, int], state: dict[str, Any],
                            readings: dict[str, str], expected: Any) -> None:
    _check(wager, roll, state, readings, expected)


@pytest.mark.parametrize(("wager", "roll", "state", "readings", "expected"),
                         ex.ODDS_NOTATION_FOR)
def test_odds_notation_for_takes_the_unit_off_each_winning_share(
        wager: str, roll: tuple[int, int], state: dict[str, Any], readings: dict[str, str],
        expected: Any) -> None:
    _check(wager, roll, state, readings, expected)


def test_conv_single_chance_come_names_its_own_first_roll_never_the_come_out_roll() -> None:
    """Issue 24, item 4: a Come or Don't Come bet is placed off the table's come-out roll, so
    its rules name the bet's own first roll as its come roll, never as a "come-out roll" (a
    refutation printed "come-out roll: wins on 2, 3" above "not a come-out roll")."""
    from casino_proofs.spec.catalogue import wager

    for name in ("come", "dont-come"):
        labels = [rule.label for rule in wager(name).rules]
        first = [label for label in labels if not label.startswith("point set")]
        assert first and all(label.startswith("come roll (the bet's own first roll, not the "
                                              "table's come-out roll): ") for label in first)
    assert any(rule.label.startswith("come-out roll: ") for rule in wager("dont-pass").rules)
