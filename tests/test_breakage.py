"""The text is silent on a payout that is not a whole number of units (ambiguity
silence-payout-units, convention conv-money-round-once): the ambiguity is material, and the PAR
sheet shows what a rounding keeps. Expected values worked out by hand."""

from __future__ import annotations

import json

import pytest

from casino_proofs.analyses.par.breakage import breakage
from casino_proofs.command.main import main


def test_r3_95_16_2_s4_dont_pass_odds_breakage_worked_by_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Don't Pass odds from a point of 4 win with probability 2/3 (six 7s against three 4s) at
    1 to 2: a stake of 5 units wins 5/2 exactly, floor pays 2, keeping 1/2 a win: 1/3 a bet.
    From 6: probability 6/11 at 5 to 6, 25/6 exactly, floor 4, 1/6 kept: 1/11 a bet."""
    assert main(["par", "--only", "craps", "--wagers", "dont-pass-odds", "--stake", "5",
                 "--format", "json"]) == 0
    rows = {r["start"]: r["breakage"] for r in json.loads(capsys.readouterr().out)["craps"]
            if r["reading"] == "base"}
    assert rows["point 4"]["kept_per_bet"] == "1/3"
    assert rows["point 6"]["kept_per_bet"] == "1/11"
    assert rows["point 6"]["kept_per_unit"] == "1/55"


def test_conv_money_round_once_half_up_can_give_to_the_player() -> None:
    """At 5 to 6 a stake of 1 unit wins 5/6: half-up pays 1, giving 1/6 on each win."""
    got = breakage([{"decision": "win", "net": "5/6", "probability": "6/11"},
                    {"decision": "lose", "net": "-1", "probability": "5/11"}], 1, "half-up")
    assert got["kept_per_bet"] == "-1/11"


def test_exact_rounding_names_the_stake_it_refuses() -> None:
    got = breakage([{"decision": "win", "net": "5/6", "probability": "6/11"}], 5, "exact")
    assert "a stake of 5 is refused" in got["refused"] and got["kept_per_bet"] == "0"


def test_rounding_without_a_stake_is_one_usage_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "--only", "craps", "--rounding", "floor"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.exhaustive  # the registry test decides this entry too
def test_silence_payout_units_is_material_with_its_witness(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ambiguities", "--quiet", "--format", "json"]) == 0
    found = [a for a in json.loads(capsys.readouterr().out)["ambiguities"]
             if a["id"] == "silence-payout-units"]
    assert {a["compared"][1]: a["delta"] for a in found} == {
        "floor": "-5/6", "half-up": "1/6", "half-even": "1/6"}
    assert all(a["material"] and "conv-money-round-once" in a["clauses"] for a in found)


def test_a_stake_past_its_maximum_is_one_line_naming_the_maximum(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["par", "--only", "craps", "--stake", str(10**40)])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "at most 1,000,000,000,000" in err
    assert err.count("\n") == 1
