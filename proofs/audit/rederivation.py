"""``casino-proofs replay DIR``: re-derive an audit bundle, believing nothing it says.

1. **Intact** (:mod:`~casino_proofs.audit.intact`): regular files only, each within its bound,
   each with the SHA-256 the manifest gives, none unlisted; every JSON file bounded, without
   duplicate keys; the manifest, the obligations and the recorded answers read field by field.
   Anything else is refused naming the file (exit 2).
2. **Re-derived.** The obligations a check of the recorded scope gives rise to come from the
   installed package, for the recorded readings and engine: a dropped, added, relabelled or
   doubled obligation is named. The craps obligations are proved again from the recorded
   answers (:mod:`~casino_proofs.craps.rederive.answers`), and the Pai Gow obligations about the
   specification decided again (:mod:`~casino_proofs.paigow.rederive`), each entry
   compared whole and each query rebuilt and compared as text; the manifest's fields
   (:mod:`~casino_proofs.audit.rederive_manifest`), the PAR sheet
   (:mod:`~casino_proofs.audit.rederive_par`) and a played table's machines
   (:mod:`~casino_proofs.craps.rederive.machines`) are derived again and compared.
3. **Re-solved.** Every query goes through cvc5 (default) or Z3 under the bundle's budget; an
   answer other than the recorded one DIFFERS (exit 1), an exhausted budget is UNKNOWN
   (exit 3). Each obligation's SMT verdict is derived again from the answers, by the kind the
   installed package gives it, and its final verdict must follow.
4. **On record**, and said to be: what only the engine could re-derive (the Pai Gow verdicts
   over every hand, the program that answered); ``--engine TARGET`` asks it again
   (:mod:`~casino_proofs.audit.again`).
"""

from __future__ import annotations

from typing import Any

from casino_proofs import games
from casino_proofs.adapters.recorded import recorded_door
from casino_proofs.audit import again as asking
from casino_proofs.audit.findings import BAD, Finding, OnRecord, differing
from casino_proofs.audit.intact import Bundle, load
from casino_proofs.audit.manifest import BundleError, RunRecord
from casino_proofs.audit.rederive_manifest import manifest_findings
from casino_proofs.audit.rederive_par import par_findings
from casino_proofs.audit.solve import follows, run_cvc5, run_z3, smt_verdict
from casino_proofs.obligations.plan import not_offered, relabel
from casino_proofs.progress import phase, stage
from casino_proofs.protocol.engine import Capability
from casino_proofs.solving.budget import Budget

__all__ = ["BundleError", "load", "replay", "status_of"]


def _judge(o: dict[str, Any], kind: str, queries: list[dict[str, str]]) -> Finding:
    """One obligation's queries, answered again: the SMT verdict they give (by the kind the
    installed package gives the obligation), and whether the final verdict follows."""
    final, recorded_smt = str(o.get("verdict")), o.get("smt_verdict")
    if any(q["got"] == "unknown" for q in queries):
        return Finding(o["id"], "unknown", "a query exhausted the solver's budget", queries)
    wrong = [q for q in queries if q["got"] != q["expected"]]
    if wrong:
        return Finding(o["id"], "differs", f"{wrong[0]['file']}: expected "
                                           f"{wrong[0]['expected']}, got {wrong[0]['got']}",
                       queries)
    if not queries:
        if recorded_smt is not None:
            return Finding(o["id"], "rederived-otherwise",
                           f"records an SMT verdict {recorded_smt} but no query")
        return Finding(o["id"], "same")
    derived = smt_verdict(kind, [q["got"] for q in queries])
    if derived is None or recorded_smt not in derived.split("|"):
        return Finding(o["id"], "rederived-otherwise",
                       f"its queries' answers give {derived or 'no verdict'}, the bundle "
                       f"records {recorded_smt}", queries)
    enumerated = isinstance(o.get("evidence"), dict) and \
        o["evidence"].get("enumeration", "none") != "none"
    if not follows(final, str(recorded_smt), enumerated):
        return Finding(o["id"], "rederived-otherwise",
                       f"the verdict {final} does not follow from its SMT verdict "
                       f"{recorded_smt}", queries)
    return Finding(o["id"], "same", "", queries)


def _offered(game: str, label: str, by_id: dict[str, dict[str, Any]]) -> tuple[str, list[Finding]]:
    import json as _json

    from casino_proofs.audit.bundle import obligation_entry

    result = relabel([not_offered(game)], label)[0]
    oid = result.obligation.id
    recorded = by_id.get(oid)
    if recorded is None:
        return oid, [Finding(oid, "missing", "the engine's hello does not play the game, and "
                                             "the bundle lacks its refutation")]
    found = differing(oid, recorded, _json.loads(_json.dumps(obligation_entry(result))))
    return oid, [found] if found else []


