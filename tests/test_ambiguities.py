"""The ambiguity finder: every entry decided, every witness replayed here independently, and
the decisions transcribed by hand from the reading of the text."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from casino_proofs import impl, regulation, spec
from casino_proofs.analyses.readings.ambiguities import Finding, entries, finding_json
from casino_proofs.craps.readings.ambiguities import _craps_witness
from casino_proofs.paigow.command.hands import rank

# Material (True) or harmless (False), as reasoned from the text:
# docs/readings-and-conventions.md explains each.
EXPECTED = {
    "combined-payout": True, "hop-call": True, "hard-ways-loss": True, "associate-push": True,
    "dont-bar": True, "joker": True, "combined-basis": True, "hard-ways-payout": True,
    "hard-ways-off": True, "inactive-odds": True, "come-out-scope": True,
    "odds-notation": True, "dont-standoff": True, "pair-consisting": True,
    "royal-flush": True, "first-turn": True, "any-time": True, "lang-95.15-1.s4": True,
    "lang-95.15-1.s2": False, "lang-95.15-4-sentences": False, "lang-95.15-8-which": False,
    # the text gives odds, never how a fraction of a unit is paid (issue 15): every rounding
    # pays Don't Pass odds of 5 to 6 on one unit otherwise than 5/6 exactly
    "silence-payout-units": True,
}


@pytest.fixture
def findings(ambiguity_findings: list[Finding]) -> list[Finding]:
    return ambiguity_findings


def test_every_entry_is_decided_as_expected(findings: list[Finding]) -> None:
    assert {f.entry.id: f.material for f in findings} == EXPECTED
    assert all(f.verdict == "PROVED" for f in findings)
    for f in findings:
        if f.material:
            assert f.witness
        else:
            assert f.proof.startswith("Z3")


def test_every_entry_cites_registered_clauses() -> None:
    for e in entries():
        for clause in e.clauses:
            regulation.lookup(clause)
        assert e.default in [n for n, _ in e.values]


def _settled(name: str, witness: dict[str, Any], readings: dict[str, str]) -> tuple[Any, ...]:
    st = witness["state"]
    w = spec.wager(name, spec.Readings.from_dict(readings))
    state = spec.ConcreteState(st["come_out"], st["point"] or 0, st["working"],
                               st["first_roll"])
    fired = {(s.decision, str(s.net), s.next_point or None)
             for _, s in spec.firing(w, state, *witness["roll"])}
    try:
        s = impl.settle(name, impl.State(st["point"], st["come_out"], st["working"],
                                         st["first_roll"]),
                        impl.Roll(*witness["roll"]), impl.Readings.from_dict(readings))
        impl_side: Any = (s.decision.value, str(s.net), s.point)
    except impl.CrapsError:
        impl_side = "undefined"
    return tuple(sorted(fired)), impl_side


def test_craps_witnesses_replay_through_both_readings_and_both_sides(
        findings: list[Finding]) -> None:
    for f in findings:
        if not f.material or f.entry.id not in regulation.readings() or "wager" not in (
                f.witness or {}):
            continue
        w = f.witness
        assert w is not None
        default = _settled(w["wager"], w, {})
        other = _settled(w["wager"], w, {f.entry.id: f.alternative})
        assert default != other, f.entry.id
        for side, stated in ((default, w["default"]), (other, w[f.alternative])):
            if stated["decision"] == "undefined":
                assert side[0] == () and side[1] == "undefined"
            else:
                expected = (stated["decision"], stated["net"], stated["point"])
                assert side[0] == (expected,) and side[1] == expected
        if f.delta is not None:
            assert Fraction(f.delta) == Fraction(w[f.alternative]["net"]) - Fraction(
                w["default"]["net"])


def test_paigow_witnesses_replay(findings: list[Finding]) -> None:
    for f in findings:
        if f.material and f.witness and "hand" in f.witness:
            assert rank(f.witness["hand"], {})["spec"]["category"] == f.witness["default"]
            assert rank(f.witness["hand"], {f.entry.id: f.alternative})["spec"]["category"] \
                == f.witness[f.alternative]


def test_r3_40_royal_flush_read_as_straight_flush_contradicts_the_chapeau(
        findings: list[Finding]) -> None:
    f = next(f for f in findings if f.entry.id == "royal-flush")
    assert f.witness is not None
    assert set(f.witness["statements"]) == {"r3-40-3:highest",
                                           "r3-40-intro:royal-flush>straight-flush"}


def test_a_wrong_witness_does_not_replay() -> None:
    """A witness Z3 did not find, where both readings agree, is reported as not replayed."""
    a = spec.wager("horn")
    b = spec.wager("horn", spec.Readings(combined_payout="whole"))
    found = {"roll": [3, 4], "state": spec.ConcreteState(False, 0, False)}  # both lose on 7
    witness, _delta = _craps_witness("horn", a, b, found, "combined-payout", "whole")
    assert witness["replayed"] is False


def test_finding_json_has_the_documented_fields(findings: list[Finding]) -> None:
    for f in findings:
        doc = finding_json(f)
        assert {"id", "clause", "readings", "material", "verdict"} <= set(doc)
        if doc["material"]:
            assert "witness" in doc and "delta" in doc


def test_lang_95_15_1_s4_witness_is_a_double_three_or_four(findings: list[Finding]) -> None:
    f = next(f for f in findings if f.entry.id == "lang-95.15-1.s4")
    assert f.material and f.witness is not None
    assert f.witness["roll"] in ([3, 3], [4, 4])
    assert (f.witness["english"], f.witness["french"]) == (True, False)
    assert "equivalent on all 36 rolls" in f.proof  # the distributive reading, proved


def test_r3_95_15_1_s2_the_hard_ways_loss_witness_is_the_least_state_and_roll(
        findings: list[Finding]) -> None:
    """The least witness, worked out by hand: in the least state (no point, not a come-out
    roll, no call, not a first roll) the least roll where the readings part is 1-2: a pair
    (1-1) decides neither reading, and a 3 thrown 1-2 is not a pair (any-non-pair: a loss)
    nor the easy way to the wagered 4 (easy-way: no decision)."""
    f = next(f for f in findings if f.entry.id == "hard-ways-loss")
    assert f.witness is not None and f.witness["wager"] == "hard-4"
    assert f.witness["roll"] == [1, 2]
    assert f.witness["state"] == {"come_out": False, "point": None, "working": False,
                                  "first_roll": False}


@pytest.mark.exhaustive
def test_a_witness_does_not_depend_on_what_the_process_did_before() -> None:
    """Principle 6: the same entry decided in a fresh process and in one that first made and
    solved many unrelated terms (and freed them) gives the same witness."""
    import subprocess
    import sys

    script = ("import json, sys, z3\n"
              "from casino_proofs.analyses.readings.ambiguities import decide, entries\n"
              "if sys.argv[1] == 'busy':\n"
              "    xs = [z3.Int(f'noise{i}') for i in range(3000)]\n"
              "    s = z3.Solver(); s.add(z3.Sum(xs) == 7, *[x >= 0 for x in xs]); s.check()\n"
              "    del xs, s\n"
              "out = [f.witness for e in entries() if e.id in ('hop-call', 'joker')\n"
              "       for f in decide(e)]\n"
              "print(json.dumps(out, sort_keys=True, default=str))\n")
    runs = [subprocess.run([sys.executable, "-c", script, how], capture_output=True,
                           text=True, check=True, timeout=300).stdout
            for how in ("fresh", "busy")]
    assert runs[0] == runs[1] and runs[0].strip() != "[]"
