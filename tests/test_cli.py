"""The ``casino-proofs`` command: outputs, exit codes and one-line errors."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from casino_proofs.command.main import main
from casino_proofs.paigow.obligations import PaiGowOutcome
from tests.conftest import SameCrapsRun


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_proves_every_craps_obligation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--only", "craps")
    assert code == 0, out
    assert out.startswith("Result: PROVED (exit 0) -- ")  # the result first, and last
    assert out.rstrip().splitlines()[-1].startswith("Result: PROVED (exit 0) -- ")
    assert "PROVED of " in out and "REFUTED" not in out
    # only progress on stderr (a line every 5 s off a terminal: how many, and which phase
    # they name, depends on the machine's load, so only their shape is asserted)
    assert all(re.match(r"[a-z][a-zA-Z ,-]*: ", line) for line in err.splitlines()), err
    assert all(len(line) <= 100 for line in out.splitlines())  # an 100-column terminal


def test_check_report_states_the_text_readings_and_conventions(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "--only", "craps", "--reading", "hop-call=total")
    assert "version 2012-09-01" in out
    # 14 readings concern craps (readings.toml); the 3 of Pai Gow are not in force here
    assert "hop-call=total; the other 13 at their defaults" in " ".join(out.split())
    assert "joker=" not in out and "conv-tiebreak" not in out
    assert "conv-single-chance-pass" in out and "NOT regulation text" in out


def test_check_json_is_versioned_and_lists_every_obligation(
        capsys: pytest.CaptureFixture[str], same_craps_run: SameCrapsRun) -> None:
    code, out, _ = run(capsys, "check", "--format", "json", "--only", "craps")
    assert same_craps_run.run is not None  # the session's default run, rendered
    doc = json.loads(out)
    assert code == 0
    assert doc["schema"] == "casino-proofs/check" and doc["schema_version"] == 2
    assert doc["summary"]["verdict"] == "PROVED" and doc["summary"]["exit_code"] == 0
    assert doc["summary"]["total"] == len(doc["obligations"]) == doc["summary"]["PROVED"]
    ids = [o["id"] for o in doc["obligations"]]
    assert len(ids) == len(set(ids))
    for o in doc["obligations"]:
        assert {"id", "game", "clause", "verdict", "subject", "scope", "kind"} <= set(o)
    assert doc["readings"]["associate-push"] == {
        "value": "no-decision", "default": True, "clauses": doc["readings"]["associate-push"][
            "clauses"], "description": doc["readings"]["associate-push"]["description"]}
    clauses = {o["clause"] for o in doc["obligations"]}
    assert {"r3-95.15-1.s1", "r3-95.16-4.s2", "conv-single-chance-come"} <= clauses
    # Dual evidence: every craps obligation an SMT query decides is also enumerated.
    decided = [o for o in doc["obligations"]
               if o.get("evidence", {}).get("smt", "none") != "none"]
    assert len(decided) > 400
    assert all(o["evidence"]["smt"] == "PROVED" for o in decided)
    assert all(o["evidence"]["enumeration"] != "none" for o in decided
               if o["kind"] != "universe")  # the universe is itself the enumerated states
    assert doc["engine"]["target"] == "impl" and doc["runs"][0]["craps"]["answers_sha256"]


@pytest.mark.parametrize("reading", [
    # two in the default run; every other reading in the exhaustive one
    pytest.param(r, marks=() if i < 2 else (pytest.mark.exhaustive,)) for i, r in enumerate([
        "combined-payout=whole", "dont-bar=2", "hop-call=total", "hard-ways-loss=any-non-pair",
        "associate-push=stake-returned", "combined-basis=any-craps",
        "hard-ways-off=loss-stands", "inactive-odds=follow", "come-out-scope=all-associate",
        "odds-notation=for", "dont-standoff=push"])
])
def test_check_proves_under_every_other_reading(capsys: pytest.CaptureFixture[str],
                                               reading: str) -> None:
    code, out, _ = run(capsys, "check", "--only", "craps", "--reading", reading)
    assert code == 0, out


def test_r3_95_15_1_literal_and_leaves_hard_way_wins_undecided(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Read as written, s3 and s4 pay a roll formed by two doubles at once: no roll is, so the
    spec has a gap on every hard-way win, and the proofs say so."""
    code, out, _ = run(capsys, "check", "--only", "craps", "--reading", "hard-ways-payout=both")
    assert code == 1
    assert "gap: no clause decides this outcome" in out
    assert "roll 3,3" in out


