"""Audit bundles: deterministic, complete, re-derived by replay with cvc5 and Z3; a bundle is
untrusted, and every forgery below is refused with the name of the file or obligation."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from casino_proofs.command.main import main


def _bundle(tmp_path: Path, name: str, *only: str) -> Path:
    target = tmp_path / name
    assert main(["check", "--quiet", "--bundle", str(target), *only]) == 0
    return target


#: A bundle of three wagers keeps these tests quick; the whole run is replayed under
#: ``pytest -m exhaustive``.
WAGERS = ("--only", "craps", "--wagers", "hard-6,any-7,pass-odds")


@pytest.fixture(scope="module")
def craps_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _bundle(tmp_path_factory.mktemp("bundle"), "craps", *WAGERS)


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def _rehash(bundle: Path) -> None:
    """What a forger does: make the manifest's hashes match the files again."""
    manifest = json.loads((bundle / "manifest.json").read_text())
    for name in manifest["files"]:
        if (bundle / name).is_file():
            manifest["files"][name] = hashlib.sha256((bundle / name).read_bytes()).hexdigest()
    (bundle / "manifest.json").write_text(json.dumps(manifest, indent=2))


def _replay(capsys: pytest.CaptureFixture[str], bundle: Path, *options: str) -> tuple[int, str,
                                                                                       str]:
    code = main(["replay", str(bundle), "--quiet", *options])
    out, err = capsys.readouterr()
    return code, out, err


def test_manifest_names_the_text_the_versions_the_budget_and_the_engine(
        craps_bundle: Path) -> None:
    manifest = json.loads((craps_bundle / "manifest.json").read_text())
    assert manifest["regulation"]["version"] == "2012-09-01"
    assert set(manifest["regulation"]["files"]) >= {"regulation/craps.toml",
                                                    "regulation/paigow.toml"}
    assert {"python", "z3", "os"} <= set(manifest["environment"])
    assert manifest["readings"]["hop-call"] == "combination"
    assert manifest["budget"]["z3_rlimit"] > 0 and manifest["sampling_seeds"]
    assert manifest["engine"]["target"] == "impl"
    assert manifest["engine"]["hello"]["name"] == "casino-proofs impl"
    assert len(manifest["runs"][0]["craps"]["answers_sha256"]) == 64
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((craps_bundle / name).read_bytes()).hexdigest() == digest


def test_every_smt_obligation_has_its_query_and_proved_ones_their_core(
        craps_bundle: Path) -> None:
    obligations = json.loads((craps_bundle / "obligations.json").read_text())
    by_kind = {o["kind"] for o in obligations if o["queries"]}
    assert by_kind == {"domain", "exhaustive", "exclusive", "agrees", "reachable", "universe"}
    agrees = [o for o in obligations if o["kind"] == "agrees"]
    assert all(o["unsat_core"] for o in agrees)
    assert all(o["smt_verdict"] == o["verdict"] == "PROVED" for o in obligations
               if o["queries"])


