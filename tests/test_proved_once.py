"""A wager's obligations are worked out once a process for the same question
(proofs/craps/obligations/proved_once.py): the same specification asked of the same answers
gets a copy of the first results; anything else is worked out again."""

from __future__ import annotations

from typing import Any

import pytest

from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.craps.obligations import proved_once, run
from casino_proofs.craps.obligations.context import WagerCheck
from casino_proofs.obligations.verdict import Result, Verdict
from tests.mustfail.craps_mutants import MUTANTS

WAGER = "hard-6"


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The wagers whose obligations are worked out (not copied) from now on."""
    worked: list[str] = []
    original = run.check_wager

    def counting(ctx: WagerCheck) -> list[Result]:
        worked.append(ctx.wager.name)
        return original(ctx)
    monkeypatch.setattr(run, "check_wager", counting)
    return worked


def _said(results: list[Result]) -> list[tuple[Any, ...]]:
    """What each result says, but for its time and its resource count."""
    return [(r.obligation, r.verdict, r.detail, r.counterexample, r.core, r.smt,
             r.enumeration, r.smt_verdict, r.conventions, r.cause) for r in results]


def test_the_same_question_gets_a_copy_of_what_a_fresh_working_out_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    proved_once.forget()
    worked = _counted(monkeypatch)
    first = check_craps(wagers=[WAGER])
    copied = check_craps(wagers=[WAGER])
    assert worked == [WAGER]  # the second check copied the first's results
    proved_once.forget()
    fresh = check_craps(wagers=[WAGER])
    assert worked == [WAGER, WAGER]
    assert _said(copied) == _said(first) == _said(fresh)
    assert {r.verdict for r in copied} == {Verdict.PROVED}


def test_other_answers_to_a_wager_s_questions_are_worked_out_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Must fail: a wrong implementation of a wager checked after the right one in one
    process is worked out again, and REFUTED on exactly its mutant's obligations (never
    given the right one's PROVED)."""
    mutant = next(m for m in MUTANTS if m.wager == WAGER)
    proved_once.forget()
    check_craps(wagers=[WAGER])
    worked = _counted(monkeypatch)
    results = check_craps(settle=mutant.settle, wagers=[WAGER])
    assert worked == [WAGER]
    refuted = {r.obligation.id for r in results if r.verdict is Verdict.REFUTED}
    assert refuted == mutant.refuted