def test_check_output_file_is_written_whole(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path,
                                           same_craps_run: SameCrapsRun) -> None:
    target = tmp_path / "report.json"
    code, out, _ = run(capsys, "check", "--only", "craps", "--format", "json", "--output",
                       str(target))
    assert code == 0 and out == ""
    assert json.loads(target.read_text())["summary"]["verdict"] == "PROVED"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_r3_95_15_1_settle_quotes_the_clause(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "settle", "hard-6", "--roll", "3,3")
    assert code == 0
    assert "spec: win, net +9" in out and "impl: win, net +9" in out
    assert "A winning wager formed by a double 3 or a double 4 is paid at odds of 9 to 1." in out


def test_r3_95_16_2_settle_json_has_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "settle", "dont-pass-odds", "--roll", "3,4", "--point", "6",
                       "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["agree"] is True
    assert doc["spec"]["decision"] == doc["impl"]["decision"] == "win"
    assert doc["spec"]["net"] == doc["impl"]["net"] == "5/6"
    assert "r3-95.16-2.s4" in [c["id"] for c in doc["clauses"]]


def test_conv_single_chance_pass_settle_without_point_is_the_come_out(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "settle", "pass", "--roll", "2,2", "--format", "json")
    doc = json.loads(out)
    assert code == 0
    assert doc["state"]["come_out"] is True
    assert doc["impl"] == {"decision": "none", "net": "0", "point": 4, "working": False}


def test_r3_95_16_3_settle_working_call(capsys: pytest.CaptureFixture[str]) -> None:
    _, off, _ = run(capsys, "settle", "come-odds", "--roll", "3,3", "--point", "6",
                    "--come-out", "--format", "json")
    _, on, _ = run(capsys, "settle", "come-odds", "--roll", "3,3", "--point", "6",
                   "--come-out", "--working", "--format", "json")
    assert json.loads(off)["impl"]["decision"] == "push"
    assert json.loads(on)["impl"] == {"decision": "win", "net": "6/5", "point": None}


