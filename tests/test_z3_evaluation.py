"""The two evaluations of the s. 40 specification on a concrete hand: the compiled one the
proofs use on every class, and Z3's own (``evaluate_with_z3``), which ``rank``, ``compare``
and the ``paigow/evaluator`` cross-check rest on. Z3's own evaluates every term in one
simplification; here each term is simplified alone, as the Z3 documentation shows it, and
the two must give the same values."""

from __future__ import annotations

from typing import Any

import pytest
import z3

from casino_proofs.paigow.command.hands import _built
from casino_proofs.solving.z3_compile import UnsupportedTerm, compile_terms, evaluate_with_z3

#: a royal flush with the joker, four aces, a wheel, a flush, no combination; two-card hands
HANDS = {"high": [(8, 9, 10, 11, 52), (12, 25, 38, 51, 0), (0, 1, 2, 3, 12),
                  (0, 2, 4, 6, 9), (0, 14, 28, 42, 5)],
         "low": [(0, 13), (12, 52), (3, 17)]}


def _one_by_one(inputs: list[z3.ExprRef], outputs: list[z3.ExprRef],
                hand: tuple[int, ...]) -> list[Any]:
    pairs = [(v, z3.IntVal(x)) for v, x in zip(inputs, hand, strict=True)]
    out: list[Any] = []
    for term in outputs:
        value = z3.simplify(z3.substitute(term, *pairs))
        out.append(z3.is_true(value) if z3.is_bool(value) else value.as_long())
    return out


@pytest.mark.parametrize("scope", ["high", "low"])
def test_conv_spec_evaluation_in_one_call_equals_each_term_alone(scope: str) -> None:
    built = _built(scope, {})
    inputs, outputs = list(built.spec.hand.cards), built.outputs()
    fast = compile_terms(inputs, outputs)
    for hand in HANDS[scope]:
        together = evaluate_with_z3(inputs, outputs, hand)
        assert list(together) == _one_by_one(inputs, outputs, hand), hand
        assert fast(*hand) == together, hand


def test_a_term_that_does_not_evaluate_to_a_constant_is_refused() -> None:
    x, y = z3.Ints("x y")
    assert evaluate_with_z3([x], [x + 1, x < 2], [1]) == (2, True)
    with pytest.raises(UnsupportedTerm, match="not a constant"):
        evaluate_with_z3([x], [x + y], [1])


def _one_rule_at_a_time(w: Any, state: Any, d1: int, d2: int) -> list[tuple[Any, Any]]:
    """s. 95.15's rules that fire, each guard and each settlement term simplified alone."""
    from casino_proofs.spec.rules import _bindings

    pairs = _bindings(state, d1, d2)
    out = []
    for rule in w.rules:
        if z3.is_true(z3.simplify(z3.substitute(rule.guard, *pairs))):
            s = rule.settlement
            out.append((rule, tuple(str(z3.simplify(z3.substitute(t, *pairs))) for t in
                                    (s.decision, s.net, s.next_point, s.next_working))))
    return out


def _same_firing(names: list[str], rolls: list[tuple[int, int]]) -> None:
    from fractions import Fraction

    from casino_proofs import spec
    from casino_proofs.spec.rules import all_states

    for name in names:
        w = spec.wager(name, spec.Readings())
        for state in all_states():
            for d1, d2 in rolls:
                alone = _one_rule_at_a_time(w, state, d1, d2)
                fired = spec.firing(w, state, d1, d2)
                assert [r for r, _ in alone] == [r for r, _ in fired], (name, state, d1, d2)
                for (_r, terms), (_s, c) in zip(alone, fired, strict=True):
                    decision, net, point, working = terms
                    assert (decision, Fraction(net), int(point), working == "True") == \
                        (c.decision, c.net, c.next_point, c.working), (name, state, d1, d2)


def test_r3_95_15_the_rules_that_fire_evaluated_together_are_those_evaluated_alone() -> None:
    """spec.firing evaluates every guard of a wager in one call, then a settlement's four
    terms in one call: the same rules and the same settlements as each term alone, at every
    state of the universe, for a Hard Way, a Come bet's odds and a hop."""
    _same_firing(["hard-6", "come-odds", "hop-1-2"], [(3, 3), (1, 3), (2, 5), (6, 6)])


@pytest.mark.exhaustive
def test_r3_95_15_95_16_every_wager_state_and_roll_fires_alike_together_and_alone() -> None:
    from casino_proofs import spec
    from casino_proofs.protocol.answers import DICE

    _same_firing(list(spec.WAGER_NAMES), list(DICE))
