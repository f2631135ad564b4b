"""Pai Gow's ambiguities (:mod:`casino_proofs.analyses.readings.ambiguities`): a reading
of s. 40 decided over symbolic hands (the combination a hand fits, or the order statements),
its witness the least hand, replayed through the specification under both readings and
through our implementation."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.analyses.readings.ambiguities import (
    Entry,
    Finding,
)
from casino_proofs.analyses.readings.ambiguities import check as _check
from casino_proofs.analyses.readings.ambiguities import ours_engine as _ours
from casino_proofs.analyses.readings.ambiguities import solver as _solver
from casino_proofs.paigow.obligations.every_hand import hand_text
from casino_proofs.paigow.obligations.scope_spec import ScopeSpec, model_hand
from casino_proofs.protocol.answers import Strength
from casino_proofs.solving.least import Pinned, least_model
from casino_proofs.spec.paigow import CODES, JOKER_INDEX

NAMES = {code: name for name, code in CODES.items()}


def _cards(hand: Any) -> list[Pinned]:
    """A hand's witness: its least cards, in order."""
    return [(c, (0, JOKER_INDEX)) for c in hand.cards]


def _paigow_category(entry: Entry, alternative: str) -> Finding:
    started = time.perf_counter()
    readings_b = spec.Readings.from_dict({entry.id: alternative})
    for scope in ("high", "low"):
        a = ScopeSpec.build(scope, spec.Readings())
        b = ScopeSpec.build(scope, readings_b)
        solver = _solver()
        solver.add(a.spec.hand.domain(), a.spec.category() != b.spec.category())
        result = _check(solver)
        if result == z3.sat:
            m = least_model(solver, _cards(a.spec.hand), _check)
            hand = model_hand(m, a.spec.hand)
            witness = _hand_witness(hand, a, b, entry.id, alternative)
            verdict = "PROVED" if witness.pop("replayed") else "ERROR"
            return Finding(entry, alternative, verdict, True, witness=witness,
                           affected=[f"{scope} hands"], seconds=time.perf_counter() - started)
    return Finding(entry, alternative, "PROVED", False,
                   "Z3: every hand of the 53-card deck gets the same combination under both "
                   "readings", seconds=time.perf_counter() - started)


def _hand_witness(hand: tuple[int, ...], a: ScopeSpec, b: ScopeSpec, reading: str,
                  alternative: str) -> dict[str, Any]:
    from casino_proofs.solving.z3_compile import evaluate_with_z3

    def category(s: ScopeSpec) -> str:
        (code,) = evaluate_with_z3(list(s.spec.hand.cards), [s.spec.category()], hand)
        return NAMES[code]

    under_a, under_b = category(a), category(b)
    witness: dict[str, Any] = {"hand": hand_text(hand), "default": under_a,
                               alternative: under_b}
    replayed = under_a != under_b
    if reading == "joker":
        (got_a,) = _ours().rank([hand], {})
        (got_b,) = _ours().rank([hand], {"joker": alternative})
        impl_a = got_a.combination if isinstance(got_a, Strength) else None
        impl_b = got_b.combination if isinstance(got_b, Strength) else None
        witness["impl"] = {"default": impl_a, alternative: impl_b}
        replayed = replayed and (impl_a, impl_b) == (under_a, under_b)
    witness["replayed"] = replayed
    return witness


def _paigow_statements(entry: Entry, alternative: str) -> Finding:
    """Under the other reading, do two statements of s. 40 order two hands both ways?"""
    started = time.perf_counter()
    readings_b = spec.Readings.from_dict({entry.id: alternative})
    a = ScopeSpec.build("high", spec.Readings(), "x")
    b = ScopeSpec.build("high", readings_b, "x")
    b2 = ScopeSpec.build("high", readings_b, "y")
    changed = [i for i, (sa, sb) in enumerate(zip(a.statements, b.statements, strict=True))
               if not (sa.higher.eq(sb.higher) and sa.lower.eq(sb.lower))]  # same term
    for i in changed:
        s1, s2 = b.statements[i], b2.statements[i]
        solver = _solver()
        solver.add(b.spec.hand.domain(), b2.spec.hand.domain(), s1.higher, s2.lower)
        solver.add(z3.Or([z3.And(t2.higher, t1.lower)
                          for t1, t2 in zip(b.statements, b2.statements, strict=True)]))
        result = _check(solver)
        if result == z3.sat:
            m = least_model(solver, [*_cards(b.spec.hand), *_cards(b2.spec.hand)], _check)
            h1, h2 = model_hand(m, b.spec.hand), model_hand(m, b2.spec.hand)
            against = next(t1.id for t1, t2 in zip(b.statements, b2.statements, strict=True)
                           if _holds_pair(t2.higher, t1.lower, m))
            witness = {"hands": [hand_text(h1), hand_text(h2)],
                       "statements": [s1.id, against],
                       "reading": alternative,
                       "says": f"{s1.id} puts {hand_text(h1)} above {hand_text(h2)}; "
                               f"{against} puts it below"}
            return Finding(entry, alternative, "PROVED", True, witness=witness,
                           proof="the text contradicts itself under this reading",
                           affected=["high hands"], seconds=time.perf_counter() - started)
    return Finding(entry, alternative, "PROVED", False,
                   "Z3: no statement changed by the reading orders two hands against another "
                   "statement", seconds=time.perf_counter() - started)


def _holds_pair(higher: z3.BoolRef, lower: z3.BoolRef, m: z3.ModelRef) -> bool:
    return bool(z3.is_true(m.eval(z3.And(higher, lower), model_completion=True)))


def deciders() -> dict[str, Callable[[Entry, str], Finding]]:
    """The entries Pai Gow decides (the registry's ``ambiguity_deciders``): a reading of the
    combinations a hand fits, or of the order statements."""
    return {"joker": _paigow_category, "pair-consisting": _paigow_category,
            "royal-flush": _paigow_statements}
