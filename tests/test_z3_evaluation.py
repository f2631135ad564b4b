"""The two evaluations of the s. 40 specification on a concrete hand: the compiled one the
proofs use on every class, and Z3's own (``evaluate_with_z3``), which ``rank``, ``compare``
and the ``paigow/evaluator`` cross-check rest on. Z3's own evaluates every term in one
simplification; here each term is simplified alone, as the Z3 documentation shows it, and
the two must give the same values."""

from __future__ import annotations

from typing import Any

import pytest
import z3

from casino_proofs.command.hands import _built
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
