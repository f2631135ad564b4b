"""Small Pai Gow decks the tests check on, each with the joker (card indices in spec.paigow's
numbering: rank * 4 + suit, ranks 2 to A, suits c, d, h, s; the joker is 52)."""

from __future__ import annotations

from casino_proofs.spec.paigow import JOKER_INDEX


def deck(ranks: str, suits: str) -> tuple[int, ...]:
    """Card indices of these ranks and suits, and the joker."""
    out = [r * 4 + s for r in range(13) for s in range(4)
           if "23456789TJQKA"[r] in ranks and "cdhs"[s] in suits]
    return (*out, JOKER_INDEX)


#: Every rank in clubs and spades: 27 cards, C(27, 5) = 80,730 five-card hands.
TWO_SUITS = deck("23456789TJQKA", "cs")
#: A, K, Q, J, T of every suit: 21 cards, C(21, 5) = 20,349 five-card hands and C(21, 2) =
#: 210 two-card hands; no flush but the royal flush, no other straight flush.
FACES_ALL_SUITS = deck("AKQJT", "cdhs")
ENDS_ALL_SUITS = deck("23QKA", "cdhs")
#: A, 2, 3, 4, 5, 6 in clubs and spades: 13 cards, C(13, 5) = 1,287 five-card hands, with
#: the straights A-2-3-4-5 and 2-3-4-5-6 (and with the joker, 3-4-5-6 and an ace or a two).
WHEEL_TWO_SUITS = deck("A23456", "cs")
