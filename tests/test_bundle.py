"""Audit bundles: deterministic, complete, re-checked by cvc5 and by Z3; tampering caught."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from casino_proofs.command.main import main


def _bundle(tmp_path: Path, name: str, *only: str) -> Path:
    target = tmp_path / name
    assert main(["check", "--quiet", "--bundle", str(target), *only]) == 0
    return target


@pytest.fixture(scope="module")
def craps_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _bundle(tmp_path_factory.mktemp("bundle"), "craps", "--only", "craps")


def test_manifest_names_the_text_the_versions_and_the_readings(craps_bundle: Path) -> None:
    manifest = json.loads((craps_bundle / "manifest.json").read_text())
    assert manifest["regulation"]["version"] == "2012-09-01"
    assert set(manifest["regulation"]["files"]) >= {"regulation/craps.toml",
                                                    "regulation/paigow.toml"}
    assert {"python", "z3", "os"} <= set(manifest["environment"])
    assert manifest["readings"]["hop-call"] == "combination"
    assert manifest["timeout_ms"] > 0 and manifest["sampling_seeds"]
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((craps_bundle / name).read_bytes()).hexdigest() == digest


def test_every_smt_obligation_has_its_query_and_proved_ones_their_core(
        craps_bundle: Path) -> None:
    obligations = json.loads((craps_bundle / "obligations.json").read_text())
    by_kind = {o["kind"] for o in obligations if o["queries"]}
    assert by_kind == {"domain", "exhaustive", "exclusive", "agrees"}
    agrees = [o for o in obligations if o["kind"] == "agrees"]
    assert all(o["unsat_core"] for o in agrees)
    assert all(q["expected"] == "unsat" for o in obligations for q in o["queries"])


def _fresh_run(target: Path) -> dict[Path, bytes]:
    done = subprocess.run([sys.executable, "-m", "casino_proofs", "check", "--only", "craps",
                           "--quiet", "--bundle", str(target)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    return {p.relative_to(target): p.read_bytes() for p in target.rglob("*")
            if p.is_file() and p.name != "timings.json"}


def test_two_runs_write_the_same_files_timings_aside(tmp_path: Path) -> None:
    """Two runs are two processes, as an auditor makes them. (Z3 chooses its let-bindings
    from the terms alive in a process, so two bundles written by one process may differ in
    how they abbreviate the same query.)"""
    assert _fresh_run(tmp_path / "one") == _fresh_run(tmp_path / "two")


@pytest.mark.parametrize("solver", ["cvc5", "z3"])
def test_replay_agrees_with_every_verdict(craps_bundle: Path, solver: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(craps_bundle), "--solver", solver, "--quiet"]) == 0
    assert ", 0 differ" in capsys.readouterr().out


def _copy(src: Path, dst: Path) -> Path:
    for p in src.rglob("*"):
        if p.is_file():
            (dst / p.relative_to(src)).parent.mkdir(parents=True, exist_ok=True)
            (dst / p.relative_to(src)).write_bytes(p.read_bytes())
    return dst


def test_a_verdict_another_solver_contradicts_fails_the_replay(
        craps_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = _copy(craps_bundle, tmp_path / "tampered")
    obligations = json.loads((copy / "obligations.json").read_text())
    obligations[1]["queries"][0]["expected"] = "sat"  # claim a query was satisfiable
    body = json.dumps(obligations, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    (copy / "obligations.json").write_text(body)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["files"]["obligations.json"] = hashlib.sha256(body.encode()).hexdigest()
    (copy / "manifest.json").write_text(json.dumps(manifest))
    assert main(["replay", str(copy), "--solver", "z3"]) == 1
    assert "DIFFERS  " in capsys.readouterr().out


def test_a_file_changed_after_the_run_is_refused(craps_bundle: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    copy = _copy(craps_bundle, tmp_path / "edited")
    smt = sorted((copy / "smt").iterdir())[0]
    smt.write_text(smt.read_text().replace("(assert", "; (assert", 1))
    assert main(["replay", str(copy)]) == 2
    err = capsys.readouterr().err
    assert "does not match its hash" in err and len(err.strip().splitlines()) == 1


def test_bad_bundle_arguments_are_one_line_errors(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "is not a bundle" in capsys.readouterr().err
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    assert main(["check", "--only", "craps", "--bundle", str(tmp_path / "full")]) == 2
    assert "new or empty directory" in capsys.readouterr().err


@pytest.mark.exhaustive
def test_the_whole_run_replays_with_cvc5(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _bundle(tmp_path, "all")
    assert main(["replay", str(bundle), "--solver", "cvc5", "--timeout-ms", "300000",
                 "--quiet"]) == 0
    assert ", 0 differ" in capsys.readouterr().out
