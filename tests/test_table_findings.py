"""One fact, one finding, and a finding a vendor reads once (issue 43).

Each of the four facts the issue met gives exactly one finding: a table's undeclared refusal
of a wager's placements, Come odds left dead after a come-out roll, a stake of -1 taken (and
answered on every roll after), and history pairs never reached past a settlement ``history``
refutes. The obligations such a fact leaves unjudgeable point at it (``cause``) and are not
counted again: the report says "and N obligations that rest on it".

A table finding shows its shortest script, one event a line, each with the table's answer,
and beside the answer it faults the answer due, in the text, Markdown, JUnit and HTML
reports (the JSON holds them under ``counterexample.shortest``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_proofs.command.main import main
from casino_proofs.context import report_context
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.reports import formats
from casino_proofs.reports.check import resting, script_lines, witness_lines

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "tests" / "engines" / "table"


def _engine(table: str, fault: str) -> str:
    return f"play:{sys.executable} {TABLES / table} --fault {fault}"


def _check(capsys: pytest.CaptureFixture[str], engine: str, wagers: str,
           *argv: str) -> tuple[int, str]:
    code = main(["check", "--quiet", "--only", "craps", "--sessions", "1", "--wagers", wagers,
                 "--engine", engine, *argv])
    return code, capsys.readouterr().out


#: each fact of the issue: the table that shows it, the wagers, and the one finding's head
FACTS = {
    "an undeclared refusal of a wager's placements": (
        "vendor_table.py", "refuse-eleven", "any-7,eleven", "craps/table/any-time"),
    "Come odds left dead after a come-out roll": (
        "impl_table.py", "come-odds-dead", "come,come-odds", "craps/table/follow"),
    "a stake of -1 taken, and answered on every roll after": (
        "vendor_table.py", "minus-one-stays", "any-7", "craps/table/placement"),
    "history pairs never reached past a settlement history refutes": (
        "history_table.py", "second-barred-12-loses", "dont-pass", "craps/table/history"),
}


@pytest.mark.parametrize("fact", FACTS, ids=list(FACTS))
def test_one_fact_is_one_finding_and_what_rests_on_it_points_at_it(
        capsys: pytest.CaptureFixture[str], fact: str) -> None:
    table, fault, wagers, head = FACTS[fact]
    code, out = _check(capsys, _engine(table, fault), wagers, "--format", "json")
    assert code == 1
    doc = json.loads(out)
    assert len(doc["findings"]) == 1, doc["findings"]
    finding = doc["findings"][0]
    assert finding["obligations"][0] == head
    failing = {o["id"]: o for o in doc["obligations"] if o["verdict"] != "PROVED"}
    assert set(finding["obligations"]) == set(failing)
    cause = failing[head]["cause"]
    assert cause.endswith(head)
    assert all(o.get("cause") == cause for o in failing.values())
    coverage = failing.get("craps/table/table-coverage")
    if coverage is not None:  # the inputs never observed, and why: the refusal
        assert coverage["detail"].endswith(
            "they are of wagers whose placements the table refused where the rules take them "
            "(eleven): one fact, refuted by craps/table/any-time")


def test_resting_says_one_obligation_in_the_singular() -> None:
    ob = Obligation("craps/table/placement", "placement", "c", ("c",), "the table", "s", "d")
    pairs = Obligation("craps/table/pairs", "pairs", "c", ("c",), "the table", "s", "d")
    cause = "of one fault of the table, refuted by craps/table/placement"
    group = [Result(ob, Verdict.REFUTED, 0.0, cause=cause),
             Result(pairs, Verdict.ERROR, 0.0, cause=cause)]
    assert resting(group) == ("and 1 obligation that rests on it, not counted again: 1 ERROR "
                              "(pairs 1)")


# -- the reproducer in every format -----------------------------------------------------------

def _shown(doc: dict[str, Any], oid: str) -> dict[str, Any]:
    ob = next(o for o in doc["obligations"] if o["id"] == oid)
    shown: dict[str, Any] = ob["counterexample"]["shortest"]
    return shown


def test_a_table_finding_shows_its_shortest_script_and_the_answer_it_faults(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A Hard Way withdrawn is accepted and its stake kept: the script (placed, an
    inconclusive roll, the withdrawal), each event with the table's answer, and at the
    withdrawal the answer due: the whole stake of 2,520 units returned."""
    engine = _engine("vendor_table.py", "withdraw-keeps-stake")
    _, out = _check(capsys, engine, "hard-6", "--format", "json")
    shown = _shown(json.loads(out), "craps/table/withdrawal")
    assert shown["events"] == len(shown["script"]) == len(shown["answers"]) == 3
    assert shown["script"][2] == {"withdraw": "b1"}
    assert shown["answers"][2] == {"accepted": True, "returned": 0}
    assert shown["event"] == 3 and shown["due"] == {"accepted": True, "returned": 2520}
    _, text = _check(capsys, engine, "hard-6")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "its 3 events, each with the table's" in line)
    assert lines[at + 1].strip().startswith('1. {"place": "b1", "wager": "hard-6", "amount": '
                                            '2520} -> {"accepted": true}')
    assert lines[at + 2].strip().startswith("2. {\"roll\"")
    third = next(i for i in range(at, len(lines)) if lines[i].strip().startswith("3. "))
    faulted = " ".join(" ".join(lines[third:third + 3]).split())
    assert faulted.startswith('3. {"withdraw": "b1"} -> {"accepted": true, "returned": 0} <- the '
                              'answer faulted; due: {"accepted": true, "returned": 2520}')
    # the other formats say it in the same words (the JSON's counterexample, rendered)
    ob = Obligation("craps/table/withdrawal", "withdrawal", "r3-95.15-1.s5", ("r3-95.15-1.s5",),
                    "the table", "all-scripts", "every withdrawal")
    r = Result(ob, Verdict.REFUTED, 0.0, "1 of 1 withdrawals fails", {"shortest": shown})
    for other in (formats.to_markdown([r], report_context({}), 1.0),
                  formats.to_junit([r], 1.0)):
        assert '3. {"withdraw": "b1"} -> {"accepted": true, "returned": 0}   <- the answer ' \
               'faulted; due: {"accepted": true, "returned": 2520}' in other.replace(
                   "&gt;", ">").replace("&lt;", "<").replace("&quot;", '"')


