"""The craps obligations of a bundle, proved again by the installed package from the engine's
recorded answers: the same obligations must come out, each with the same kind, clauses,
subject, verdict, detail, counterexample and unsat core, and (rebuilt from the installed
package) the same query texts. Only the resource counts are set aside: they depend on the
terms the solver's process made before.
"""

from __future__ import annotations

import json
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.bundle_answers import BundleAnswers
from casino_proofs.audit.bundle import obligation_entry, query_file
from casino_proofs.audit.findings import Finding, differing
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import RunRecord
from casino_proofs.obligations.craps import CrapsRun, prove_craps
from casino_proofs.obligations.plan import relabel
from casino_proofs.obligations.verdict import Result
from casino_proofs.protocol.engine import AnswerHash
from casino_proofs.solving.budget import Budget


def recorded_engine(bundle: Bundle, run: RunRecord) -> tuple[BundleAnswers,
                                                            BundleAnswers | None]:
    """The engine as the bundle recorded it in one run (and our implementation's explicit
    call, when recorded)."""
    recorded = bundle.answers[run.reading]
    hello = bundle.manifest.hello
    main = BundleAnswers(hello, recorded.first, recorded.second or recorded.first,
                          channel=run.craps_channel)
    if bundle.manifest.engine["kind"] == "table":
        main.kind = "table"  # a recorded table cannot refuse: no validation obligation
    explicit = BundleAnswers(hello, recorded.explicit, recorded.explicit) \
        if recorded.explicit else None
    return main, explicit


def answers_digest(bundle: Bundle, run: RunRecord) -> str:
    """The hash of a run's first answers, as ``check`` computes it."""
    digest = AnswerHash()
    first = bundle.answers[run.reading].first
    for q in sorted(first, key=lambda q: q.sort_key()):
        digest.add(q.item(), first[q].json())
    return digest.hexdigest()


def prove_again(bundle: Bundle, run: RunRecord) -> CrapsRun:
    """The run's craps obligations, proved again from the recorded answers."""
    engine, explicit = recorded_engine(bundle, run)
    wagers = bundle.manifest.wagers
    left = [w for w in spec.WAGER_NAMES if wagers and w not in wagers]
    budget = Budget(z3_rlimit=bundle.manifest.budget.z3_rlimit)
    return prove_craps(engine, run.readings, wagers, budget, record=True, left_out=left,
                       explicit=explicit)


def entries(results: list[Result], label: str) -> dict[str, tuple[dict[str, Any], Result]]:
    """The results of one run as the bundle writes them, by ID."""
    out = {}
    for r in relabel(results, label):
        out[r.obligation.id] = (json.loads(json.dumps(obligation_entry(r))), r)
    return out


def compare_texts(bundle: Bundle, oid: str, recorded: dict[str, Any],
                  rebuilt: tuple[tuple[str, str], ...]) -> list[Finding]:
    """The recorded queries of one obligation against the ones rebuilt from the installed
    package: the same files, texts and expected answers."""
    files = [q["file"] for q in recorded["queries"]]
    if len(files) != len(rebuilt):
        return [Finding(oid, "regenerated-otherwise",
                        f"{len(rebuilt)} queries rebuilt, {len(files)} in the bundle")]
    for i, (name, (expected, text)) in enumerate(zip(files, rebuilt, strict=True)):
        if name != query_file(oid, i):
            return [Finding(oid, "regenerated-otherwise", f"{name}: not where the query "
                                                          "belongs")]
        if bundle.text(name) != text:
            return [Finding(oid, "regenerated-otherwise",
                            f"{name}: not the query the installed package builds")]
        if recorded["queries"][i].get("expected") != expected:
            return [Finding(oid, "regenerated-otherwise",
                            f"{name}: recorded to answer {recorded['queries'][i]['expected']}, "
                            f"rebuilt to answer {expected}")]
    return []


def craps_findings(bundle: Bundle, run: RunRecord, by_id: dict[str, dict[str, Any]],
                   again: CrapsRun) -> tuple[list[Finding], dict[str, str]]:
    """Each obligation of the run proved again, against the bundle's; and the kind of every
    obligation the run gives rise to (by ID)."""
    out: list[Finding] = []
    kinds: dict[str, str] = {}
    for oid, (expected, result) in entries(again.results, run.reading).items():
        kinds[oid] = result.obligation.kind
        recorded = by_id.get(oid)
        if recorded is None:
            out.append(Finding(oid, "missing", "the installed package proves this obligation "
                                               "from the recorded answers; the bundle lacks it"))
            continue
        found = differing(oid, recorded, expected)
        if found is not None:
            out.append(found)
        out += compare_texts(bundle, oid, recorded, result.smt)
    return out, kinds
