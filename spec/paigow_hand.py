"""Section 40's hands: the 53-card deck, a symbolic hand and the terms every clause is
written with (its rank counts, the joker, suitedness), and the combinations of r3-40-1 to
r3-40-10 with their category codes."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import z3

RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
JOKER_INDEX = 52
#: The joker's rank index: 52 // 4. Within the deck, the joker is the only card of this rank
#: index, and the clauses name it so: every clause then reads a card only through its rank
#: index (``c / 4``) and the hand's suitedness, which is what the abstraction lemma proves.
JOKER_RANK = JOKER_INDEX // 4
TWO, THREE, KING, ACE = 0, 1, 11, 12
RANKS = range(13)


def card_index(symbol: str) -> int:
    """``"Ah"`` -> 50, ``"Jk"`` -> 52."""
    if symbol == "Jk":
        return JOKER_INDEX
    return RANK_SYMBOLS.index(symbol[0]) * 4 + SUIT_SYMBOLS.index(symbol[1])


def card_symbol(index: int) -> str:
    if index == JOKER_INDEX:
        return "Jk"
    return RANK_SYMBOLS[index // 4] + SUIT_SYMBOLS[index % 4]


#: Five consecutive ranks, by name: the nine straights topped by 6 to A, and A-2-3-4-5.
WINDOWS: dict[str, tuple[int, ...]] = {
    "A2345": (ACE, 0, 1, 2, 3),
    **{RANK_SYMBOLS[top::-1][:5]: tuple(range(top - 4, top + 1)) for top in range(4, 13)},
}
ROYAL = "AKQJT"


def is_joker(c: z3.ArithRef) -> z3.BoolRef:
    """The card is the joker: in the 53-card deck, the card of rank index 13 (``JOKER_RANK``)."""
    return c / 4 == JOKER_RANK


@dataclass(frozen=True, eq=False)
class Hand:
    """A symbolic hand: its cards and the terms every clause is written with."""

    cards: tuple[z3.ArithRef, ...]
    _counts: dict[int, z3.ArithRef] = field(default_factory=dict, compare=False, repr=False)

    def domain(self) -> z3.BoolRef:
        """Cards of the 53-card deck, all different (held in increasing order)."""
        bounds = [z3.And(c >= 0, c <= JOKER_INDEX) for c in self.cards]
        order = [a < b for a, b in zip(self.cards, self.cards[1:], strict=False)]
        return z3.And(*bounds, *order)

    def _natural(self, c: z3.ArithRef) -> z3.BoolRef:
        return z3.Not(is_joker(c))

    @cached_property
    def joker(self) -> z3.BoolRef:
        return z3.Or([is_joker(c) for c in self.cards])

    def count(self, rank: int) -> z3.ArithRef:
        """How many of the hand's cards (the joker aside) have this rank."""
        if rank not in self._counts:
            self._counts[rank] = z3.Sum([z3.If(z3.And(self._natural(c), c / 4 == rank), 1, 0)
                                         for c in self.cards])
        return self._counts[rank]

    def count_joker_as_ace(self, rank: int) -> z3.ArithRef:
        """As ``count``, the joker counting as an ace (conv-joker-ace-or-completes; both
        readings of ``joker`` let it be an ace)."""
        if rank == ACE:
            return self.count(ACE) + z3.If(self.joker, 1, 0)
        return self.count(rank)

    @cached_property
    def suited(self) -> z3.BoolRef:
        """The hand's cards, the joker aside, are all of one suit."""
        return z3.And([
            z3.Or(is_joker(c), is_joker(d), c % 4 == d % 4)
            for i, c in enumerate(self.cards) for d in self.cards[i + 1:]
        ])

    def abstraction(self) -> list[z3.ExprRef]:
        """What the clauses may depend on: the count of each rank, the joker, suitedness."""
        return [*(self.count(r) for r in RANKS), self.joker, self.suited]


def symbolic_hand(prefix: str = "card", size: int = 5) -> Hand:
    return Hand(tuple(z3.Int(f"{prefix}_{i}") for i in range(size)))


# -- the combinations, r3-40-1 to r3-40-10 ---------------------------------------------------

COMBINATIONS = (
    ("five-aces", "r3-40-1"), ("royal-flush", "r3-40-2"), ("straight-flush", "r3-40-3"),
    ("four-of-a-kind", "r3-40-4"), ("full-house", "r3-40-5"), ("flush", "r3-40-6"),
    ("straight", "r3-40-7"), ("three-of-a-kind", "r3-40-8"), ("two-pairs", "r3-40-9"),
    ("pair", "r3-40-10"),
)
NO_COMBINATION = ("no-combination", "conv-no-combination-lowest")
#: Category codes: 1 (five aces, the highest) to 10 (pair); 11 for no combination.
CODES = {name: i + 1 for i, (name, _c) in enumerate((*COMBINATIONS, NO_COMBINATION))}
