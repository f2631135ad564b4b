"""Issue 15: a Pai Gow evaluator with only compare(a, b) ("ranking": "compare" in its hello,
docs/engine-protocol.md) is proved on the same obligations, with strengths derived from its
comparisons alone; its faults are refuted with their clause, and a comparison that is not
antisymmetric is never PROVED."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from casino_proofs.adapters.targets import open_target
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.adapters.comparing import ComparingEngine
from casino_proofs.paigow.assurance.ours import check_paigow
from tests.decks import FACES_ALL_SUITS

ROOT = Path(__file__).resolve().parent.parent
ENGINE_JS = ROOT / "examples" / "engines" / "engine.js"
ONE_WAY = ROOT / "tests" / "engines" / "compare" / "one_way.py"
#: two suits of every rank and the joker: 27 cards, 80,730 five-card hands
SMALL_DECK = (*(r * 4 + s for r in range(13) for s in range(2)), 52)
needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (.ci/run installs it)")


def _failed(target: str) -> tuple[dict[str, str], dict[str, int]]:
    engine = open_target(target, 60_000)
    assert isinstance(engine, ComparingEngine)
    try:
        outcome = check_paigow(engine=engine, deck=SMALL_DECK, workers=2, spec_checks=False)
    finally:
        engine.close()
    failed = {r.obligation.id: r.detail for r in outcome.results
              if r.verdict not in (Verdict.PROVED, Verdict.VACUOUS)}
    return failed, outcome.hands


@needs_node
@pytest.mark.exhaustive
def test_r3_40_7_the_wheel_ranked_lowest_by_comparisons_alone_is_refuted() -> None:
    failed, _ = _failed(f"exec:node {ENGINE_JS} --compare-only --fault wheel-lowest")
    assert "paigow/high/order/r3-40-7:second" in failed


@pytest.mark.exhaustive  # 17 s: the one-way comparer ranks each hand by our implementation
def test_a_comparison_that_is_not_antisymmetric_is_refuted() -> None:
    failed, _ = _failed(f"exec:{sys.executable} {ONE_WAY}")
    assert "paigow/high/exhaustive" in failed
    assert "compare is not antisymmetric" in failed["paigow/high/exhaustive"]


@needs_node
def test_about_as_many_comparisons_as_hands() -> None:
    """Sorting the 9,997 + 182 class representatives costs about n log n comparisons once per
    process; then one comparison a hand (the pass asks the 80,730 + 351 hands of the small
    deck, in two workers, each of which sorts the representatives itself)."""
    engine = open_target(f"exec:node {ENGINE_JS} --compare-only", 60_000)
    assert isinstance(engine, ComparingEngine)
    try:
        engine.rank([(0, 4, 8, 12, 16), (0, 4)], {})
        sorting = engine.comparisons
        assert sorting < 20 * (9_997 + 182)
        engine.rank([(0, 4, 8, 12, 17), (1, 4, 8, 12, 16)], {})
        assert engine.comparisons - sorting == 2  # each hand equal to its class's representative
    finally:
        engine.close()


@pytest.mark.exhaustive  # 15 s each: the comparers rank each hand by our implementation
@pytest.mark.parametrize(("comparer", "check"), [("clubless_reversed", "neighbours in other suits"),
                                                 ("kickers_high_to_low", "")])
def test_a_comparator_wrong_on_a_family_of_hands_is_refuted_with_a_pair(
        comparer: str, check: str) -> None:
    """Issue 23: a comparator that reverses every pair of club-less hands was PROVED, since
    every comparison the derivation asks has a representative (which holds a club) on one
    side; one that misreads kickers when a hand is written high to low, likewise. The
    comparator obligation asks other pairs, in other suits and card orders, and refutes
    each with a pair."""
    failed, _ = _failed(f"exec:{sys.executable} {ROOT / 'tests/engines/compare' / comparer}.py")
    detail = failed["paigow/high/comparator/compare"]
    assert "contradict the order derived from its own comparisons" in detail
    assert re.search(r"it answers that (\S\S ){4}\S\S ranks (above|below|ties with) (\S\S ){4}"
                     r"\S\S,", detail), detail
    if check:
        assert f"the first ({check})" in detail


@pytest.mark.exhaustive  # 5 s of CPU: with the exhaustive runs (CI runs both)
@needs_node
def test_r3_40_an_evaluator_with_only_compare_is_proved_and_the_assumption_stated() -> None:
    """A right comparator is PROVED on every obligation (one run over the 21 cards of A, K,
    Q, J, T and the joker: 20,349 + 210 hands), and what is proved of it says the assumption
    it rests on and how hard it was tested."""
    engine = open_target(f"exec:node {ENGINE_JS} --compare-only", 60_000)
    try:
        outcome = check_paigow(engine=engine, deck=FACES_ALL_SUITS, workers=2,
                               spec_checks=False)
    finally:
        engine.close()
    failed = {r.obligation.id: r.detail for r in outcome.results
              if r.verdict not in (Verdict.PROVED, Verdict.VACUOUS)}
    assert failed == {} and outcome.hands == {"high": 20_349, "low": 210}
    found = {r.obligation.id: r for r in outcome.results}
    proved = found["paigow/high/comparator/compare"]
    assert proved.verdict is Verdict.PROVED
    assert "100,000 random pairs" in proved.detail
    assert "rests on its comparisons being one total preorder" in proved.detail
