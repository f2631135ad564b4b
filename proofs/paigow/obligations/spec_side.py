"""The obligations about the specification itself, and their dual evidence: the results of
the Z3 queries (:mod:`~casino_proofs.paigow.obligations.queries`: ``abstraction``,
``nonvacuous``, ``statement``), the non-vacuity and statement claims confirmed again on every
hand of the deck, and ``evaluator``: the compiled evaluation of the specification, which every
class is judged by, agrees with Z3's own on a seeded sample.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.paigow.obligations import queries as pq
from casino_proofs.paigow.obligations.every_hand import hand_text
from casino_proofs.paigow.obligations.evidence import DeckView, ScopeEvidence, result
from casino_proofs.paigow.obligations.scope_spec import CLAUSE_OF
from casino_proofs.solving.z3_compile import evaluate_with_z3

EVALUATOR_SAMPLE = 12  # classes per scope cross-checked against Z3 in every run


def every_hand(deck_size: int) -> str:
    """The evidence of the obligations checked class by class over every hand of the deck."""
    return f"enumeration: every hand of the {deck_size}-card deck"


def query_results(queries: list[pq.Query]) -> list[Result]:
    """Each query's outcome as the result of its obligation."""
    out = []
    for q in sorted(queries, key=lambda q: q.id):
        cex = {"hands": [{"hand": hand_text(h)} for h in q.hands]} if q.hands else None
        detail = q.detail
        if q.verdict == "PROVED" and q.hands:
            detail, cex = f"e.g. {hand_text(q.hands[0])}", None
        out.append(Result(catalogue.smt(q.id), Verdict(q.verdict), q.seconds, detail, cex,
                          smt=q.smt, resources=q.resources, smt_verdict=Verdict(q.verdict)))
    return out


def evaluator(ev: ScopeEvidence) -> Result:
    started = time.perf_counter()
    ob = catalogue.evaluator(ev.scope)
    rng = random.Random(3)
    sample = rng.sample(ev.keys, min(EVALUATOR_SAMPLE, len(ev.keys)))
    for k in sample:
        hand = ev.classes[k].low_hand
        if ev.fast(*hand) != evaluate_with_z3(ev.inputs, ev.outputs, hand):
            return result(ob, started, Verdict.ERROR,
                          f"the fast evaluation disagrees with Z3 on {hand_text(hand)}")
    return result(ob, started, Verdict.PROVED, f"{len(sample)} classes")


def bulk(ev: DeckView) -> Result:
    """Obligation ``bulk``: the table the specification was read off is proved equal to it
    (:func:`casino_proofs.paigow.obligations.bulk.verified`); where no table was used (a
    mutated specification), each class was evaluated from the terms themselves."""
    if ev.bulk_result is not None:
        return ev.bulk_result
    return result(catalogue.bulk(ev.scope), time.perf_counter(), Verdict.PROVED,
                  "no bulk table used: every class evaluated from the terms")


def _sides_counted(ev: DeckView) -> Callable[[int], tuple[int, int, int]]:
    """For statement ``i``: how many hands of the deck are on its higher side, on its lower
    side, and on both; read off the bulk table's columns at once where there is one."""
    if ev.bulk_table is None:
        def counted(i: int) -> tuple[int, int, int]:
            up = sum(ev.every[k][0] for k in ev.all_keys if ev.views[k].membership[i][0])
            down = sum(ev.every[k][0] for k in ev.all_keys if ev.views[k].membership[i][1])
            both = sum(ev.every[k][0] for k in ev.all_keys if all(ev.views[k].membership[i]))
            return up, down, both
        return counted
    import numpy as np

    table = ev.bulk_table
    rows = table.rows[[table.index[k] for k in ev.all_keys]]
    counts = np.array([ev.every[k][0] for k in ev.all_keys], dtype=np.int64)

    def from_table(i: int) -> tuple[int, int, int]:
        higher, lower = rows[:, 1 + 2 * i] != 0, rows[:, 2 + 2 * i] != 0
        return (int(counts[higher].sum()), int(counts[lower].sum()),
                int(counts[higher & lower].sum()))
    return from_table


def enumerated(ev: DeckView, queries: list[Result]) -> list[Result]:
    """Dual evidence: the SMT-decided non-vacuity and statement obligations checked again on
    every hand of the deck, class by class (the abstraction lemma, over pairs of hands, is left
    to SMT alone)."""
    hands = {name: 0 for name in CLAUSE_OF}
    for k in ev.all_keys:
        hands[ev.views[k].category] += ev.every[k][0]
    sides = _sides_counted(ev)
    out = []
    for r in queries:
        kind, subject = r.obligation.claim, r.obligation.subject
        if kind == "nonvacuous":
            holds, what = hands.get(subject, 0) > 0, f"{hands.get(subject, 0):,} hands"
        elif kind == "statement":
            i = next(i for i, st in enumerate(ev.built.statements) if st.id == subject)
            up, down, both = sides(i)
            holds = up > 0 and down > 0 and both == 0
            what = f"{up:,} hands above, {down:,} below, {both:,} on both sides"
        else:
            out.append(r)  # the abstraction lemma: pairs of hands, too many to enumerate
            continue
        text = f"enumeration: {what}"
        proved = r.verdict is Verdict.PROVED
        if proved != holds and r.verdict in (Verdict.PROVED, Verdict.REFUTED, Verdict.VACUOUS):
            out.append(replace(r, verdict=Verdict.ERROR, enumeration=text,
                               detail=f"{r.detail} the SMT answer and the enumeration "
                                      "disagree".strip()))
        else:
            out.append(replace(r, enumeration=text))
    return out
