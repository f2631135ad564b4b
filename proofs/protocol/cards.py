"""Pai Gow hands in the protocol's notation (docs/engine-protocol.md, "rank"): card indices
((rank - 2) * 4 + suit, 52 the joker) written as ``"Ah Kd Qs Jc Th"``."""

from __future__ import annotations

from collections.abc import Sequence

#: each card index's symbol
SYMBOLS = tuple([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["Jk"])


def hand_text(hand: Sequence[int]) -> str:
    """Card indices in the protocol's notation: ``"Ah Kd Qs Jc Th"``."""
    return " ".join(SYMBOLS[i] for i in hand)