@pytest.mark.exhaustive  # (the HTML page computes the house edges and the PAR sheet: 4 s)
def test_a_table_finding_shows_its_script_in_the_html_report(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, page = _check(capsys, _engine("vendor_table.py", "withdraw-keeps-stake"), "hard-6",
                     "--format", "html")
    assert '<li class="event"><code>3. {&quot;withdraw&quot;: &quot;b1&quot;} -&gt; ' \
           "{&quot;accepted&quot;: true, &quot;returned&quot;: 0}   &lt;- the answer " \
           "faulted; due:" in page


def test_an_on_table_finding_shows_the_entry_it_faults() -> None:
    """The roll's answer that lists a bet decided before: its entry, beside what is due
    (no entry: the bet left)."""
    shown = {"script": [{"place": "b1", "wager": "any-7", "amount": 5}, {"roll": [1, 2]},
                        {"roll": [1, 2]}],
             "answers": [{"accepted": True},
                         {"point": None, "bets": [{"bet": "b1", "paid": 0, "returned": 0,
                                                   "stays": False, "point": None}]},
                         {"point": None, "bets": [{"bet": "b1", "paid": 0, "returned": 0,
                                                   "stays": False, "point": None}]}],
             "event": 3, "due": {"point": None, "bets": []}}
    lines = script_lines(shown)
    assert lines[0] == "its 3 events, each with the table's answer:"
    assert lines[3].endswith('   <- the answer faulted; due: {"point": null, "bets": []}')
    r = Result(Obligation("craps/table/on-table", "on-table", "c", ("c",), "the table", "s",
                          "d"), Verdict.REFUTED, 0.0, "1 of 2 bets listed fails",
               {"shortest": shown})
    assert witness_lines(r)[1:] == lines
