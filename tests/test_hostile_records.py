"""Issue 23: a file an engine is read from (a settlement table, a session log) never leaves a
check PROVED on what it could not read, and never hangs the check.

- a record that cannot be read (a truncated line, JSON nested 100,000 deep, an amount of
  thousands of digits, a CSV field past the reader's bound) is named, with its line, by the
  ``records`` obligation, REFUTED: the one record skipped could be the wrong one;
- a session that carries metadata keys beside its events and answers is read, not skipped;
- a FIFO (or a directory, a device) is refused before anything opens it: one line, exit 2,
  at once.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from casino_proofs.command.main import main
from tests.test_engines import WAGERS, _record, _rows


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, dict]]:
    code = main(["check", "--quiet", "--only", "craps", "--format", "json", *argv])
    doc = json.loads(capsys.readouterr().out)
    return code, {o["id"]: o for o in doc["obligations"]}


RECORDS = "craps/records/all-records/records"


def _with_lines(path: Path, *lines: str) -> Path:
    with path.open("a") as f:
        for line in lines:
            f.write(line + "\n")
    return path


@pytest.mark.parametrize("bad", [
    pytest.param('{"wager": "any-7", "state": {"come_out": false', id="truncated"),
    pytest.param("[" * 100_000 + "]" * 100_000, id="nested-100000"),
])
def test_an_unreadable_record_of_a_settlement_table_is_refuted_with_its_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, bad: str) -> None:
    table = tmp_path / "settled.jsonl"
    _record(table, _rows())
    lines = len(table.read_text().splitlines())
    _with_lines(table, bad)
    code, found = _check(capsys, "--wagers", ",".join(WAGERS), "--engine", f"table:{table}")
    assert code == 1
    records = found[RECORDS]
    assert records["verdict"] == "REFUTED"
    assert records["counterexample"]["lines"][0]["line"] == lines + 1
    assert f"line {lines + 1:,}:" in records["detail"]


def test_a_csv_row_that_settles_an_input_again_beside_a_huge_number_is_never_proved(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The forgery of the audit: one more row settles an input a second, different way, and
    holds a 200,000-digit number (past the CSV reader's bound): REFUTED, not PROVED."""
    table = tmp_path / "settled.csv"
    _record(table, _rows())
    _with_lines(table, "any-7,false,,false,false,3,4,win,5," + "9" * 200_000)
    code, found = _check(capsys, "--wagers", ",".join(WAGERS), "--engine", f"table:{table}")
    assert code == 1
    assert found[RECORDS]["verdict"] == "REFUTED"


def test_a_complete_table_proves_its_records(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    table = tmp_path / "settled.csv"
    _record(table, _rows())
    code, found = _check(capsys, "--wagers", ",".join(WAGERS), "--engine", f"table:{table}")
    assert code == 0 and found[RECORDS]["verdict"] == "PROVED"


#: one session of a table: an Any 7 placed on a new shooter's come-out roll, then a 7
SESSION = {"events": [{"place": "b1", "wager": "any-7", "amount": 10}, {"roll": [3, 4]}],
           "answers": [{"accepted": True},
                       {"point": None, "bets": [{"bet": "b1", "paid": 40, "returned": 10,
                                                 "stays": False, "point": None}]}]}


def test_a_session_with_metadata_keys_is_read_and_judged(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The audit hid a session that pays Any 7 at 5 to 1 behind a key ``"table": "T7"``: it
    was skipped as unreadable and the log PROVED. A session is read whatever else its line
    carries: its wrong amount is a money finding citing the Any 7 clause (4 to 1 on 10 units
    is 40, not 50)."""
    overpaid = json.loads(json.dumps(SESSION))
    overpaid["answers"][1]["bets"][0]["paid"] = 50
    log = _with_lines(tmp_path / "sessions.jsonl", json.dumps(SESSION),
                      json.dumps({**overpaid, "table": "T7", "session": 2}))
    code, found = _check(capsys, "--wagers", "any-7", "--engine", f"table:{log}")
    assert code == 1
    assert found[RECORDS]["verdict"] == "PROVED"
    money = found["craps/table/money"]
    assert money["verdict"] == "REFUTED" and "r3-95.15-2.s2" in money["clauses"]
    assert "due 40 (exact); the engine paid 50" in money["detail"]


@pytest.mark.parametrize("bad", [
    pytest.param(json.dumps(SESSION)[:-7], id="truncated"),
    pytest.param("{" + '"a":{' * 100_000 + "}" * 100_001, id="nested-100000"),
    pytest.param(json.dumps(SESSION).replace('"amount": 10', '"amount": ' + "1" * 5000),
                 id="5000-digit-amount"),
])
def test_an_unreadable_line_of_a_session_log_is_never_proved(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, bad: str) -> None:
    log = _with_lines(tmp_path / "sessions.jsonl", json.dumps(SESSION), bad)
    code, found = _check(capsys, "--wagers", "any-7", "--engine", f"table:{log}")
    assert code == 1
    records = found[RECORDS]
    assert records["verdict"] == "REFUTED" and "line 2:" in records["detail"]


def test_a_log_claiming_a_reading_is_checked_under_it_as_a_table_engine_is(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A log's hello claims readings as a table's hello does: the same note, the same run."""
    log = _with_lines(tmp_path / "sessions.jsonl",
                      json.dumps({"hello": {"readings": {"hop-call": ["total"]}}}),
                      json.dumps(SESSION))
    main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--engine",
          f"table:{log}"])
    out = re.sub(r"\n {2,}(?=\S)", " ", capsys.readouterr().out)
    assert "the engine claims reading hop-call only as total" in out


def test_a_claim_of_a_reading_this_model_does_not_have_is_one_line_exit_2(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = _with_lines(tmp_path / "sessions.jsonl",
                      json.dumps({"hello": {"readings": {"hop-cal": ["total"]}}}),
                      json.dumps(SESSION))
    code = main(["check", "--quiet", "--only", "craps", "--engine", f"table:{log}"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "'hop-cal', which is not a reading of this model" in err


@pytest.mark.parametrize("what", ["fifo", "directory"])
def test_a_table_that_is_not_a_regular_file_is_refused_at_once(tmp_path: Path,
                                                               what: str) -> None:
    path = tmp_path / what
    if what == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "casino_proofs", "check", "--engine",
                           f"table:{path}"], capture_output=True, text=True, timeout=60)
    # the process start included, on a loaded machine too; a read tried would hang to 60 s
    assert time.monotonic() - started < 30
    assert done.returncode == 2 and done.stdout == ""
    assert ("a FIFO; a table is a regular file" if what == "fifo" else
            "a directory with no log file in it (its files end in .jsonl") in done.stderr
