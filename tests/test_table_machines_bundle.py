"""A played table's audit bundle holds its families' machines (``table-machines.json``), and
replay derives them again from the hello, the check's wagers and the run's readings: one
edited transition is named (issue 41: the stated model is in the bundle, and not believed)."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

import pytest

from casino_proofs.command.main import main

IMPL_TABLE = Path(__file__).resolve().parent / "engines" / "table" / "impl_table.py"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("table") / "bundle"
    assert main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--sessions",
                 "5", "--engine", f"play:{sys.executable} {IMPL_TABLE}", "--bundle",
                 str(out), "--output", str(out.parent / "report.txt")]) == 0
    return out


def _replayed(capsys: pytest.CaptureFixture[str], where: Path) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["replay", str(where), "--quiet"])
    out, err = capsys.readouterr()
    return code, " ".join((out + err).split())


def test_conv_table_suite_a_bundle_holds_the_machines_and_replay_derives_them_again(
        bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    held = json.loads((bundle / "table-machines.json").read_text(encoding="utf-8"))
    (run,) = held["runs"]
    assert [m["family"] for m in run["families"]] == ["a one-roll wager (any-7)"]
    assert {"states", "inputs", "outputs", "transitions"} <= set(run["families"][0])
    code, said = _replayed(capsys, bundle)
    # 5: a table's own obligations rest on its events, which a bundle does not hold
    assert code == 5 and "table-machines.json" not in said, said


def test_conv_table_suite_a_machine_edited_in_a_bundle_is_named_by_replay(
        bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Must fail: a transition's output changed, and the file rehashed in the manifest."""
    forged = tmp_path / "forged"
    shutil.copytree(bundle, forged)
    held = json.loads((forged / "table-machines.json").read_text(encoding="utf-8"))
    held["runs"][0]["families"][0]["transitions"][0][2] += 1
    text = json.dumps(held, ensure_ascii=False, sort_keys=True) + "\n"
    (forged / "table-machines.json").write_text(text, encoding="utf-8")
    manifest = json.loads((forged / "manifest.json").read_text(encoding="utf-8"))
    manifest["files"]["table-machines.json"] = hashlib.sha256(text.encode()).hexdigest()
    (forged / "manifest.json").write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
        encoding="utf-8")
    code, said = _replayed(capsys, forged)
    assert code == 1, said
    assert "table-machines.json" in said and "runs[0]'s machines differ from those derived " \
        "again (a one-roll wager (any-7): its transitions)" in said, said
