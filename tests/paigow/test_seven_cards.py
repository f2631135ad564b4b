"""Seven-card frequencies of the combinations of s. 40 (r3-40-1 to r3-40-10, ranked by
r3-40-intro.s1), as a PAR sheet carries them: the counting by rank pattern and flush suit of
casino_proofs.analyses.par.seven_cards checked against brute force on small decks, under both
readings of the joker, and against figures derived by hand for the full deck.

The evaluator is the project's implementation (impl/paigow.py), five card indices mapped to its
cards. The full-deck tables come from one session-scoped fixture, ``full_tables``: a count
takes about a second cold on two cores (0.65 s measured idle, up to 2 s under load, the
evaluator's 9,997 calls included), so they stay in the default run, made once per session and
shared by the tests that read them, rather than being marked slow.
The brute-force comparison on ranks 2 to 8 with the joker (1,560,780 hands, about 4 s a
reading) is marked ``exhaustive``, as the default run's budget keeps to the smaller decks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from math import comb

import pytest

from casino_proofs.analyses.par.seven_cards import (
    FULL_DECK,
    DeckError,
    Rank5,
    brute_force_counts,
    seven_card_counts,
)
from casino_proofs.impl import Readings, cards, paigow

READINGS = ("ace-or-completes", "ace-only")  # reading ``joker`` (conv-joker-ace-or-completes)
JOKER = 52

#: Card index -> the implementation's card: (rank - 2) * 4 + suit, suits c d h s; 52 the joker.
CARD_OF = tuple(cards.parse_card("Jk" if i == JOKER else "23456789TJQKA"[i // 4] + "cdhs"[i % 4])
                for i in range(JOKER + 1))


def evaluator(joker: str) -> Rank5:
    """The implementation's five-card value under reading ``joker``, as a ``Rank5``."""
    readings = Readings(joker=joker)

    def rank5(hand: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        value = paigow.evaluate(tuple(CARD_OF[i] for i in hand), readings)
        return value.combination.value, (value.strength, *value.tiebreak)

    return rank5


class Counted:
    """An evaluator that records the hands it is called on."""

    def __init__(self, rank5: Rank5) -> None:
        self.rank5 = rank5
        self.hands: list[tuple[int, ...]] = []

    def __call__(self, hand: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        self.hands.append(hand)
        return self.rank5(hand)


def deck(ranks: Iterable[int], joker: bool = True) -> tuple[int, ...]:
    """All four suits of each of ``ranks`` (2 to 14), and the joker if ``joker``."""
    naturals = sorted((rank - 2) * 4 + suit for rank in ranks for suit in range(4))
    return (*naturals, *((JOKER,) if joker else ()))


@pytest.fixture(scope="session")
def full_tables() -> dict[str, tuple[dict[str, int], int]]:
    """The full 53-card table under each joker reading, with the evaluator's number of calls."""
    tables = {}
    for joker in READINGS:
        counted = Counted(evaluator(joker))
        tables[joker] = (seven_card_counts(counted), len(counted.hands))
    return tables


def test_card_numbering_is_the_implementations() -> None:
    assert CARD_OF == cards.DECK
    assert (str(CARD_OF[0]), str(CARD_OF[3]), str(CARD_OF[51]), str(CARD_OF[52])) == (
        "2c", "2s", "As", "Jk")
    assert FULL_DECK == tuple(range(53))


# ---------------------------------------------------------------------------------------------
# The method against brute force
# ---------------------------------------------------------------------------------------------

SMALL_DECKS = [  # name, ranks, joker
    # The joker completes 2-6 and, as an ace, A-2-3-4-5 (no natural ace), suited or not.
    ("ranks 2-6 with the joker", range(2, 7), True),
    # Royal flushes (natural and completed by the joker), five aces, A-K-Q-J-T straights.
    ("ranks T-A with the joker", range(10, 15), True),
    # Ranks not all adjacent: natural and joker wheels, flushes that are not straights,
    # five aces, and hands with nothing.
    ("ranks 2-5, 9 and A with the joker", (2, 3, 4, 5, 9, 14), True),
]


@pytest.mark.parametrize("joker", READINGS)
@pytest.mark.parametrize(("name", "ranks", "with_joker"), [
    SMALL_DECKS[0], *(pytest.param(*d, marks=pytest.mark.exhaustive) for d in SMALL_DECKS[1:])],
                         ids=[d[0] for d in SMALL_DECKS])
def test_seven_card_counts_equal_brute_force(name: str, ranks: Iterable[int], with_joker: bool,
                                            joker: str) -> None:
    small = deck(ranks, with_joker)
    rank5 = evaluator(joker)
    counts = seven_card_counts(rank5, small)
    assert counts == brute_force_counts(rank5, small)
    assert sum(counts.values()) == comb(len(small), 7)


@pytest.mark.exhaustive
@pytest.mark.parametrize("joker", READINGS)
def test_seven_card_counts_equal_brute_force_ranks_2_to_8_with_the_joker(joker: str) -> None:
    """29 cards: C(29, 7) = 1,560,780 hands, with flushes, straights and every joker use."""
    small = deck(range(2, 9))
    rank5 = evaluator(joker)
    counts = seven_card_counts(rank5, small)
    assert counts == brute_force_counts(rank5, small)
    assert sum(counts.values()) == comb(29, 7) == 1_560_780


def arbitrary_evaluator(seed: str) -> Rank5:
    """An evaluator with the one property the method relies on (the value depends only on the
    ranks, the joker counted as rank 0, and on whether the natural cards share a suit) and no
    other: values drawn from a hash, many tied, a suited hand as likely to rank below its
    unsuited twin as above it, names a function of the value."""

    def rank5(hand: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        naturals = [i for i in hand if i != JOKER]
        ranks = sorted(0 if i == JOKER else i // 4 + 2 for i in hand)
        suited = len({i % 4 for i in naturals}) == 1
        digest = hashlib.sha256(f"{seed} {ranks} {suited}".encode()).digest()
        value = digest[0] % 40
        return f"class-{value % 6}", (value,)

    return rank5


@pytest.mark.parametrize(("ranks", "with_joker"), [
    (range(2, 8), True),  # 25 cards: flush suits of 4 natural cards and the joker
    (range(2, 8), False),  # 24 cards: flush suits of 5 natural cards
])
def test_seven_card_counts_equal_brute_force_for_any_such_evaluator(ranks: Iterable[int],
                                                                   with_joker: bool) -> None:
    """The suit counting must not lean on the real ranking (a flush beating what its ranks
    give unsuited): every (ranks, suited) class gets an arbitrary value."""
    small = deck(ranks, with_joker)
    rank5 = arbitrary_evaluator("seven-cards")
    counts = seven_card_counts(rank5, small)
    assert counts == brute_force_counts(rank5, small)


@pytest.mark.exhaustive
def test_seven_card_counts_equal_brute_force_for_any_such_evaluator_ranks_2_to_8() -> None:
    small = deck(range(2, 9))
    for seed in ("one", "two"):
        rank5 = arbitrary_evaluator(seed)
        assert seven_card_counts(rank5, small) == brute_force_counts(rank5, small)


def test_workers_do_not_change_the_counts() -> None:
    small = deck((2, 3, 4, 5, 9, 14))
    rank5 = evaluator("ace-or-completes")
    assert seven_card_counts(rank5, small, workers=1) == seven_card_counts(rank5, small,
                                                                           workers=2)


def test_rank5_called_once_per_rank_multiset_and_suitedness() -> None:
    """Ranks 2-6 and the joker. Five natural cards: multisets of 5 of the 5 ranks, C(9, 5) =
    126, less the 5 with five cards of a rank, 121, and suited only with 5 distinct ranks,
    C(5, 5) = 1. The joker and four: C(8, 4) = 70 multisets (four of a rank allowed), suited
    with 4 distinct ranks, C(5, 4) = 5. In all 121 + 1 + 70 + 5 = 197, against C(21, 5) =
    20,349 five-card hands."""
    counted = Counted(evaluator("ace-or-completes"))
    seven_card_counts(counted, deck(range(2, 7)))
    assert len(counted.hands) == len(set(counted.hands)) == 197


def test_rank5_called_9997_times_for_the_full_deck(
        full_tables: dict[str, tuple[dict[str, int], int]]) -> None:
    """Multisets of 5 of the 13 ranks, C(17, 5) = 6,188, less 13 of five cards of a rank:
    6,175; suited, C(13, 5) = 1,287. The joker and four: C(16, 4) = 1,820; suited C(13, 4) =
    715. 6,175 + 1,287 + 1,820 + 715 = 9,997."""
    for joker in READINGS:
        assert full_tables[joker][1] == 9_997, joker


def test_decks_of_partial_ranks_are_refused() -> None:
    rank5 = evaluator("ace-or-completes")
    with pytest.raises(DeckError, match="all four suits"):
        seven_card_counts(rank5, deck(range(2, 8))[1:])  # no 2c
    with pytest.raises(DeckError, match="all different"):
        seven_card_counts(rank5, (*deck(range(2, 8)), 0))


def test_a_value_with_two_combinations_is_refused() -> None:
    def rank5(hand: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
        return ("pair" if JOKER in hand else "no-combination"), (0,)

    small = deck(range(2, 7))
    with pytest.raises(ValueError, match="two combinations"):
        seven_card_counts(rank5, small)
    with pytest.raises(ValueError, match="two combinations"):
        brute_force_counts(rank5, small)


# ---------------------------------------------------------------------------------------------
# The full deck, against figures derived by hand
# ---------------------------------------------------------------------------------------------


def test_full_deck_counts_every_seven_card_hand_once(
        full_tables: dict[str, tuple[dict[str, int], int]]) -> None:
    """C(53, 7) = 53 * 52 * 51 * 50 * 49 * 48 * 47 / 7! = 776,881,123,200 / 5,040 =
    154,143,080, and every combination of s. 40 appears, highest first (r3-40-intro.s1)."""
    assert 53 * 52 * 51 * 50 * 49 * 48 * 47 == 776_881_123_200 == 154_143_080 * 5_040
    order = ["five-aces", "royal-flush", "straight-flush", "four-of-a-kind", "full-house",
             "flush", "straight", "three-of-a-kind", "two-pairs", "pair", "no-combination"]
    for joker in READINGS:
        table = full_tables[joker][0]
        assert sum(table.values()) == 154_143_080 == comb(53, 7), joker
        assert list(table) == order, joker
        assert all(n > 0 for n in table.values()), joker


@pytest.mark.parametrize("joker", READINGS)
def test_r3_40_1_five_aces_in_closed_form(
        joker: str, full_tables: dict[str, tuple[dict[str, int], int]]) -> None:
    """Five aces (r3-40-1) is four aces and the joker. A five-card hand of five aces must be
    those five cards (the deck has four natural aces; under both readings the joker counts as
    an ace), so a seven-card hand holds five aces exactly when it holds all four aces and the
    joker, its 2 other cards any of the other 48: C(48, 2) = 1,128. Five aces ranks highest
    (r3-40-intro.s1), so each of them is counted as five aces; the count being exactly 1,128,
    no other hand is.

    The same on ranks T-A with the joker (16 other cards): C(16, 2) = 120."""
    assert comb(48, 2) == 48 * 47 // 2 == 1_128
    assert full_tables[joker][0]["five-aces"] == 1_128
    small = seven_card_counts(evaluator(joker), deck(range(10, 15)))
    assert small["five-aces"] == 16 * 15 // 2 == 120


def royal_flush_hands(naturals: int, joker: str) -> int:
    """Seven-card hands whose best five-card hand is a royal flush (r3-40-2), in a deck of
    ``naturals`` natural cards (whole ranks, the ten to the ace among them) and the joker.

    Best is a royal flush exactly when the hand holds a royal flush and not five aces, the
    only combination above it (r3-40-intro.s1). With m = naturals - 5 natural cards outside
    the A-K-Q-J-T of a suit s, the hands holding a royal flush of suit s:

    - ace-or-completes (conv-joker-ace-or-completes, the joker completes a royal flush): all
      five cards of s without the joker, 2 more of the m: C(m, 2); all five and the joker, 1
      more: m; the joker and exactly four of the five (it completes the fifth): 5 * C(m, 2).
      In all 6 * C(m, 2) + m.
    - ace-only (the joker is only an ace; with it, a hand is never suited): all five natural
      cards of s, 2 more of the m + 1 other cards (the joker among them): C(m + 1, 2).

    No hand holds royal flushes of two suits (at least 4 + 4 cards and the joker, or 5 + 5,
    are more than 7), so the four suits add up; and none also holds five aces (the four aces
    and the joker, and besides the ace of s at least three of its K, Q, J, T: 8 cards or more).
    """
    m = naturals - 5
    per_suit = 6 * comb(m, 2) + m if joker == "ace-or-completes" else comb(m + 1, 2)
    return 4 * per_suit


def test_r3_40_2_royal_flush_in_closed_form(
        full_tables: dict[str, tuple[dict[str, int], int]]) -> None:
    """Full deck, m = 47: 4 * (6 * 1,081 + 47) = 4 * 6,533 = 26,132 with the joker completing,
    4 * C(48, 2) = 4 * 1,128 = 4,512 with the joker only an ace. Ranks T-A and the joker,
    m = 15: 4 * (6 * 105 + 15) = 2,580, and 4 * C(16, 2) = 480."""
    assert royal_flush_hands(52, "ace-or-completes") == 4 * (6 * 1_081 + 47) == 26_132
    assert royal_flush_hands(52, "ace-only") == 4 * 1_128 == 4_512
    assert royal_flush_hands(20, "ace-or-completes") == 4 * (6 * 105 + 15) == 2_580
    assert royal_flush_hands(20, "ace-only") == 4 * 120 == 480
    for joker in READINGS:
        assert full_tables[joker][0]["royal-flush"] == royal_flush_hands(52, joker), joker
        small = seven_card_counts(evaluator(joker), deck(range(10, 15)))
        assert small["royal-flush"] == royal_flush_hands(20, joker), joker


@pytest.mark.exhaustive  # (the default run keeps the smaller decks against brute force)
def test_52_cards_without_the_joker_give_the_classic_seven_card_table() -> None:
    """Without the joker the readings agree and s. 40 is standard poker (A-2-3-4-5 ranked
    second changes no combination), so the table is the classic seven-card one, C(52, 7) =
    133,784,560 hands. By hand: royal flush, the five cards of one suit and 2 of the other 47:
    4 * C(47, 2) = 4,324; four-of-a-kind, the four cards of one rank and 3 of the other 48:
    13 * C(48, 3) = 13 * 17,296 = 224,848, always the best (a suit then holds at most 1 + 3
    cards, no straight flush; two fours need 8 cards; five aces needs the joker). The other
    figures are the classic published ones (straight flush 37,260, ...; e.g. "Poker
    probability", seven-card frequencies), not derived here."""
    table = seven_card_counts(evaluator("ace-or-completes"), FULL_DECK[:52])
    assert table == {
        "royal-flush": 4 * 1_081, "straight-flush": 37_260,
        "four-of-a-kind": 13 * 17_296, "full-house": 3_473_184, "flush": 4_047_644,
        "straight": 6_180_020, "three-of-a-kind": 6_461_620, "two-pairs": 31_433_400,
        "pair": 58_627_800, "no-combination": 23_294_460,
    }
    assert sum(table.values()) == comb(52, 7) == 133_784_560
    assert seven_card_counts(evaluator("ace-only"), FULL_DECK[:52]) == table


def test_full_deck_agrees_with_the_published_joker_table(
        full_tables: dict[str, tuple[dict[str, int], int]]) -> None:
    """An independent source, not derived here: B. Alspach, "7-Card Poker Hands with Joker"
    (31 July 2003), the best five-card hand of the 53-card deck, the joker completing
    straights and flushes. It merges royal flushes into straight flushes: 210,964 in all (of
    which it names 26,124 royal, from its bonus-hand categories; the royal count under s. 40's
    best-hand reading is derived in test_r3_40_2_royal_flush_in_closed_form)."""
    table = full_tables["ace-or-completes"][0]
    assert table["royal-flush"] + table["straight-flush"] == 210_964
    assert {k: v for k, v in table.items() if k not in ("royal-flush", "straight-flush")} == {
        "five-aces": 1_128, "four-of-a-kind": 307_472, "full-house": 4_188_528,
        "flush": 6_172_088, "straight": 11_236_028, "three-of-a-kind": 7_470_676,
        "two-pairs": 35_553_816, "pair": 64_221_960, "no-combination": 24_780_420,
    }
