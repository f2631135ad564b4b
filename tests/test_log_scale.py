"""Issue 31: a session log judged in shards, in one process or several, merged in order: the
same report, byte for byte, whatever ran where; several files, a directory, a glob, gzip;
a worker that dies is ERROR, never PROVED."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_proofs import scale, spec
from casino_proofs.adapters import log_files
from casino_proofs.craps.adapters import log_shards
from casino_proofs.craps.adapters.session_log import SessionLog
from casino_proofs.craps.obligations import prove_craps

ROOT = Path(__file__).parent.parent
TABLES = Path(__file__).parent / "engines" / "table"


def _generator() -> Any:
    sys.path.insert(0, str(TABLES))
    try:
        import ordinary_log  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(TABLES))
    return ordinary_log


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A correct log, one with a wrong session deep inside, one with an unreadable line, and
    the correct one gzipped."""
    root = tmp_path_factory.mktemp("logs")
    gen = _generator()
    correct = gen.write(root / "correct.jsonl", 160, [])
    lines = correct.read_text().splitlines(keepends=True)
    wrong_lines = gen.write(root / "wrong-one.jsonl", 160,
                            ["two-multipliers"]).read_text().splitlines(True)
    deep = next(i for i in range(120, len(lines)) if lines[i] != wrong_lines[i])
    wrong = root / "deep.jsonl"  # every session right but one deep inside
    wrong.write_text("".join(lines[:deep] + wrong_lines[deep:deep + 1] + lines[deep + 1:]))
    (root / "deep.line").write_text(str(deep + 1))
    broken = root / "unreadable.jsonl"
    broken.write_text("".join([*lines[:90], '{"events": [}\n', *lines[90:]]))
    packed = root / "correct.jsonl.gz"
    with gzip.open(packed, "wb") as f:
        f.write(correct.read_bytes())
    return {"correct": correct, "deep": wrong, "unreadable": broken, "gzip": packed}


def _report(path: str, where: scale.Scheduler, whole: bool = False) -> str:
    """What a check reports of the log: the table's own obligations and the answer to every
    input of the universe (``whole``: every craps obligation, the Z3 ones too)."""
    engine = SessionLog(path, scheduler=where)
    if whole:
        craps = prove_craps(engine)
        results, left_out = craps.results, craps.left_out
    else:
        run = engine.table_run({})
        results, left_out = run.results(spec.wagers()), run.not_applicable()
        inputs = sorted(run.universe, key=repr)
        left_out = [*left_out, {"answers": [repr(a) for a in run.answer(inputs)]}]
    return json.dumps({"results": [(r.obligation.id, r.verdict.value, r.detail,
                                    r.counterexample, r.cause) for r in results],
                       "left_out": left_out, "engine": engine.describe(),
                       "records": engine.unreadable_records(), "notes": engine.notes()},
                      sort_keys=True, default=str)


@pytest.mark.exhaustive  # (the default run keeps a dying worker's test)
@pytest.mark.parametrize("kind", ["correct", "deep", "unreadable", "gzip"])
def test_a_log_judged_by_one_or_three_workers_gives_one_report(
        logs: dict[str, Path], kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_files, "SHARD_BYTES", 200_000)  # a dozen shards
    path = str(logs[kind])
    one = _report(path, scale.Scheduler(workers=1))
    assert _report(path, scale.Scheduler(workers=3)) == one  # shards split unevenly
    report = json.loads(one)
    assert ("REFUTED" in {r[1] for r in report["results"]}) == (kind == "deep")
    assert (report["records"][1] == 1) == (kind == "unreadable")  # the one bad line


@pytest.mark.exhaustive  # (moved from the default run: its 4 minutes of CPU)
def test_the_wrong_session_deep_inside_is_named_by_its_line(logs: dict[str, Path]) -> None:
    report = json.loads(_report(str(logs["deep"]), scale.Scheduler(workers=2)))
    line = int((logs["deep"].parent / "deep.line").read_text())
    money = next(r for r in report["results"] if r[0] == "craps/table/money")
    assert money[1] == "REFUTED" and f"line {line:,}, event" in money[2]


