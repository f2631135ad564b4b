"""``casino-proofs rank`` and ``casino-proofs compare``: one or two Pai Gow hands through the
specification and the implementation under test, side by side."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from casino_proofs import regulation, spec
from casino_proofs.kept import Kept
from casino_proofs.paigow.obligations.scope_spec import (
    CLAUSE_OF,
    SCOPES,
    SPEC_MUTATION,
    ScopeSpec,
    SpecView,
)
from casino_proofs.protocol.answers import Strength
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.solving.z3_compile import evaluate_with_z3

_VALID_CARD = ("a card is a rank 2-9, T, J, Q, K or A followed by a suit c, d, h or s "
               "(e.g. Ah, Tc), or the joker Jk")
_RANKS = "23456789TJQKA"


def parse_cards(text: str, sizes: tuple[int, ...] = (5, 2)) -> tuple[int, ...]:
    """A hand in the project's card notation, as card indices in increasing order; a
    ValueError naming what is valid for anything else."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    cards = []
    for word in words:
        if word in ("Jk", "JK", "joker"):
            cards.append(spec.paigow.JOKER_INDEX)
        elif len(word) == 2 and word[0] in _RANKS and word[1] in "cdhs":
            cards.append(spec.paigow.card_index(word))
        else:
            raise ValueError(f"{_VALID_CARD}; not {word!r}")
    if len(cards) not in sizes:
        wanted = " or ".join(str(s) for s in sizes)
        raise ValueError(f"a hand has {wanted} cards, not {len(cards)}: {text!r}")
    for card in cards:
        if cards.count(card) > 1:
            raise ValueError(f"{spec.paigow.card_symbol(card)} appears twice; a hand's cards "
                             "are all different")
    return tuple(sorted(cards))


def check_readings(readings: Mapping[str, str]) -> None:
    """``rank`` and ``compare`` take the Pai Gow readings alone."""
    from casino_proofs.command.arguments import check_readings as for_games

    for_games(readings, ("paigow",), "rank and compare")


def _scope(size: int) -> str:
    return next(s for s, n in SCOPES.items() if n == size)


def _built(scope: str, readings: Mapping[str, str]) -> ScopeSpec:
    """The specification of one scope under these readings, kept for the next question only
    while the specification is the same code (:mod:`casino_proofs.kept`) and the same
    mutations are in force (issue 34: one process gave two answers to one question)."""
    key = (scope, tuple(sorted(readings.items())), tuple(SPEC_MUTATION))
    return _KEPT.get(key, lambda: ScopeSpec.build(scope, spec.Readings.from_dict(dict(readings))))


#: the specification of each scope (the last few asked), with the code that built it
_KEPT: Kept[ScopeSpec] = Kept(("casino_proofs.spec", "casino_proofs.paigow.obligations"))


def _text(hand: tuple[int, ...]) -> str:
    return " ".join(spec.paigow.card_symbol(i) for i in hand)


def _clause(category: str, scope: str) -> str:
    if category == "no-combination" and scope == "low":
        return "conv-low-hand"
    return CLAUSE_OF[category]


def _spec_view(built: ScopeSpec, hand: tuple[int, ...]) -> SpecView:
    return built.split(evaluate_with_z3(list(built.spec.hand.cards), built.outputs(), hand))


PLURAL = {"straight-flush": "straight flushes", "straight": "straights",
          "four-of-a-kind": "fours of a kind", "three-of-a-kind": "threes of a kind",
          "two-pairs": "two-pair hands", "full-house": "full houses", "flush": "flushes"}


def explain_strength(answer: Strength, scope: str) -> str:
    """Our implementation's strength in words: the combination's rank among them, then the
    ranks that order hands within it (a foreign engine's strength is its own: see
    ``_engine_words``)."""
    first, *rest = answer.value
    if answer.combination in ("straight", "straight-flush"):
        then = f"then its place {rest[0]} in the order of the {PLURAL[answer.combination]}" \
            if rest else ""
    else:
        then = "then " + " ".join(_RANKS[r - 2] for r in rest) + " in that order" \
            if rest else ""
    top = "10 (five aces)" if scope == "high" else "1 (a pair)"
    text = f"combination rank {first} on a scale from 0 (no combination) to {top}"
    return f"{text}; {then}" if then else text


def describe(hand: tuple[int, ...], readings: Mapping[str, str], engine: Engine,
             built: ScopeSpec | None = None) -> tuple[dict[str, Any], SpecView, ScopeSpec,
                                                      Any]:
    scope = _scope(len(hand))
    if built is None:
        built = _built(scope, readings)
    view = _spec_view(built, hand)
    (answer,) = engine.rank([hand], readings)
    clause = _clause(view.category, scope)
    if isinstance(answer, Strength):
        impl_side: dict[str, Any] = {
            "category": answer.combination,
            "clause": _clause(answer.combination, scope) if answer.combination else None,
            "strength": list(answer.value),
            "explained": explain_strength(answer, scope)
            if engine.can(Capability.EXPLAINS_STRENGTHS)
            else _engine_words(answer, view.category, clause),
        }
    else:
        impl_side = answer.json()
    named = impl_side.get("category")
    doc = {
        "hand": _text(hand),
        "scope": f"{scope} hand",
        "category": view.category,
        "clause": clause,
        "spec": {"category": view.category, "clause": clause, "key": list(view.key)},
        "impl": impl_side,
        # an engine that names no combination cannot be told right or wrong on one hand
        "agree": None if isinstance(answer, Strength) and named is None
        else view.category == named,
        "rests_on": list(rests_on(hand, view.category, scope)),
    }
    return doc, view, built, answer


