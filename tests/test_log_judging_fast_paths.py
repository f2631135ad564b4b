"""Issue 45, item 2: the short cuts a session log's judging takes (a case that holds counted
and no more, a script's first failure worked out once, subjects and roll labels made once)
never hide a fault: a wrong settlement after the first of its input, a placement refused
where the rules take it, each still REFUTED with its witness; a value the caches do not
hold is worked out as before."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from casino_proofs import spec
from casino_proofs.craps.table.judging import expected, observe
from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.observe import Played, read_script
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.judging.settlements import _first_failure, first_failure
from casino_proofs.craps.table.model.abstract import roll_label
from casino_proofs.craps.table.obligations.table_run import read_run, setting_of
from casino_proofs.craps.table.scripts.planner import Bet, Script
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.protocol.money import Money

WAGERS = ("pass", "pass-odds", "any-7", "hard-6")
#: a shooter's come-out, a point of 6 with odds and a Hard 6, two rolls, any-7 bet each roll
EVENTS: tuple[dict[str, Any], ...] = (
    {"place": "b1", "wager": "pass", "amount": 10},
    {"place": "b2", "wager": "any-7", "amount": 10},
    {"roll": [4, 2]},
    {"place": "b3", "wager": "pass-odds", "amount": 10, "on": "b1"},
    {"place": "b4", "wager": "hard-6", "amount": 10},
    {"place": "b5", "wager": "any-7", "amount": 10},
    {"roll": [5, 4]},
    {"place": "b6", "wager": "any-7", "amount": 10},
    {"roll": [3, 3]},
)


@pytest.fixture(scope="module")
def setting() -> Setting:
    specs = offered_specs(WAGERS, spec.Readings())
    return setting_of(specs, WAGERS, Money.read({"unit": "1", "rounding": "exact"}),
                      Policies())


def _session(line: int, answers: list[Any]) -> tuple[Script, Any]:
    bets = {e["place"]: Bet(e["place"], e["wager"], False, e.get("on"))
            for e in EVENTS if "place" in e}
    return Script(f"line {line}", "log", EVENTS, bets), answers


def _results(setting: Setting, wrong: list[Any]) -> dict[str, Result]:
    """The table obligations of a log of two sessions: the table's own answers, then
    ``wrong`` (answers to the same events)."""
    right = expected.answers(setting, EVENTS)
    run = read_run([_session(1, right), _session(2, wrong)], setting, plans=False)
    return {r.obligation.id: r for r in run.results(offered_specs(WAGERS, spec.Readings()))}


def test_the_table_s_own_answers_prove_the_table_obligations(setting: Setting) -> None:
    results = _results(setting, expected.answers(setting, EVENTS))
    assert results["craps/table/history"].verdict is Verdict.PROVED
    assert results["craps/table/placement"].verdict is Verdict.PROVED


def test_r3_95_15_2_any_7_paid_on_a_9_after_its_first_settlement_is_refuted_by_history(
        setting: Setting) -> None:
    wrong = copy.deepcopy(expected.answers(setting, EVENTS))
    entry = next(b for b in wrong[6]["bets"] if b["bet"] == "b5")
    assert entry == {"bet": "b5", "paid": 0, "returned": 0, "stays": False, "point": None}
    entry.update(paid=40, returned=10)  # won at 4 to 1 on a 9: the second session only
    history = _results(setting, wrong)["craps/table/history"]
    assert history.verdict is Verdict.REFUTED
    assert history.counterexample is not None
    assert history.counterexample["where"] == "the session on line 2, event 7"
    assert history.counterexample["input"]["wager"] == "any-7"


def test_a_placement_refused_where_the_rules_take_it_is_refuted_with_its_witness(
        setting: Setting) -> None:
    wrong = copy.deepcopy(expected.answers(setting, EVENTS))
    wrong[4] = {"refused": "no Hard Ways here"}  # the Hard 6, at event 5
    placement = _results(setting, wrong)["craps/table/any-time"]
    assert placement.verdict is Verdict.REFUTED
    assert placement.counterexample is not None
    assert placement.counterexample["where"] == "the session on line 2, event 5"
    assert placement.counterexample["expected"] == "accepted"


def test_a_script_s_first_failure_worked_out_once_is_its_first_failure(
        setting: Setting) -> None:
    answers = copy.deepcopy(expected.answers(setting, EVENTS))
    answers[3] = {"refused": "no odds"}  # event 4, the odds
    answers[4] = {"refused": "no Hard Ways"}  # event 5
    played = Played(track=False)
    script, _ = _session(1, answers)
    read_script(script, answers, played, setting)
    assert first_failure(played) == _first_failure(played) == (4, "placement")
    assert first_failure(played) == (4, "placement")  # asked again: the same


def test_a_roll_label_is_worked_out_for_dice_the_kept_labels_do_not_hold() -> None:
    assert roll_label([3, 3]) == "6 the hard way" and roll_label([6, 5]) == "11"
    assert roll_label([True, 1]) == "2"
    assert roll_label([1.0, 3.0]) == "4.0 the easy way"  # never the kept "4 the easy way"


def test_the_subjects_kept_of_a_hostile_log_s_wagers_stay_within_their_bound(
        setting: Setting, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observe, "_WINS_KEPT", 4)
    monkeypatch.setattr(observe, "_ANSWERED", {})
    events = tuple({"place": f"b{n}", "wager": f"made-up-{n}", "amount": 1} for n in range(12))
    played = Played(track=False)
    read_script(Script("line 1", "log", events, {}), [{"refused": "no"}] * 12, played,
                setting)
    assert len(observe._ANSWERED) <= 4
    assert {s for s, _v in played.history} == {f"place|made-up-{n}|refused" for n in range(12)}