@pytest.mark.parametrize(("argv", "names"), [
    (["settle", "hard-5", "--roll", "3,3"], "wagers: hard-4"),
    (["settle", "hard-6", "--roll", "3,7"], "1, 2, 3, 4, 5 or 6"),
    (["settle", "hard-6", "--roll", "0,1"], "1, 2, 3, 4, 5 or 6"),
    (["settle", "hard-6", "--roll", "33"], "D1,D2"),
    (["settle", "hard-6", "--roll", "3,3,3"], "D1,D2"),
    (["settle", "pass-odds", "--roll", "3,3", "--point", "7"], "4, 5, 6, 8, 9 or 10"),
    (["settle", "pass-odds", "--roll", "3,3"], "needs a point"),
    (["settle", "come-odds", "--roll", "3,3"], "needs a point"),
    (["settle", "pass", "--roll", "3,3", "--point", "x"], "4, 5, 6, 8, 9 or 10"),
    (["settle", "any-7"], "required: --roll"),
    (["settle", "any-7", "--roll", "3,4", "--working"], "working call"),
    (["settle", "any-7", "--roll", "3,4", "--reading", "nope=1"], "readings: combined-payout"),
    (["settle", "any-7", "--roll", "3,4", "--reading", "hop-call"], "NAME=VALUE"),
    (["settle", "any-7", "--roll", "3,4", "--reading", "hop-call=x"], "combination, total"),
    (["check", "--format", "xml"], "choose from"),
    (["check", "--only", "poker"], "choose from"),
    (["check", "--timeout-ms", "0"], "whole number of 1 or more"),
    (["check", "--workers", "0"], "1 or more"),
    (["rank", "Ah Kh Qh Jh"], "5 or 2 cards, not 4"),
    (["rank", "Ah Ah Qh Jh Th"], "appears twice"),
    (["rank", "Ax Kh Qh Jh Th"], "suit c, d, h or s"),
    (["rank", "Ah Kh Qh Jh Th", "--reading", "joker=wild"], "ace-or-completes, ace-only"),
    (["compare", "Ah Kh", "Ah Kh Qh Jh Th"], "same size"),
    (["compare", "Ah Kh"], "required: HAND_B"),
    (["check", "--output", "/nonexistent/dir/report.txt"], "does not exist"),
    (["check", "--output", "/"], "is a directory; give a file name"),
    (["frobnicate"], "choose from"),
    # what an outside audit fed the command (issue 9): each one line, exit 2
    (["settle", "hop-12-3", "--roll", "1,2"], "hop-A-B (A, B in 1..6)"),
    (["settle", "any-7", "--roll", "３,４"], "each 1, 2, 3, 4, 5 or 6"),
    (["settle", "any-7", "--roll", "٣,٤"], "each 1, 2, 3, 4, 5 or 6"),
    (["settle", "any-7", "--roll", "³,⁴"], "each 1, 2, 3, 4, 5 or 6"),
    (["settle", "any-7", "--roll", "-1,2"], "each 1, 2, 3, 4, 5 or 6"),
    (["settle", "any-7", "--roll", "3,4", "--first-roll"], "give --come-out too"),
    (["rank", "Ah Kh Qh Jh Th", "--reading", "hop-call=total"], "reading hop-call concerns craps"),
    (["compare", "Ah Kd", "Ah Qc"], "Ah is in both hands"),
    (["check", "--timeout-ms=-1"], "whole number of 1 or more"),
    (["check", "--rlimit", "0"], "whole number of 1 or more"),
    (["check", "--wagers", "hard-5"], "unknown wager 'hard-5'"),
    (["check", "--engine", "exec:"], "a target is one of impl"),
    (["check", "--engine", "nope:x"], "a target is one of impl"),
    (["ambiguities", "--timeout-ms", "0"], "whole number of 1 or more"),
    # what the second outside audit fed the command (issue 16): each one line, exit 2
    (["settle", "hard-6", "--roll", "3,3", "--reading", "joker=ace-only"],
     "reading joker concerns Pai Gow Poker, and settle looks at craps only"),
    (["edge", "--reading", "joker=ace-only"], "reading joker concerns Pai Gow Poker"),
    (["par", "--only", "craps", "--reading", "joker=ace-only"], "concerns Pai Gow Poker"),
    (["check", "--only", "craps", "--reading", "royal-flush=also-straight-flush"],
     "concerns Pai Gow Poker"),
    (["check", "--only", "paigow", "--wagers", "hard-6"], "--wagers chooses craps wagers"),
    (["check", "--engine-timeout-ms", "99999999999999999999"], "at most 86,400,000"),
    (["check", "--rlimit", "5000000000"], "at most 4,000,000,000"),
    (["check", "--output", ""], "--output needs a file name"),
    (["check", "--output", "/proc/self/fd/1"], "is a symbolic link"),
    (["check", "--output", "/dev/full"], "is not a regular file"),
    (["check", "--output", "x" * 300], "longer than the file system"),
    (["check", "--bundle", "not-here", "--output", "not-here"], "in the --bundle directory"),
    (["check", "--bundle", "not-here", "--output", "not-here/r.txt"], "in the --bundle"),
    (["rank", "Ah Kh Qh Jh Th", "--engine", "table:README.md"], "plays craps"),
])
def test_bad_input_is_one_line_naming_what_is_valid_exit_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], names: str) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own errors exit through SystemExit
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert names in err


