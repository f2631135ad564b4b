"""A bundle's manifest, field by field: re-derived and compared, or taken on record and said
to be.

Re-derived: the regulation (its version and the SHA-256 of each file of the installed
package), the readings and conventions in force, the sampling seeds, the runs a check with the
recorded scope makes for the recorded engine, what it left out, where the craps answers of each
run are, the hash and count of each run's craps answers, the size of the Pai Gow determinism
sample, and (for our implementation) its hello.

On record (:class:`~casino_proofs.audit.findings.OnRecord`): which program gave the answers (a
bundle cannot prove it: ``replay --engine TARGET`` asks the engine again and demands the same
answers), the hash of its Pai Gow answers and the pass's counts, its channel's log, the
project's version and commit, the environment, the budget the run used, the timings.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

from casino_proofs import games as registry
from casino_proofs import regulation
from casino_proofs.adapters.ours import ours
from casino_proofs.adapters.targets import kind_of
from casino_proofs.audit.bundle import REGULATION_FILES, SAMPLING_SEEDS, sha256
from casino_proofs.audit.findings import Finding, OnRecord
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import Manifest
from casino_proofs.audit.rederive_engine import engine_findings, field_finding
from casino_proofs.context import in_scope, readings_in_force
from casino_proofs.craps.obligations import CrapsRun
from casino_proofs.craps.rederive.answers import ON_RECORD as TABLE_ON_RECORD
from casino_proofs.craps.rederive.answers import TABLE_OWN, answers_digest, played
from casino_proofs.craps.rederive.bundle import answers_file
from casino_proofs.craps.table.judging import policies as declared
from casino_proofs.obligations.plan import plan_runs
from casino_proofs.paigow.obligations.run import left_out as paigow_left_out
from casino_proofs.version import source_sha256, tool_version

WHICH_PROGRAM = ("a bundle records the answers, not which program gave them; replay "
                 "--engine TARGET asks the engine again and demands the same answers")


_field = field_finding


def _installed_regulation() -> dict[str, Any]:
    files = {f"regulation/{name}": sha256(
        resources.files("casino_proofs.regulation").joinpath(name).read_bytes())
        for name in REGULATION_FILES}
    return {**regulation.REGULATION, "files": files}


def expected_left_out(bundle: Bundle, plan_left: list[dict[str, str]],
                      craps_base: CrapsRun | None) -> list[dict[str, str]]:
    """What a check of the recorded scope leaves out, in the order it reports it."""
    m = bundle.manifest
    out: list[dict[str, str]] = []
    if m.only is not None:
        out += [{"what": f"every {other} obligation", "why": f"--only {m.only}"}
                for other in registry.names() if other != m.only]
    out += plan_left
    if craps_base is not None:
        out += craps_base.left_out
    base = m.runs[0]
    if "paigow" in base.games and "paigow" in m.hello.games:
        counts = (base.paigow or {}).get("combination_counts", {})
        compare_only = m.hello.raw.get("ranking") == "compare"
        for scope in ("high", "low"):
            # whether the engine named combinations is on record (its counts)
            out += paigow_left_out(scope, scope in counts, m.engine["kind"] == "impl",
                                   compare_only)
    return out


def _runs_findings(bundle: Bundle, again: dict[str, CrapsRun]) -> list[Finding]:
    """Each run's craps answers (their hash and counts) and Pai Gow sample, re-derived."""
    from casino_proofs.paigow.obligations.run import _sample
    from casino_proofs.paigow.obligations.scope_spec import FULL_DECK

    m = bundle.manifest
    out: list[Finding] = []
    sample = len(_sample(FULL_DECK))
    for i, run in enumerate(m.runs):
        played = run.reading in again
        if (run.craps is not None) != played:
            out += _field(f"runs[{i}].craps", run.craps is not None, played)
        if run.craps is not None and played:
            out += _field(f"runs[{i}].craps.answers_sha256", run.craps["answers_sha256"],
                          answers_digest(bundle, run))
            engine = again[run.reading].answers.engine
            out += _field(f"runs[{i}].craps.questions", run.craps["questions"],
                          engine["questions"])
            out += _field(f"runs[{i}].craps.asked", run.craps["asked"], engine["asked"])
        if run.paigow is not None:
            out += _field(f"runs[{i}].paigow.determinism_sample",
                          run.paigow["determinism_sample"], sample)
    return out


def _known(value: Any) -> str | None:
    return value[:64] if isinstance(value, str) and value else None


