"""The exhaustive Pai Gow proof run: verdicts, hand counts, the silence report and the digest
of the order, pinned."""

from __future__ import annotations

from math import comb

import pytest

from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.obligations import PaiGowOutcome

#: Each rests on the whole deck's run (about 50 s of CPU): CI runs them with -m exhaustive,
#: after ``casino-proofs check --all-readings`` has proved the same obligations.
pytestmark = pytest.mark.exhaustive


def test_every_paigow_obligation_is_proved(paigow_outcome: PaiGowOutcome) -> None:
    bad = [(r.obligation.id, r.verdict.value, r.detail) for r in paigow_outcome.results
           if r.verdict is not Verdict.PROVED]
    assert not bad
    assert paigow_outcome.hands == {"high": comb(53, 5), "low": comb(53, 2)}
    assert comb(53, 5) == 2_869_685 and comb(53, 2) == 1_378


def _hands(outcome: PaiGowOutcome, scope: str, name: str) -> int:
    for r in outcome.results:
        if r.obligation.id == f"paigow/{scope}/combination/{name}":
            return int(r.detail.split()[0].replace(",", ""))
    raise KeyError(name)


def test_r3_40_combination_counts(paigow_outcome: PaiGowOutcome) -> None:
    """Derived by hand where short: five aces, 4 aces and the joker: 1. Royal flush: 4
    natural, and for each suit the joker standing for any of the 5 cards: 4 * 5 = 20.
    Four-of-a-kind: 13 * 48 = 624 natural; three aces and the joker with any of 48 other
    cards: 4 * 48 = 192; four of another rank and the joker (as an ace): 12. Low hands:
    pairs 13 * 6 = 78 natural and the joker with one of 4 aces: 82. The rest are the
    standard 53-card figures, pinned."""
    high = {
        "five-aces": 1, "royal-flush": 4 + 20, "straight-flush": 180,
        "four-of-a-kind": 624 + 192 + 12, "full-house": 4_368, "flush": 7_804,
        "straight": 20_532, "three-of-a-kind": 63_360, "two-pairs": 138_600,
        "pair": 1_215_024, "no-combination": 1_418_964,
    }
    assert sum(high.values()) == comb(53, 5)
    for name, count in high.items():
        assert _hands(paigow_outcome, "high", name) == count, name
    assert _hands(paigow_outcome, "low", "pair") == 78 + 4
    assert _hands(paigow_outcome, "low", "no-combination") == comb(53, 2) - 82


def _row(outcome: PaiGowOutcome, scope: str, name: str) -> dict[str, object]:
    rows = outcome.silence[scope]["by_combination"]
    return next(r for r in rows if r["combination"] == name)


def test_silence_report_figures_derived_by_hand(paigow_outcome: PaiGowOutcome) -> None:
    """Straights: 10 distinct straights; the text places A-K-Q-J-T, A-2-3-4-5 and 6-5-4-3-2,
    leaving the 7 between them unordered among themselves: C(7,2) = 21 pairs decided by
    conv-tiebreak, 45 - 21 = 24 by the text. Straight flushes: 9 (the royal apart), 6 between
    the three named: C(6,2) = 15. Four-of-a-kind: 13 ranks * 12 kickers = 156 values; the text
    places the 12 with four aces above and the 12 with four twos below the other 132:
    C(12,2) + C(12,2) + C(132,2) = 66 + 66 + 8,646 = 8,778 left to the convention. Flushes:
    C(13,5) - 10 = 1,277 rank sets, none ordered by the text."""
    assert _row(paigow_outcome, "high", "straight") == {
        "combination": "straight", "clause": "r3-40-7", "distinct_values": 10, "pairs": 45,
        "decided_by_text": 24, "decided_by_convention": 21, "convention": "conv-tiebreak"}
    sf = _row(paigow_outcome, "high", "straight-flush")
    assert (sf["distinct_values"], sf["decided_by_convention"]) == (9, 15)
    quads = _row(paigow_outcome, "high", "four-of-a-kind")
    assert (quads["distinct_values"], quads["decided_by_convention"]) == (156, 8_778)
    flush = _row(paigow_outcome, "high", "flush")
    assert (flush["distinct_values"], flush["decided_by_text"]) == (1_277, 0)
    low_pair = _row(paigow_outcome, "low", "pair")
    # 13 pairs; the text places AA above and 22 below the 11 others: C(11,2) = 55 open.
    assert (low_pair["distinct_values"], low_pair["decided_by_convention"]) == (13, 55)


def test_golden_digest_of_the_exhaustive_order(paigow_outcome: PaiGowOutcome) -> None:
    """Any change to how any hand ranks changes these digests."""
    assert paigow_outcome.digest == {
        "high": "1e6b8e22bbb68483a8dddb07b52d3fa0fbb3dedad7139f26cb8dcf553dd47528",
        "low": "bc2aec5443249771e90c7d8517b5aae1419979b1360c2e6db661f6ad04ee4aea",
    }
    assert paigow_outcome.classes == {"high": 9_997, "low": 182}


def test_smt_decided_obligations_are_confirmed_on_every_hand(
        paigow_outcome: PaiGowOutcome) -> None:
    """Dual evidence: non-vacuity and statement soundness, decided by Z3, are confirmed from
    the exhaustive pass; only the abstraction lemma (pairs of hands) is SMT alone."""
    by_id = {r.obligation.id: r for r in paigow_outcome.results}
    assert by_id["paigow/high/nonvacuous/five-aces"].enumeration == "enumeration: 1 hands"
    statement = by_id["paigow/high/statement/r3-40-7:second"]
    assert statement.enumeration.endswith(", 0 on both sides")
    without = [r.obligation.id for r in paigow_outcome.results if not r.enumeration]
    assert without and all("/abstraction/" in i for i in without)
