"""Exact house edges: values derived by hand in each docstring, spec and impl agreeing, the
player-advantage flags, and a wrong implementation caught."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from casino_proofs import impl
from casino_proofs.analyses.readings.edge import EdgeRow, edge_rows


@pytest.fixture(scope="module")
def rows() -> list[EdgeRow]:
    return edge_rows()


DEFAULTS = impl.Readings()  # the library's defaults, for wrong implementations


def _edge(rows: list[EdgeRow], wager: str, reading: str = "base", start: str | None = None) -> F:
    for r in rows:
        if r.wager == wager and r.reading == reading and (start is None or r.start == start):
            assert r.house_edge is not None
            return r.house_edge
    raise KeyError((wager, reading))


# Expected loss per unit staked, by hand. One-roll wagers: (ways to lose - ways to win * X)/36.
BY_HAND = [
    ("any-7", F(30 - 6 * 4, 36), "6 ways to win at 4 to 1, 30 to lose: 1/6"),
    ("eleven", F(34 - 2 * 15, 36), "2 ways at 15 to 1: 1/9"),
    ("any-craps", F(32 - 4 * 7, 36), "4 ways at 7 to 1: 1/9"),
    ("craps-2", F(35 - 30, 36), "1 way at 30 to 1: 5/36"),
    ("craps-3", F(34 - 2 * 15, 36), "2 ways at 15 to 1: 1/9"),
    ("craps-12", F(35 - 30, 36), "5/36"),
    ("hop-3-3", F(35 - 30, 36), "a pair called: 1 way at 30 to 1"),
    ("hop-2-4", F(34 - 2 * 15, 36), "2 ways at 15 to 1"),
    # Horn split in quarters: 2 and 12 net 27/4, 3 and 11 net 3, 30 ways lose:
    # (30 - 27/4 - 27/4 - 2*3 - 2*3)/36 = 1/8.
    ("horn", F(30) / 36 - (F(27, 4) * 2 + 3 * 4) / 36, "1/8"),
    # World in fifths: 2 and 12 net 26/5, 3 and 11 net 11/5, 7 nets 0 (6 ways), 24 ways lose.
    ("world", F(24, 36) - (F(26, 5) * 2 + F(11, 5) * 4) / 36, "2/15"),
    # 3-Way Craps in thirds: 2 and 12 net 28/3, 3 nets 13/3 (2 ways), 32 ways lose.
    ("three-way-craps", F(32, 36) - (F(28, 3) * 2 + F(13, 3) * 2) / 36, "7/54"),
    # Hard ways, counting only the rolls that decide them: hard 6 wins 1 way at 9 to 1, loses
    # on 6 sevens and 4 easy sixes: (10 - 9)/11. Hard 4: 6 sevens and 2 easy fours: (8 - 7)/9.
    ("hard-6", F(10 - 9, 11), "1/11"),
    ("hard-8", F(10 - 9, 11), "1/11"),
    ("hard-4", F(8 - 7, 9), "1/9"),
    ("hard-10", F(8 - 7, 9), "1/9"),
    # Pass: wins 8/36 on the come-out, then a point p (ways w) wins w/(w+6): total 244/495.
    ("pass", 1 - 2 * F(244, 495), "7/495"),
    ("come", 1 - 2 * F(244, 495), "as pass, from its own come roll"),
    # Don't pass with 12 a standoff that stays: wins 949, loses 976 of 1925 decided outcomes.
    ("dont-pass", F(976 - 949, 1925), "27/1925"),
]


@pytest.mark.parametrize(("wager", "expected", "why"), BY_HAND, ids=[w for w, _e, _y in BY_HAND])
def test_house_edge_derived_by_hand(rows: list[EdgeRow], wager: str, expected: F,
                                    why: str) -> None:
    assert _edge(rows, wager) == expected, why


def test_r3_95_16_associate_chances_pay_true_odds(rows: list[EdgeRow]) -> None:
    for r in rows:
        if r.wager.endswith("-odds") and r.reading in ("base", "associate-push=stake-returned",
                                                        "inactive-odds=follow",
                                                        "come-out-scope=all-associate"):
            assert r.house_edge == 0, r


def test_conv_dont_standoff_push_gives_the_usual_figure(rows: list[EdgeRow]) -> None:
    """With the standoff returned (stake back), the usual 3/220: (976 - 949)/1980."""
    assert _edge(rows, "dont-pass", "dont-standoff=push") == F(976 - 949, 1980)


def test_spec_and_impl_agree_on_every_row(rows: list[EdgeRow]) -> None:
    assert all(r.agree for r in rows), [r for r in rows if not r.agree]


def test_positive_expectation_readings_are_flagged(rows: list[EdgeRow]) -> None:
    """Hop 2-4 read as a total (6): 4 ways at 15 to 1, 1 way (3-3) at 30 to 1, 31 ways lose:
    the player expects (60 + 30 - 31)/36 = 59/36."""
    assert _edge(rows, "hop-2-4", "hop-call=total") == F(-59, 36)
    flagged = {(r.wager, r.reading) for r in rows if r.player_advantage}
    assert ("hop-2-4", "hop-call=total") in flagged
    assert ("horn", "combined-payout=whole") in flagged
    assert all(r.reading != "base" for r in rows if r.player_advantage)


def test_a_reading_that_leaves_a_gap_has_no_edge(rows: list[EdgeRow]) -> None:
    r = next(r for r in rows if r.wager == "hard-6" and r.reading == "hard-ways-payout=both")
    assert r.house_edge is None and "no clause decides roll 3,3" in r.note


def test_wrong_implementation_is_caught_by_the_edge_cross_check() -> None:
    def any_7_pays_5(w: str, state: impl.State, roll: impl.Roll,
                     readings: impl.Readings = DEFAULTS) -> impl.Settlement:
        s = impl.settle(w, state, roll, readings)
        return replace(s, net=F(5)) if w == "any-7" and s.decision is impl.Decision.WIN else s

    from casino_proofs.adapters.ours import OurImplementation

    bad = edge_rows(wagers=["any-7"], engine=OurImplementation(settle=any_7_pays_5))
    assert bad and not any(r.agree for r in bad)
    # 6 ways at 5 to 1 against 30 losing ways: the wrong impl's edge is (30 - 30)/36 = 0.
    assert bad[0].house_edge == F(1, 6) and bad[0].impl_edge == F(30 - 30, 36)


def test_odds_notation_for_costs_a_split_wager_a_fifth_of_each_winning_share(
        rows: list[EdgeRow]) -> None:
    """World under odds-notation=for: 2 and 12 net (30 - 1)/5 - 4/5 = 5 (1 way each), 3 and
    11 net (15 - 1)/5 - 4/5 = 2 (2 ways each), 7 nets (4 - 1)/5 - 4/5 = -1/5 (6 ways), 24
    ways lose: expected net (5 + 5 + 2*2 + 2*2 - 6/5 - 24)/36 = -1/5, a house edge of 1/5
    (the base's 2/15 and a fifth of a unit on each of the 12 winning ways in 36: 1/15). Horn:
    2, 12 net 29/4 - 3/4 = 13/2, 3, 11 net 14/4 - 3/4 = 11/4, 30 ways lose:
    (2*13/2 + 4*11/4 - 30)/36 = -1/6 (the base's 1/8 and a quarter on 6 ways in 36: 1/24)."""
    assert _edge(rows, "world", "odds-notation=for") == F(1, 5)
    assert _edge(rows, "world", "odds-notation=for") == _edge(rows, "world") + F(12, 36 * 5)
    assert _edge(rows, "horn", "odds-notation=for") == F(1, 6)
    assert _edge(rows, "horn", "odds-notation=for") == _edge(rows, "horn") + F(6, 36 * 4)
