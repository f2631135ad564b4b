"""Pai Gow Poker hand ranking, s. 40 of r. 3 (clauses r3-40-1 to r3-40-10).

``evaluate(hand)`` gives a five-card high hand or a two-card low hand a ``HandValue``: its
combination and a totally ordered value (compare values, or call ``compare(a, b)``).

Where s. 40 is silent the implementation follows standard poker practice, each point a named
convention (regulation/conventions.toml):

- conv-highest-combination: a hand counts as the highest combination it forms.
- conv-joker-ace-or-completes (reading ``joker``): the joker counts as an ace, or as any card
  not in the hand that completes a straight, a flush, a straight flush or a royal flush;
  conv-joker-best: of these, it takes the one that makes the highest hand.
- conv-no-combination-lowest: a hand with none of the combinations ranks below a pair.
- conv-tiebreak: within a combination, hands compare by the ranks that form the combination,
  then by the remaining cards (kickers), highest first; flushes and hands with no combination
  card by card from the highest; straights and straight flushes not ordered by the text by
  their highest card; suits never rank.
- conv-low-hand: a two-card hand ranks a pair above two unpaired cards, then by rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from casino_proofs.impl.cards import ACE, JOKER, Card, CardError
from casino_proofs.impl.readings import Readings

_DEFAULT_READINGS = Readings()


class Combination(Enum):
    """The combinations of s. 40, highest first (r3-40-intro.s1: they "rank from highest to
    lowest as follows"), and a name for a hand with none of them."""

    FIVE_ACES = "five-aces"  # r3-40-1
    ROYAL_FLUSH = "royal-flush"  # r3-40-2
    STRAIGHT_FLUSH = "straight-flush"  # r3-40-3
    FOUR_OF_A_KIND = "four-of-a-kind"  # r3-40-4
    FULL_HOUSE = "full-house"  # r3-40-5
    FLUSH = "flush"  # r3-40-6
    STRAIGHT = "straight"  # r3-40-7
    THREE_OF_A_KIND = "three-of-a-kind"  # r3-40-8
    TWO_PAIRS = "two-pairs"  # r3-40-9
    PAIR = "pair"  # r3-40-10
    NO_COMBINATION = "no-combination"  # conv-no-combination-lowest

    @property
    def strength(self) -> int:
        """10 for five aces down to 0 for no combination."""
        return _STRENGTH[self]

    @property
    def clause(self) -> str:
        if self is Combination.NO_COMBINATION:
            return "conv-no-combination-lowest"
        return f"r3-40-{len(Combination) - _STRENGTH[self]}"


_STRENGTH = {c: len(Combination) - 1 - i for i, c in enumerate(Combination)}


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand's place in the ranking: compared by ``strength`` then ``tiebreak``."""

    strength: int
    tiebreak: tuple[int, ...]
    combination: Combination = field(compare=False)
    size: int = field(compare=False, default=5)


#: r3-40-7: straights from the highest, named by their highest card (5 for A-2-3-4-5):
#: A-K-Q-J-T highest, A-2-3-4-5 second, 6-5-4-3-2 lowest; between them, by highest card
#: (conv-tiebreak).
STRAIGHT_ORDER = (14, 5, 13, 12, 11, 10, 9, 8, 7, 6)
#: r3-40-3: straight flushes from the highest (A-K-Q-J-T suited is the royal flush, r3-40-2):
#: A-2-3-4-5 highest, K-Q-J-T-9 second, 6-5-4-3-2 lowest; between them by highest card.
STRAIGHT_FLUSH_ORDER = (5, 13, 12, 11, 10, 9, 8, 7, 6)


def _straight_top(ranks: set[int]) -> int | None:
    """The highest card of the straight five distinct ranks form (5 for A-2-3-4-5), or None."""
    if len(ranks) != 5:
        return None
    if ranks == {ACE, 2, 3, 4, 5}:
        return 5
    top = max(ranks)
    return top if top - min(ranks) == 4 else None


def _value(combination: Combination, tiebreak: tuple[int, ...], size: int = 5) -> HandValue:
    return HandValue(combination.strength, tiebreak, combination, size)


def _evaluate_natural(ranks: list[int], flush: bool) -> HandValue:
    """Five cards' ranks, none of them the joker, and whether they share a suit: the hand's
    value (which depends on nothing else, so it is remembered by ranks and flush)."""
    return _evaluate_ranks(tuple(sorted(ranks)), flush)


@cache
def _evaluate_ranks(ranks: tuple[int, ...], flush: bool) -> HandValue:
    """Five cards, none of them the joker (or the joker already given a value), by their
    ranks in increasing order.

    Tried from the highest combination down (conv-highest-combination): r3-40-1.s1 five aces,
    r3-40-2.s1 royal flush, r3-40-3.s1 straight flush (ordered by r3-40-3.s2), r3-40-4.s1
    four-of-a-kind, r3-40-5.s1 full house, r3-40-6.s1 flush, r3-40-7.s1 straight,
    r3-40-8.s1 three-of-a-kind, r3-40-9.s1 two pairs, r3-40-10.s1 pair; then no combination.
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    if counts.get(ACE, 0) == 5:
        return _value(Combination.FIVE_ACES, ())
    top = _straight_top(set(ranks))
    if flush and top == ACE:
        return _value(Combination.ROYAL_FLUSH, ())
    if flush and top is not None:
        order = STRAIGHT_FLUSH_ORDER
        return _value(Combination.STRAIGHT_FLUSH, (len(order) - order.index(top),))
    # Ranks grouped by how many cards share them, larger groups first, then higher ranks.
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    sizes = [counts[r] for r in groups]
    if sizes[0] == 4:
        return _value(Combination.FOUR_OF_A_KIND, tuple(groups))
    if sizes[:2] == [3, 2]:
        return _value(Combination.FULL_HOUSE, tuple(groups))
    if flush:
        return _value(Combination.FLUSH, tuple(sorted(ranks, reverse=True)))
    if top is not None:
        return _value(Combination.STRAIGHT, (len(STRAIGHT_ORDER) - STRAIGHT_ORDER.index(top),))
    if sizes[0] == 3:
        return _value(Combination.THREE_OF_A_KIND, tuple(groups))
    if sizes[:2] == [2, 2]:
        return _value(Combination.TWO_PAIRS, tuple(groups))
    if sizes[0] == 2:
        return _value(Combination.PAIR, tuple(groups))
    return _value(Combination.NO_COMBINATION, tuple(groups))


def _evaluate_with_joker(naturals: Sequence[Card], readings: Readings) -> HandValue:
    """Four cards and the joker: the best of the values the joker may take (conv-joker-best).

    Reading ``joker``: ``ace-or-completes`` (conv-joker-ace-or-completes) or ``ace-only``.
    """
    ranks = [c.rank for c in naturals]
    # The joker as an ace (of no suit: it completes no flush this way).
    best = _evaluate_natural([*ranks, ACE], flush=False)
    if readings.joker == "ace-only":
        return best
    suited = len({c.suit for c in naturals}) == 1
    candidates = {r for r in range(2, ACE + 1) if r not in ranks
                  and _straight_top({*ranks, r}) is not None}
    if suited:
        # Completing the flush: the highest rank the suit is missing gives the best flush.
        candidates.add(max(r for r in range(2, ACE + 1) if r not in ranks))
    for r in candidates:
        best = max(best, _evaluate_natural([*ranks, r], flush=suited))
    return best


def _evaluate_low(hand: Sequence[Card]) -> HandValue:
    """A two-card low hand (r3-40-10 and conv-low-hand); the joker counts as an ace."""
    ranks = sorted((ACE if c.is_joker else c.rank for c in hand), reverse=True)
    if ranks[0] == ranks[1]:
        return _value(Combination.PAIR, (ranks[0],), size=2)
    return _value(Combination.NO_COMBINATION, tuple(ranks), size=2)


def evaluate(hand: Sequence[Card], readings: Readings = _DEFAULT_READINGS) -> HandValue:
    """The value of a five-card high hand or a two-card low hand."""
    if len(set(hand)) != len(hand):
        raise CardError("a hand's cards are all different")
    if len(hand) == 2:
        return _evaluate_low(hand)
    if len(hand) != 5:
        raise CardError(f"a hand has 5 or 2 cards, not {len(hand)}")
    if JOKER in hand:
        return _evaluate_with_joker([c for c in hand if c != JOKER], readings)
    ranks, suits = zip(*hand, strict=True)
    return _evaluate_ranks(tuple(sorted(ranks)), len(set(suits)) == 1)


def compare(a: Sequence[Card], b: Sequence[Card],
            readings: Readings = _DEFAULT_READINGS) -> int:
    """1 if hand ``a`` ranks higher, -1 if ``b`` does, 0 if they tie (same number of cards)."""
    if len(a) != len(b):
        raise CardError("only hands of the same number of cards compare")
    va, vb = evaluate(a, readings), evaluate(b, readings)
    return (va > vb) - (va < vb)
