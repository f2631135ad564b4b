"""Deliberately wrong Pai Gow evaluators, each with the obligations the proofs must refute
(reasoned by hand from the fault) and a small deck on which the fault shows.

Obligation IDs read ``paigow/{high|low}/KIND/SUBJECT``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from casino_proofs import impl
from casino_proofs.impl.cards import Card
from casino_proofs.impl.paigow import Combination, HandValue, evaluate
from tests.decks import ENDS_ALL_SUITS, FACES_ALL_SUITS, TWO_SUITS

Evaluate = Callable[..., HandValue]
#: A wrong evaluator is called as the library is: without readings (its defaults), or with them.
DEFAULTS = impl.Readings()




@dataclass(frozen=True)
class PaiGowMutant:
    name: str
    clause: str  # named by the obligations that catch it
    refuted: frozenset[str]
    deck: tuple[int, ...]
    evaluate: Evaluate
    exact: bool = True  # the refuted set is exactly ``refuted`` (else at least)

    def compare(self, a: Sequence[Card], b: Sequence[Card],
                readings: impl.Readings = DEFAULTS) -> int:
        va, vb = self.evaluate(a, readings), self.evaluate(b, readings)
        return (va > vb) - (va < vb)


def _when(combination: Combination,
          change: Callable[[HandValue, Sequence[Card]], HandValue]) -> Evaluate:
    def wrong(hand: Sequence[Card], readings: impl.Readings = DEFAULTS) -> HandValue:
        value = evaluate(hand, readings)
        return change(value, hand) if value.combination is combination else value
    return wrong


def _ranks(hand: Sequence[Card]) -> set[int]:
    return {c.rank for c in hand if not c.is_joker}


def _crash_on_joker_with_aces(hand: Sequence[Card],
                              readings: impl.Readings = DEFAULTS) -> HandValue:
    if any(c.is_joker for c in hand) and sum(c.rank == 14 for c in hand) == 2:
        raise ValueError("two aces and the joker")
    return evaluate(hand, readings)


def _flush_below_straight(hand: Sequence[Card], readings: impl.Readings = DEFAULTS) -> HandValue:
    value = evaluate(hand, readings)
    if value.combination is Combination.FLUSH:
        return replace(value, strength=Combination.STRAIGHT.strength)
    if value.combination is Combination.STRAIGHT:
        return replace(value, strength=Combination.FLUSH.strength)
    return value


def _wheel_flush(hand: Sequence[Card]) -> HandValue:
    """The value of the straight flush A-2-3-4-5 in the hand's suit (the highest straight
    flush, which s. 40's chapeau puts below every royal flush)."""
    suit = next(c.suit for c in hand if not c.is_joker)
    return evaluate(tuple(Card(r, suit) for r in (14, 2, 3, 4, 5)))


def _joker_only_an_ace(hand: Sequence[Card], readings: impl.Readings = DEFAULTS) -> HandValue:
    return evaluate(hand, impl.Readings(joker="ace-only"))


def _ids(*ids: str) -> frozenset[str]:
    return frozenset(f"paigow/{i}" for i in ids)


HIGH_ORDER = "high/convention/order"

