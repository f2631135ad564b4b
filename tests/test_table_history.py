"""A table is a state machine (docs/engine-protocol.md, "Protocol 2"): its faults hide in
history. Each class of fault a vendor could ship that the scripts of protocol 2 once missed is
REFUTED here, citing its clause or convention, with the shortest script that shows it; correct
tables, under every declared policy, are PROVED; a policy that contradicts the text is one
finding; what a table never showed is not established, never a breach.

The faulty tables are ``tests/engines/table/impl_table.py`` (a table on this project's own
implementation) and ``examples/engines/table.js`` (written from the protocol page alone). Every
expected script and amount is worked out by hand from the text.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_proofs.command.main import main

ROOT = Path(__file__).resolve().parent.parent
IMPL_TABLE = ROOT / "tests" / "engines" / "table" / "impl_table.py"
TABLE_JS = ROOT / "examples" / "engines" / "table.js"
needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (.ci/run installs it)")


def _check(capsys: pytest.CaptureFixture[str], engine: str, *argv: str) -> tuple[int, Any]:
    code = main(["check", "--quiet", "--only", "craps", "--format", "json", *argv,
                 "--engine", engine])
    out, _ = capsys.readouterr()
    return code, json.loads(out)


def _failing(doc: Any) -> dict[str, Any]:
    return {o["id"]: o for o in doc["obligations"] if o["verdict"] != "PROVED"}


def _impl(*options: str) -> str:
    return f"play:{sys.executable} {IMPL_TABLE} {' '.join(options)}"


# -- the faults a history shows, each with its shortest script ----------------------------------

def test_conv_table_decided_a_bet_paid_again_on_the_next_roll_is_refuted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """An Any 7 wins on a 7 and leaves the table; listing it on the next roll breaks
    conv-table-decided. Shortest script: place it, roll 6-1, roll again (event 3)."""
    code, doc = _check(capsys, _impl("--fault", "pay-again"), "--wagers", "any-7")
    assert code == 1
    failing = _failing(doc)
    on_table = failing["craps/table/on-table"]
    assert on_table["verdict"] == "REFUTED" and "conv-table-decided" in on_table["clauses"]
    assert 'event 3: the roll\'s answer lists bet "b1" (any-7), which was decided on event 2' \
        in on_table["detail"]
    sessions = failing["craps/table/sessions"]["counterexample"]
    # shrunk to the fewest events that show it: the bet, the roll that decides it, a roll
    placed, decided, after = sessions["script"]
    assert placed["wager"] == "any-7" and "roll" in decided and "roll" in after


def test_conv_table_decided_a_withdrawn_hard_way_kept_in_play_is_refuted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A Hard Way withdrawn (95.15 (1) s5; before its first roll, the table's choice under
    conv-table-withdrawal-scope, which this table takes) has left the table: listing it on
    the next roll is refuted. Shortest: place, withdraw, roll (event 3)."""
    code, doc = _check(capsys, _impl("--fault", "keep-withdrawn"), "--wagers", "hard-4")
    assert code == 1
    on_table = _failing(doc)["craps/table/on-table"]
    assert {"conv-table-decided", "r3-95.15-1.s5"} <= set(on_table["clauses"])
    assert 'event 3: the roll\'s answer lists bet "b1" (hard-4), which was withdrawn' \
        in on_table["detail"]


