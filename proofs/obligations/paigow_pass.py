"""The exhaustive pass: every hand of a deck through the implementation.

Hands are card indices in increasing order (spec.paigow's numbering: 0 to 51, then 52 for the
joker). Each hand is run through the implementation under test and filed under its
abstraction: the rank index (``index // 4``) of each of its cards in order, and whether its
cards other than the joker share one suit. The specification is proved to depend on nothing
else (obligation ``abstraction``), so the specification is evaluated once per class while the
implementation is run on every hand.

A class entry records how many hands it has, the implementation's combination and value
range over them, and a hand for each extreme and for each other combination seen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from casino_proofs import impl
from casino_proofs.impl.cards import Card
from casino_proofs.impl.paigow import HandValue
from casino_proofs.spec.paigow import JOKER_INDEX, card_symbol

Evaluate = Callable[[Sequence[Card], impl.Readings], HandValue]
Key = tuple[tuple[int, ...], bool]
ValueKey = tuple[int, tuple[int, ...]]

#: The implementation's card for each index of the specification's numbering.
CARD_OF_INDEX: tuple[Card, ...] = tuple(
    impl.cards.parse_card(card_symbol(i)) for i in range(JOKER_INDEX + 1)
)


@dataclass
class ClassEntry:
    count: int
    combination: str
    low: ValueKey
    low_hand: tuple[int, ...]
    high: ValueKey
    high_hand: tuple[int, ...]
    others: dict[str, tuple[int, ...]]  # further combinations the impl gave, with a hand each

    def merge(self, other: ClassEntry) -> None:
        self.count += other.count
        if other.low < self.low:
            self.low, self.low_hand = other.low, other.low_hand
        if other.high > self.high:
            self.high, self.high_hand = other.high, other.high_hand
        if other.combination != self.combination:
            self.others.setdefault(other.combination, other.low_hand)
        for name, hand in other.others.items():
            if name != self.combination:
                self.others.setdefault(name, hand)


@dataclass
class PassResult:
    table: dict[Key, ClassEntry]
    hands: int
    failures: dict[str, tuple[int, ...]]  # "TypeError: ..." -> the first hand it happened on
    malformed: dict[str, tuple[int, ...]]  # values that are not (int, tuple of ints)

    def merge(self, other: PassResult) -> None:
        for key, entry in other.table.items():
            if key in self.table:
                self.table[key].merge(entry)
            else:
                self.table[key] = entry
        self.hands += other.hands
        for name, hand in other.failures.items():
            self.failures.setdefault(name, hand)
        for name, hand in other.malformed.items():
            self.malformed.setdefault(name, hand)


def abstraction(hand: Sequence[int]) -> Key:
    """The rank index of each card in order, and whether the non-joker cards share a suit."""
    suits = {i % 4 for i in hand if i != JOKER_INDEX}
    return tuple(i // 4 for i in hand), len(suits) <= 1


def _well_formed(value: Any) -> bool:
    return (isinstance(value, HandValue) and type(value.strength) is int
            and isinstance(value.tiebreak, tuple)
            and all(type(t) is int for t in value.tiebreak))


def run(hands: Iterator[tuple[int, ...]], evaluate: Evaluate,
        readings: impl.Readings) -> PassResult:
    """Run ``evaluate`` on every hand and file it under its abstraction."""
    table: dict[Key, ClassEntry] = {}
    failures: dict[str, tuple[int, ...]] = {}
    malformed: dict[str, tuple[int, ...]] = {}
    cards = CARD_OF_INDEX
    count = 0
    for hand in hands:
        count += 1
        try:
            value = evaluate(tuple(cards[i] for i in hand), readings)
            vkey: ValueKey = (value.strength, value.tiebreak)
            name = value.combination.value
        except Exception as exc:  # the implementation under test may fail in any way
            failures.setdefault(f"{type(exc).__name__}: {exc}", hand)
            continue
        key = abstraction(hand)
        entry = table.get(key)
        if entry is None:
            if not _well_formed(value):
                malformed.setdefault(repr(value)[:120], hand)
            table[key] = ClassEntry(1, name, vkey, hand, vkey, hand, {})
            continue
        entry.count += 1
        if vkey != entry.low:
            if not _well_formed(value):
                malformed.setdefault(repr(value)[:120], hand)
            elif vkey < entry.low:
                entry.low, entry.low_hand = vkey, hand
            elif vkey > entry.high:
                entry.high, entry.high_hand = vkey, hand
        if name != entry.combination and name not in entry.others:
            entry.others[name] = hand
    return PassResult(table, count, failures, malformed)


def hands_starting_with(deck: tuple[int, ...], position: int,
                        size: int) -> Iterator[tuple[int, ...]]:
    """Every hand of ``size`` cards of ``deck`` whose lowest card is ``deck[position]``."""
    first = deck[position]
    for rest in combinations(deck[position + 1:], size - 1):
        yield (first, *rest)


def hand_text(hand: Sequence[int]) -> str:
    return " ".join(card_symbol(i) for i in hand)
