"""What a Pai Gow run reports besides its verdicts: ``exhaustive`` (every hand answered), the
silence report (how many ordering questions s. 40 leaves to a convention, by combination), the
digest of the implementation's order over every hand, and the hands it gave each combination.
"""

from __future__ import annotations

import hashlib
import time
from math import comb
from typing import Any

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.paigow.obligations.every_hand import PassResult, hand_text
from casino_proofs.paigow.obligations.evidence import ScopeEvidence
from casino_proofs.paigow.obligations.queries import combination_names
from casino_proofs.paigow.obligations.scope_spec import CLAUSE_OF, SCOPES
from casino_proofs.protocol.answers import Faulty


def exhaustive(scope: str, result: PassResult, deck: tuple[int, ...]) -> Result:
    started = time.perf_counter()
    expected = comb(len(deck), SCOPES[scope])
    ob = catalogue.exhaustive(scope, len(deck))
    if result.failures:
        failed = sum(n for _hand, n in result.failures.values())
        message, (hand, _n) = min(result.failures.items(), key=lambda kv: (kv[1][0], kv[0]))
        unanswered = all(m.startswith(Faulty.UNANSWERED) for m in result.failures)
        verdict = Verdict.ERROR if unanswered else Verdict.REFUTED
        return Result(ob, verdict, time.perf_counter() - started,
                      f"{failed:,} hands without a strength; first {hand_text(hand)}: {message}",
                      {"hands": [{"hand": hand_text(hand), "impl": {"error": message}}]})
    if result.hands != expected or sum(e.count for e in result.classes.values()) != expected:
        return Result(ob, Verdict.ERROR, time.perf_counter() - started,
                      f"{result.hands:,} hands evaluated, {expected:,} expected")
    return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                  f"{expected:,} hands in {len(result.classes):,} classes")


def silence(ev: ScopeEvidence) -> dict[str, Any]:
    """How many ordering questions s. 40 leaves open, by combination."""
    rows: list[dict[str, Any]] = []
    distinct: dict[str, int] = {}
    for name in combination_names(ev.scope):
        bands: dict[str, set[Any]] = {}
        for k in ev.keys:
            view = ev.views[k]
            if view.category == name:
                bands.setdefault(view.band, set()).add(ev.classes[k].low)
        values = set().union(*bands.values()) if bands else set()
        total = comb(len(values), 2)
        distinct[name] = len(values)
        undecided = sum(comb(len(v), 2) for v in bands.values())
        rows.append({
            "combination": name, "clause": CLAUSE_OF[name] if ev.scope == "high"
            or name == "pair" else "conv-low-hand",
            "distinct_values": len(values), "pairs": total,
            "decided_by_text": total - undecided if name != "no-combination" else 0,
            "decided_by_convention": undecided if name != "no-combination" else total,
            "convention": "conv-tiebreak" if ev.scope == "high" else "conv-low-hand",
        })
    everything = sum(distinct.values())
    across = comb(everything, 2) - sum(comb(n, 2) for n in distinct.values())
    with_none = distinct["no-combination"] * (everything - distinct["no-combination"])
    return {"by_combination": rows,
            "across_combinations": {"pairs": across, "decided_by_text": across - with_none,
                                    "decided_by_convention": with_none}}


def digest(ev: ScopeEvidence) -> str:
    """A digest of the implementation's order over every hand: each class with its hand count
    and the dense rank of its lowest and highest value."""
    values = sorted({e.low for e in ev.classes.values()} | {e.high for e in ev.classes.values()})
    dense = {v: i for i, v in enumerate(values)}
    h = hashlib.sha256()
    for k in ev.keys:
        e = ev.classes[k]
        ranks, suited = k
        h.update(f"{','.join(map(str, ranks))}|{int(suited)}|{dense[e.low]}|"
                 f"{dense[e.high]}|{e.count}\n".encode())
    return h.hexdigest()


def named_counts(result: PassResult) -> dict[str, int]:
    """The hands the implementation gave each combination (when it names them)."""
    counts: dict[str, int] = {}
    for entry in result.classes.values():
        if entry.combination is not None:
            counts[entry.combination] = counts.get(entry.combination, 0) + entry.count
    return counts