def _fresh_run(target: Path, *options: str) -> dict[Path, bytes]:
    done = subprocess.run([sys.executable, "-m", "casino_proofs", "check",
                           *(options or WAGERS), "--quiet", "--bundle", str(target)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return {p.relative_to(target): p.read_bytes() for p in target.rglob("*")
            if p.is_file() and p.name != "timings.json"}


def test_two_runs_write_the_same_files_timings_aside(tmp_path: Path) -> None:
    """Two runs are two processes, as an auditor makes them."""
    assert _fresh_run(tmp_path / "one") == _fresh_run(tmp_path / "two")


@pytest.mark.exhaustive
def test_two_whole_runs_one_on_a_busy_machine_write_the_same_files(tmp_path: Path) -> None:
    """Pai Gow's queries run in worker processes, and which worker ran which used to change
    their resource counts and example hands, so that two bundles differed (outside audit
    finding C). The whole check's verdicts, counts and details: tests/test_load.py."""
    from tests.test_load import _busy_machine, _load

    idle = _fresh_run(tmp_path / "idle", "--only", "paigow")
    with _busy_machine(_load()):
        busy = _fresh_run(tmp_path / "busy", "--only", "paigow")
    assert sorted(p for p in idle if idle[p] != busy.get(p)) == []
    assert idle.keys() == busy.keys()


@pytest.mark.parametrize("solver", ["cvc5", "z3"])
def test_replay_re_derives_every_verdict(craps_bundle: Path, solver: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _replay(capsys, craps_bundle, "--solver", solver)
    assert code == 0, out
    assert "0 not re-derived, 0 UNKNOWN" in out


def test_replay_regenerates_every_query_identically(craps_bundle: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _replay(capsys, craps_bundle, "--solver", "z3", "--regenerate")
    assert code == 0, out and "(queries regenerated)" in out


def test_a_pai_gow_verdict_over_every_hand_is_said_to_be_taken_on_record() -> None:
    """The bundle holds the hash of the Pai Gow answers, not the answers: replay cannot derive
    the verdicts over every hand again, and must say so rather than count them re-derived."""
    from casino_proofs.audit.replay import _judge

    for oid in ("paigow/high/order/r3-40-7.s1", "reading/joker=ace-only/paigow/low/exhaustive"):
        finding = _judge({"id": oid, "kind": "order", "verdict": "PROVED",
                          "smt_verdict": None}, [])
        assert finding.status == "on-record" and "--paigow-again" in finding.detail
    craps = _judge({"id": "craps/any-7/any-roll/deterministic", "kind": "deterministic",
                    "verdict": "PROVED", "smt_verdict": None}, [])
    assert craps.status == "same"


def test_paigow_again_never_runs_a_bundle_s_engine_command(
        craps_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = _copy(craps_bundle, tmp_path / "engine")
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["engine"]["target"] = "exec:touch /tmp/casino-proofs-was-run"
    (copy / "manifest.json").write_text(json.dumps(manifest))
    _rehash(copy)
    code, out, err = _replay(capsys, copy, "--solver", "z3", "--paigow-again")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "asks our implementation only" in err and "never run" in err


# -- forged bundles ----------------------------------------------------------------------------


def test_every_verdict_flipped_to_refuted_and_rehashed_is_caught(
        craps_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = _copy(craps_bundle, tmp_path / "flipped")
    obligations = json.loads((copy / "obligations.json").read_text())
    for o in obligations:
        o["verdict"] = "REFUTED"
        if o["smt_verdict"] is not None:
            o["smt_verdict"] = "REFUTED"
    (copy / "obligations.json").write_text(json.dumps(obligations))
    _rehash(copy)
    code, out, _ = _replay(capsys, copy, "--solver", "z3")
    assert code == 1
    assert "REDERIVED-OTHERWISE" in out and "craps/any-7/any-roll/exhaustive" in out


def test_a_query_with_assert_false_added_is_caught_by_regenerate(
        craps_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = _copy(craps_bundle, tmp_path / "forged")
    query = copy / "smt" / "craps__any-7__all-states__domain.0.smt2"
    query.write_text(query.read_text().replace("(check-sat", "(assert false)\n(check-sat", 1))
    _rehash(copy)
    code, out, _ = _replay(capsys, copy, "--solver", "z3", "--regenerate")
    assert code == 1
    assert "smt/craps__any-7__all-states__domain.0.smt2: not the query the installed package " \
           "builds" in out


def test_a_query_dropped_with_its_obligation_is_caught(
        craps_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = _copy(craps_bundle, tmp_path / "dropped")
    obligations = json.loads((copy / "obligations.json").read_text())
    gone = next(o for o in obligations if o["id"] == "craps/hard-6/not-come-out/exhaustive")
    obligations.remove(gone)
    (copy / "obligations.json").write_text(json.dumps(obligations))
    manifest = json.loads((copy / "manifest.json").read_text())
    for q in gone["queries"]:
        (copy / q["file"]).unlink()
        del manifest["files"][q["file"]]
    (copy / "manifest.json").write_text(json.dumps(manifest))
    _rehash(copy)
    code, out, _ = _replay(capsys, copy, "--solver", "z3")
    assert code == 1
    assert "MISSING" in out and "craps/hard-6/not-come-out/exhaustive" in out


@pytest.mark.parametrize(("forge", "names"), [
    ("stray", "smt/extra.smt2: not part of the bundle"),
    ("empty-files", "manifest.json: its files map is missing or empty"),
    ("missing", "obligations.json: listed in manifest.json but missing"),
    ("changed", "answers/craps.base.jsonl: changed since the run"),
    ("bad-json", "manifest.json: not valid JSON"),
    ("unlisted-query", "smt/craps__any-7__all-states__domain.0.smt2: not part of the bundle"),
])
def test_a_bundle_that_is_not_intact_is_refused_naming_the_file(
        craps_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], forge: str,
        names: str) -> None:
    copy = _copy(craps_bundle, tmp_path / forge)
    manifest = json.loads((copy / "manifest.json").read_text())
    if forge == "stray":
        (copy / "smt" / "extra.smt2").write_text("(check-sat)\n")
    elif forge == "empty-files":
        manifest["files"] = {}
        (copy / "manifest.json").write_text(json.dumps(manifest))
    elif forge == "missing":
        (copy / "obligations.json").unlink()
    elif forge == "changed":
        answers = copy / "answers" / "craps.base.jsonl"
        answers.write_text(answers.read_text().replace('"net":"4"', '"net":"5"', 1))
    elif forge == "bad-json":
        (copy / "manifest.json").write_text("{not json")
    elif forge == "unlisted-query":
        del manifest["files"]["smt/craps__any-7__all-states__domain.0.smt2"]
        (copy / "manifest.json").write_text(json.dumps(manifest))
    code, out, err = _replay(capsys, copy, "--solver", "z3")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and names in err, err


def test_an_exhausted_budget_in_replay_is_unknown_never_differs(
        craps_bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _replay(capsys, craps_bundle, "--solver", "z3", "--rlimit", "1")
    assert code == 3
    assert "DIFFERS" not in out and "UNKNOWN" in out


@pytest.mark.parametrize("value", ["0", "-1", "x", "１"])
def test_replay_budget_options_are_checked(craps_bundle: Path,
                                           capsys: pytest.CaptureFixture[str],
                                           value: str) -> None:
    for option in ("--timeout-ms", "--rlimit"):
        with pytest.raises(SystemExit) as stop:
            main(["replay", str(craps_bundle), f"{option}={value}"])
        err = capsys.readouterr().err
        assert stop.value.code == 2
        assert len(err.strip().splitlines()) == 1 and "whole number of 1 or more" in err


def test_bad_bundle_arguments_are_one_line_errors(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "not a bundle" in capsys.readouterr().err
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    assert main(["check", *WAGERS, "--bundle", str(tmp_path / "full")]) == 2
    assert "new or empty directory" in capsys.readouterr().err


def test_a_bundle_that_cannot_be_written_writes_no_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Checked before the run: an unwritable place for the bundle is a one-line error, and no
    report is printed or written."""
    import os

    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    report = tmp_path / "report.txt"
    try:
        if os.access(locked, os.W_OK):  # root may write anywhere: nothing to show
            pytest.skip("this user can write into a read-only directory")
        code = main(["check", *WAGERS, "--bundle", str(locked / "b"), "--output",
                     str(report)])
    finally:
        locked.chmod(0o700)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and not report.exists()
    assert "not writable" in err


@pytest.mark.exhaustive
def test_the_whole_run_replays_with_cvc5_with_default_options(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _bundle(tmp_path, "all")
    code, out, _ = _replay(capsys, bundle)
    assert code == 0, out
    code, out, _ = _replay(capsys, bundle, "--solver", "z3", "--regenerate")
    assert code == 0, out
    assert "taken on record" in out and "ON RECORD" in out
    code, out, _ = _replay(capsys, bundle, "--solver", "z3", "--paigow-again")
    assert code == 0, out
    assert ", 0 taken on record: 0 not re-derived" in out


@pytest.mark.exhaustive
def test_pai_gow_verdicts_flipped_and_rehashed_are_caught_by_asking_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Outside audit finding B: Pai Gow verdicts flipped to REFUTED, the manifest rehashed,
    replayed with exit 0 and a summary that counted them re-derived."""
    copy = _bundle(tmp_path, "paigow", "--only", "paigow")
    obligations = json.loads((copy / "obligations.json").read_text())
    flipped = [o for o in obligations if o["kind"] in ("order", "combination")]
    for o in flipped:
        o["verdict"] = "REFUTED"
    (copy / "obligations.json").write_text(json.dumps(obligations))
    _rehash(copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["engine"]["hello"]["name"] = "vendor engine 2.4"  # and the engine renamed
    (copy / "manifest.json").write_text(json.dumps(manifest))
    code, out, _ = _replay(capsys, copy, "--solver", "z3")
    assert code == 0 and "taken on record" in out, out  # said, not counted re-derived
    code, out, _ = _replay(capsys, copy, "--solver", "z3", "--paigow-again")
    assert code == 1 and "REDERIVED-OTHERWISE" in out
    assert all(o["id"] in out for o in flipped)
    assert "engine/hello" in out
