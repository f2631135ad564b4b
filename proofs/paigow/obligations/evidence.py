"""What the Pai Gow checks of one scope read: the pass's classes, the specification's view of
each class, and the engine asked again about single hands to replay a counterexample.

Every obligation of :mod:`casino_proofs.paigow.obligations` reads one :class:`ScopeEvidence`,
so all of them rest on the same answers; a counterexample is replayed here, through Z3's own
evaluation of the specification and the engine asked anew, before it is believed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.paigow.obligations.every_hand import (
    Key,
    PassResult,
    classes,
    hand_text,
    representative,
)
from casino_proofs.paigow.obligations.scope_spec import (
    CLAUSE_OF,
    SCOPES,
    SPEC_MUTATION,
    ScopeSpec,
    SpecView,
)
from casino_proofs.protocol.answers import Strength
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.z3_compile import compile_terms, evaluate_with_z3
from casino_proofs.spec.paigow import JOKER_INDEX

if TYPE_CHECKING:
    from casino_proofs.paigow.obligations.bulk import SpecTable


class DeckView:
    """What the specification says of every class of a deck, with the class's hand count and a
    hand of it: all that the claims about the specification alone rest on, no engine needed
    (``replay`` confirms them again from :meth:`full_deck`)."""

    def __init__(self, scope: str, built: ScopeSpec,
                 every: dict[Key, tuple[int, tuple[int, ...]]],
                 readings: Mapping[str, str] | None = None) -> None:
        """``readings``: read the specification off its bulk table (:mod:`.bulk`, kept
        between runs), proved equal to it here (``bulk_result``); None: evaluate it class by
        class."""
        self.scope = scope
        self.built = built
        self.inputs = list(built.spec.hand.cards)
        self.outputs = built.outputs()
        self.fast = compile_terms(self.inputs, self.outputs)
        #: every class of the deck, answered or not, with its hand count and a hand
        self.every = every
        self.all_keys = sorted(every)
        self.bulk_result: Result | None = None
        self.bulk_table: SpecTable | None = None
        # imported here, not with the module: what a check imports before its worker
        # processes fork changes Z3's resource counts in them
        from casino_proofs.paigow.obligations import bulk
        made = None if readings is None or SPEC_MUTATION else \
            bulk.spec_table(scope, built, self.fast, readings)
        if made is not None:
            self.bulk_result, self.bulk_table = bulk.verified(made, self.fast)
        self.views: dict[Key, SpecView] = self._views()

    def _views(self) -> dict[Key, SpecView]:
        """What the specification says of each class: its row of the bulk table, or its
        compiled evaluation on the class's hand."""
        table = self.bulk_table
        if table is None:
            return {k: self.built.split(self.fast(*self.every[k][1])) for k in self.all_keys}
        rows = table.rows[[table.index[k] for k in self.all_keys]].tolist()
        return {k: self.built.split(row) for k, row in zip(self.all_keys, rows, strict=True)}

    @classmethod
    def full_deck(cls, scope: str, built: ScopeSpec,
                  readings: Mapping[str, str] | None = None) -> DeckView:
        """Every class of the 53-card deck, counted (not enumerated), each by its
        representative: by the abstraction lemma the specification says the same of every hand
        of a class."""
        return cls(scope, built, {k: (n, representative(k))
                                  for k, n in classes(SCOPES[scope]).items()}, readings)