def test_check_paigow_renders_the_run(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch,
                                      paigow_small_outcome: PaiGowOutcome) -> None:
    """The command's rendering of a Pai Gow run, on the 21 cards of the session's small run:
    C(21, 5) = 21*20*19*18*17/120 = 20,349 five-card hands, C(21, 2) = 210 two-card hands; a
    deck that cannot make a flush leaves that order VACUOUS, and the run fails closed."""
    monkeypatch.setattr("casino_proofs.paigow.obligations.game.prove_paigow",
                        lambda *a, **k: paigow_small_outcome)
    code, out, _ = run(capsys, "check", "--only", "paigow")
    classes = paigow_small_outcome.classes["high"]
    # the one word of a run that is VACUOUS and nothing worse is VACUOUS, never REFUTED
    assert code == 1 and out.startswith("Result: VACUOUS (exit 1) -- 58 PROVED, 39 VACUOUS")
    assert f"high hands: 20,349 hands in {classes:,} classes" in out
    assert "    paigow/high/order/r3-40-intro:flush>straight\n" in out
    code, out, _ = run(capsys, "check", "--only", "paigow", "--format", "json")
    doc = json.loads(out)
    assert doc["paigow"]["hands"] == {"high": 20_349, "low": 210}
    assert doc["paigow"]["classes"]["high"] == classes
    assert {o["game"] for o in doc["obligations"]} == {"paigow"}


@pytest.mark.exhaustive  # the whole deck's run (test_check_paigow_renders_the_run by default)
def test_check_paigow_report_and_json(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch,
                                      paigow_outcome: object) -> None:
    """The command's rendering of the Pai Gow run (the run itself is the session's)."""
    monkeypatch.setattr("casino_proofs.paigow.obligations.game.prove_paigow",
                        lambda *a, **k: paigow_outcome)
    code, out, _ = run(capsys, "check", "--only", "paigow")
    assert code == 0
    assert "high hands: 2,869,685 hands in 9,997 classes" in out
    assert "high flush            1,277 values" in out
    code, out, _ = run(capsys, "check", "--only", "paigow", "--format", "json")
    doc = json.loads(out)
    assert doc["paigow"]["hands"]["high"] == 2_869_685
    assert doc["paigow"]["digest"]["high"].startswith("1e6b8e22")
    assert {o["game"] for o in doc["obligations"]} == {"paigow"}


def test_r3_40_rank_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rank", "Kh Qh Jh Th Jk", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["agree"] is True
    assert doc["category"] == "royal-flush" and doc["clause"] == "r3-40-2"
    assert doc["spec"]["category"] == doc["impl"]["category"] == "royal-flush"


def test_r3_40_7_compare_cites_the_clause(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "compare", "Ah 2d 3c 4s 5s", "Kh Qd Jc Ts 9s", "--format",
                       "json")
    doc = json.loads(out)
    assert code == 0 and doc["winner"] == "a"
    assert "r3-40-7.s1" in doc["decided_by"]
    code, out, _ = run(capsys, "compare", "As Kd 9c 4h 3s", "Ad Kh 9d 4c 3h")
    assert code == 0 and "neither: a tie" in out and "conv-tiebreak" in out