def _project(project: dict[str, Any]) -> str:
    """Who wrote the bundle, as far as it says: the version, the commit and the source hash
    it names (each only if known), beside this replay's own."""
    version = _known(project.get("version")) or "an unknown version"
    said = [f"written by casino-proofs {version} (this replay: {tool_version()})"]
    commit, source = _known(project.get("git_commit")), _known(project.get("source_sha256"))
    said.append(f"git commit {commit}" if commit else "no git commit recorded (installed from "
                                                        "a copy, not a checkout)")
    if source and not re.fullmatch(r"[0-9a-f]{64}", source):
        said.append("a source hash that is not a sha256 (not shown)")
    elif source:
        same = "the same as this replay's" if source == source_sha256() else \
            f"this replay's is {source_sha256()[:16]}"
        said.append(f"source sha256:{source[:16]} ({same})")
    return ", ".join(said)


def _declared_policies(m: Manifest) -> tuple[str, ...]:
    """The policies the recorded table declared, read again from its recorded hello (none for
    an engine that is not a table, or whose declaration cannot be read: then the recorded list
    is not derived again)."""
    try:
        return tuple(declared.read(m.engine.get("policies"), m.engine.get("limits"),
                                   tuple(m.hello.wagers)).declared())
    except declared.PolicyError:
        return ()


def manifest_findings(bundle: Bundle, again: dict[str, CrapsRun]
                      ) -> tuple[list[Finding], list[OnRecord]]:
    """Every field of the manifest re-derived and compared, or named as taken on record."""
    m = bundle.manifest
    out: list[Finding] = []
    out += _field("regulation", m.regulation, _installed_regulation())
    base = m.runs[0]
    out += _field("check.runs[0].reading", base.reading, "base")
    games = registry.names() if m.only is None else (m.only,)
    out += _field("readings", m.readings,
                  {k: v["value"] for k, v in readings_in_force(base.readings).items()
                   if in_scope(v["clauses"], games)})
    out += _field("conventions", m.conventions,
                  [c.id for c in regulation.conventions_in_force(_declared_policies(m)).values()
                   if in_scope(c.needed_by, games)])
    out += _field("sampling_seeds", m.sampling_seeds, SAMPLING_SEEDS)
    plan_left: list[dict[str, str]] = []
    plan = plan_runs(m.hello, base.readings, m.all_readings, games, plan_left)
    out += _field("check.runs", [(r.reading, r.readings, list(r.games)) for r in m.runs],
                  [(label or "base", readings, list(g)) for label, readings, g in plan])
    table_own = played(bundle)  # a table's own obligations: on record
    out += _field("left_out", [x for x in m.left_out
                               if not (table_own and x["what"].startswith(TABLE_OWN))],
                  expected_left_out(bundle, plan_left, again.get("base")))
    crapsy = [r for r in m.runs if "craps" in r.games and "craps" in m.hello.games]
    out += _field("check.answers", m.answers_files,
                  {r.reading: answers_file(r.reading) for r in crapsy})
    out += _runs_findings(bundle, again)
    out += _field("engine.kind", m.engine["kind"], kind_of(m.engine["target"], m.engine["kind"]))
    found, engine_on_record = engine_findings(m)
    out += found
    on_record = [OnRecord(f"engine {m.engine['target'][:80]}", WHICH_PROGRAM),
                 *engine_on_record]
    if table_own:
        on_record.append(OnRecord("the table's events", TABLE_ON_RECORD))
    if m.engine["kind"] == "impl":
        out += _field("engine.hello", m.engine["hello"], ours().describe()["hello"])
    else:
        on_record.append(OnRecord("engine.hello", "what the engine said it is and offers"))
    if any(r.paigow for r in m.runs):
        on_record.append(OnRecord("runs[].paigow.answers_sha256, combination_counts",
                                  "the hash of the engine's answers over every hand, and the "
                                  "pass's counts: the answers themselves are not in a bundle"))
    if any(r.craps_channel or r.paigow_channel for r in m.runs):
        on_record.append(OnRecord("runs[].*.channel", "the log of the engine's channel: what "
                                                      "its requests went through"))
    on_record.append(OnRecord("project", _project(m.raw["project"])))
    on_record += [OnRecord("environment", "the machine the check ran on"),
                  OnRecord("budget", "the limits the run's queries had, which replay uses"),
                  OnRecord("resource counts", "they depend on the terms the solver's process "
                                              "made before a query")]
    return out, on_record
