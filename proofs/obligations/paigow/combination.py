"""``combination``: the implementation gives every hand the specification's combination, when
it names combinations (s. 40 (1) to (10), and conv-no-combination-lowest; for five-card hands
conv-highest-combination and conv-joker-ace-or-completes decide which one a hand forms).

An engine answering strengths alone is proved on the order only (the report lists this
obligation as left out, and why).
"""

from __future__ import annotations

import time

from casino_proofs.obligations.paigow import catalogue
from casino_proofs.obligations.paigow.every_hand import Key
from casino_proofs.obligations.paigow.evidence import ScopeEvidence, result
from casino_proofs.obligations.paigow.queries import combination_names
from casino_proofs.obligations.verdict import Result, Verdict


def _misnamed(ev: ScopeEvidence, name: str, members: list[Key]) -> tuple[int, ...] | None:
    """A hand the implementation names otherwise than ``name`` although the specification says
    it is one, or names ``name`` although it is not (the least such hand), or None."""
    wrong: list[tuple[int, ...]] = []
    for k in members:
        entry = ev.table[k]
        if entry.combination != name:
            wrong.append(entry.low_hand)
        wrong += [hand for other, hand in entry.others.items() if other != name]
    for k in ev.keys:
        entry = ev.table[k]
        if ev.views[k].category != name and name in (entry.combination, *entry.others):
            wrong.append(entry.low_hand if entry.combination == name else entry.others[name])
    return min(wrong) if wrong else None


def check(ev: ScopeEvidence) -> list[Result]:
    if not ev.named:
        return []  # listed as left out: the engine names no combinations
    by_category: dict[str, list[Key]] = {}
    for k in ev.keys:
        by_category.setdefault(ev.views[k].category, []).append(k)
    out = []
    for name in combination_names(ev.scope):
        started = time.perf_counter()
        ob = catalogue.combination(ev.scope, name)
        bad = _misnamed(ev, name, by_category.get(name, []))
        hands = sum(ev.table[k].count for k in by_category.get(name, []))
        if bad is None:
            out.append(result(ob, started, Verdict.PROVED, f"{hands:,} hands"))
            continue
        replay = ev.hand_json(bad)
        if replay["spec"]["combination"] == replay["impl"].get("combination"):
            out.append(result(ob, started, Verdict.ERROR, "the counterexample did not replay",
                              {"hands": [replay]}))
        else:
            out.append(result(ob, started, Verdict.REFUTED,
                              f"{replay['hand']}: the text makes it a "
                              f"{replay['spec']['combination']}, the implementation a "
                              f"{replay['impl'].get('combination')}", {"hands": [replay]}))
    return out
