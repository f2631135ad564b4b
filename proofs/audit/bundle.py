"""The audit bundle (``check --bundle DIR``): everything an auditor needs to re-derive a run
without trusting this tool's solver or its word.

- ``manifest.json``: the regulation files' hashes and version date, the project's version and
  git commit when known, the Python, Z3 and OS versions, the readings and conventions in force,
  the check's scope (games, wagers, runs), the budget, the sampling seeds, the engine under
  test (its hello, its target, the hash of every answer it gave), and the SHA-256 of every
  other file of the bundle but ``timings.json``;
- ``obligations.json``: each obligation's verdict, the verdict its SMT queries gave, its
  counterexample or unsat core by clause ID, and its queries with the answer each must get;
- ``answers/craps.*.jsonl``: every craps answer the engine gave (first asking, second asking,
  and for our implementation the explicit-readings call), one input per line, so that the
  craps verdicts can be re-derived without the engine (each game's answers files are its
  room's to write: the registry's ``bundle_answers``);
- ``smt/*.smt2``: every SMT query as SMT-LIB 2;
- ``par.json``: the PAR sheet of the run's readings (``casino-proofs par``), the five-card
  table set against the counts of the run's own pass over every hand;
- ``table-machines.json``: a played table's families' machines, each run's (their states,
  inputs, outputs and transitions: docs/engine-protocol.md, "The fault domain");
- ``timings.json``: the timings, apart, so that two runs on the same inputs write the same
  other files.

The bundle is written into a temporary folder and renamed: whole or not at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import z3

from casino_proofs import games, regulation
from casino_proofs.audit.manifest import SCHEMA, SCHEMA_VERSION
from casino_proofs.audit.schema import obligation_json
from casino_proofs.obligations.verdict import Result
from casino_proofs.progress import phase
from casino_proofs.solving.budget import Budget
from casino_proofs.version import source_sha256, tool_version

#: the regulation's files a bundle keeps: each game's section, then what rests on them
REGULATION_FILES = (*regulation.section_files(), "conventions.toml", "readings.toml",
                    "ambiguities.toml", "coverage.toml")
SAMPLING_SEEDS = {"paigow-evaluator-sample": 3, "paigow-determinism-sample": 53,
                  "craps-reasked-order": 95}
def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _git_commit() -> str | None:
    here = Path(__file__).resolve().parent.parent.parent
    try:
        done = subprocess.run(["git", "-C", str(here), "rev-parse", "HEAD"],
                              capture_output=True, text=True, check=False, timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def query_file(obligation: str, index: int) -> str:
    safe = re.sub(r"[^A-Za-z0-9._=-]+", "_", obligation.replace("/", "__"))
    return f"smt/{safe}.{index}.smt2"


#: a played table's families' machines, each run's
MACHINES_FILE = "table-machines.json"


def table_machines(detail: dict[str, Any]) -> dict[str, Any] | None:
    """Each run's machines, from the check's fault domain of a played table (None: no table
    was played)."""
    runs = []
    for domain in detail.get("table_domain") or []:
        families = domain.get("model", {}).get("families", [])
        if families:
            runs.append({"readings": domain.get("readings", {}),
                         "families": [f["machine"] for f in families]})
    return {"runs": runs} if runs else None


def obligation_entry(r: Result) -> dict[str, Any]:
    queries = [{"file": query_file(r.obligation.id, i), "expected": expected}
               for i, (expected, _text) in enumerate(r.smt)]
    return {**obligation_json(r, timed=False), "queries": queries,
            "smt_verdict": r.smt_verdict.value if r.smt_verdict else None}


def answers_files(answers: Mapping[str, Mapping[str, Any]]
                  ) -> dict[str, tuple[str, str]]:
    """Each run's answers file and its text, by each game's room (the registry's
    ``bundle_answers``; ``answers``: by game, each run's answers). One game keeps answers in
    a bundle (craps): a run names one answers file."""
    out: dict[str, tuple[str, str]] = {}
    for name in games.names():
        if answers.get(name) and games.has(name, "bundle_answers"):
            out.update(games.entry(name, "bundle_answers")(answers[name]))
    return out


def _manifest(context: dict[str, Any], budget: Budget, detail: dict[str, Any],
              answers: dict[str, tuple[str, str]], files: dict[str, str]) -> dict[str, Any]:
    """The manifest: what was checked, by what, under which readings and budget, and the hash
    of every file."""
    regulation_hashes = {
        f"regulation/{name}": sha256(
            resources.files("casino_proofs.regulation").joinpath(name).read_bytes())
        for name in REGULATION_FILES
    }
    engine = dict(detail.get("engine", {}))
    runs = detail.get("runs", [])
    # the games each run is about, one the engine does not offer too (its refutation is
    # derived again from the plan)
    planned = detail.get("planned") or [[g for g in games.names() if g in r] for r in runs]
    engine.pop("cwd", None)  # where the run was made does not belong to what it proves
    manifest = {
        "schema": SCHEMA, "schema_version": SCHEMA_VERSION,
        "regulation": {**context["regulation"], "files": regulation_hashes},
        "project": {"name": "casino-proofs", "version": tool_version(),
                    "git_commit": _git_commit(), "source_sha256": source_sha256()},
        "environment": {"python": platform.python_version(),
                        "z3": z3.get_version_string(),
                        "os": f"{platform.system()} {platform.release()}",
                        "machine": platform.machine()},
        "readings": {k: v["value"] for k, v in context["readings"].items()},
        "conventions": [c["id"] for c in context["conventions"]],
        "check": {"runs": [{"reading": r["reading"], "readings": r["readings"],
                            "games": games}
                           for r, games in zip(runs, planned, strict=True)],
                  "wagers": detail.get("wagers"),
                  "all_readings": detail.get("scope", {}).get("all_readings", False),
                  "only": detail.get("scope", {}).get("only"),
                  "answers": {run: file for run, (file, _text) in answers.items()}},
        "engine": engine,
        "runs": detail.get("runs", []),
        "left_out": detail.get("left_out", []),
        "budget": budget.as_json(),
        "sampling_seeds": SAMPLING_SEEDS,
        "files": dict(sorted(files.items())),
    }
    return manifest


def write_bundle(directory: str, results: list[Result], context: dict[str, Any],
                 budget: Budget, detail: dict[str, Any],
                 answers: Mapping[str, Mapping[str, Any]],
                 par: dict[str, Any] | None = None) -> None:
    """Write the bundle whole or not at all (into a temporary folder, then renamed;
    ``answers``: by game, each run's answers the engine gave)."""
    target = Path(directory)
    if target.exists() and any(target.iterdir()):
        raise ValueError(f"bundle directory {directory} exists and is not empty")
    parent = target.resolve().parent
    staging = Path(tempfile.mkdtemp(prefix=".casino-proofs-bundle-", dir=parent))
    try:
        files: dict[str, str] = {}

        def put(name: str, text: str) -> None:
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            files[name] = sha256(text.encode())

        with phase("writing the audit bundle", len(results), "obligations written") as bar:
            for r in results:
                for i, (_expected, text) in enumerate(r.smt):
                    put(query_file(r.obligation.id, i), text)
                bar.step()
        put("obligations.json", json.dumps([obligation_entry(r) for r in results], indent=2,
                                           ensure_ascii=False, sort_keys=True) + "\n")
        kept = answers_files(answers)
        for name, text in kept.values():
            put(name, text)
        if par is not None:
            put("par.json", json.dumps(par, indent=2, ensure_ascii=False, sort_keys=True) + "\n")
        machines = table_machines(detail)
        if machines is not None:
            put(MACHINES_FILE, json.dumps(machines, ensure_ascii=False, sort_keys=True) + "\n")
        (staging / "timings.json").write_text(json.dumps(
            {r.obligation.id: round(r.seconds, 6) for r in results}, indent=2) + "\n",
            encoding="utf-8")
        manifest = _manifest(context, budget, detail, kept, files)
        (staging / "manifest.json").write_text(
            json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
            encoding="utf-8")
        if target.exists():
            target.rmdir()
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
