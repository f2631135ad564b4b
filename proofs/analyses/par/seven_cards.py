"""The exact frequency of each combination of s. 40 as the best five-card hand of seven cards.

A Pai Gow Poker PAR sheet (probability accounting report) tabulates, over all C(53, 7) =
154,143,080 seven-card hands of the 53-card deck (52 cards and one joker), how many have each
combination of s. 40 as their best five-card hand: five aces (r3-40-1), royal flush
(r3-40-2), straight flush (r3-40-3), four-of-a-kind (r3-40-4), full house (r3-40-5), flush
(r3-40-6), straight (r3-40-7), three-of-a-kind (r3-40-8), two pairs (r3-40-9), pair
(r3-40-10), and no combination; "best" in the order of the chapeau, r3-40-intro.s1 (the
combinations "rank from highest to lowest as follows"), refined within a combination by the
conventions. This module computes that table exactly, counting, with no sampling.

The evaluator
-------------
The five-card evaluator ``rank5`` is the caller's and is treated as a black box: it maps five
card indices (sorted ascending; index ``(rank - 2) * 4 + suit`` for rank 2..14 and suit 0..3
in the order c, d, h, s; 52 is the joker) to a combination name and a value tuple, a larger
tuple being a better hand. It encodes the reading in force about the joker (ace-or-completes,
ace-only); this module neither knows nor imports the specification or the implementation.

A seven-card hand's *best five-card hand* is the subset of five of its cards with the largest
value; the hand is counted under that subset's combination. Every value must carry one
combination name (a ``ValueError`` otherwise), so the best hand's combination is well defined
even when several subsets share the largest value.

The method relies on one property of the evaluator, which it may rely on and which the project
establishes elsewhere (for the specification, the ``abstraction`` obligations of
proofs/paigow/obligations/queries.py; for the implementation, its agreement with the
specification and its ``convention`` obligation that suits never rank): **a five-card hand's
value depends only on the multiset of its ranks (the joker counted as a rank of its own) and on
whether its non-joker cards all share one suit** ("suited"). It is not checked here: an
evaluator without it gets a wrong table. ``rank5`` is therefore called once per such class of
five-card hand of the deck, on a representative, and never again: 9,997 calls for the full deck
(6,175 rank multisets without the joker, 1,820 with it, 1,287 and 715 of them also suited),
against 2,869,685 five-card hands.

The counting
------------
Seven-card hands are grouped by their *rank pattern*: the multiset of their ranks, with the
joker as one more symbol (at most 4 cards of a rank, at most one joker). A pattern with c_r
cards of rank r stands for prod_r C(4, c_r) hands, one per choice of suits; these differ only
in which of their five-card subsets are suited, that is in their flushes.

Let t = 4 if the pattern holds the joker and t = 5 otherwise. A five-card subset is suited
only if some suit holds at least t of the hand's natural cards (5 natural cards of one suit,
or 4 and the joker). Seven cards cannot hold two such suits (5 + 5 > 7 natural cards without
the joker, 4 + 4 > 6 with it), so a hand has at most one *flush suit*, and what matters of its
suits is the set F of ranks its flush suit holds (|F| >= t), or that it has none. For a
pattern and a set F of its distinct ranks, the hands whose flush suit holds exactly the ranks
in F number::

    N(F) = 4 * prod_{r in F} C(3, c_r - 1) * prod_{r not in F, c_r > 0} C(3, c_r)

(4 suits for the flush suit; then for each rank in F, its card of that suit and c_r - 1 cards
of the other 3 suits; for each other rank, c_r cards of the other 3 suits). These events are
disjoint, and the hands with no flush suit are the rest, prod_r C(4, c_r) - sum_F N(F).

Which five-card classes a hand with flush ranks F (or none, F empty) holds is then exact.
A five-card subset with rank multiset M (M_nat its natural ranks):

- is available suited if and only if the ranks of M_nat are distinct and all in F (its
  natural cards must all be in the flush suit);
- is available unsuited unless the ranks of M_nat are distinct, all in F, and each held by a
  single card of the hand (c_r = 1): then its only cards are those of the flush suit. In every
  other case some card can be taken outside the flush suit (a second card of a rank, or a rank
  outside F), and the natural cards do not all share a suit, since no other suit holds t of
  them.

The best value of every hand in the group is the largest value over these available
(multiset, suitedness) classes, and the group's N(F) hands are counted under its combination.
The totals are checked to be C(n, 7) for the n cards of the deck.

The method holds for any deck made of whole ranks (all four suits of each rank it holds) and,
optionally, the joker; ``brute_force_counts`` enumerates every seven-card hand and its 21
five-card subsets, with no assumption on the evaluator, and the tests compare the two on small
decks (tests/paigow/test_seven_cards.py). With ``workers`` > 1 the rank patterns (67,600 for
the full deck) are shared among forked processes, the evaluator having been called in the
parent beforehand. The full deck takes about a second, cold, on two cores (0.65 s measured on
an idle machine, up to 2 s under load; about 1 s with one worker).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb, prod

from casino_proofs.untrusted import processes

Rank5 = Callable[[tuple[int, ...]], tuple[str, tuple[int, ...]]]

JOKER = 52
#: The 53 cards: 2c 2d 2h 2s 3c ... As (indices 0 to 51), then the joker (52).
FULL_DECK: tuple[int, ...] = tuple(range(JOKER + 1))
SUITS = 4
HAND = 7  # cards dealt to a Pai Gow Poker player
HIGH = 5  # cards of the high hand (the best five-card hand)

#: In a rank pattern the joker is the symbol 0 (natural ranks are 2 to 14), so it sorts first.
_JOKER_SYMBOL = 0
_C4 = (1, 4, 6, 4, 1)  # C(4, k): suits of k cards of a rank
_C3 = (1, 3, 3, 1, 0)  # C(3, k): k cards of a rank outside one given suit


class DeckError(ValueError):
    """A deck the method cannot count: not whole ranks plus, optionally, the joker."""


def _rank_of(card: int) -> int:
    return card // SUITS + 2


def _check_cards(deck: Iterable[int]) -> tuple[int, ...]:
    cards = tuple(sorted(deck))
    if len(set(cards)) != len(cards):
        raise DeckError("a deck's cards are all different")
    if cards and not 0 <= cards[0] <= cards[-1] <= JOKER:
        raise DeckError(f"card indices are 0 to {JOKER}")
    return cards


def _deck_symbols(deck: Iterable[int]) -> tuple[int, ...]:
    """The deck's rank symbols, ascending (0 for the joker), after checking it is whole ranks
    plus, optionally, the joker."""
    cards = _check_cards(deck)
    suits: dict[int, int] = {}
    for card in cards:
        if card != JOKER:
            suits[_rank_of(card)] = suits.get(_rank_of(card), 0) + 1
    partial = sorted(r for r, n in suits.items() if n != SUITS)
    if partial:
        raise DeckError(f"the deck must hold all four suits of each of its ranks; not of {partial}")
    joker = (_JOKER_SYMBOL,) if JOKER in cards else ()
    return (*joker, *sorted(suits))


def _cap(symbol: int) -> int:
    return 1 if symbol == _JOKER_SYMBOL else SUITS


def _patterns(symbols: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` symbols a hand can hold, as a sorted tuple."""
    found = []
    for pattern in combinations_with_replacement(symbols, size):
        if all(pattern.count(s) <= _cap(s) for s in set(pattern)):
            found.append(pattern)
    return found