def test_r3_95_16_1_s4_pass_odds_paid_wrong_from_the_second_shooter_on_are_refuted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Pass odds on a point of 4 pay 2 to 1 (95.16 (1) s4): 2,520 units win 5,040. A table
    that pays 1 to 1 after the first seven-out is refuted on money; the shortest script rolls
    a point and a seven-out, then a Pass bet, its point, its odds, and the point again."""
    code, doc = _check(capsys, _impl("--fault", "second-shooter-odds"), "--wagers",
                       "pass,pass-odds")
    assert code == 1
    money = _failing(doc)["craps/table/money"]
    assert "r3-95.16-1.s4" in money["clauses"] or "r3-95.16-1.s2" in money["clauses"]
    assert "wins 2 per unit, exactly 5,040 units, due 5,040 (floor); the engine paid 2,520" \
        in money["detail"]


def test_conv_money_round_once_a_unit_too_much_from_3000_units_up_is_refuted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Any 7 pays 4 to 1 (95.15 (2)): a stake of 10,000 units wins 40,000, and the table pays
    40,001. The stakes played reach 10^9 units (no limits declared); every stake under 3,000
    is paid right, so only the large ones fail."""
    code, doc = _check(capsys, _impl("--fault", "overpay-from-3000"), "--wagers", "any-7")
    assert code == 1
    money = _failing(doc)["craps/table/money"]
    assert "conv-money-round-once" in money["clauses"]
    assert "any-7 at a stake of 10,000 units wins 4 per unit, exactly 40,000 units, due 40,000 " \
           "(floor); the engine paid 40,001" in money["detail"]


def test_r3_95_16_intro_s1_odds_on_the_wrong_kind_of_line_bet_are_refuted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """95.16: an Associate Chance needs "the corresponding" Single Chance wager: Pass odds on
    a Don't Pass bet must be refused. Shortest: the Don't Pass bet, its point, the odds
    (event 3)."""
    code, doc = _check(capsys, _impl("--fault", "wrong-kind-odds"), "--wagers",
                       "pass,dont-pass,pass-odds,dont-pass-odds")
    assert code == 1
    placement = _failing(doc)["craps/table/placement"]
    assert placement["clauses"][0] == "r3-95.16-intro.s1"
    assert "accepted where it must be refused: an Associate Chance cannot be played unless " \
           "the corresponding Single Chance wager" in placement["detail"]
    assert "event 3: {\"place\": \"b2\", \"wager\": " in placement["detail"]


def test_r3_95_15_1_s6_refused_calls_are_refuted(capsys: pytest.CaptureFixture[str]) -> None:
    """95.15 (1) s6: a Hard Way works on a come-out roll when the player says so; a table that
    refuses every call is refuted. The session shrunk to its shortest: place, call."""
    code, doc = _check(capsys, _impl("--fault", "refuse-calls"), "--wagers", "hard-6")
    assert code == 1
    failing = _failing(doc)
    call = failing["craps/table/call"]
    assert call["clauses"][0] == "r3-95.15-1.s6"
    assert "refused where it must be accepted: the player may say the wager works" \
        in call["detail"]
    placed, called = failing["craps/table/sessions"]["counterexample"]["script"]
    assert str(placed["wager"]).startswith("hard-") and called["call"] == placed["place"]
    # what no script could reach past the refusals is that fault's, one finding with it
    assert failing.get("craps/table/transitions", {"cause": call["cause"]})["cause"] == \
        call["cause"] != ""


# -- what a table did not show is not a breach --------------------------------------------------

@needs_node
def test_a_table_with_no_take_down_is_one_withdrawal_finding_and_no_agrees_refutation(
        capsys: pytest.CaptureFixture[str]) -> None:
    """95.16: an Associate Chance "may always be withdrawn after an inconclusive roll". A
    table that takes nothing down (declaring no policy) is refuted on withdrawal; what its
    refusals kept the scripts from is that finding's, and no input it never saw is refuted."""
    code, doc = _check(capsys, f"play:node {TABLE_JS} --fault no-take-down",
                       "--wagers", "pass,come,pass-odds,come-odds")
    assert code == 1
    failing = _failing(doc)
    refuted = sorted(i for i, o in failing.items() if o["verdict"] == "REFUTED")
    assert not [i for i in refuted if "/agrees/" in i]
    assert len(doc["findings"]) == 1
    finding = doc["findings"][0]
    assert finding["obligations"][0] == "craps/table/withdrawal"
    assert set(finding["obligations"]) == set(failing)
    withdrawal = failing["craps/table/withdrawal"]
    assert withdrawal["clauses"][0] == "r3-95.16-intro.s1"