def test_ambiguities_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                          ambiguity_findings: object) -> None:
    """The command's rendering (the findings themselves are the session's)."""
    monkeypatch.setattr("casino_proofs.analyses.readings.ambiguities.find_all",
                        lambda *_a: ambiguity_findings)
    code, out, _ = run(capsys, "ambiguities", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["schema"] == "casino-proofs/ambiguities"
    by_id = {a["id"]: a for a in doc["ambiguities"]}
    hop = by_id["hop-call"]
    assert hop["material"] is True and hop["clause"] == "r3-95.15-9.s1"
    assert {r["name"] for r in hop["readings"]} == {"combination", "total"}
    assert hop["witness"]["wager"].startswith("hop-") and hop["delta"] is not None
    assert by_id["lang-95.15-1.s2"]["material"] is False
    code, out, _ = run(capsys, "ambiguities")
    assert "MATERIAL  hop-call" in out and "harmless  lang-95.15-1.s2" in out


@pytest.mark.exhaustive  # test_schemas validates edge's JSON by default
def test_edge_json_and_flags(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "edge", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["schema"] == "casino-proofs/edge"
    base = {r["wager"]: r for r in doc["edges"] if r["reading"] == "base"}
    assert base["any-7"]["house_edge"] == "1/6"
    assert base["any-7"]["house_edge_percent"] == "16.6667%"
    code, out, _ = run(capsys, "edge")
    assert "PLAYER ADVANTAGE" in out
    code, out, _ = run(capsys, "edge", "--reading", "combined-payout=whole", "--format", "json")
    horn = [r for r in json.loads(out)["edges"] if r["wager"] == "horn"]
    assert horn[0]["reading"] == "base" and horn[0]["player_advantage"] is True


def test_rank_explains_the_strength_and_compare_cites_the_joker_only_with_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rank", "Ah Ad Kc 5s 4h")
    out = " ".join(out.split())  # the report fits 100 columns: a long line runs over two
    assert code == 0
    assert "strength [1, 14, 13, 5, 4]: combination rank 1 on a scale from 0 (no combination) " \
           "to 10 (five aces); then A K 5 4 in that order" in out
    assert "of 0 (no combination)" not in out  # issue 44: "combination 9 of 0 ... to 10"
    _, out, _ = run(capsys, "compare", "Ah 2d 3c 4s 5s", "Kh Qd Jc Ts 9s", "--format", "json")
    assert "conv-joker-best" not in json.loads(out)["decided_by"]
    _, out, _ = run(capsys, "compare", "Jk 2d 3c 4s 5s", "Kh Qd Jc Ts 9s", "--format", "json")
    assert "conv-joker-best" in json.loads(out)["decided_by"]


def test_coverage_says_when_it_cannot_see_the_tests(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, obligations_listed_once: None) -> None:
    """Installed from a wheel and run away from the checkout, coverage cannot see the tests:
    it says so, instead of counting zero test files."""
    from casino_proofs.analyses.assurance import coverage

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(coverage, "IMPL_DIR", tmp_path / "site-packages" / "impl")
    code, out, _ = run(capsys, "coverage")
    assert code == 0
    assert out.startswith("Result: ")  # issue 44: the result first
    assert "\ntests: not visible from here" in out
    assert "0 test files" not in out and "tests not seen" in out
    assert not re.search(r"\b1 (constraints|impl functions|obligations)\b", out)  # issue 44


@pytest.mark.exhaustive  # tests/test_coverage.py covers the same by default
def test_coverage_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "coverage", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["summary"]["uncovered"] == []
    assert doc["summary"]["sentences"] == 55
    code, out, _ = run(capsys, "coverage")
    assert "OUT OF SCOPE  r3-95.16-1.s1" in out


@pytest.mark.parametrize("fmt", ["junit", "sarif", "markdown"])
def test_check_report_formats_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                        fmt: str, same_craps_run: SameCrapsRun) -> None:
    target = tmp_path / f"report.{fmt}"
    code, out, _ = run(capsys, "check", "--only", "craps", "--format", fmt, "--output",
                       str(target))
    text = target.read_text(encoding="utf-8")
    assert code == 0 and out == ""
    assert {"junit": "<testsuites", "sarif": '"version": "2.1.0"',
            "markdown": "## casino-proofs check: PROVED"}[fmt] in text


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2 and "exit codes:" in err


def test_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["check", "--help"])
    out, _ = capsys.readouterr()
    assert stop.value.code == 0
    for line in ("0  every obligation is PROVED", "1  some obligation is REFUTED",
                 "2  usage or input error", "3  some obligation, reading or query is UNKNOWN",
                 "4  some obligation is ERROR"):
        assert line in out


