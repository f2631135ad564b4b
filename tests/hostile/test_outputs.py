"""Issue 42, item 3: nothing writes into what it reads, and every path from outside -- the
user's own --output among them -- is escaped wherever it is printed.

An --output (or --bundle) that is, holds or lies inside an input of the command -- the bundle
or report a blueprint shows, a session log's directory, file or glob, a tests folder -- is
refused in one line, exit 2, before any work; the input is left as it was."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from casino_proofs.command.main import main
from tests.conftest import Bundles
from tests.hostile.corpus import HOSTILE_NAME
from tests.hostile.logs import FLOORED, HELLO_FLOOR, WAGERS, lines


def _files(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], *said: str) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("casino-proofs: error: "), err
    for text in said:
        assert text in err, err
    return err


def _log_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "log"
    folder.mkdir()
    lines(folder / "a.jsonl", HELLO_FLOOR, FLOORED)
    return folder


def test_a_blueprint_written_inside_the_bundle_it_reads_is_refused(
        bundles: Bundles, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42: ``blueprint --bundle B --output B/site`` wrote its site inside the bundle,
    changing the evidence (exit 1)."""
    bundle = shutil.copytree(bundles["craps"], tmp_path / "bundle")
    before = _files(bundle)
    _refused(capsys, ["blueprint", "--bundle", str(bundle), "--output", str(bundle / "site"),
                      "--quiet"], f"--output {bundle / 'site'}: it is inside the bundle")
    assert _files(bundle) == before


def test_a_blueprint_over_the_folder_of_the_report_it_reads_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The site a blueprint wrote holds the report it showed (check.json): a blueprint of that
    report written over that site would replace what it reads."""
    site = tmp_path / "site"
    site.mkdir()
    (site / ".casino-proofs-blueprint").write_text("casino-proofs blueprint\n")
    assert main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--format",
                 "json", "--output", str(site / "check.json")]) == 0
    _refused(capsys, ["blueprint", "--report", str(site / "check.json"), "--output",
                      str(site), "--quiet"], "it holds the report")


def test_a_report_or_bundle_inside_a_log_directory_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _log_folder(tmp_path)
    before = _files(folder)
    engine = ["check", "--quiet", *WAGERS, "--engine", f"table:{folder}"]
    _refused(capsys, [*engine, "--output", str(folder / "report.jsonl")],
             "it is inside the log")
    _refused(capsys, [*engine, "--bundle", str(folder / "bundle")], "--bundle", "the log")
    link = tmp_path / "elsewhere"
    link.symlink_to(folder)  # another name of the same place
    _refused(capsys, [*engine, "--output", str(link / "report.txt")], "it is inside the log")
    assert _files(folder) == before


def test_a_report_over_the_log_file_or_named_by_the_log_s_glob_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _log_folder(tmp_path)
    log = folder / "a.jsonl"
    _refused(capsys, ["check", "--quiet", *WAGERS, "--engine", f"table:{log}", "--output",
                      str(log)], "it is the table")
    _refused(capsys, ["check", "--quiet", *WAGERS, "--engine", f"table:{folder}/*.jsonl",
                      "--output", str(folder / "b.jsonl")], "the glob of the log")
    code = main(["check", "--quiet", *WAGERS, "--engine", f"table:{folder}/*.jsonl",
                 "--output", str(folder / "report.txt")])  # beside it, and not in it
    assert code == 0 and (folder / "report.txt").is_file()


def test_a_coverage_report_inside_the_tests_folder_it_reads_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text("def test_r3_95_15_1_s1(): pass\n")
    _refused(capsys, ["coverage", "--tests", str(tests), "--output",
                      str(tests / "coverage.txt")], "it is inside the tests folder")


@pytest.mark.exhaustive
def test_the_whole_blueprint_escapes_the_user_s_output_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.json"
    assert main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--format",
                 "json", "--output", str(report)]) == 0
    capsys.readouterr()
    assert main(["blueprint", "--report", str(report), "--output",
                 str(tmp_path / HOSTILE_NAME)]) == 0
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\r" not in err and "\\u001b[2J" in err, err


@pytest.mark.parametrize("argv", [
    ["check", "--output", f"/nonexistent/{HOSTILE_NAME}/r.json"],
    ["blueprint", "--output", f"/nonexistent/{HOSTILE_NAME}"],
    ["check", "--engine", f"table:/nonexistent/{HOSTILE_NAME}"],
])
def test_a_hostile_path_in_a_usage_error_is_escaped(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(capsys, [*argv, "--quiet"])
    assert "\x1b" not in err and "\r" not in err and "\\u001b[2J" in err, err


def test_a_report_beside_its_log_is_written(tmp_path: Path) -> None:
    """The must-pass beside the must-fail: an output next to what is read, not in it."""
    folder = _log_folder(tmp_path)
    assert main(["check", "--quiet", *WAGERS, "--engine", f"table:{folder}", "--format",
                 "json", "--output", str(tmp_path / "report.json")]) == 0
    assert json.loads((tmp_path / "report.json").read_text())["summary"]["verdict"] == "PROVED"