@needs_node
@pytest.mark.exhaustive  # (the default run keeps a table with no take-down: one finding)
@pytest.mark.parametrize("policy", ["no-take-down", "no-working-call"])
def test_a_declared_policy_that_contradicts_the_text_is_one_finding(
        capsys: pytest.CaptureFixture[str], policy: str) -> None:
    """A correct table that declares it takes nothing down (against 95.15 (1) s5 and 95.16),
    or has no working call (against 95.15 (1) s6 and 95.16 (3)): one finding, the policy's,
    citing those clauses; no obligation is REFUTED for the inputs it keeps the table from."""
    code, doc = _check(capsys, f"play:node {TABLE_JS} --policy {policy}", "--sessions", "5",
                       "--wagers", "pass,come,pass-odds,come-odds,hard-4,hard-6,any-7")
    assert code == 1
    failing = _failing(doc)
    refuted = [i for i, o in failing.items() if o["verdict"] == "REFUTED"]
    assert refuted == [f"craps/table/policies/{policy}"]
    clauses = failing[refuted[0]]["clauses"]
    assert clauses[:2] == {"no-take-down": ["r3-95.15-1.s5", "r3-95.16-intro.s1"],
                           "no-working-call": ["r3-95.15-1.s6", "r3-95.16-3.s3"]}[policy]
    assert len(doc["findings"]) == 1
    assert f"policy-{policy}" in [c["id"] for c in doc["conventions"]]


# -- correct tables are PROVED -------------------------------------------------------------------

@pytest.mark.exhaustive  # (the default run proves the example table, a correct table too)
def test_the_impl_table_is_proved(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = _check(capsys, _impl(), "--sessions", "5")
    assert code == 0, sorted(_failing(doc))


@needs_node
@pytest.mark.exhaustive
@pytest.mark.parametrize("options", [
    "--rounding exact", "--rounding half-even", "--policy odds-limit=3-4-5",
    "--policy odds-limit=2", "--policy one-odds", "--policy payment=per-player",
    "--stake-unit 1", "--max-stake 5000", "--shuffle-bets",
])
def test_a_correct_table_under_each_option_and_policy_is_proved(
        capsys: pytest.CaptureFixture[str], options: str) -> None:
    """Declared policies are named conventions, shown in force: the scripts stay within them,
    and a table that keeps to them is PROVED."""
    code, doc = _check(capsys, f"play:node {TABLE_JS} {options}")
    assert code == 0, sorted(_failing(doc))
    if "--policy" in options:
        name = options.split()[1].split("=")[0]
        said = "payment-per-player" if name == "payment" else name
        assert f"policy-{said}" in [c["id"] for c in doc["conventions"]]


@pytest.mark.parametrize("options", [
    pytest.param("--rounding exact", marks=pytest.mark.exhaustive),
    pytest.param("--policy one-odds", marks=pytest.mark.exhaustive),
    pytest.param("--shuffle-bets", marks=pytest.mark.exhaustive)])
def test_a_correct_impl_table_exact_one_odds_or_any_order_is_proved(
        capsys: pytest.CaptureFixture[str], options: str) -> None:
    code, doc = _check(capsys, _impl(*options.split()), "--wagers",
                       "pass,pass-odds,come,come-odds,hard-4,horn,world")
    assert code == 0, sorted(_failing(doc))


# -- sessions are the same on every run ---------------------------------------------------------

def test_the_sessions_are_derandomized_and_their_budget_is_an_option(
        capsys: pytest.CaptureFixture[str]) -> None:
    runs = [_check(capsys, _impl(), "--wagers", "any-7", "--sessions", "10",
                   "--session-events", "12")[1] for _ in range(2)]
    sessions = [next(o for o in doc["obligations"] if o["id"] == "craps/table/sessions")
                for doc in runs]
    assert sessions[0]["detail"] == sessions[1]["detail"]
    assert sessions[0]["detail"].startswith("10 sessions,")
    assert "(2 each, of at least 10 shooters and 200 rolls" in sessions[0]["description"]