@pytest.mark.parametrize("command", [["casino-proofs"], [sys.executable, "-m", "casino_proofs"]])
def test_installed_command_runs(command: list[str]) -> None:
    if command[0] == "casino-proofs" and shutil.which("casino-proofs") is None:
        pytest.skip("casino-proofs is not installed on PATH (pip install . installs it)")
    done = subprocess.run([*command, "settle", "world", "--roll", "3,4"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "spec: win, net 0" in done.stdout


def test_a_full_file_system_is_refused_before_any_work(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    import os

    real = os.statvfs

    class Full:
        f_bavail, f_frsize = 3, 4096

    monkeypatch.setattr(os, "statvfs", lambda p: Full() if str(p) == str(tmp_path) else real(p))
    code = main(["check", "--only", "craps", "--output", str(tmp_path / "r.txt")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "its file system is full (12,288 bytes free)" in err


def test_a_write_that_fails_leaves_nothing(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    """The disk fills up while the report is written: one line, exit 2, no file, no
    temporary file left behind."""
    import errno
    import os

    def full(*_a: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    code = main(["settle", "hard-6", "--roll", "3,3"])  # a lookup prints; a check writes:
    capsys.readouterr()
    assert code == 0
    code = main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--output",
                 str(tmp_path / "r.txt")])
    err = capsys.readouterr().err
    assert code == 2 and "No space left on device; nothing written" in err
    assert list(tmp_path.iterdir()) == []


# -- issue 34: a known version, one error prefix, a help that fits, stdout closed ---------------

ROOT = Path(__file__).resolve().parent.parent


def test_version_is_the_package_s_and_the_changelog_has_its_section(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--version`` prints the installed package's version; CHANGELOG.md has a section for
    it, and its newest section is the version pyproject.toml gives."""
    import re
    import tomllib
    from importlib import metadata

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    installed = metadata.version("casino-proofs")
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"casino-proofs {installed}\n"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", changelog, re.MULTILINE)
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert installed in sections
    assert sections[0] == declared


@pytest.mark.parametrize("argv", [
    pytest.param(["settle", "hard-6"], id="argparse-of-a-sub-command"),
    pytest.param(["nope"], id="argparse-of-the-command"),
    pytest.param(["settle", "hard-6", "--roll", "9,9"], id="a-value-checked-by-the-command"),
])
def test_every_one_line_error_starts_with_the_same_prefix(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """They said ``casino-proofs settle: error:`` or ``casino-proofs: error:``."""
    try:
        code = main(argv)
    except SystemExit as stop:
        code = int(str(stop.code))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("casino-proofs: error: ")


def test_the_command_s_help_fits_80_columns(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Its one-line description was 209 characters, unwrapped; its exit codes up to 93."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0 and "--version" in out and "exit codes:" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "agrees with its Z3 specification" in " ".join(out.split())


def test_a_closed_standard_output_is_one_line_and_exit_2() -> None:
    """``casino-proofs settle hard-6 --roll 3,3 >&-`` printed a traceback: the terminal's width
    was asked of a standard output that is not there."""
    done = subprocess.run(["sh", "-c", '"$0" -m casino_proofs settle hard-6 --roll 3,3 >&-',
                           sys.executable], capture_output=True, text=True, timeout=60,
                          check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("casino-proofs: error: standard output is closed")


def test_a_command_makes_full_collections_rarer_and_restores_the_thresholds(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """What a check judged stays until it reports, so full collections come rarer while a
    command runs; the caller's thresholds are restored after (main() is a library call)."""
    import gc

    from casino_proofs.command import main as entry

    seen: list[tuple[int, int, int]] = []
    real = entry._main

    def watched(argv: list[str] | None) -> int:
        seen.append(gc.get_threshold())
        return real(argv)

    session = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's defaults (the tests' own are set in conftest.py)
    try:
        monkeypatch.setattr(entry, "_main", watched)
        assert main(["settle", "hard-6", "--roll", "3,3"]) == 0
        assert seen == [(700, 10, entry.FULL_EVERY)]
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*session)
