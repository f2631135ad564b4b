"""Section 40: the ranking of Pai Gow Poker combinations, as Z3 predicates over a symbolic hand.

A hand is a set of cards drawn from the 53-card deck, held as symbolic card indices in
increasing order: 0 to 51 are ``(rank - 2) * 4 + suit`` (ranks 2 to 14, suits c, d, h, s),
52 is the joker. Ranks are written here as indices 0 (two) to 12 (ace).

Three layers, kept apart:

- the combinations of r3-40-1 to r3-40-10, each the text's description of a hand;
- the ordering statements the text makes: the chapeau's order of the combinations and the
  highest, second highest and lowest members it names inside some of them;
- where the text is silent, conventions (regulation/conventions.toml), each named: which
  combination a hand fitting several counts as, what the joker may stand for, and the order
  within a combination (``conventional_key``).
"""

from __future__ import annotations

import z3

from casino_proofs.spec.paigow_hand import (
    ACE,
    CODES,
    COMBINATIONS,
    JOKER_INDEX,
    JOKER_RANK,
    NO_COMBINATION,
    RANK_SYMBOLS,
    RANKS,
    ROYAL,
    SUIT_SYMBOLS,
    WINDOWS,
    Hand,
    card_index,
    card_symbol,
    is_joker,
    symbolic_hand,
)
from casino_proofs.spec.paigow_key import ConventionalOrder
from casino_proofs.spec.paigow_statements import OrderStatement, StatedOrder
from casino_proofs.spec.readings import Readings

__all__ = [
    "ACE",
    "CODES",
    "COMBINATIONS",
    "JOKER_INDEX",
    "JOKER_RANK",
    "NO_COMBINATION",
    "RANKS",
    "RANK_SYMBOLS",
    "SUIT_SYMBOLS",
    "WINDOWS",
    "Hand",
    "OrderStatement",
    "PaiGowSpec",
    "card_index",
    "card_symbol",
    "is_joker",
    "symbolic_hand",
]

class PaiGowSpec(ConventionalOrder, StatedOrder):
    """Section 40 over one symbolic hand, under one set of readings."""

    def __init__(self, hand: Hand, readings: Readings | None = None) -> None:
        self.hand = hand
        self.readings = readings or Readings()
        self.high = len(hand.cards) == 5
        self._cache: dict[tuple[str, str], z3.ExprRef] = {}

    def _cached(self, key: tuple[str, str], build: object) -> z3.ExprRef:
        if key not in self._cache:
            assert callable(build)
            self._cache[key] = build()
        return self._cache[key]

    # -- what the joker may complete (reading ``joker``) ------------------------------------

    def forms_straight(self, window: str) -> z3.BoolRef:
        """The hand's cards are five of consecutive order, these ranks (the joker filling in)."""
        return self._cached(("straight", window), lambda: self._forms_straight(window))

    def _forms_straight(self, window: str) -> z3.BoolRef:
        h, ranks = self.hand, WINDOWS[window]
        fits = [z3.Or(is_joker(c), z3.Or([c / 4 == r for r in ranks])) for c in h.cards]
        distinct = [z3.Or(is_joker(c), is_joker(d), c / 4 != d / 4)
                    for i, c in enumerate(h.cards) for d in h.cards[i + 1:]]
        if self.readings.joker == "ace-only":
            # The joker only as an ace: it fills a straight only where the ace is missing.
            joker_ok = z3.Implies(h.joker, z3.BoolVal(ACE in ranks) if ACE in ranks else
                                  z3.BoolVal(False))
            joker_ok = z3.And(joker_ok, z3.Implies(h.joker, h.count(ACE) == 0))
            return z3.And(*fits, *distinct, joker_ok)
        return z3.And(*fits, *distinct)

    def forms_flush(self) -> z3.BoolRef:
        """Five cards of the same suit, the joker completing (not under ``joker=ace-only``)."""
        if self.readings.joker == "ace-only":
            return z3.And(self.hand.suited, z3.Not(self.hand.joker))
        return self.hand.suited

    def forms_straight_flush(self, window: str) -> z3.BoolRef:
        return z3.And(self.forms_straight(window), self.forms_flush())

    # -- the combinations as the text describes them ----------------------------------------

    def _of_a_kind(self, n: int) -> z3.BoolRef:
        return z3.Or([self.hand.count_joker_as_ace(r) >= n for r in RANKS])

    def describes(self, name: str) -> z3.BoolRef:
        """The hand fits the text's description of combination ``name``."""
        return self._cached(("describes", name), lambda: self._describes(name))

    def _describes(self, name: str) -> z3.BoolRef:
        h, c = self.hand, self.hand.count_joker_as_ace
        if not self.high:
            return self._of_a_kind(2) if name == "pair" else z3.BoolVal(False)
        if name == "five-aces":  # r3-40-1: 4 aces and a joker
            return z3.And(h.count(ACE) == 4, h.joker)
        if name == "royal-flush":  # r3-40-2: A, K, Q, J, 10 of the same suit
            return self.forms_straight_flush(ROYAL)
        if name == "straight-flush":  # r3-40-3.s1: 5 cards, same suit, consecutive order
            return z3.Or([self.forms_straight_flush(w) for w in WINDOWS])
        if name == "four-of-a-kind":  # r3-40-4: 4 cards of the same rank
            return self._of_a_kind(4)
        if name == "full-house":  # r3-40-5: a 3 of a kind and a pair
            return z3.Or([z3.And(c(r1) >= 3, c(r2) >= 2) for r1 in RANKS for r2 in RANKS
                          if r1 != r2])
        if name == "flush":  # r3-40-6: 5 cards of the same suit
            return self.forms_flush()
        if name == "straight":  # r3-40-7: 5 cards of consecutive order
            return z3.Or([self.forms_straight(w) for w in WINDOWS])
        if name == "three-of-a-kind":  # r3-40-8: containing 3 cards of the same rank
            return self._of_a_kind(3)
        if name == "two-pairs":  # r3-40-9: containing 2 pairs
            return z3.Or([z3.And(c(r1) >= 2, c(r2) >= 2) for r1 in RANKS for r2 in RANKS
                          if r1 < r2])
        if name == "pair":  # r3-40-10: 2 cards of the same rank
            if self.readings.pair_consisting == "literal":
                return z3.BoolVal(False)  # "consisting of 2 cards": no five-card hand is one
            return self._of_a_kind(2)
        raise KeyError(name)

    def category(self) -> z3.ArithRef:
        """conv-highest-combination: the code of the highest combination the hand fits."""
        return self._cached(("category", ""), self._category)

    def _category(self) -> z3.ArithRef:
        term: z3.ArithRef = z3.IntVal(CODES["no-combination"])
        for name, _clause in reversed(COMBINATIONS):
            term = z3.If(self.describes(name), CODES[name], term)
        return term

    def is_(self, name: str) -> z3.BoolRef:
        return self.category() == CODES[name]
