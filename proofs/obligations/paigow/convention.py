"""``convention`` and ``consistency``: where s. 40 is silent, the implementation orders hands
as the named conventions do (conv-tiebreak, conv-joker-best, conv-highest-combination; for
two-card hands conv-low-hand), and suits never rank; and the conventions themselves never
contradict an ordering statement of the text.
"""

from __future__ import annotations

import itertools
import time

from casino_proofs.obligations.paigow import catalogue
from casino_proofs.obligations.paigow import every_hand as pp
from casino_proofs.obligations.paigow.every_hand import hand_text
from casino_proofs.obligations.paigow.evidence import ScopeEvidence, not_replayed, result
from casino_proofs.obligations.verdict import Result, Verdict


def _suits_rank(ev: ScopeEvidence, started: float) -> Result | None:
    """Hands alike but for their suits that the implementation does not tie (the least
    class where it happens), or None."""
    ob = catalogue.convention(ev.scope)
    for k in ev.keys:
        entry = ev.table[k]
        if entry.low == entry.high:
            continue
        cex = {"hands": [ev.hand_json(entry.high_hand), ev.hand_json(entry.low_hand)]}
        same_suitless = pp.abstraction(entry.high_hand) == pp.abstraction(entry.low_hand)
        iu, il = ev.impl_value(entry.high_hand), ev.impl_value(entry.low_hand)
        if same_suitless and iu is not None and il is not None and iu != il:
            return result(ob, started, Verdict.REFUTED,
                          f"{hand_text(entry.high_hand)} and {hand_text(entry.low_hand)} "
                          "differ only in suits but do not tie", cex)
        return not_replayed(ob, started, cex)
    return None


def check(ev: ScopeEvidence) -> list[Result]:
    """The implementation's order is the conventional order, and suits never rank."""
    started = time.perf_counter()
    ob = catalogue.convention(ev.scope)
    suits = _suits_rank(ev, started)
    if suits is not None:
        return [suits]
    ordered = sorted(ev.keys, key=lambda k: (ev.views[k].key, k))
    for a, b in itertools.pairwise(ordered):
        ka, kb = ev.views[a].key, ev.views[b].key
        va, vb = ev.table[a].low, ev.table[b].low
        if (ka == kb) != (va == vb) or (ka < kb and not va < vb):
            ha, hb = ev.table[a].low_hand, ev.table[b].low_hand
            sa, sb = ev.spec_exact(ha).key, ev.spec_exact(hb).key
            ia, ib = ev.impl_value(ha), ev.impl_value(hb)
            cex = {"hands": [ev.hand_json(ha), ev.hand_json(hb)]}
            if ia is None or ib is None or ((sa == sb) == (ia == ib)
                                            and (sa < sb) == (ia < ib)):
                return [not_replayed(ob, started, cex)]
            expected = "tie" if sa == sb else f"{hand_text(hb)} ranks higher"
            return [result(ob, started, Verdict.REFUTED,
                           f"{hand_text(ha)} against {hand_text(hb)}: the conventions say "
                           f"{expected}; the implementation does not", cex)]
    return [result(ob, started, Verdict.PROVED, f"{len(ev.keys):,} classes")]


def consistency(ev: ScopeEvidence) -> list[Result]:
    """The conventional order satisfies every statement of the text."""
    started = time.perf_counter()
    ob = catalogue.consistency(ev.scope)
    for i, st in enumerate(ev.built.statements):
        higher = [ev.views[k].key for k in ev.all_keys if ev.views[k].membership[i][0]]
        lower = [ev.views[k].key for k in ev.all_keys if ev.views[k].membership[i][1]]
        if higher and lower and not min(higher) > max(lower):
            return [result(ob, started, Verdict.REFUTED,
                           f"the conventional order breaks {st.id}: {st.description}")]
    return [result(ob, started, Verdict.PROVED)]
