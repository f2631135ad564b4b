"""Principle 3 for the checks on the specification: a gap, a conflict, an unreachable rule, an
empty state class, a solver that gives up and a counterexample that does not replay must each
produce their verdict, never PROVED."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
import z3

from casino_proofs import impl, spec
from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.obligations.verdict import (
    EXIT_ERROR,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
    Verdict,
    exit_code,
)
from casino_proofs.solving.budget import Budget
from casino_proofs.spec.vocabulary import LOSE, LOSS, NO_POINT, TOTAL, WIN, odds

DEFAULTS = impl.Readings()  # the library's defaults, for wrong implementations

def _verdicts(results: list[object]) -> dict[str, Verdict]:
    return {r.obligation.id: r.verdict for r in results}  # type: ignore[attr-defined]


def test_r3_95_15_4_gap_is_refuted_with_the_undecided_roll() -> None:
    w = spec.wager("any-craps")
    narrowed = replace(w.rules[0], guard=TOTAL == 2)  # forgets 3 and 12
    results = check_craps(specs=[replace(w, rules=(narrowed, w.rules[1]))])
    gap = next(r for r in results if r.obligation.claim == "exhaustive")
    assert gap.verdict is Verdict.REFUTED
    assert gap.counterexample is not None
    assert sum(gap.counterexample["roll"]) in (3, 12)
    assert gap.counterexample["spec"] == []


def test_r3_95_15_4_conflict_is_refuted_with_both_settlements() -> None:
    w = spec.wager("any-craps")
    clash = spec.Rule(("r3-95.15-4.s2",), "loses on 12 too", TOTAL == 12,
                      spec.Settlement(LOSE, LOSS, z3.IntVal(NO_POINT)))
    results = check_craps(specs=[replace(w, rules=(*w.rules, clash))])
    conflict = next(r for r in results if r.obligation.claim == "exclusive")
    assert conflict.verdict is Verdict.REFUTED
    assert conflict.counterexample is not None
    assert conflict.counterexample["roll"] == [6, 6]
    assert {s["decision"] for s in conflict.counterexample["spec"]} == {"win", "lose"}


def test_unreachable_rule_is_vacuous() -> None:
    w = spec.wager("craps-2")
    never = spec.Rule(("r3-95.15-5.s1",), "wins on 13", TOTAL == 13,
                      spec.Settlement(WIN, odds(30), z3.IntVal(NO_POINT)))
    verdicts = _verdicts(check_craps(specs=[replace(w, rules=(*w.rules, never))]))
    assert verdicts["craps/craps-2/all-states/reachable/r3-95.15-5.s1#2"] is Verdict.VACUOUS
    assert exit_code(check_craps(specs=[replace(w, rules=(*w.rules, never))])) == EXIT_REFUTED


def test_empty_state_class_is_vacuous() -> None:
    w = spec.wager("craps-2")
    empty = spec.StateClass("nowhere", "no state", z3.BoolVal(False), ("r3-95.15-intro.s1",))
    verdicts = _verdicts(check_craps(specs=[replace(w, states=(*w.states, empty))]))
    assert verdicts["craps/craps-2/nowhere/exhaustive"] is Verdict.VACUOUS


def test_solver_giving_up_is_unknown_and_fails_closed() -> None:
    x, y, z = z3.Ints("x y z")
    w = spec.wager("craps-2")
    # Fermat for cubes has no solution, but that is beyond what the solver settles within a
    # small resource budget: whether 1-1 is decided (the exhaustiveness query) hangs on it.
    # The budget is Z3's deterministic resource count, so this is UNKNOWN on any machine.
    fermat = z3.And(x > 0, y > 0, z > 0, x * x * x + y * y * y == z * z * z)
    rules = (replace(w.rules[0], guard=z3.And(TOTAL == 2, z3.Not(fermat))), w.rules[1])
    results = check_craps(specs=[replace(w, rules=rules)], budget=Budget(z3_rlimit=200_000))
    verdicts = _verdicts(results)
    assert verdicts["craps/craps-2/any-roll/exhaustive"] is Verdict.UNKNOWN
    assert "resource limit" in next(r.detail for r in results
                                    if r.obligation.id.endswith("any-roll/exhaustive"))
    assert Verdict.VACUOUS not in verdicts.values()  # a budget exhausted is never vacuity
    assert exit_code(results) == EXIT_UNKNOWN


def test_an_implementation_answering_twice_differently_is_refuted_as_nondeterministic(
) -> None:
    calls: dict[tuple[object, ...], int] = {}

    def flaky(w: str, state: impl.State, roll: impl.Roll,
              readings: impl.Readings = DEFAULTS) -> impl.Settlement:
        key = (w, state, roll)
        calls[key] = calls.get(key, 0) + 1
        real = impl.settle(w, state, roll, readings)
        if calls[key] == 1 and roll.total == 3:  # wrong only the first time it is asked
            return replace(real, net=Fraction(99))
        return real

    results = check_craps(settle=flaky, wagers=["craps-3"])
    verdicts = _verdicts(results)
    assert verdicts["craps/craps-3/all-states/deterministic"] is Verdict.REFUTED
    assert Verdict.ERROR not in verdicts.values()  # one answer is kept: no false ERROR
    assert exit_code(results) == EXIT_REFUTED


def test_counterexample_that_does_not_replay_is_an_error(monkeypatch: Any) -> None:
    """If the concrete replay contradicts the solver (here the replay is made to believe every
    answer right), the verdict is ERROR, never REFUTED or PROVED."""
    import casino_proofs.craps.obligations.agrees as agrees

    def wrong(w: str, state: impl.State, roll: impl.Roll,
              readings: impl.Readings = DEFAULTS) -> impl.Settlement:
        s = impl.settle(w, state, roll, readings)
        return replace(s, net=Fraction(99)) if s.decision is impl.Decision.WIN else s

    monkeypatch.setattr(agrees, "same", lambda *_a: True)
    results = check_craps(settle=wrong, wagers=["craps-3"])
    errors = [r for r in results if r.verdict is Verdict.ERROR]
    assert errors and "did not replay" in errors[0].detail
    assert exit_code([r for r in results if r.verdict is not Verdict.REFUTED]) == EXIT_ERROR


def test_exit_codes_rank_refuted_over_error_over_unknown() -> None:
    """A refutation is a definite finding: it decides the exit code even beside an ERROR."""
    ob = check_craps(wagers=["craps-2"])[0]
    def with_(*verdicts: Verdict) -> list[object]:
        return [replace(ob, verdict=v) for v in verdicts]
    assert exit_code(with_(Verdict.PROVED)) == EXIT_PROVED
    assert exit_code(with_(Verdict.PROVED, Verdict.UNKNOWN)) == EXIT_UNKNOWN
    assert exit_code(with_(Verdict.UNKNOWN, Verdict.VACUOUS)) == EXIT_REFUTED
    assert exit_code(with_(Verdict.UNKNOWN, Verdict.REFUTED)) == EXIT_REFUTED
    assert exit_code(with_(Verdict.REFUTED, Verdict.ERROR)) == EXIT_REFUTED
    assert exit_code(with_(Verdict.UNKNOWN, Verdict.ERROR)) == EXIT_ERROR


def test_smt_and_enumeration_disagreeing_is_an_error(monkeypatch: Any) -> None:
    """Dual evidence: if the enumeration contradicts a PROVED verdict, the verdict is ERROR."""
    import casino_proofs.craps.obligations.enumeration as en

    real = en._claims

    def lying(w: Any, answers: Any, *settling: Any) -> dict[str, Any]:
        return {k: en.Claim(False, "forced") for k in real(w, answers, *settling)}

    monkeypatch.setattr(en, "_claims", lying)
    results = check_craps(wagers=["craps-2"])
    enumerated = [r for r in results if r.enumeration]
    assert enumerated and {r.verdict for r in enumerated} == {Verdict.ERROR}
    assert all("disagree" in r.detail for r in enumerated)
    # A violation the enumeration found and replayed concretely is a refutation, not an
    # error: the implementation is simply wrong there.


def test_a_violation_only_the_enumeration_sees_is_refuted_not_an_error() -> None:
    """A specification whose state universe leaves out point 10: the SMT queries cannot see
    point-10 states, the enumeration does. A wrong implementation there is REFUTED (with the
    point-10 counterexample), the universe obligation says why, and nothing turns into
    ERROR."""
    import casino_proofs.craps.obligations.enumeration as en
    import casino_proofs.craps.obligations.session as session
    import casino_proofs.craps.obligations.universe as universe
    from casino_proofs.spec.vocabulary import COME_OUT, FIRST_ROLL, POINT, total_in

    def no_point_10() -> z3.BoolRef:
        return z3.And(z3.Or(POINT == NO_POINT, total_in(POINT, (4, 5, 6, 8, 9))),
                      z3.Implies(FIRST_ROLL, COME_OUT))

    def wrong(w: str, state: impl.State, roll: impl.Roll,
              readings: impl.Readings = DEFAULTS) -> impl.Settlement:
        s = impl.settle(w, state, roll, readings)
        if state.point == 10 and s.decision is impl.Decision.WIN:
            return replace(s, net=Fraction(3))
        return s

    with pytest.MonkeyPatch.context() as patch:
        for module in (session, universe, en):
            patch.setattr(module, "state_universe", no_point_10)
        results = check_craps(settle=wrong, wagers=["pass-odds"])
    verdicts = _verdicts(results)
    assert verdicts["craps/universe/all-states/universe"] is Verdict.REFUTED
    refuted = [r for r in results if r.obligation.claim == "agrees"
               and r.verdict is Verdict.REFUTED]
    assert refuted and refuted[0].counterexample["state"]["point"] == 10  # type: ignore[index]
    assert "enumeration" in refuted[0].evidence_note
    assert Verdict.ERROR not in verdicts.values()


def test_the_fast_evaluation_disagreeing_with_z3_is_an_error(monkeypatch: Any) -> None:
    """paigow/evaluator can fail: where Z3's own evaluation of the specification differs from
    the compiled one the proofs use, the obligation is ERROR and names the hand (the
    evidence of a scope reduced to what the cross-check reads: its classes' hands)."""
    from types import SimpleNamespace

    from casino_proofs.paigow.command.hands import _built
    from casino_proofs.paigow.obligations import spec_side
    from casino_proofs.solving.z3_compile import compile_terms

    built = _built("high", {})
    inputs, outputs = list(built.spec.hand.cards), built.outputs()
    hands = [(0, 13, 26, 39, 52), (0, 1, 2, 3, 12)]
    evidence: Any = SimpleNamespace(
        scope="high", keys=[0, 1], inputs=inputs, outputs=outputs,
        classes={i: SimpleNamespace(low_hand=h) for i, h in enumerate(hands)},
        fast=compile_terms(inputs, outputs))
    assert spec_side.evaluator(evidence).verdict is Verdict.PROVED
    real = spec_side.evaluate_with_z3

    def another_combination(*args: Any) -> tuple[Any, ...]:
        category, *rest = real(*args)
        return (category + 1, *rest)

    monkeypatch.setattr(spec_side, "evaluate_with_z3", another_combination)
    refused = spec_side.evaluator(evidence)
    assert refused.verdict is Verdict.ERROR
    assert "the fast evaluation disagrees with Z3 on" in refused.detail
