"""Card notation: strict parsing, one-line errors naming what is valid."""

from __future__ import annotations

import pytest

from casino_proofs.impl.cards import DECK, JOKER, Card, CardError, parse_hand


def test_deck_has_52_cards_and_one_joker() -> None:
    assert len(DECK) == 53 and len(set(DECK)) == 53
    assert sum(c.is_joker for c in DECK) == 1


@pytest.mark.parametrize("text", ["Ah Kh Qh Jh Th", "Ah,Kh,Qh,Jh,Th", " Ah, Kh  Qh,Jh Th "])
def test_cards_are_separated_by_spaces_or_commas(text: str) -> None:
    assert parse_hand(text) == (Card(14, "h"), Card(13, "h"), Card(12, "h"), Card(11, "h"),
                                Card(10, "h"))


@pytest.mark.parametrize("joker", ["Jk", "JK", "joker"])
def test_joker_spellings(joker: str) -> None:
    assert parse_hand(f"As {joker}") == (Card(14, "s"), JOKER)


@pytest.mark.parametrize(("text", "message"), [
    ("Ah Kh Qh Jh", "5 or 2 cards, not 4"),
    ("Ah Kh Qh Jh Th 9h", "5 or 2 cards, not 6"),
    ("Ah", "5 or 2 cards, not 1"),
    ("", "5 or 2 cards, not 0"),
    ("Ah Ah Qh Jh Th", "Ah appears twice"),
    ("Jk JK", "Jk appears twice"),
    ("1h Kh Qh Jh Th", "rank 2-9, T, J, Q, K or A"),
    ("Ax Kh Qh Jh Th", "suit c, d, h or s"),
    ("ah kh", "not 'ah'"),
    ("10h 9h", "not '10h'"),
])
def test_bad_hands_are_refused_naming_what_is_valid(text: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        parse_hand(text)