def rests_on(hand: tuple[int, ...], category: str, scope: str) -> tuple[str, ...]:
    """The conventions what the specification says of a hand rests on, beyond the text."""
    out: list[str] = []
    if scope == "high":
        if spec.paigow.JOKER_INDEX in hand:
            out += ["conv-joker-ace-or-completes", "conv-joker-best"]
        if category not in ("pair", "no-combination"):
            out.append("conv-highest-combination")
    elif spec.paigow.JOKER_INDEX in hand:
        out.append("conv-low-hand")
    return tuple(out)


def _engine_words(answer: Strength, category: str, clause: str) -> str:
    """A foreign engine's answer in its own terms: its strength, the name it gives, and which
    clause of s. 40 decides between it and the specification."""
    said = f"the engine answers strength {list(answer.value)}"
    if answer.combination is None:
        return (f"{said} and names no combination: one hand cannot tell it right or wrong "
                "(check --only paigow proves its order over every hand)")
    if answer.combination == category:
        return f"{said} and names it a {answer.combination}, as {clause} does"
    return (f"{said} and names it a {answer.combination}; the specification makes it a "
            f"{category}, by {clause}, which decides")


def _ours() -> Engine:
    from casino_proofs.adapters.ours import ours

    return ours()


def rank(text: str, readings: Mapping[str, str], engine: Engine | None = None) -> dict[str, Any]:
    """One hand, by the specification and by ``engine`` (our implementation by default)."""
    check_readings(readings)
    engine = engine or _ours()
    doc, _view, _built, _answer = describe(parse_cards(text), readings, engine)
    doc["text"] = regulation.quote(doc["clause"])
    return doc


def check_dealt_together(text_a: str, text_b: str) -> None:
    """Two hands compared at one table: as many cards each, and no card in both (a ValueError
    naming what is valid otherwise)."""
    hand_a, hand_b = parse_cards(text_a), parse_cards(text_b)
    if len(hand_a) != len(hand_b):
        raise ValueError("compare takes two hands of the same size (5 or 2 cards)")
    shared = sorted(set(hand_a) & set(hand_b))
    if shared:
        raise ValueError(f"{spec.paigow.card_symbol(shared[0])} is in both hands; two hands "
                         "dealt from one deck share no card")


def compare(text_a: str, text_b: str, readings: Mapping[str, str],
            engine: Engine | None = None) -> dict[str, Any]:
    """Two hands, by the specification and by ``engine`` (our implementation by default)."""
    check_readings(readings)
    engine = engine or _ours()
    hand_a, hand_b = parse_cards(text_a), parse_cards(text_b)
    if len(hand_a) != len(hand_b):
        raise ValueError("compare takes two hands of the same size (5 or 2 cards)")
    a, view_a, built, value_a = describe(hand_a, readings, engine)
    b, view_b, _built, value_b = describe(hand_b, readings, engine, built)
    impl_winner = None
    if isinstance(value_a, Strength) and isinstance(value_b, Strength):
        impl_winner = "a" if value_a.value > value_b.value else \
            "b" if value_b.value > value_a.value else "tie"
    spec_winner = "a" if view_a.key > view_b.key else "b" if view_b.key > view_a.key else "tie"
    jokers = spec.paigow.JOKER_INDEX in hand_a + hand_b
    clauses, reason = _why(built, view_a, view_b, spec_winner, jokers)
    return {
        "a": a, "b": b, "winner": impl_winner,
        "spec": {"winner": spec_winner}, "impl": {"winner": impl_winner},
        "agree": impl_winner == spec_winner and a["agree"] is not False
        and b["agree"] is not False,
        "decided_by": clauses, "why": reason,
        "texts": {c: regulation.quote(c) for c in clauses},
    }


def _why(built: ScopeSpec, va: SpecView, vb: SpecView, winner: str,
         jokers: bool) -> tuple[list[str], str]:
    """The statement of s. 40 (or the convention) that decides between two hands."""
    if winner == "tie" and va.category == vb.category:
        return ["conv-tiebreak" if built.scope == "high" else "conv-low-hand"], \
                "the hands tie: same combination and the same ranks (suits never rank)"
    upper, lower = (va, vb) if winner == "a" else (vb, va)
    for i, st in enumerate(built.statements):
        if upper.membership[i][0] and lower.membership[i][1]:
            # conv-joker-best decides only where a joker is in play
            cited = [c for c in st.clauses if jokers or c != "conv-joker-best"]
            return cited, st.description
    convention = "conv-tiebreak" if built.scope == "high" else "conv-low-hand"
    return [convention], (f"both are {upper.category}; s. 40 does not order them, the "
                          "convention does")
