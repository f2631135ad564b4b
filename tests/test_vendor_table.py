"""A vendor's first hour (issue 43): a table written from the pages alone
(tests/engines/table/vendor_table.py) is PROVED on its first run, or told its one fix; each
of its faults is found by the first finding of the report, which leads straight to the bug:
the obligation that names it, the event, and the answer faulted beside the answer due.

The version trap: a table written to 2.1's examples whose hello names no version is spoken
to in 2.0; it is stopped before anything is judged, in one line naming the fix (exit 2),
while a genuine 2.0 table is still PROVED."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from casino_proofs.command.main import main

ROOT = Path(__file__).resolve().parent.parent
VENDOR = f"{sys.executable} {ROOT / 'tests/engines/table/vendor_table.py'}"
IMPL_TABLE = f"{sys.executable} {ROOT / 'tests/engines/table/impl_table.py'}"
WAGERS = "pass,pass-odds,hard-6,hard-8,any-7,eleven"


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["check", "--quiet", "--only", "craps", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# -- the version trap ------------------------------------------------------------------------

def test_a_table_naming_no_version_that_refuses_2_0_is_told_its_fix_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _check(capsys, "--wagers", WAGERS, "--engine",
                            f"play:{VENDOR} --fault no-version")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert "its hello names no protocol version, so it was spoken to in 2.0" in err
    assert "and it refused it" in err
    assert 'add "protocol": "2.1" to its hello (docs/engine-protocol.md, "Protocol versions")' \
        in err


ANSWERS_IN_2_1 = """
import json, sys
for line in sys.stdin:
    q = json.loads(line)
    if q["op"] == "hello":
        print(json.dumps({"name": "t", "version": "1", "games": ["craps"], "wagers": ["any-7"],
                          "interface": "table", "money": {"unit": "1", "rounding": "exact"}}),
              flush=True)
    elif q["op"] == "play":
        print(json.dumps({"scripts": [{"id": str(i), "answers": [{"point": None, "bets": []}]}
                                      for i, _ in enumerate(q["scripts"])]}), flush=True)
"""


@pytest.mark.parametrize(("body", "says"), [
    (ANSWERS_IN_2_1, "answered it in 2.1's shape"),
    ("import sys\nprint(open(0).readline() and '{\"name\": \"t\", \"version\": \"1\", "
     "\"games\": [\"craps\"], \"interface\": \"table\", \"protocol\": 2, \"money\": "
     "{\"unit\": \"1\", \"rounding\": \"exact\"}}', flush=True)\nsys.stdin.readline()\n"
     "sys.exit(3)\n", "exited on it"),
])
def test_a_table_naming_no_version_that_answers_2_0_otherwise_is_told_its_fix(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, says: str) -> None:
    table = tmp_path / "table.py"
    table.write_text(body)
    code, out, err = _check(capsys, "--engine", f"play:{sys.executable} {table}")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and says in err, err
    assert '"protocol": "2.1"' in err


def test_a_genuine_protocol_2_0_table_is_still_proved_and_the_report_says_2_0(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--wagers", "any-7", "--sessions", "1", "--engine",
                          f"play:{IMPL_TABLE} --legal protocol-2.0")
    assert code == 0, out[:2000]
    assert "impl table 1, spoken to in protocol 2.0" in " ".join(out.split())


@pytest.mark.parametrize("fmt", ["text", "markdown", "json", "junit", "sarif",
                                 pytest.param("html", marks=pytest.mark.exhaustive)])
def test_every_report_states_the_protocol_version_it_spoke(
        capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, _ = _check(capsys, "--wagers", "any-7", "--sessions", "1", "--format", fmt,
                          "--engine", f"play:{VENDOR}")
    assert code == 0
    if fmt == "json":
        assert json.loads(out)["engine"]["protocol"] == "2.1"
    elif fmt == "sarif":
        assert json.loads(out)["runs"][0]["properties"]["engine"]["engine.protocol"] == "2.1"
    elif fmt == "junit":
        assert '<property name="engine.protocol" value="2.1" />' in out
    else:
        assert "spoken to in protocol 2.1" in " ".join(out.split())
