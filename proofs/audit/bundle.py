"""The audit bundle (``check --bundle DIR``) and its independent re-check (``replay DIR``).

A bundle holds everything an auditor needs to re-check a run without trusting this tool's
solver: a manifest (the regulation files' hashes and version date, the project's version and
git commit when known, the Python, Z3 and OS versions, the readings in force, the timeout and
the sampling seeds, every file's hash), each obligation's verdict with its counterexample or
unsat core by clause ID, and each SMT query as an SMT-LIB 2 file with the answer it must get.
Timings go to ``timings.json`` alone: two runs on the same inputs write the same other files.

``replay`` runs every SMT-LIB file through Z3 or cvc5 and fails on any answer that differs.
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
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import z3

from casino_proofs.obligations.verdict import Result
from casino_proofs.reports.check import obligation_json
from casino_proofs.reports.context import tool_version
from casino_proofs.reports.progress import Progress

REGULATION_FILES = ("craps.toml", "paigow.toml", "conventions.toml", "readings.toml",
                    "ambiguities.toml", "coverage.toml")
SAMPLING_SEEDS = {"paigow-preorder-pairs": 40, "paigow-evaluator-sample": 3}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _git_commit() -> str | None:
    here = Path(__file__).resolve().parent.parent
    try:
        done = subprocess.run(["git", "-C", str(here), "rev-parse", "HEAD"],
                              capture_output=True, text=True, check=False, timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def _file_name(obligation: str, index: int) -> str:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", obligation.replace("/", "__"))
    return f"smt/{safe}.{index}.smt2"


def write_bundle(directory: str, results: list[Result], context: dict[str, Any],
                 timeout_ms: int) -> None:
    """Write the bundle whole or not at all (into a temporary folder, then renamed)."""
    target = Path(directory)
    if target.exists() and any(target.iterdir()):
        raise ValueError(f"bundle directory {directory} exists and is not empty")
    parent = target.resolve().parent
    if not parent.is_dir():
        raise ValueError(f"cannot write {directory}: its parent directory does not exist")
    staging = Path(tempfile.mkdtemp(prefix=".casino-proofs-bundle-", dir=parent))
    try:
        files: dict[str, str] = {}
        (staging / "smt").mkdir()
        obligations = []
        for r in results:
            ob = r.obligation
            queries = []
            for i, (expected, text) in enumerate(r.smt):
                name = _file_name(ob.id, i)
                (staging / name).write_text(text, encoding="utf-8")
                files[name] = _sha256(text.encode())
                queries.append({"file": name, "expected": expected})
            obligations.append({**obligation_json(r, timed=False), "queries": queries})
        body = json.dumps(obligations, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        (staging / "obligations.json").write_text(body, encoding="utf-8")
        files["obligations.json"] = _sha256(body.encode())
        timings = {r.obligation.id: round(r.seconds, 6) for r in results}
        (staging / "timings.json").write_text(json.dumps(timings, indent=2) + "\n",
                                              encoding="utf-8")
        regulation_hashes = {
            f"regulation/{name}": _sha256(
                resources.files("casino_proofs.regulation").joinpath(name).read_bytes())
            for name in REGULATION_FILES
        }
        manifest = {
            "schema": "casino-proofs/bundle", "schema_version": 1,
            "regulation": {**context["regulation"], "files": regulation_hashes},
            "project": {"name": "casino-proofs", "version": tool_version(),
                        "git_commit": _git_commit()},
            "environment": {"python": platform.python_version(),
                            "z3": z3.get_version_string(),
                            "os": f"{platform.system()} {platform.release()}",
                            "machine": platform.machine()},
            "readings": {k: v["value"] for k, v in context["readings"].items()},
            "conventions": [c["id"] for c in context["conventions"]],
            "timeout_ms": timeout_ms,
            "sampling_seeds": SAMPLING_SEEDS,
            "files": dict(sorted(files.items())),
        }
        (staging / "manifest.json").write_text(
            json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
            encoding="utf-8")
        if target.exists():
            target.rmdir()
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Replayed:
    obligation: str
    file: str
    expected: str
    got: str

    @property
    def same(self) -> bool:
        return self.expected == self.got


def _first_answer(output: str) -> str:
    for line in output.splitlines():
        word = line.strip()
        if word in ("sat", "unsat", "unknown"):
            return word
    return f"error: {output.strip()[:200]}"


def run_z3(text: str, timeout_ms: int) -> str:
    ctx = z3.Context()
    z3.Z3_global_param_set("timeout", str(timeout_ms))
    try:
        output = z3.Z3_eval_smtlib2_string(ctx.ref(), text)
    except z3.Z3Exception as exc:
        return f"error: {exc}"
    return _first_answer(output)


def run_cvc5(text: str, timeout_ms: int) -> str:
    import cvc5

    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("tlimit-per", str(timeout_ms))
    parser = cvc5.InputParser(solver)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "bundle")
    symbols = parser.getSymbolManager()
    out = []
    while True:
        command = parser.nextCommand()
        if command.isNull():
            break
        out.append(command.invoke(solver, symbols))
    return _first_answer("".join(out))


def load(directory: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    root = Path(directory)
    if not (root / "manifest.json").is_file() or not (root / "obligations.json").is_file():
        raise ValueError(f"{directory} is not a bundle: no manifest.json and obligations.json "
                         "(write one with casino-proofs check --bundle DIR)")
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    obligations = json.loads((root / "obligations.json").read_text(encoding="utf-8"))
    for name, digest in manifest["files"].items():
        data = (root / name).read_bytes() if (root / name).is_file() else b""
        if _sha256(data) != digest:
            raise ValueError(f"{name} does not match its hash in the manifest")
    return manifest, obligations


def replay(directory: str, solver: str, timeout_ms: int | None = None,
           progress: Progress | None = None) -> list[Replayed]:
    manifest, obligations = load(directory)
    limit = timeout_ms or int(manifest["timeout_ms"])
    run = run_cvc5 if solver == "cvc5" else run_z3
    if progress is not None:
        progress.total = sum(len(ob["queries"]) for ob in obligations)
    out = []
    for ob in obligations:
        for q in ob["queries"]:
            text = (Path(directory) / q["file"]).read_text(encoding="utf-8")
            out.append(Replayed(ob["id"], q["file"], q["expected"], run(text, limit)))
            if progress is not None:
                progress.step()
    return out
