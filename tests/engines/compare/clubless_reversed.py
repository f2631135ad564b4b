"""A Pai Gow evaluator with only compare(a, b) that answers every pair of hands holding no
club the wrong way round: it says a royal flush As Ks Qs Js Ts loses to 2d 3h 4s 5d 7h. Every
comparison the derivation asks has a class representative on one side, and every five-card
representative holds a club, so no such pair is asked there: the comparator obligation asks
pairs the derivation never asks, and refutes it with one. Otherwise it ranks by this
project's own implementation, so that its one fault is the only one."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _comparer import serve, strength_of


def compare(a: str, b: str) -> int:
    sa, sb = strength_of(a), strength_of(b)
    order = (sa > sb) - (sa < sb)
    clubless = not any(card.endswith("c") for card in (*a.split(), *b.split()))
    return -order if clubless else order


serve(compare)