@pytest.mark.exhaustive  # as the command's test below, which runs a LocalCluster of it too
@pytest.mark.skipif(not scale.dask_installed(), reason="Dask is the optional extra "
                                                       "'distributed'")
def test_a_log_on_a_local_cluster_of_two_workers_gives_the_same_report(
        logs: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_files, "SHARD_BYTES", 400_000)
    path = str(logs["deep"])
    assert _report(path, scale.Scheduler(workers=2, address=scale.LOCAL), whole=True) == \
        _report(path, scale.Scheduler(workers=1), whole=True)


def _dies(context: log_shards.Context, shard: log_files.Shard) -> log_shards.ShardResult:
    if shard.first > 1:
        os._exit(9)  # the worker dies on every shard but the first
    return _judge(context, shard)


_judge = log_shards.judge


@pytest.mark.exhaustive  # (moved from the default run: its 4 minutes of CPU)
def test_a_worker_that_dies_is_error_never_proved(logs: dict[str, Path],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_files, "SHARD_BYTES", 200_000)
    monkeypatch.setattr(log_shards, "judge", _dies)
    engine = SessionLog(str(logs["correct"]), scheduler=scale.Scheduler(workers=2))
    run = prove_craps(engine)
    verdicts = {r.obligation.id: r.verdict.value for r in run.results}
    assert "PROVED" not in {v for k, v in verdicts.items() if k.startswith("craps/table/")
                            and k != "craps/table/policies"}  # what the hello declares
    assert not [x for x in run.left_out if "no session of the log bets it" in x["why"]]
    assert verdicts["craps/table/table-coverage"] == "ERROR"
    assert not [k for k, v in verdicts.items() if v == "PROVED" and "/agrees/" in k]
    money = next(r for r in run.results if r.obligation.id == "craps/table/money")
    assert "never judged" in money.detail


@pytest.mark.exhaustive  # with the exhaustive runs, beside the command's test of the four logs
def test_a_log_may_be_a_directory_or_a_glob_of_files(logs: dict[str, Path],
                                                     tmp_path: Path) -> None:
    """Several files are one log: the same settlements, named by file and line."""
    lines = logs["correct"].read_text().splitlines(keepends=True)
    folder = tmp_path / "year"
    folder.mkdir()
    (folder / "a.jsonl").write_text("".join(lines[:80]))
    with gzip.open(folder / "b.jsonl.gz", "wt") as f:
        f.write(lines[0] + "".join(lines[80:]))  # each file begins with the hello
    shutil.copy(folder / "a.jsonl", tmp_path / "a.jsonl")
    whole = json.loads(_report(str(logs["correct"]), scale.Scheduler(workers=1)))
    for where in (str(folder), str(folder / "*.jsonl*")):
        split = json.loads(_report(where, scale.Scheduler(workers=2)))
        assert [r[1] for r in split["results"]] == [r[1] for r in whole["results"]]
        assert split["engine"]["sessions"] == whole["engine"]["sessions"]
        assert split["engine"]["files"] == ["a.jsonl", "b.jsonl.gz"]


def test_the_files_of_one_log_declare_one_table(logs: dict[str, Path], tmp_path: Path) -> None:
    from casino_proofs.protocol.hello import EngineUnavailable
    (tmp_path / "a.jsonl").write_text(logs["correct"].read_text())
    (tmp_path / "b.jsonl").write_text(json.dumps({"hello": {"money": {
        "unit": "1", "rounding": "exact"}}}) + "\n")
    with pytest.raises(EngineUnavailable, match=r"differs from the hello of a\.jsonl"):
        SessionLog(str(tmp_path))


def test_a_line_longer_than_the_bound_is_unreadable_and_never_held_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_files, "MAX_LINE", 1000)
    path = tmp_path / "long.jsonl"
    path.write_bytes(b'{"events": [], "answers": []}\n' + b"x" * 5000 + b"\n"
                     + b'{"events": [], "answers": []}\n')
    got = list(log_files.lines(str(path)))
    assert [(x.number, x.data is None) for x in got] == [(1, False), (2, True), (3, False)]


