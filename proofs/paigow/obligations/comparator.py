"""The ``comparator`` obligation of an evaluator with only a comparison: the assumption its
derived strengths rest on, tested (:mod:`casino_proofs.adapters.comparator_checks`).

Its strengths are derived from about one comparison a hand, always against a class's
representative; every other obligation is proved on them. That is sound when its comparisons
are one total preorder. Proved here is that every comparison of the tests agrees with the
order derived; refuted, the first that does not, with its pair: then its comparisons are not
one order, and what the other obligations say of its order is not established either.
"""

from __future__ import annotations

import time

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.protocol.comparisons import ComparatorEvidence

_SAYS = {1: "ranks above", -1: "ranks below", 0: "ties with"}


def check(scope: str, evidence: ComparatorEvidence) -> Result:
    started = time.perf_counter()
    ob = catalogue.comparator(scope)
    asked = ", ".join(f"{n:,} {check}" for check, n in evidence.asked.items())
    first = evidence.first
    if first is None:
        return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                      f"{evidence.total:,} comparisons the derivation never asked ({asked}) "
                      "each agree with the order derived from its comparisons; the rest of "
                      "the 8 x 10^12 ordered pairs rests on its comparisons being one total "
                      "preorder",
                      enumeration=f"enumeration: {evidence.total:,} comparisons, 0 failing")
    a, b = first["pair"]
    said = _SAYS.get(first["answered"], f"compares as {first['answered']} with")
    return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                  f"{evidence.failing:,} of {evidence.total:,} comparisons ({asked}) contradict "
                  f"the order derived from its own comparisons; the first ({first['check']}): "
                  f"it answers that {a} {said} {b}, where the order its other answers give "
                  f"has it: {_SAYS[first['expected']]}: its comparisons are not one order",
                  {**first, "failing": evidence.failing, "total": evidence.total,
                   "asked": dict(evidence.asked)},
                  enumeration=f"enumeration: {evidence.total:,} comparisons, "
                              f"{evidence.failing:,} failing")