def _rederive_game(bundle: Bundle, by_id: dict[str, dict[str, Any]], run: RunRecord,
                   game: str, kinds: dict[str, str], again: dict[str, Any],
                   budget: Budget) -> list[Finding]:
    """One run's obligations of one game derived again by the game's ``rederive`` entry point
    (``games.py``): their kinds into ``kinds``, a run's proof into ``again`` (by run, for
    the manifest's findings: craps's)."""
    m = bundle.manifest
    if game not in m.hello.games:
        oid, found = _offered(game, run.reading, by_id)
        kinds[oid] = "offered"
        return found
    rederived: tuple[list[Finding], dict[str, str]] = games.entry(game, "rederive")(
        bundle, run, by_id, budget, again)
    kinds.update(rederived[1])
    return rederived[0]


def _rederive(bundle: Bundle, by_id: dict[str, dict[str, Any]]
              ) -> tuple[list[Finding], dict[str, str], dict[str, Any]]:
    """Every obligation the recorded scope gives rise to, derived again; their kinds."""
    m = bundle.manifest
    out: list[Finding] = []
    kinds: dict[str, str] = {}
    again: dict[str, Any] = {}
    budget = Budget(z3_rlimit=m.budget.z3_rlimit)
    with phase("re-deriving the verdicts", sum(len(r.games) for r in m.runs), "runs' games",
               estimate=False) as bar:
        for run in m.runs:
            for game in run.games:
                out += _rederive_game(bundle, by_id, run, game, kinds, again, budget)
                bar.step()
    held = {oid: why for run in m.runs
            for part in games.each("held", bundle, run, among=run.games)
            for oid, why in part.items()}
    for oid in sorted(set(by_id) - set(kinds)):
        if oid in held:
            kinds[oid] = "table"  # what the table did: its scripts' or sessions' events
            out.append(Finding(oid, "on-record", held[oid]))
            continue
        if by_id[oid].get("kind") == "records" and \
                Capability.READS_RECORDS in recorded_door(m.engine["kind"]):
            kinds[oid] = "records"  # the file's records: whether each was read
            out.append(Finding(oid, "on-record", "a bundle holds the answers the file gave, "
                                                 "not the file: whether every record of it "
                                                 "was read is taken on record"))
            continue
        out.append(Finding(oid, "unexpected", "re-deriving the bundle gives no such "
                                              "obligation"))
    return out, kinds, again


def replay(bundle: Bundle, solver: str, rlimit: int | None, wall_ms: int | None,
           progress: Any = None, engine: Any = None) -> tuple[list[Finding], list[OnRecord]]:
    """Every finding of the replay, and what it takes on record."""
    m = bundle.manifest
    limit = rlimit or (m.budget.cvc5_rlimit if solver == "cvc5" else m.budget.z3_rlimit)
    wall = wall_ms or m.budget.wall_ms
    run = run_cvc5 if solver == "cvc5" else run_z3
    by_id = {o["id"]: o for o in bundle.obligations}
    stage("re-deriving the verdicts")
    findings, kinds, again = _rederive(bundle, by_id)
    stage(f"re-solving the queries with {solver}")
    bar = progress if progress is not None else phase(
        f"re-solving with {solver}", unit="obligations' queries re-solved")
    bar.total = len(bundle.obligations)
    with bar:
        for o in bundle.obligations:
            queries = [{"file": q["file"], "expected": q["expected"],
                        "got": run(bundle.text(q["file"]), limit, wall)} for q in o["queries"]]
            if o["id"] in kinds:
                findings.append(_judge(o, kinds[o["id"]], queries))
            bar.step()
    stage("the manifest and the PAR sheet")
    manifest, on_record = manifest_findings(bundle, again)
    findings += manifest
    findings += par_findings(bundle, m.runs[0])
    for more, held in games.each("rederive_files", bundle):  # what else a game derives
        findings += more
        on_record += held
    if engine is not None:
        stage("asking the engine again")
        asked = {f.obligation: f for f in asking.ask_again(bundle, engine, by_id)}
        # an obligation asked again is judged by that alone: re-derived, or named as differing
        findings = [asked.pop(f.obligation) if f.status == "on-record"
                    and f.obligation in asked else f for f in findings]
        findings += [f for f in asked.values() if f.status != "same"]
        on_record = [r for r in on_record if not r.what.startswith(("engine ", "runs[].paigow"))]
    return findings, on_record


def status_of(findings: list[Finding]) -> dict[str, str]:
    """Each obligation's worst status."""
    order = {s: i for i, s in enumerate(("same", "on-record", "unknown", *BAD))}
    out: dict[str, str] = {}
    for f in findings:
        if order.get(f.status, 0) >= order.get(out.get(f.obligation, "same"), 0):
            out[f.obligation] = f.status
    return out
