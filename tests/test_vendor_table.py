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


@pytest.mark.parametrize("fmt", ["text", "json", "junit", *(
    pytest.param(f, marks=pytest.mark.exhaustive) for f in ("markdown", "sarif", "html"))])
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


# -- the first finding leads straight to each bug --------------------------------------------

#: each fault of the vendor's table: the obligation its first finding is headed by, and what
#: that finding says of the bug (the event and the answer, worked out by hand from the text)
FAULTS = {
    # Pass odds on 4 pay 2 to 1 (r3-95.16-1.s4): a stake of 1 unit wins 2; paid 1 to 1
    "odds-even-money": ("craps/table/money", "pass-odds at a stake of 1 unit wins 2 per "
                        "unit, exactly 2 units, due 2 (floor); the engine paid 1"),
    # a Hard Way is off on a come-out roll unless called (r3-95.15-1.s6): no decision
    "hard-way-always-working": ("craps/hard-6/come-out-off/agrees/r3-95.15-1.s6#3",
                                "the implementation breaks r3-95.15-1.s6: not applicable on "
                                "a first turn: no decision"),
    # a stake is at least one unit (conv-table-stake): -1 must be refused
    "negative-stake": ("craps/table/placement", '{"place": "b1", "wager": "any-7", '
                       '"amount": -1} answered {"accepted": true}, where it must be refused'),
    # the 11 pays 15 to 1 (r3-95.15-3.s2): 2,520 units win 37,800; "15 for 1" pays 35,280
    "eleven-for-one": ("craps/table/money", "eleven at a stake of 2,520 units wins 15 per unit, "
                       "exactly 37,800 units, due 37,800 (floor); the engine paid 35,280"),
    # a Hard Way withdrawn after an inconclusive roll gets its whole stake back
    # (r3-95.15-1.s5)
    "withdraw-keeps-stake": ("craps/table/withdrawal", '{"withdraw": "b1"} answered '
                             '{"accepted": true, "returned": 0}, where it must be accepted'),
    # a Multiple Chances wager is taken on every roll (r3-95.15-intro.s1)
    "refuse-eleven": ("craps/table/any-time", '{"place": "b1", "wager": "eleven", "amount": '
                      '1} answered {"refused": "no 11 today"}, where it must be accepted'),
    "minus-one-stays": ("craps/table/placement", '"amount": -1} answered {"accepted": true}'),
}
#: in the default run: one fault of each kind of finding (a table obligation's, with its
#: script; a protocol-1 obligation's), on the one wager they concern; every fault on every
#: wager of the table with the exhaustive tests
CHEAP = {"withdraw-keeps-stake": "hard-6", "hard-way-always-working": "hard-6"}


@pytest.mark.exhaustive  # (the default run proves it on Any 7 above, in every format)
def test_the_vendor_table_written_from_the_pages_alone_is_proved(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--wagers", WAGERS, "--sessions", "2", "--engine",
                          f"play:{VENDOR}")
    assert code == 0, out[:3000]


@pytest.mark.parametrize(("fault", "wagers"), [
    *(pytest.param(f, WAGERS, marks=pytest.mark.exhaustive) for f in FAULTS),
    *CHEAP.items()])
def test_the_first_finding_leads_straight_to_the_vendors_bug(
        capsys: pytest.CaptureFixture[str], fault: str, wagers: str) -> None:
    """Each fault gives one finding, headed by the obligation that names the bug, whose
    detail names the event and the answer; a table obligation's shows its shortest script
    with the answer it faults beside the answer due."""
    head, says = FAULTS[fault]
    code, out, _ = _check(capsys, "--wagers", wagers, "--sessions", "2", "--format", "json",
                          "--engine", f"play:{VENDOR} --fault {fault}")
    assert code == 1
    doc = json.loads(out)
    assert len(doc["findings"]) == 1, doc["findings"]
    first = doc["findings"][0]
    assert first["obligations"][0] == head
    assert says in first["detail"], first["detail"]
    if head.startswith("craps/table/"):
        shown = next(o for o in doc["obligations"] if o["id"] == head)["counterexample"]
        assert shown["shortest"]["event"] and "due" in shown["shortest"]
