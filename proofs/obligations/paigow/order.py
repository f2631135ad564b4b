"""``order``: the implementation respects each ordering statement of s. 40 (the chapeau's
"rank from highest to lowest", and each paragraph's "the highest ...", "the second highest
...", "the lowest ..."), class by class over every hand; a violation is a pair of hands, the
higher side's lowest against the lower side's highest, replayed with the clause.
"""

from __future__ import annotations

import time
from typing import Any

from casino_proofs.obligations.paigow import catalogue
from casino_proofs.obligations.paigow.every_hand import hand_text
from casino_proofs.obligations.paigow.evidence import ScopeEvidence, not_replayed, result
from casino_proofs.obligations.verdict import Obligation, Result, Verdict

Side = tuple[Any, tuple[int, ...]]  # (a value, the hand with it)


def _extremes(ev: ScopeEvidence, index: int) -> tuple[Side | None, Side | None]:
    """The lowest value on the statement's higher side and the highest on its lower side,
    each with the least hand that has it."""
    lowest_higher: Side | None = None
    highest_lower: Side | None = None
    for k in ev.keys:
        inside_higher, inside_lower = ev.views[k].membership[index]
        entry = ev.table[k]
        if inside_higher and (lowest_higher is None
                              or (entry.low, entry.low_hand) < lowest_higher):
            lowest_higher = (entry.low, entry.low_hand)
        if inside_lower and (highest_lower is None or entry.high > highest_lower[0]
                             or (entry.high == highest_lower[0]
                                 and entry.high_hand < highest_lower[1])):
            highest_lower = (entry.high, entry.high_hand)
    return lowest_higher, highest_lower


def _refute_pair(ev: ScopeEvidence, ob: Obligation, started: float, index: int,
                 upper: tuple[int, ...], lower: tuple[int, ...]) -> Result:
    """Replay: ``upper`` must be in the statement's higher set, ``lower`` in its lower set,
    and the implementation must not rank ``upper`` strictly higher."""
    vu, vl = ev.spec_exact(upper), ev.spec_exact(lower)
    iu, il = ev.impl_value(upper), ev.impl_value(lower)
    cex = {"hands": [ev.hand_json(upper), ev.hand_json(lower)]}
    if not (vu.membership[index][0] and vl.membership[index][1]
            and iu is not None and il is not None and not iu > il):
        return not_replayed(ob, started, cex)
    assert iu is not None and il is not None
    relation = "ties with" if iu == il else "ranks below"
    return result(ob, started, Verdict.REFUTED,
                  f"{hand_text(upper)} {relation} {hand_text(lower)} in the implementation", cex)


def check(ev: ScopeEvidence) -> list[Result]:
    out = []
    for i, st in enumerate(ev.built.statements):
        started = time.perf_counter()
        ob = catalogue.order(ev.scope, st)
        lowest_higher, highest_lower = _extremes(ev, i)
        if lowest_higher is None or highest_lower is None:
            side = "higher" if lowest_higher is None else "lower"
            deck_has = any(ev.views[k].membership[i][0 if side == "higher" else 1]
                           for k in ev.all_keys)
            out.append(result(ob, started, Verdict.VACUOUS,
                              f"the implementation ranked no hand on the {side} side (it "
                              "refused or failed on them: see exhaustive)" if deck_has else
                              f"no hand of this deck on the {side} side"))
        elif lowest_higher[0] > highest_lower[0]:
            out.append(result(ob, started, Verdict.PROVED))
        else:
            out.append(_refute_pair(ev, ob, started, i, lowest_higher[1], highest_lower[1]))
    return out