class ScopeEvidence(DeckView):
    """One scope's pass, the specification of that scope, and the engine for replays."""

    def __init__(self, scope: str, result: PassResult, built: ScopeSpec, engine: Engine,
                 readings: Mapping[str, str], bulk_readings: bool = False) -> None:
        super().__init__(scope, built, result.every, readings if bulk_readings else None)
        self.result = result
        self.classes = result.classes
        self.engine = engine
        self.readings = readings
        self.named = result.named
        self.keys = sorted(self.classes)
        self._values: dict[tuple[int, ...], Any] = {}
        #: the value the pass gave each hand a class keeps
        self._passed: dict[tuple[int, ...], tuple[int, ...]] = {}
        for entry in self.classes.values():
            self._passed.setdefault(entry.low_hand, entry.low)
            self._passed.setdefault(entry.high_hand, entry.high)
        #: hands the engine, asked again, answered otherwise than in the pass
        self.changed: dict[tuple[int, ...], tuple[tuple[int, ...], Any]] = {}
        self._exact: dict[tuple[int, ...], SpecView] = {}

    def answer(self, hand: tuple[int, ...]) -> Any:
        """The engine's answer on one hand, asked again here (for replays); one that is not
        the pass's is kept in ``changed``."""
        if hand not in self._values:
            answer = self.engine.rank([hand], self.readings)[0]
            self._values[hand] = answer
            passed = self._passed.get(hand)
            if passed is not None and (not isinstance(answer, Strength)
                                       or answer.value != passed):
                self.changed[hand] = (passed, answer)
        return self._values[hand]

    def rests_on(self, hands: Sequence[tuple[int, ...]]) -> tuple[str, ...]:
        """The conventions what the specification says of these hands rests on, beyond the
        text: the joker's (a hand with the joker), and, for five cards, that a hand counts as
        the highest combination it forms (one that also forms a lower one)."""
        out: list[str] = []
        if self.scope == "high":
            if any(JOKER_INDEX in h for h in hands):
                out += ["conv-joker-ace-or-completes", "conv-joker-best"]
            if any(self.spec_exact(h).category not in ("pair", "no-combination")
                   for h in hands):
                out.append("conv-highest-combination")
        return tuple(out)

    def impl_value(self, hand: tuple[int, ...]) -> tuple[int, ...] | None:
        answer = self.answer(hand)
        return answer.value if isinstance(answer, Strength) else None

    def spec_exact(self, hand: tuple[int, ...]) -> SpecView:
        """The specification on one hand, evaluated by Z3 itself (for replays); each hand
        once."""
        view = self._exact.get(hand)
        if view is None:
            view = self.built.split(evaluate_with_z3(self.inputs, self.outputs, hand))
            self._exact[hand] = view
        return view

    def hand_json(self, hand: tuple[int, ...]) -> dict[str, Any]:
        view = self.spec_exact(hand)
        answer = self.answer(hand)
        impl_side: dict[str, Any]
        if isinstance(answer, Strength):
            impl_side = {"strength": list(answer.value)}
            if answer.combination is not None:
                impl_side["combination"] = answer.combination
        else:
            impl_side = answer.json()
        return {
            "hand": hand_text(hand),
            "spec": {"combination": view.category, "clause": CLAUSE_OF[view.category],
                     "key": list(view.key)},
            "impl": impl_side,
        }


def result(ob: Obligation, started: float, verdict: Verdict, detail: str = "",
           cex: dict[str, Any] | None = None, rests_on: tuple[str, ...] = ()) -> Result:
    """A result of a check that reads the answers (no SMT query decides it)."""
    conventions = tuple(c for c in rests_on if c not in ob.clauses)
    return Result(ob, verdict, time.perf_counter() - started, detail, cex,
                  conventions=conventions)


def not_replayed(ob: Obligation, started: float, cex: dict[str, Any],
                 ev: ScopeEvidence | None = None) -> Result:
    """A counterexample the replay does not bear out: the engine, asked again, answered
    otherwise than in the pass (non-deterministic: REFUTED, with both answers), or the check
    itself is at fault (ERROR)."""
    if ev is not None and ev.changed:
        hand, (passed, again) = min(ev.changed.items())
        again_text = list(again.value) if isinstance(again, Strength) else again.json()
        return result(ob, started, Verdict.REFUTED,
                      f"non-deterministic: {hand_text(hand)} had strength {list(passed)} in "
                      f"the pass, and {again_text} asked again",
                      {**cex, "first": list(passed), "second": again_text})
    return result(ob, started, Verdict.ERROR, "the counterexample did not replay", cex)
