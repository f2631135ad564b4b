"""``casino-proofs rank`` and ``casino-proofs compare``: one or two Pai Gow hands through the
specification and the implementation, side by side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from casino_proofs import impl, regulation, spec
from casino_proofs.impl.cards import Card, parse_hand
from casino_proofs.obligations.paigow import CLAUSE_OF, SCOPES, ScopeSpec, SpecView
from casino_proofs.solving.z3_compile import evaluate_with_z3


def _scope(size: int) -> str:
    return next(s for s, n in SCOPES.items() if n == size)


def _indices(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(spec.paigow.card_index(str(c)) for c in cards))


def _clause(view: SpecView, scope: str) -> str:
    if view.category == "no-combination" and scope == "low":
        return "conv-low-hand"
    return CLAUSE_OF[view.category]


def _spec_view(built: ScopeSpec, cards: Sequence[Card]) -> SpecView:
    values = evaluate_with_z3(list(built.spec.hand.cards), built.outputs(), _indices(cards))
    return built.split(values)


def describe(text: str, readings: dict[str, str],
             built: ScopeSpec | None = None) -> tuple[dict[str, Any], SpecView, ScopeSpec,
                                                     impl.paigow.HandValue]:
    cards = parse_hand(text)
    scope = _scope(len(cards))
    built = built or ScopeSpec.build(scope, spec.Readings.from_dict(readings))
    view = _spec_view(built, cards)
    value = impl.paigow.evaluate(cards, impl.Readings.from_dict(readings))
    clause = _clause(view, scope)
    doc = {
        "hand": " ".join(str(c) for c in cards),
        "scope": f"{scope} hand",
        "category": view.category,
        "clause": clause,
        "spec": {"category": view.category, "clause": clause, "key": list(view.key)},
        "impl": {"category": value.combination.value, "clause": value.combination.clause
                 if scope == "high" or value.combination.value == "pair" else "conv-low-hand",
                 "value": {"strength": value.strength, "tiebreak": list(value.tiebreak)}},
        "agree": view.category == value.combination.value,
    }
    return doc, view, built, value


def rank(text: str, readings: dict[str, str]) -> dict[str, Any]:
    doc, _view, _built, _value = describe(text, readings)
    doc["text"] = regulation.quote(doc["clause"])
    return doc


def compare(text_a: str, text_b: str, readings: dict[str, str]) -> dict[str, Any]:
    a, view_a, built, value_a = describe(text_a, readings)
    if len(parse_hand(text_b)) != len(parse_hand(text_a)):
        raise ValueError("compare takes two hands of the same size (5 or 2 cards)")
    b, view_b, _built, value_b = describe(text_b, readings, built)
    impl_winner = "a" if value_a > value_b else "b" if value_b > value_a else "tie"
    spec_winner = "a" if view_a.key > view_b.key else "b" if view_b.key > view_a.key else "tie"
    clauses, reason = _why(built, view_a, view_b, spec_winner)
    return {
        "a": a, "b": b, "winner": impl_winner,
        "spec": {"winner": spec_winner}, "impl": {"winner": impl_winner},
        "agree": impl_winner == spec_winner and a["agree"] and b["agree"],
        "decided_by": clauses, "why": reason,
        "texts": {c: regulation.quote(c) for c in clauses},
    }


def _why(built: ScopeSpec, va: SpecView, vb: SpecView, winner: str) -> tuple[list[str], str]:
    """The statement of s. 40 (or the convention) that decides between two hands."""
    if winner == "tie" and va.category == vb.category:
        return ["conv-tiebreak" if built.scope == "high" else "conv-low-hand"], \
                "the hands tie: same combination and the same ranks (suits never rank)"
    upper, lower = (va, vb) if winner == "a" else (vb, va)
    for i, st in enumerate(built.statements):
        if upper.membership[i][0] and lower.membership[i][1]:
            return list(st.clauses), st.description
    convention = "conv-tiebreak" if built.scope == "high" else "conv-low-hand"
    return [convention], (f"both are {upper.category}; s. 40 does not order them, the "
                          "convention does")
