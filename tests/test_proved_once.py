"""A wager's obligations are worked out once a process for the same question
(proofs/craps/obligations/proved_once.py): the same specification asked of the same answers,
by the same code, gets a copy of the first results; anything else is worked out again."""

from __future__ import annotations

from typing import Any

import pytest

from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.craps.obligations import proved_once
from casino_proofs.obligations.verdict import Result, Verdict
from tests.mustfail.craps_mutants import MUTANTS

WAGER = "hard-6"


def _said(results: list[Result]) -> list[tuple[Any, ...]]:
    """What each result says, but for its time and its resource count."""
    return [(r.obligation, r.verdict, r.detail, r.counterexample, r.core, r.smt,
             r.enumeration, r.smt_verdict, r.conventions, r.cause) for r in results]


def test_the_same_question_gets_a_copy_of_what_a_fresh_working_out_says() -> None:
    proved_once.forget()
    first = check_craps(wagers=[WAGER])
    copied = check_craps(wagers=[WAGER])
    assert (proved_once.WORKED[WAGER], proved_once.COPIED[WAGER]) == (1, 1)
    proved_once.forget()
    fresh = check_craps(wagers=[WAGER])
    assert proved_once.WORKED[WAGER] == 1
    assert _said(copied) == _said(first) == _said(fresh)
    assert {r.verdict for r in copied} == {Verdict.PROVED}


def test_other_answers_to_a_wager_s_questions_are_worked_out_again() -> None:
    """Must fail: a wrong implementation of a wager checked after the right one in one
    process is worked out again, and REFUTED on exactly its mutant's obligations (never
    given the right one's PROVED)."""
    mutant = next(m for m in MUTANTS if m.wager == WAGER)
    proved_once.forget()
    check_craps(wagers=[WAGER])
    results = check_craps(settle=mutant.settle, wagers=[WAGER])
    assert (proved_once.WORKED[WAGER], proved_once.COPIED[WAGER]) == (2, 0)
    refuted = {r.obligation.id for r in results if r.verdict is Verdict.REFUTED}
    assert refuted == mutant.refuted


def test_a_patched_proof_is_worked_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Must fail: the same question asked after a function of the proofs was patched in the
    process (a mutation hook, a test's patch) is worked out again by the patched code, never
    copied from before (issue 34: one process, two answers to one question)."""
    import casino_proofs.craps.obligations.agrees as agrees

    proved_once.forget()
    check_craps(wagers=[WAGER])
    monkeypatch.setattr(agrees, "same", lambda *_a: True)
    check_craps(wagers=[WAGER])
    assert (proved_once.WORKED[WAGER], proved_once.COPIED[WAGER]) == (2, 0)