def _representative(five: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """Card indices of one five-card hand of rank multiset ``five`` (0 for the joker), suited
    (all natural cards in suit 0) or not (natural cards not all of one suit)."""
    cards: list[int] = []
    used: dict[int, int] = {}
    for rank in five:
        if rank == _JOKER_SYMBOL:
            cards.append(JOKER)
            continue
        suit = 0 if suited else used.get(rank, 0)
        used[rank] = used.get(rank, 0) + 1
        cards.append((rank - 2) * SUITS + suit)
    if not suited and len({c % SUITS for c in cards if c != JOKER}) == 1:
        # Distinct ranks all given suit 0: move the first natural card to suit 1.
        first = next(i for i, c in enumerate(cards) if c != JOKER)
        cards[first] += 1
    return tuple(sorted(cards))


class _Names:
    """The values met so far, each with its one combination name."""

    def __init__(self) -> None:
        self.name_of: dict[tuple[int, ...], str] = {}

    def add(self, name: str, value: tuple[int, ...], hand: tuple[int, ...]) -> None:
        known = self.name_of.setdefault(value, name)
        if known != name:
            raise ValueError(f"the evaluator gives value {value} two combinations, {known!r} "
                             f"and {name!r} (hand {hand})")

    def ordinals(self) -> dict[tuple[int, ...], int]:
        """Each value's position in ascending order."""
        return {value: i for i, value in enumerate(sorted(self.name_of))}

    def table(self, by_ordinal: Sequence[int]) -> dict[str, int]:
        """Counts per combination name (every name the evaluator gave, 0 where no seven-card
        hand has it as its best), from the highest combination down."""
        values = sorted(self.name_of)
        counts: dict[str, int] = {}
        for value, n in reversed(list(zip(values, by_ordinal, strict=True))):
            name = self.name_of[value]
            counts[name] = counts.get(name, 0) + n
        return counts


@dataclass(frozen=True)
class _Tables:
    """The evaluator's verdict on every five-card class of the deck, as value ordinals."""

    unsuited: dict[tuple[int, ...], int]  # rank multiset -> ordinal, natural cards not suited
    suited: dict[tuple[int, ...], int]  # rank multiset (distinct ranks) -> ordinal, suited
    size: int  # number of distinct values


def _tables(rank5: Rank5, symbols: Sequence[int], names: _Names) -> _Tables:
    """Call ``rank5`` once on a representative of each (rank multiset, suited) class."""
    evaluated: dict[tuple[tuple[int, ...], bool], tuple[int, ...]] = {}
    for five in _patterns(symbols, HIGH):
        naturals = [r for r in five if r != _JOKER_SYMBOL]
        for suited in (False, True) if len(set(naturals)) == len(naturals) else (False,):
            hand = _representative(five, suited)
            name, value = rank5(hand)
            value = tuple(value)
            names.add(name, value, hand)
            evaluated[five, suited] = value
    ordinal = names.ordinals()
    unsuited = {five: ordinal[v] for (five, suited), v in evaluated.items() if not suited}
    suited_ = {five: ordinal[v] for (five, suited), v in evaluated.items() if suited}
    return _Tables(unsuited, suited_, len(ordinal))


def _tally(patterns: Iterable[tuple[int, ...]], tables: _Tables) -> list[int]:
    """Seven-card hands counted by the ordinal of their best five-card value, pattern by
    pattern (the method of the module docstring).

    Longer than 60 lines: one hot loop over every rank pattern, its tables held in locals."""
    counts = [0] * tables.size
    unsuited, suited = tables.unsuited, tables.suited
    for pattern in patterns:
        joker = pattern[0] == _JOKER_SYMBOL
        held: dict[int, int] = {}  # natural rank -> cards of it (c_r)
        for r in pattern:
            if r != _JOKER_SYMBOL:
                held[r] = held.get(r, 0) + 1
        ways = prod(_C4[c] for c in held.values())
        singles = 0  # ranks held by one card
        for r, c in held.items():
            if c == 1:
                singles |= 1 << r
        always = -1  # best value available whatever the suits
        flushable: list[tuple[int, int]] = []  # (ranks, suited value): unsuited always there
        fragile: list[tuple[int, int, int]] = []  # (ranks, suited, unsuited): one or the other
        for five in set(combinations(pattern, HIGH)):
            plain = unsuited[five]
            naturals = five[1:] if five[0] == _JOKER_SYMBOL else five
            mask = 0
            for r in naturals:
                mask |= 1 << r
            if mask.bit_count() == len(naturals):  # distinct ranks: may be suited
                if mask & ~singles:
                    flushable.append((mask, suited[five]))
                else:
                    fragile.append((mask, suited[five], plain))
                    continue
            if plain > always:
                always = plain
        # Hands with a flush suit holding exactly the ranks F.
        threshold = HIGH - 1 if joker else HIGH
        ranks = sorted(held)
        flushes = 0
        for k in range(threshold, len(ranks) + 1):
            for in_suit in combinations(ranks, k):
                n = SUITS * prod(_C3[held[r] - 1] for r in in_suit) * prod(
                    _C3[held[r]] for r in ranks if r not in in_suit)
                if not n:
                    continue
                flush = 0
                for r in in_suit:
                    flush |= 1 << r
                best = always
                for mask, value in flushable:
                    if not mask & ~flush and value > best:
                        best = value
                for mask, value, plain in fragile:
                    v = plain if mask & ~flush else value
                    if v > best:
                        best = v
                counts[best] += n
                flushes += n
        # Hands with no flush suit: nothing suited.
        best = always
        for _, _, plain in fragile:
            if plain > best:
                best = plain
        counts[best] += ways - flushes
    return counts


# Shared with forked workers (set in the parent just before the fork, cleared after).
_job: tuple[list[tuple[int, ...]], _Tables, int] | None = None


def _tally_share(share: int) -> list[int]:
    assert _job is not None, "set by seven_card_counts before the fork"
    patterns, tables, workers = _job
    return _tally(patterns[share::workers], tables)


def seven_card_counts(rank5: Rank5, deck: tuple[int, ...] = FULL_DECK,
                      workers: int = 2) -> dict[str, int]:
    """For each combination name, how many 7-card hands of ``deck`` have it as their best
    five-card hand (best = the five-card subset with the largest value; its combination is
    counted), by rank pattern and flush suit (see the module docstring).

    ``deck`` must be whole ranks plus, optionally, the joker (``DeckError`` otherwise).
    ``rank5``'s value must depend only on the five cards' ranks and on whether their non-joker
    cards share one suit (proved of the project's evaluators elsewhere); it is called once per
    such class. Every name ``rank5`` gives a five-card hand of the deck is in the result, from
    the highest combination down, with 0 where no seven-card hand has it as its best.
    """
    global _job
    symbols = _deck_symbols(deck)
    names = _Names()
    tables = _tables(rank5, symbols, names)
    patterns = _patterns(symbols, HAND)
    # The largest patterns (the most distinct ranks) are the slowest: deal them out evenly.
    patterns.sort(key=lambda p: -len(set(p)))
    if workers <= 1 or len(patterns) < 2:
        counts = _tally(patterns, tables)
    else:
        _job = (patterns, tables, workers)
        try:
            with multiprocessing.get_context("fork").Pool(
                    workers, processes.exit_with_parent, (os.getpid(),)) as pool:
                shares = pool.map(_tally_share, range(workers))
        finally:
            _job = None
        counts = [sum(column) for column in zip(*shares, strict=True)]
    expected = comb(len(deck), HAND)
    if sum(counts) != expected:  # a guard: every hand counted once
        raise AssertionError(f"counted {sum(counts):,} hands, not C({len(deck):,}, {HAND}) = "
                             f"{expected}")
    return names.table(counts)


def brute_force_counts(rank5: Rank5, deck: tuple[int, ...]) -> dict[str, int]:
    """The same by enumerating every 7-card hand and all 21 five-card subsets (small decks
    only).

    No assumption on ``rank5`` beyond one combination name per value: it is called once on
    each five-card subset of the deck (every card's suit seen), and each seven-card hand takes
    the largest of its 21 subsets' values. The deck may be any set of cards.
    """
    cards = _check_cards(deck)
    names = _Names()
    values: dict[tuple[int, ...], tuple[int, ...]] = {}
    for hand in combinations(cards, HIGH):
        name, value = rank5(hand)
        value = tuple(value)
        names.add(name, value, hand)
        values[hand] = value
    ordinal = names.ordinals()
    of_hand = {hand: ordinal[value] for hand, value in values.items()}
    counts = [0] * len(ordinal)
    for seven in combinations(cards, HAND):
        counts[max(map(of_hand.__getitem__, combinations(seven, HIGH)))] += 1
    return names.table(counts)


def five_card_counts(rank5: Rank5, deck: tuple[int, ...] = FULL_DECK) -> dict[str, int]:
    """For each combination name, how many five-card hands of ``deck`` have it, counted by
    (rank multiset, suited) class: a class of c_r cards of each natural rank stands for
    prod C(4, c_r) hands, 4 of them suited when its natural ranks are distinct (one suit for
    all), the rest not. ``rank5`` is called once per class, as for seven cards. Only the names
    ``rank5`` gives appear, from the highest combination down."""
    symbols = _deck_symbols(deck)
    names = _Names()
    counts: dict[tuple[int, ...], int] = {}
    for five in _patterns(symbols, HIGH):
        held: dict[int, int] = {}
        for r in five:
            if r != _JOKER_SYMBOL:
                held[r] = held.get(r, 0) + 1
        ways = prod(_C4[c] for c in held.values())
        suited_ways = SUITS if all(c == 1 for c in held.values()) else 0
        for suited, n in ((False, ways - suited_ways), (True, suited_ways)):
            if n == 0:
                continue
            hand = _representative(five, suited)
            name, value = rank5(hand)
            value = tuple(value)
            names.add(name, value, hand)
            counts[value] = counts.get(value, 0) + n
    ordinal = names.ordinals()
    by_ordinal = [0] * len(ordinal)
    for value, n in counts.items():
        by_ordinal[ordinal[value]] += n
    expected = comb(len(deck), HIGH)
    if sum(by_ordinal) != expected:  # a guard: every hand counted once
        raise AssertionError(f"counted {sum(by_ordinal):,} hands, not C({len(deck):,}, {HIGH})")
    return names.table(by_ordinal)
