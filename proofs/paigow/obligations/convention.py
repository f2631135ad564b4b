"""``convention`` and ``consistency``: where s. 40 is silent, the implementation orders hands
as the named conventions do (conv-tiebreak, conv-joker-best, conv-highest-combination; for
two-card hands conv-low-hand), and suits never rank; and the conventions themselves never
contradict an ordering statement of the text.
"""

from __future__ import annotations

import itertools
import time

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.paigow.obligations import every_hand as pp
from casino_proofs.paigow.obligations.discord import (
    Level,
    discordant_partners,
    inverted_partners,
)
from casino_proofs.paigow.obligations.every_hand import hand_text
from casino_proofs.paigow.obligations.evidence import ScopeEvidence, not_replayed, result
from casino_proofs.spec.paigow import JOKER_INDEX


def _suits_rank(ev: ScopeEvidence, started: float) -> Result | None:
    """Hands alike but for their suits that the implementation does not tie (the least
    class where it happens), or None."""
    ob = catalogue.convention(ev.scope)
    for k in ev.keys:
        entry = ev.classes[k]
        if entry.low == entry.high:
            continue
        cex = {"hands": [ev.hand_json(entry.high_hand), ev.hand_json(entry.low_hand)]}
        same_suitless = pp.abstraction(entry.high_hand) == pp.abstraction(entry.low_hand)
        iu, il = ev.impl_value(entry.high_hand), ev.impl_value(entry.low_hand)
        if same_suitless and iu is not None and il is not None and iu != il:
            return result(ob, started, Verdict.REFUTED,
                          f"{hand_text(entry.high_hand)} and {hand_text(entry.low_hand)} "
                          "differ only in suits but do not tie", cex)
        return not_replayed(ob, started, cex, ev)
    return None


def _levels(ev: ScopeEvidence) -> dict[str, list[Level]]:
    """Every class as a level (the specification's conventional key, the implementation's
    value, its hands), by the specification's combination."""
    out: dict[str, list[Level]] = {}
    for k in ev.keys:
        view, entry = ev.views[k], ev.classes[k]
        out.setdefault(view.category, []).append(
            Level(view.category, view.key, entry.low, entry.count, entry.low_hand))
    return out


def _partner(row: Level, columns: list[Level], inverted: bool) -> Level | None:
    """A level of ``columns`` the two orders place ``row`` differently against (on opposite
    sides, if ``inverted``), without the joker if there is one, then the least."""
    def differ(c: Level) -> bool:
        spec, impl = (row.a > c.a) - (row.a < c.a), (row.b > c.b) - (row.b < c.b)
        return spec == -impl != 0 if inverted else spec != impl

    found = [c for c in columns if differ(c)]
    return min(found, key=lambda c: (JOKER_INDEX in c.hand, c.hand)) if found else None


def _worst(levels: dict[str, list[Level]]) -> tuple[int, int, tuple[str, str], int, bool]:
    """All the discordant ordered pairs and the inverted ones, and the pair of combinations
    with the most inverted (or, if none, discordant) pairs, with its count."""
    total = inverted = 0
    cells: dict[tuple[str, str], tuple[int, int]] = {}
    for c1, rows in levels.items():
        for c2, columns in levels.items():
            d = sum(r.hands * n for r, n in zip(rows, discordant_partners(rows, columns),
                                                strict=True))
            v = sum(r.hands * n for r, n in zip(rows, inverted_partners(rows, columns),
                                                strict=True))
            total, inverted = total + d, inverted + v
            if d:
                cells[(c1, c2)] = (v, d)
    strict = inverted > 0
    cell = max(cells, key=lambda c: (cells[c][0] if strict else cells[c][1], c))
    return total, inverted, cell, cells[cell][0 if strict else 1], strict


def _example(levels: dict[str, list[Level]], cell: tuple[str, str],
             strict: bool) -> tuple[Level, Level]:
    """The least telling pair of the cell: a row without the joker against a partner without
    it, else a row with the joker, else a row without it against one with it; each by hand.
    Which rows have partners is counted first, never scanned pair by pair."""
    rows, columns = levels[cell[0]], levels[cell[1]]
    plain_columns = [c for c in columns if JOKER_INDEX not in c.hand]
    count = inverted_partners if strict else discordant_partners
    having = list(zip(rows, count(rows, columns), strict=True))
    having_plain = list(zip(rows, count(rows, plain_columns), strict=True))
    firsts = (
        [r for r, n in having_plain if n and JOKER_INDEX not in r.hand],
        [r for r, n in having if n and JOKER_INDEX in r.hand],
        [r for r, n in having if n],
    )
    for candidates in firsts:
        if candidates:
            row = min(candidates, key=lambda r: r.hand)
            partner = _partner(row, plain_columns if candidates is firsts[0] else columns,
                               strict)
            assert partner is not None  # counted above
            return row, partner
    raise AssertionError("no discordant pair")  # _worst counted one


def _agrees(ev: ScopeEvidence) -> bool:
    """Whether the implementation's order is the conventional order: every two neighbours in
    the conventional order compare alike in both (a quick test; the counting is only for a
    refutation)."""
    ordered = sorted(ev.keys, key=lambda k: (ev.views[k].key, k))
    for a, b in itertools.pairwise(ordered):
        ka, kb = ev.views[a].key, ev.views[b].key
        va, vb = ev.classes[a].low, ev.classes[b].low
        if (ka == kb) != (va == vb) or (ka < kb and not va < vb):
            return False
    return True


def check(ev: ScopeEvidence) -> list[Result]:
    """The implementation's order is the conventional order, and suits never rank; a
    refutation counts the ordered pairs of hands ordered otherwise, and shows the most telling
    from the pair of combinations that holds the most of them."""
    started = time.perf_counter()
    ob = catalogue.convention(ev.scope)
    suits = _suits_rank(ev, started)
    if suits is not None:
        return [suits]
    if _agrees(ev):
        return [result(ob, started, Verdict.PROVED, f"{len(ev.keys):,} classes")]
    levels = _levels(ev)
    total, inverted, cell, in_cell, strict = _worst(levels)
    row, partner = _example(levels, cell, strict)
    ha, hb = sorted((row.hand, partner.hand),
                    key=lambda h: ev.views[pp.abstraction(h)].key)  # the lower first
    sa, sb = ev.spec_exact(ha).key, ev.spec_exact(hb).key
    ia, ib = ev.impl_value(ha), ev.impl_value(hb)
    cex = {"hands": [ev.hand_json(ha), ev.hand_json(hb)]}
    if ia is None or ib is None or ev.changed or ((sa == sb) == (ia == ib)
                                                  and (sa < sb) == (ia < ib)):
        return [not_replayed(ob, started, cex, ev)]
    expected = "tie" if sa == sb else f"{hand_text(hb)} ranks higher"
    says = "ties them" if ia == ib else f"ranks {hand_text(ha if ia > ib else hb)} higher"
    return [result(ob, started, Verdict.REFUTED,
                   f"{hand_text(ha)} against {hand_text(hb)}: the conventions say {expected}; "
                   f"the implementation {says}; {total:,} ordered pairs of hands are ordered "
                   f"otherwise than the conventions ({inverted:,} the wrong way round, "
                   f"{total - inverted:,} a tie made or broken), {in_cell:,} of the "
                   f"{'wrong way round' if strict else 'others'} between {cell[0]} and "
                   f"{cell[1]} (counted class by class)", cex, ev.rests_on([ha, hb]))]


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
