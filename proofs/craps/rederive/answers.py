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
from casino_proofs.adapters.recorded import recorded_door
from casino_proofs.audit.bundle import obligation_entry
from casino_proofs.audit.findings import PROCESS_DEPENDENT, Finding, compare_texts, differing
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import RunRecord
from casino_proofs.craps.obligations import CrapsRun, prove_craps
from casino_proofs.obligations.plan import prefix, relabel
from casino_proofs.obligations.verdict import Result
from casino_proofs.protocol.engine import AnswerHash, Capability
from casino_proofs.solving.budget import Budget

#: the capabilities that say how an engine's answers are judged (the others add hooks, which
#: stay with the engine: a bundle holds its answers alone)
JUDGING = (Capability.ANSWERS_ANY_INPUT | Capability.ANSWERS_AGAIN | Capability.RECORDED
           | Capability.LOGS_SESSIONS)
#: what of a played or logged table rests on the events of its scripts or sessions, which a
#: bundle does not hold: the table's own obligations and what they leave out
#: (``craps/table/...``), and the causes they give other obligations' findings
TABLE_OWN = "craps/table/"
ON_RECORD = ("a bundle holds what a table settled, not the events of its scripts or "
             "sessions: the table's own obligations, what they leave out and the causes they "
             "give other findings are taken on record")


def played(bundle: Bundle) -> bool:
    """Whether the bundle's engine is a table played or logged, judged by its own
    obligations (which a bundle takes on record)."""
    return Capability.PLAYS_TABLES in recorded_door(bundle.manifest.engine["kind"])


def recorded_engine(bundle: Bundle, run: RunRecord) -> tuple[BundleAnswers,
                                                            BundleAnswers | None]:
    """The engine as the bundle recorded it in one run (and our implementation's explicit
    call, when recorded)."""
    recorded = bundle.answers[run.reading]
    hello = bundle.manifest.hello
    # a recorded table cannot refuse: no validation obligation; a table played or logged
    # is judged by its own obligations, not by asking twice: no determinism obligation
    main = BundleAnswers(hello, recorded.first, recorded.second or recorded.first,
                          channel=run.channels.get("craps"),
                          capabilities=recorded_door(bundle.manifest.engine["kind"]) & JUDGING)
    if main.can(Capability.LOGS_SESSIONS):  # what a log's verdicts claim: its settlements,
        # or (as the user asked, --require-coverage) every input of the universe; the check's
        # scope, recorded
        main.observed_only = bundle.manifest.engine.get("coverage_required") is False
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


def table_obligations(bundle: Bundle, run: RunRecord) -> list[dict[str, Any]]:
    """The recorded obligations of a table's own (``craps/table/...``) in one run: what the
    table did in its scripts or its log's sessions, which a bundle does not hold."""
    if not played(bundle):
        return []
    head = prefix(run.reading) + TABLE_OWN
    return [o for o in bundle.obligations if o["id"].startswith(head)]


def held(bundle: Bundle, run: RunRecord) -> dict[str, str]:
    """The obligations of one run a bundle takes on record (the registry's ``held``): a
    played or logged table's own, by ID, each with why."""
    return {o["id"]: ON_RECORD for o in table_obligations(bundle, run)}


def base_engine(bundle: Bundle, run: RunRecord) -> BundleAnswers | None:
    """The engine as the bundle recorded it in the base run (None: no answers recorded)."""
    return recorded_engine(bundle, run)[0] if run.reading in bundle.answers else None


def prove_again(bundle: Bundle, run: RunRecord) -> CrapsRun:
    """The run's craps obligations, proved again from the recorded answers (a played or
    logged table's own obligations aside: :data:`ON_RECORD`)."""
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


def craps_findings(bundle: Bundle, run: RunRecord, by_id: dict[str, dict[str, Any]],
                   again: CrapsRun) -> tuple[list[Finding], dict[str, str]]:
    """Each obligation of the run proved again, against the bundle's; and the kind of every
    obligation the run gives rise to (by ID)."""
    out: list[Finding] = []
    kinds: dict[str, str] = {}
    skip = PROCESS_DEPENDENT + (("cause",) if played(bundle) else ())
    for oid, (expected, result) in entries(again.results, run.reading).items():
        kinds[oid] = result.obligation.claim
        recorded = by_id.get(oid)
        if recorded is None:
            out.append(Finding(oid, "missing", "the installed package proves this obligation "
                                               "from the recorded answers; the bundle lacks it"))
            continue
        found = differing(oid, recorded, expected, skip)
        if found is not None:
            out.append(found)
        out += compare_texts(bundle, oid, recorded, result.smt)
    return out, kinds


def rederive(bundle: Bundle, run: RunRecord, by_id: dict[str, dict[str, Any]], budget: Budget,
             again: dict[str, CrapsRun]) -> tuple[list[Finding], dict[str, str]]:
    """The run's craps obligations derived again (``games.py``'s ``rederive``): proved again
    from the recorded answers (the proof kept in ``again``, by the run's reading), against
    the bundle's; and the kind of each (by ID)."""
    if run.reading not in bundle.answers:
        return [Finding(f"{run.reading}/craps", "missing",
                        "manifest.json: the run played craps, and the bundle holds none "
                        "of its answers")], {}
    again[run.reading] = prove_again(bundle, run)
    return craps_findings(bundle, run, by_id, again[run.reading])
