"""``combination``: the implementation gives every hand the specification's combination, when
it names combinations (s. 40 (1) to (10), and conv-no-combination-lowest; for five-card hands
conv-highest-combination and conv-joker-ace-or-completes decide which one a hand forms).

An engine answering strengths alone is proved on the order only (the report lists this
obligation as left out, and why).
"""

from __future__ import annotations

import time

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.paigow.obligations.every_hand import Key
from casino_proofs.paigow.obligations.evidence import ScopeEvidence, not_replayed, result
from casino_proofs.paigow.obligations.queries import combination_names
from casino_proofs.spec.paigow import JOKER_INDEX


def _misnamed(ev: ScopeEvidence, name: str,
              members: list[Key]) -> tuple[int, tuple[int, ...] | None]:
    """How many hands the implementation names otherwise than ``name`` although the
    specification says they are one, or names ``name`` although they are not; and the most
    telling of them: a hand without the joker before one with it, then the least."""
    wrong: list[tuple[int, ...]] = []
    count = 0
    inside = set(members)
    for k in ev.keys:
        entry = ev.classes[k]
        named = entry.named()
        if k in inside:
            count += entry.count - named.get(name, 0)
            if entry.combination != name:
                wrong.append(entry.first or entry.low_hand)
            wrong += [hand for other, hand in entry.others.items() if other != name]
        elif name in named:
            count += named[name]
            wrong.append(entry.first if entry.combination == name else entry.others[name])
    if not wrong:
        return 0, None
    return count, min(wrong, key=lambda h: (JOKER_INDEX in h, h))


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
        count, bad = _misnamed(ev, name, by_category.get(name, []))
        hands = sum(ev.classes[k].count for k in by_category.get(name, []))
        if bad is None:
            out.append(result(ob, started, Verdict.PROVED, f"{hands:,} hands"))
            continue
        replay = ev.hand_json(bad)
        if replay["spec"]["combination"] == replay["impl"].get("combination") or ev.changed:
            out.append(not_replayed(ob, started, {"hands": [replay]}, ev))
        else:
            out.append(result(ob, started, Verdict.REFUTED,
                              f"{replay['hand']}: the text makes it a "
                              f"{replay['spec']['combination']}, the implementation a "
                              f"{replay['impl'].get('combination')}; {count:,} hands named "
                              f"otherwise than the text's {name} (the most telling shown)",
                              {"hands": [replay], "count": count}, ev.rests_on([bad])))
    return out
