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
from casino_proofs.obligations.plan import plan_runs
from casino_proofs.version import source_sha256, tool_version

WHICH_PROGRAM = ("a bundle records the answers, not which program gave them; replay "
                 "--engine TARGET asks the engine again and demands the same answers")


_field = field_finding


def _installed_regulation() -> dict[str, Any]:
    files = {f"regulation/{name}": sha256(
        resources.files("casino_proofs.regulation").joinpath(name).read_bytes())
        for name in REGULATION_FILES}
    return {**regulation.REGULATION, "files": files}


def _each_game(point: str, *args: Any) -> list[Any]:
    """What each game's room that has the entry point ``point`` gives, in the registry's
    order, one list."""
    return [x for part in registry.each(point, *args) for x in part]


def expected_left_out(bundle: Bundle, plan_left: list[dict[str, str]],
                      again: dict[str, Any]) -> list[dict[str, str]]:
    """What a check of the recorded scope leaves out, in the order it reports it (each
    game's part by its room: the registry's ``manifest_left_out``)."""
    m = bundle.manifest
    out: list[dict[str, str]] = []
    if m.only is not None:
        out += [{"what": f"every {other} obligation", "why": f"--only {m.only}"}
                for other in registry.names() if other != m.only]
    out += plan_left
    out += _each_game("manifest_left_out", bundle, again)
    return out


def _runs_findings(bundle: Bundle, again: dict[str, Any]) -> list[Finding]:
    """Each run's record of each game, derived again by the game's room (the registry's
    ``run_findings``: craps's answers, their hash and counts; Pai Gow's sample)."""
    return [f for i, run in enumerate(bundle.manifest.runs)
            for f in _each_game("run_findings", bundle, i, run, again)]


def _answers_files(m: Manifest) -> dict[str, str]:
    """Where each run's answers are, as a check writes them (each game that keeps answers in
    a bundle names its files: the registry's ``answers_file``)."""
    return {r.reading: registry.entry(name, "answers_file")(r.reading)
            for name in registry.names() if registry.has(name, "answers_file")
            for r in m.runs if name in r.games and name in m.hello.games}


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
        return tuple(registry.the_one("table_policies")(
            m.engine.get("policies"), m.engine.get("limits"), tuple(m.hello.wagers)).declared())
    except ValueError:
        return ()


def manifest_findings(bundle: Bundle, again: dict[str, Any]
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
    held = tuple(_each_game("left_out_on_record", bundle))  # e.g. a table's own: on record
    out += _field("left_out", [x for x in m.left_out if not x["what"].startswith(held)],
                  expected_left_out(bundle, plan_left, again))
    out += _field("check.answers", m.answers_files, _answers_files(m))
    out += _runs_findings(bundle, again)
    out += _field("engine.kind", m.engine["kind"], kind_of(m.engine["target"], m.engine["kind"]))
    found, engine_on_record = engine_findings(m)
    out += found
    on_record = [OnRecord(f"engine {m.engine['target'][:80]}", WHICH_PROGRAM),
                 *engine_on_record, *_each_game("engine_on_record", bundle)]
    if m.engine["kind"] == "impl":
        out += _field("engine.hello", m.engine["hello"], ours().describe()["hello"])
    else:
        on_record.append(OnRecord("engine.hello", "what the engine said it is and offers"))
    on_record += _each_game("runs_on_record", bundle)
    if any(r.channels for r in m.runs):
        on_record.append(OnRecord("runs[].*.channel", "the log of the engine's channel: what "
                                                      "its requests went through"))
    on_record.append(OnRecord("project", _project(m.raw["project"])))
    on_record += [OnRecord("environment", "the machine the check ran on"),
                  OnRecord("budget", "the limits the run's queries had, which replay uses"),
                  OnRecord("resource counts", "they depend on the terms the solver's process "
                                              "made before a query")]
    return out, on_record
