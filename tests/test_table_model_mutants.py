"""The suite kills every mutant of each stated machine, as tables over the protocol (issue
41): hypothesis draws a single output or transfer fault of a family's machine, a table over
protocol 2 is built with it (tests/engines/table/mutant_table.py: the reference table with
that one fault), and the check of that table must be REFUTED. The ``suite`` obligation
proves the same of the machine in process for every mutant; this test shows it of the
tables themselves, end to end."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from casino_proofs.command.main import main
from casino_proofs.craps.table.model.family_mutants import Analysis, read
from casino_proofs.craps.table.model.family_probes import EITHER, apart, differs
from casino_proofs.craps.table.scripts import suite
from tests.engines.table.mutant_table import Mutant, machine

MUTANT = Path(__file__).resolve().parent / "engines" / "table" / "mutant_table.py"
FAMILIES = {("hard-10",): "a Hard Way (hard-10)", ("any-7",): "a one-roll wager (any-7)",
            ("pass", "pass-odds"): "pass and pass-odds",
            ("dont-pass", "dont-pass-odds"): "dont-pass and dont-pass-odds",
            ("come", "come-odds"): "come and come-odds",
            ("dont-come", "dont-come-odds"): "dont-come and dont-come-odds"}


@cache
def mutants(wagers: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every single output and transfer fault of the family's machine (not the equivalent
    ones), by the places of its state, input and target in the machine's export."""
    m = machine(wagers, FAMILIES[wagers])
    states = {key: i for i, key in enumerate(m.edges)}
    inputs = {label: i for i, label in enumerate(m.inputs())}
    return [{"family": FAMILIES[wagers], "state": states[x.state], "input": inputs[x.label],
             "target": None if x.target is None else states[x.target],
             **({"refusing": True} if x.refusing else {})}
            for _kind, x in Analysis(m, apart(m.edges), [],
                                     apart(m.edges, refusing=True)).single() if x is not None]


def _check(wagers: tuple[str, ...], fault: dict[str, Any]) -> tuple[int, list[str]]:
    """The check of the mutant table: its exit code, and the obligations it refutes."""
    engine = shlex.join([sys.executable, str(MUTANT), "--wagers", ",".join(wagers),
                         "--mutant", json.dumps(fault, separators=(",", ":"))])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", "--quiet", "--only", "craps", "--format", "json", "--wagers",
                     ",".join(wagers), "--sessions", "5", "--engine", f"play:{engine}"])
    doc = json.loads(out.getvalue())
    return code, [o["id"] for o in doc["obligations"] if o["verdict"] == "REFUTED"]


def _drawn(data: st.DataObject) -> None:
    wagers = data.draw(st.sampled_from(sorted(FAMILIES)), label="family")
    fault = data.draw(st.sampled_from(mutants(wagers)), label="fault")
    code, refuted = _check(wagers, fault)
    assert code == 1 and refuted, (fault, code)


#: a check is seconds: the failing example is reported as drawn, never shrunk (and the
#: check draws its sessions with hypothesis inside this test's draw)
CHEAP = settings(max_examples=1, derandomize=True, deadline=None, database=None,
                 phases=(Phase.generate,), suppress_health_check=[HealthCheck.nested_given])


@pytest.mark.exhaustive
@settings(CHEAP, max_examples=30)
@given(data=st.data())
def test_conv_table_suite_every_drawn_mutant_of_a_stated_machine_is_refuted(
        data: st.DataObject) -> None:
    _drawn(data)


def test_conv_table_suite_the_mutant_table_without_its_fault_is_proved() -> None:
    """The mutant table with no fault is the reference table: PROVED (so that a refutation
    above is its fault's)."""
    never = {"family": FAMILIES[("any-7",)], "state": -1, "input": 0, "target": None}
    assert _check(("any-7",), never) == (0, [])


# -- a mutant counted killed is one a table shows: its answers differ on a script -------------

def _unshown(wagers: tuple[str, ...]) -> list[str]:
    """The mutants of the family's machine the suite counts killed whose table (the mutant
    table, in process) answers every script that reaches the fault as the reference table
    does: each is a false kill, a hole in the fault domain the report states."""
    m = machine(wagers, FAMILIES[wagers])
    part = next(p for p in suite.build(m.setting) if p.family.name == FAMILIES[wagers])
    analysis = Analysis(m, part.apart, read(m, part.scripts), part.refusing)
    states = {key: i for i, key in enumerate(m.edges)}
    inputs = {label: i for i, label in enumerate(m.inputs())}
    out = []
    for _kind, x in analysis.single():
        if x is None or not analysis.killed(x):
            continue
        fault = {"family": FAMILIES[wagers], "state": states[x.state],
                 "input": inputs[x.label],
                 "target": None if x.target is None else states[x.target],
                 "refusing": x.refusing}
        table, reference = Mutant(wagers, fault, m), Mutant(wagers, {**fault, "state": -1}, m)
        if all(table.play(list(part.scripts[w])) == reference.play(list(part.scripts[w]))
               for w, _pos in analysis.at[(x.state, x.label)]):
            out.append(x.words())
    return out


def test_conv_table_suite_a_table_s_choice_tells_nothing_apart() -> None:
    """Where the text leaves an answer to the table, a table there may answer as due: such a
    state is not caught by that input (the must-fail case of the tests below: a Hard 10 bet
    sent back to before its first roll, where its withdrawal is the table's choice)."""
    assert not differs(("accepted",), EITHER) and not differs(EITHER, ("refused",))
    assert differs(("accepted",), ("refused",))


@pytest.mark.parametrize("wagers", [("any-7",), ("dont-pass", "dont-pass-odds")],
                         ids=["any-7", "dont-pass"])
def test_conv_table_suite_every_mutant_counted_killed_answers_otherwise(
        wagers: tuple[str, ...]) -> None:
    assert _unshown(wagers) == []


@pytest.mark.exhaustive
@pytest.mark.parametrize("wagers", sorted(FAMILIES), ids=[w[0] for w in sorted(FAMILIES)])
def test_conv_table_suite_every_mutant_of_every_family_counted_killed_answers_otherwise(
        wagers: tuple[str, ...]) -> None:
    assert _unshown(wagers) == []


# -- the mutants run once a process on the suite's own scripts, never on other words ---------

def test_conv_table_suite_mutants_run_once_only_on_the_suite_s_own_scripts_read_whole() -> None:
    """The mutants are a function of the words played: the suite's own scripts, read whole,
    are run once and the same answer given after; other words (copies, a few scripts, or
    scripts cut at a refusal) are run again (the must-fail case: the first script alone
    leaves alive mutants the whole suite kills)."""
    wagers = ("dont-pass", "dont-pass-odds")
    m = machine(wagers, FAMILIES[wagers])
    part = next(p for p in suite.build(m.setting) if p.family.name == FAMILIES[wagers])
    whole, _ = suite.mutation(part, list(part.scripts))
    again, _ = suite.mutation(part, list(part.scripts))
    assert again is whole and whole.survivors == 0 and whole.killed == whole.total > 0
    copied, _ = suite.mutation(part, [(*s,) for s in map(list, part.scripts)])
    assert copied is not whole and copied.json() == whole.json()
    first, _ = suite.mutation(part, list(part.scripts[:1]))
    assert first is not whole and first.survivors > 0
    cut, _ = suite.mutation(part, list(part.scripts), [0] * len(part.scripts))
    assert cut is not whole and cut.killed < whole.killed
    assert suite.mutation(part, list(part.scripts))[0] is whole
