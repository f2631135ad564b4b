"""``order``: the implementation respects each ordering statement of s. 40 (the chapeau's
"rank from highest to lowest", and each paragraph's "the highest ...", "the second highest
...", "the lowest ..."), class by class over every hand.

A refutation says how many ordered pairs of hands break the statement (a hand of its higher
side ranked below, or level with, a hand of its lower side), counted class by class, and
shows the most telling pair: one ranked the wrong way round before one made level, a pair
without the joker before one with it (whose combination rests on a convention), the least
hands in order. It is replayed, and cites every convention its hands rest on.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from itertools import accumulate
from typing import Any

from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.paigow.obligations.every_hand import Key, hand_text
from casino_proofs.paigow.obligations.evidence import ScopeEvidence, not_replayed, result
from casino_proofs.spec.paigow import JOKER_INDEX

Hand = tuple[int, ...]


def _sides(ev: ScopeEvidence, index: int) -> tuple[list[Key], list[Key]]:
    higher = [k for k in ev.keys if ev.views[k].membership[index][0]]
    lower = [k for k in ev.keys if ev.views[k].membership[index][1]]
    return higher, lower


def _count(ev: ScopeEvidence, higher: list[Key], lower: list[Key]) -> tuple[int, int]:
    """How many ordered pairs (a hand of the higher side, one of the lower) the implementation
    ranks the wrong way round, and how many it makes level."""
    highs = sorted((ev.classes[k].high, ev.classes[k].count) for k in lower)
    values = [v for v, _n in highs]
    after = [*list(accumulate(n for _v, n in reversed(highs)))[::-1], 0]  # hands from i on
    wrong = level = 0
    for k in higher:
        entry = ev.classes[k]
        first_not_below = bisect_left(values, entry.low)
        first_above = bisect_right(values, entry.low)
        wrong += entry.count * after[first_above]
        level += entry.count * (after[first_not_below] - after[first_above])
    return wrong, level


def _example(ev: ScopeEvidence, higher: list[Key], lower: list[Key]) -> tuple[Hand, Hand]:
    """The most telling broken pair: the wrong way round before level, without the joker
    before with it, then the least hands."""
    def jokerless(k: Key) -> bool:
        return JOKER_INDEX not in ev.classes[k].low_hand

    for strict in (True, False):
        for plain in (True, False):
            tops = [k for k in lower if jokerless(k) or not plain]
            if not tops:
                continue
            top = max(tops, key=lambda k: (ev.classes[k].high, [-c for c in
                                                              ev.classes[k].high_hand]))
            best = ev.classes[top].high
            for k in sorted(higher, key=lambda k: ev.classes[k].low_hand):
                entry = ev.classes[k]
                if plain and not jokerless(k):
                    continue
                if (entry.low < best) if strict else (entry.low <= best):
                    return entry.low_hand, ev.classes[top].high_hand
    raise AssertionError("no broken pair")  # _count found one


def _refute_pair(ev: ScopeEvidence, ob: Obligation, started: float, index: int, upper: Hand,
                 lower: Hand, counted: str) -> Result:
    """Replay: ``upper`` must be in the statement's higher set, ``lower`` in its lower set,
    and the implementation must not rank ``upper`` strictly higher."""
    vu, vl = ev.spec_exact(upper), ev.spec_exact(lower)
    iu, il = ev.impl_value(upper), ev.impl_value(lower)
    cex: dict[str, Any] = {"hands": [ev.hand_json(upper), ev.hand_json(lower)]}
    if not (vu.membership[index][0] and vl.membership[index][1]
            and iu is not None and il is not None and not iu > il) or ev.changed:
        return not_replayed(ob, started, cex, ev)
    assert iu is not None and il is not None
    relation = "ties with" if iu == il else "ranks below"
    return result(ob, started, Verdict.REFUTED,
                  f"{hand_text(upper)} {relation} {hand_text(lower)} in the implementation; "
                  f"{counted}", cex, ev.rests_on([upper, lower]))


def check(ev: ScopeEvidence) -> list[Result]:
    out = []
    for i, st in enumerate(ev.built.statements):
        started = time.perf_counter()
        ob = catalogue.order(ev.scope, st)
        higher, lower = _sides(ev, i)
        if not higher or not lower:
            side = "higher" if not higher else "lower"
            deck_has = any(ev.views[k].membership[i][0 if side == "higher" else 1]
                           for k in ev.all_keys)
            out.append(result(ob, started, Verdict.VACUOUS,
                              f"the implementation ranked no hand on the {side} side (it "
                              "refused or failed on them: see exhaustive)" if deck_has else
                              f"no hand of this deck on the {side} side"))
            continue
        wrong, level = _count(ev, higher, lower)
        if not wrong and not level:
            out.append(result(ob, started, Verdict.PROVED))
            continue
        upper, under = _example(ev, higher, lower)
        counted = (f"{wrong + level:,} ordered pairs of hands break the statement ({wrong:,} "
                   f"the wrong way round, {level:,} made level), counted class by class")
        out.append(_refute_pair(ev, ob, started, i, upper, under, counted))
    return out
