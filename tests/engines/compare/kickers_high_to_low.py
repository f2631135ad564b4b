"""A Pai Gow evaluator with only compare(a, b) that misreads a hand written high to low: it
then takes the cards' ranks in reverse, so two hands of one combination are compared on
their lowest card first. The derivation writes the first hand of each comparison high to low
and the second low to high, and the comparator obligation both ways: refuted with a pair."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _comparer import RANKS, serve, strength_of


def _descending(hand: str) -> bool:
    ranks = [RANKS.index(c[0]) for c in hand.split() if c not in ("Jk", "JK")]
    return ranks == sorted(ranks, reverse=True) and len(set(ranks)) > 1


def compare(a: str, b: str) -> int:
    sa, sb = strength_of(a), strength_of(b)
    if _descending(a) and sa[0] == sb[0]:  # same combination: kickers read backwards
        sa, sb = (sa[0], *reversed(sa[1:])), (sb[0], *reversed(sb[1:]))
    return (sa > sb) - (sa < sb)


serve(compare)
