"""Playing cards for Pai Gow Poker: the 52-card deck plus one joker (53 cards).

Notation: ranks ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``; suits ``c``, ``d``, ``h``,
``s``; the joker ``Jk`` (``JK`` and ``joker`` are accepted too). Cards are separated by spaces
or commas: ``"Ah Kh Qh Jh Th"``, ``"Jk,As"``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
ACE = 14


class CardError(ValueError):
    """A card or hand that cannot be read; the message names what is valid."""


class Card(NamedTuple):
    """A card: ``rank`` 2 to 14 (11 jack, 12 queen, 13 king, 14 ace) and ``suit`` c, d, h or s.
    The joker has rank 0 and no suit. (A named tuple: immutable, and compared and hashed as
    fast as a pair, which matters over the 2.9 million hands of a check.)"""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    def __str__(self) -> str:
        if self.is_joker:
            return "Jk"
        return RANK_SYMBOLS[self.rank - 2] + self.suit


JOKER = Card(0, "")

#: The 53 cards, in a fixed order: 2c 2d 2h 2s 3c ... As, then the joker.
DECK: tuple[Card, ...] = (
    *(Card(rank, suit) for rank in range(2, 15) for suit in SUIT_SYMBOLS),
    JOKER,
)

_VALID = ("a card is a rank 2-9, T, J, Q, K or A followed by a suit c, d, h or s "
          "(e.g. Ah, Tc), or the joker Jk")


def parse_card(text: str) -> Card:
    if text in ("Jk", "JK", "joker"):
        return JOKER
    if len(text) == 2 and text[0] in RANK_SYMBOLS and text[1] in SUIT_SYMBOLS:
        return Card(RANK_SYMBOLS.index(text[0]) + 2, text[1])
    raise CardError(f"{_VALID}; not {text!r}")


def parse_hand(text: str, sizes: tuple[int, ...] = (5, 2)) -> tuple[Card, ...]:
    """Read a hand of one of ``sizes`` cards, all different."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    cards = tuple(parse_card(w) for w in words)
    if len(cards) not in sizes:
        wanted = " or ".join(str(s) for s in sizes)
        raise CardError(f"a hand has {wanted} cards, not {len(cards)}: {text!r}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice; a hand's cards are all different")
        seen.add(card)
    return cards


def hand_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)