_CHECK = """
import sys
from casino_proofs.adapters import log_files
from casino_proofs.command.main import main
log_files.SHARD_BYTES = 200_000  # a dozen shards of the small log: the sharding shows
if __name__ == "__main__":  # a Dask worker process starts from this file too
    sys.exit(main(sys.argv[1:]))
"""


def _check_json(tmp_path: Path, log: Path, *where: str) -> str:
    """The command's JSON report of the log, in a new process, apart from its timings."""
    from tests.test_scale import _without_timings
    script = tmp_path / "check.py"
    script.write_text(_CHECK)
    done = subprocess.run([sys.executable, str(script), "check", "--only", "craps", "--quiet",
                           "--format", "json", "--engine", f"table:{log}", *where],
                          capture_output=True, text=True, timeout=1200, check=False,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode in (0, 1, 4) and done.stdout, (done.returncode, done.stderr)
    return _without_timings(done.stdout)


@pytest.mark.exhaustive
@pytest.mark.skipif(not scale.dask_installed(), reason="Dask is the optional extra "
                                                       "'distributed'")
@pytest.mark.parametrize("kind", ["correct", "deep", "unreadable", "gzip"])
def test_the_command_s_report_is_one_from_one_two_or_four_workers_or_a_local_cluster(
        logs: dict[str, Path], kind: str, tmp_path: Path) -> None:
    """Issue 31, done when: the reports of 1, 2 and 4 local workers and of a two-worker
    LocalCluster are byte-identical (apart from the seconds) on each of the four logs."""
    one = _check_json(tmp_path, logs[kind], "--workers", "1")
    for where in (("--workers", "2"), ("--workers", "4"),
                  ("--workers", "2", "--scheduler", scale.LOCAL)):
        assert _check_json(tmp_path, logs[kind], *where) == one, where
    verdict = json.loads(one)["summary"]["verdict"]  # an unreadable record refutes "records"
    assert (verdict == "REFUTED") == (kind in ("deep", "unreadable")), verdict


def test_a_file_named_gz_that_is_not_gzip_is_refused_at_once(tmp_path: Path) -> None:
    from casino_proofs.protocol.hello import EngineUnavailable
    (tmp_path / "log.jsonl.gz").write_text('{"events": [], "answers": []}\n')
    with pytest.raises(EngineUnavailable, match=r"not gzip, though its name ends in \.gz"):
        SessionLog(str(tmp_path / "log.jsonl.gz"))


def test_a_gzip_log_cut_short_is_refused_at_once_never_judged_in_part(
        logs: dict[str, Path], tmp_path: Path) -> None:
    from casino_proofs.protocol.hello import EngineUnavailable
    data = logs["gzip"].read_bytes()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[:len(data) // 2])
    with pytest.raises(EngineUnavailable, match="the gzip data is cut short or corrupt after "
                                                "line"):
        SessionLog(str(cut))


@pytest.mark.exhaustive  # (moved from the default run: its 4 minutes of CPU)
def test_a_wrong_session_in_the_last_file_of_a_directory_is_refuted_naming_it(
        logs: dict[str, Path], tmp_path: Path) -> None:
    """The change reads several files: a fault only in the second, gzipped, is still found."""
    lines = logs["correct"].read_text().splitlines(keepends=True)
    deep = logs["deep"].read_text().splitlines(keepends=True)
    line = int((logs["deep"].parent / "deep.line").read_text())
    (tmp_path / "a.jsonl").write_text("".join(lines[:100]))
    with gzip.open(tmp_path / "b.jsonl.gz", "wt") as f:
        f.write(lines[0] + "".join(deep[100:]))  # the wrong session, now in b's own lines
    report = json.loads(_report(str(tmp_path), scale.Scheduler(workers=2)))
    money = next(r for r in report["results"] if r[0] == "craps/table/money")
    assert money[1] == "REFUTED" and "b.jsonl.gz" in money[2], money
    assert f"line {line - 100 + 1:,}, event" in money[2], money
