"""Principle 3, for the faults an outside audit injected by hand (beyond what the mutant
generator makes): each must be REFUTED, never let through, never crashed on."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from casino_proofs import impl
from casino_proofs.command.main import main
from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.impl import paigow
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.assurance.ours import check_paigow
from tests.decks import FACES_ALL_SUITS

DEFAULTS = impl.Readings()


def _refuted(results: list[Any]) -> set[str]:
    assert not any(r.verdict is Verdict.ERROR for r in results), [
        (r.obligation.id, r.detail) for r in results if r.verdict is Verdict.ERROR]
    return {r.obligation.id for r in results if r.verdict is Verdict.REFUTED}


def test_the_library_default_readings_differing_from_the_registry_are_refuted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """settle() as a user calls it is what is proved: a library whose own default reads Hop
    by total is refuted, on the agreement and on library-defaults."""
    # As if impl/craps.py said _DEFAULT_READINGS = Readings(hop_call="total"):
    monkeypatch.setattr(impl.settle, "__defaults__", (impl.Readings(hop_call="total"),))
    refuted = _refuted(check_craps(wagers=["hop-2-4"]))
    assert "craps/hop-2-4/all-states/library-defaults" in refuted
    assert any("/agrees/" in i for i in refuted)


def test_evaluate_with_other_default_readings_is_refuted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paigow.evaluate, "__defaults__", (impl.Readings(joker="ace-only"),))
    # the 21 cards of A, K, Q, J, T and the joker: the joker completes a straight there
    outcome = check_paigow(deck=FACES_ALL_SUITS, workers=1, spec_checks=False)
    refuted = _refuted(outcome.results)
    assert "paigow/high/library-defaults" in refuted


def test_an_impossible_roll_accepted_is_refuted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The implementation's own input validation is an obligation: Roll(0, 6) must be
    refused."""
    monkeypatch.setattr(impl.Roll, "__post_init__", lambda self: None)
    refuted = _refuted(check_craps(wagers=["any-7"]))
    assert "craps/any-7/all-states/validation" in refuted


@pytest.mark.exhaustive  # (the default run keeps the fault under the default reading)
def test_a_fault_under_a_non_default_reading_is_refuted_by_all_readings(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real = impl.settle

    def wrong_when_by_total(w: str, state: impl.State, roll: impl.Roll,
                            readings: impl.Readings = DEFAULTS) -> impl.Settlement:
        s = real(w, state, roll, readings)
        if readings.hop_call == "total" and s.decision is impl.Decision.WIN:
            return replace(s, net=s.net + 1)
        return s

    monkeypatch.setattr("casino_proofs.impl.settle", wrong_when_by_total)
    assert main(["check", "--quiet", "--only", "craps", "--wagers", "hop-2-4"]) == 0
    capsys.readouterr()
    assert main(["check", "--quiet", "--only", "craps", "--wagers", "hop-2-4",
                 "--all-readings"]) == 1
    out = capsys.readouterr().out
    assert "(under the reading hop-call=total)" in out and "REFUTED" in out


def test_compare_breaking_ties_by_suit_is_refuted() -> None:
    """compare() is checked on every hand against its class's representative, not a
    sample."""
    def by_suit(a: Any, b: Any, readings: impl.Readings = DEFAULTS) -> int:
        got = paigow.compare(a, b, readings)
        if got == 0 and len(a) == 5:
            spades_a = sum(c.suit == "s" for c in a)
            spades_b = sum(c.suit == "s" for c in b)
            return (spades_a > spades_b) - (spades_a < spades_b)
        return got

    outcome = check_paigow(compare=by_suit, deck=FACES_ALL_SUITS, workers=1, spec_checks=False)
    assert _refuted(outcome.results) == {"paigow/high/preorder/compare"}


@pytest.mark.parametrize(("name", "change"), [
    ("a float net", lambda s: replace(s, net=float(s.net))),
    ("a decision given as a plain string", lambda s: replace(s, decision=s.decision.value)),
    ("a point after a win", lambda s: replace(s, point=6)),
])
def test_an_answer_of_the_wrong_type_from_our_own_implementation_is_refuted(
        name: str, change: Any) -> None:
    def wrong(w: str, state: impl.State, roll: impl.Roll,
              readings: impl.Readings = DEFAULTS) -> impl.Settlement:
        s = impl.settle(w, state, roll, readings)
        return change(s) if s.decision is impl.Decision.WIN else s

    results = check_craps(settle=wrong, wagers=["any-7"])
    refuted = [r for r in results if r.verdict is Verdict.REFUTED]
    assert refuted, name
    assert all(r.counterexample and r.counterexample["roll"] for r in refuted
               if r.obligation.claim == "agrees")
    assert any("malformed" in str(r.counterexample) for r in refuted)


def test_odds_notation_for_a_combined_wager_taking_the_unit_off_the_whole_stake_is_refuted(
) -> None:
    """The fault both sides had: under odds-notation=for, World on 7 netting -1 (the unit off
    the whole stake) instead of -1/5 (off the winning share)."""
    def whole(w: str, state: impl.State, roll: impl.Roll,
              readings: impl.Readings = DEFAULTS) -> impl.Settlement:
        s = impl.settle(w, state, roll, impl.Readings(**{**readings.__dict__,
                                                         "odds_notation": "to"}))
        if readings.odds_notation == "for" and s.decision is impl.Decision.WIN:
            return replace(s, net=s.net - 1)
        return s

    results = check_craps({"odds-notation": "for"}, settle=whole, wagers=["world"])
    refuted = [r for r in results if r.verdict is Verdict.REFUTED]
    assert refuted
    cex = refuted[0].counterexample
    assert cex is not None and cex["impl"]["net"] != cex["spec"][0]["net"]
    assert Fraction(cex["spec"][0]["net"]) - Fraction(cex["impl"]["net"]) == Fraction(4, 5)
