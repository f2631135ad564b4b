"""A public poker evaluator as a Pai Gow engine: pokerkit's standard high hand.

    pip install 'casino-proofs[evaluator]'      # or: pip install pokerkit
    casino-proofs check --only paigow --engine python:examples/engines/python_evaluator.py

This module speaks the engine protocol's Python form (docs/engine-protocol.md): ``hello()``,
``settle(batch)`` and ``rank(batch)`` over plain data. It imports nothing of casino-proofs.
It ranks the five-card hands a standard 52-card evaluator can rank, as that evaluator ranks
them, and refuses the others (any hand with the joker, and every two-card low hand) with an
error naming why.

The point of checking it: the report shows, hand by hand, where standard poker departs from
s. 40 of the by-law -- the five aces it cannot make, A-2-3-4-5 ranked the lowest straight and
the lowest straight flush, the royal flush called a straight flush.
"""

from __future__ import annotations

from typing import Any

from pokerkit import StandardHighHand

#: pokerkit's labels, under the names of s. 40 (pokerkit has no royal flush: it is its best
#: straight flush).
NAMES = {
    "High card": "no-combination", "One pair": "pair", "Two pair": "two-pairs",
    "Three of a kind": "three-of-a-kind", "Straight": "straight", "Flush": "flush",
    "Full house": "full-house", "Four of a kind": "four-of-a-kind",
    "Straight flush": "straight-flush",
}


def hello() -> dict[str, Any]:
    return {"name": "pokerkit StandardHighHand (adapter)", "version": "1",
            "games": ["paigow"], "wagers": []}


def settle(batch: list[Any]) -> list[Any]:
    return [{"error": "this engine plays no craps"} for _ in batch]


def _rank_one(hand: Any) -> Any:
    if not isinstance(hand, str):
        return {"error": "a hand is a string of cards"}
    cards = hand.split()
    if len(cards) != 5:
        return {"error": "a standard poker evaluator ranks five-card hands only"}
    if "Jk" in cards:
        return {"error": "a standard 52-card evaluator has no joker"}
    value = StandardHighHand.from_game("".join(cards))
    return {"strength": value.entry.index, "combination": NAMES[value.entry.label.value]}


def rank(batch: list[Any]) -> list[Any]:
    return [_rank_one(hand) for hand in batch]
