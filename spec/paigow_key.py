"""Section 40's order within a combination, where the text is silent: the conventional key
(conv-tiebreak, conv-joker-best, conv-low-hand), a vector whose lexicographic order is the
order of hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from casino_proofs.spec.paigow_hand import CODES, RANKS, ROYAL, WINDOWS, Hand

if TYPE_CHECKING:
    from collections.abc import Callable


class ConventionalOrder:
    """The conventional key of a hand, for a specification that knows its hand, whether it
    ranks high hands, each hand's category, and the straights and straight flushes it can
    form."""

    hand: Hand
    high: bool
    category: Callable[[], z3.ArithRef]
    forms_straight: Callable[[str], z3.BoolRef]
    forms_straight_flush: Callable[[str], z3.BoolRef]

    def conventional_key(self) -> list[z3.ArithRef]:
        """A vector whose lexicographic order is the conventional order of hands
        (conv-tiebreak, conv-joker-best, conv-low-hand): [strength, first, second, then one
        entry per rank from the ace down, 1 where that rank is a card compared one by one]."""
        h, c = self.hand, self.hand.count_joker_as_ace
        cat = self.category()
        singles = [z3.If(c(r) == 1, 1, 0) for r in reversed(RANKS)]
        zeros = [z3.IntVal(0)] * 13
        with_rank = _rank_with
        if not self.high:
            pair_rank = with_rank(c, 2)
            keyed = {
                "pair": [pair_rank, z3.IntVal(0), *zeros],
                "no-combination": [z3.IntVal(0), z3.IntVal(0), *singles],
            }
            return self._select(cat, keyed)
        # The rank the joker takes to complete a flush: the highest the suit lacks.
        missing = z3.IntVal(-1)
        for r in RANKS:
            missing = z3.If(h.count(r) == 0, r, missing)
        flush_cards = [z3.If(z3.Or(h.count(r) >= 1, z3.And(h.joker, missing == r)), 1, 0)
                       for r in reversed(RANKS)]
        # r3-40-7: A-K-Q-J-T, then A-2-3-4-5, ...; the rest by highest card (conv-tiebreak).
        by_top = [w for w in reversed(list(WINDOWS)) if w not in (ROYAL, "A2345")]
        straight_order = [ROYAL, "A2345", *by_top]
        straight_place = _first_true([self.forms_straight(w) for w in straight_order])
        sf_order = straight_order[1:]
        sf_place = _first_true([self.forms_straight_flush(w) for w in sf_order])
        pairs = [r for r in reversed(RANKS)]
        high_pair = _first_rank([c(r) == 2 for r in pairs], pairs)
        low_pair = _first_rank([c(r) == 2 for r in RANKS], list(RANKS))
        keyed = {
            "five-aces": [z3.IntVal(0), z3.IntVal(0), *zeros],
            "royal-flush": [z3.IntVal(0), z3.IntVal(0), *zeros],
            "straight-flush": [len(sf_order) - sf_place, z3.IntVal(0), *zeros],
            "four-of-a-kind": [with_rank(c, 4), z3.IntVal(0), *singles],
            "full-house": [with_rank(c, 3), with_rank(c, 2), *zeros],
            "flush": [z3.IntVal(0), z3.IntVal(0), *flush_cards],
            "straight": [len(straight_order) - straight_place, z3.IntVal(0), *zeros],
            "three-of-a-kind": [with_rank(c, 3), z3.IntVal(0), *singles],
            "two-pairs": [high_pair, low_pair, *singles],
            "pair": [with_rank(c, 2), z3.IntVal(0), *singles],
            "no-combination": [z3.IntVal(0), z3.IntVal(0), *singles],
        }
        return self._select(cat, keyed)

    def _select(self, cat: z3.ArithRef, keyed: dict[str, list[z3.ArithRef]]) -> list[z3.ArithRef]:
        strength = z3.IntVal(0)
        names = list(keyed)
        fields = [z3.IntVal(0)] * 15
        for name in names:
            code = CODES[name]
            strength = z3.If(cat == code, 11 - code, strength)
            fields = [z3.If(cat == code, value, old)
                      for value, old in zip(keyed[name], fields, strict=True)]
        return [strength, *fields]


def _rank_with(count: object, n: int) -> z3.ArithRef:
    """The rank (2 to 14) of which the hand holds ``n`` or more cards (0 if none); used where
    at most one rank qualifies."""
    assert callable(count)
    term: z3.ArithRef = z3.IntVal(0)
    for r in RANKS:
        term = z3.If(count(r) >= n if n == 4 else count(r) == n, r + 2, term)
    return term


def _first_true(conditions: list[z3.BoolRef]) -> z3.ArithRef:
    """The index of the first true condition (len(conditions) if none)."""
    term: z3.ArithRef = z3.IntVal(len(conditions))
    for i in reversed(range(len(conditions))):
        term = z3.If(conditions[i], i, term)
    return term


def _first_rank(conditions: list[z3.BoolRef], ranks: list[int]) -> z3.ArithRef:
    term: z3.ArithRef = z3.IntVal(0)
    for cond, r in reversed(list(zip(conditions, ranks, strict=True))):
        term = z3.If(cond, r + 2, term)
    return term