MUTANTS = [
    PaiGowMutant(
        "flush ranked below straight (a category shifted by one)", "r3-40-intro.s1",
        _ids("high/order/r3-40-intro:flush>straight", HIGH_ORDER), TWO_SUITS,
        _flush_below_straight),
    PaiGowMutant(
        "three-of-a-kind called two pairs", "r3-40-8",
        _ids("high/combination/three-of-a-kind", "high/combination/two-pairs"), TWO_SUITS,
        _when(Combination.THREE_OF_A_KIND,
              lambda v, _h: replace(v, combination=Combination.TWO_PAIRS))),
    PaiGowMutant(
        "A-2-3-4-5 ranked the lowest straight", "r3-40-7.s1",
        _ids("high/order/r3-40-7:second", "high/order/r3-40-7:lowest", HIGH_ORDER), TWO_SUITS,
        _when(Combination.STRAIGHT,
              lambda v, h: replace(v, tiebreak=(0,)) if _ranks(h) <= {14, 2, 3, 4, 5} else v)),
    PaiGowMutant(
        "A-2-3-4-5 the lowest straight flush, as in other poker", "r3-40-3.s2",
        _ids("high/order/r3-40-3:highest", "high/order/r3-40-3:lowest", HIGH_ORDER), TWO_SUITS,
        _when(Combination.STRAIGHT_FLUSH,
              lambda v, h: replace(v, tiebreak=(0,)) if _ranks(h) <= {14, 2, 3, 4, 5} else v)),
    PaiGowMutant(
        "five aces below the royal flush", "r3-40-1",
        _ids("high/order/r3-40-intro:five-aces>royal-flush", HIGH_ORDER), FACES_ALL_SUITS,
        _when(Combination.FIVE_ACES, lambda v, _h: replace(v, strength=8, tiebreak=(99,)))),
    PaiGowMutant(
        "four of a kind compared by the kicker first", "r3-40-4.s1",
        _ids("high/order/r3-40-4:highest", "high/order/r3-40-4:lowest", HIGH_ORDER),
        ENDS_ALL_SUITS,
        _when(Combination.FOUR_OF_A_KIND, lambda v, _h: replace(v, tiebreak=v.tiebreak[::-1]))),
    PaiGowMutant(
        "full house compared by the pair first", "r3-40-5.s1",
        _ids("high/order/r3-40-5:highest", "high/order/r3-40-5:lowest", HIGH_ORDER),
        ENDS_ALL_SUITS,
        _when(Combination.FULL_HOUSE, lambda v, _h: replace(v, tiebreak=v.tiebreak[::-1]))),
    PaiGowMutant(
        "two pairs compared by the kicker first", "r3-40-9.s1",
        _ids("high/order/r3-40-9:highest", "high/order/r3-40-9:lowest", HIGH_ORDER), TWO_SUITS,
        _when(Combination.TWO_PAIRS,
              lambda v, _h: replace(v, tiebreak=(v.tiebreak[2], *v.tiebreak[:2])))),
    PaiGowMutant(
        "flushes compared from the lowest card (a tiebreak-only fault)", "conv-tiebreak",
        _ids(HIGH_ORDER), TWO_SUITS,
        _when(Combination.FLUSH, lambda v, _h: replace(v, tiebreak=v.tiebreak[::-1]))),
    PaiGowMutant(
        "spades outrank the other suits (in high and low hands)", "conv-tiebreak",
        _ids(HIGH_ORDER, "low/convention/order"), TWO_SUITS,
        lambda hand, r=DEFAULTS: (lambda v: replace(v, tiebreak=(
            *v.tiebreak, sum(c.suit == "s" for c in hand))))(evaluate(hand, r))),
    PaiGowMutant(
        "five cards with no combination above a pair", "conv-no-combination-lowest",
        _ids("high/order/conv:pair>no-combination", HIGH_ORDER), TWO_SUITS,
        _when(Combination.NO_COMBINATION,
              lambda v, _h: replace(v, strength=1, tiebreak=(99, *v.tiebreak)) if v.size == 5
              else v)),
    PaiGowMutant(
        "the low hand's pair of twos above a pair of aces", "r3-40-10.s1",
        _ids("low/order/r3-40-10:highest", "low/order/r3-40-10:lowest", "low/convention/order"),
        TWO_SUITS,
        _when(Combination.PAIR,
              lambda v, _h: replace(v, tiebreak=(15,)) if v.size == 2 and v.tiebreak == (2,)
              else v)),
    PaiGowMutant(
        "the low hand's unpaired cards above its pairs", "conv-low-hand",
        _ids("low/order/conv:pair>no-combination", "low/convention/order"), TWO_SUITS,
        _when(Combination.NO_COMBINATION,
              lambda v, _h: replace(v, strength=2) if v.size == 2 else v)),
    PaiGowMutant(
        "the joker never completes a straight or a flush", "conv-joker-ace-or-completes",
        _ids("high/combination/flush", "high/combination/straight",
             "high/combination/straight-flush", "high/combination/royal-flush"), TWO_SUITS,
        _joker_only_an_ace, exact=False),
    PaiGowMutant(
        "the royal flush level with the highest straight flush (a tie across a statement)",
        "r3-40-intro.s1", _ids("high/order/r3-40-intro:royal-flush>straight-flush",
                               HIGH_ORDER), TWO_SUITS,
        _when(Combination.ROYAL_FLUSH, lambda v, h: _wheel_flush(h)), exact=False),
    PaiGowMutant(
        "fails on the joker with two aces", "r3-40-intro.s1", _ids("high/exhaustive"),
        TWO_SUITS, _crash_on_joker_with_aces),
]
