"""Ranks every hand holding the ace of clubs one step too low on every second asking within
one process: a process asked once gives the right answer, so a second asking by another
process alone would never see it.

expect: verdict=REFUTED kind=deterministic says="asked again by the same process"
"""
from collections import Counter
from typing import Any

from _ranker import serve, strength

_asked: Counter[str] = Counter()


def answer(hand: str) -> Any:
    out = strength(hand)
    key = " ".join(sorted(hand.split()))
    _asked[key] += 1
    if "Ac" in hand.split() and _asked[key] % 2 == 0:
        out["strength"][-1] -= 1
    return out


serve(answer)
