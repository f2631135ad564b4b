"""Asking the implementation under test every craps question the proofs need, twice.

The questions come from the specification: for each wager, every roll in every state the
specification says can occur, one roll in every other state of the universe (the implementation
must refuse those), and a few impossible inputs (a die of 0 or 7, a point of 7 or 3) it must
refuse too. Each question is asked twice, in another order and other batches: an engine that
answers one question two ways is non-deterministic, and the proofs say so with the input.

The answers are asked once and kept: every obligation — the lifted function graph of the SMT
queries, the enumeration of the dual evidence, the replay of a counterexample — reads the same
answer, so an engine cannot be proved on one answer and refuted on another.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from casino_proofs import spec
from casino_proofs.protocol.answers import (
    DICE,
    CrapsAnswer,
    CrapsInput,
    Faulty,
    Refused,
    Settled,
    answer_key,
    is_unanswered,
)
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import AnswerHash, Engine

#: Impossible inputs every implementation that can refuse must refuse.
BAD_DICE = ((0, 6), (7, 1), (3, 0))
BAD_POINTS = (7, 3)
REASKED_ORDER_SEED = 95
REASKED_CHUNK = 997


def question(wager: str, state: spec.ConcreteState, d1: int, d2: int) -> CrapsInput:
    return CrapsInput(wager, state.come_out, state.point or None, state.working,
                      state.first_roll, d1, d2)


def accepted(answer: CrapsAnswer) -> bool:
    """Whether the implementation took the input on (it did not refuse it, and a table has a
    row for it)."""
    if isinstance(answer, Refused):
        return False
    return not (isinstance(answer, Faulty) and answer.fault == "missing")


@dataclass(frozen=True)
class Questions:
    """The questions of one wager: where it can stand, where it cannot, what is impossible."""

    wager: str
    reachable: tuple[CrapsInput, ...]
    unreachable: tuple[CrapsInput, ...]
    impossible: tuple[CrapsInput, ...]

    @property
    def all(self) -> tuple[CrapsInput, ...]:
        return self.reachable + self.unreachable + self.impossible


def questions_of(w: spec.WagerSpec) -> Questions:
    reachable_states = [st for cls in w.states for st in spec.states_of(cls)]
    seen = set(reachable_states)
    reachable = tuple(question(w.name, st, a, b) for st in dict.fromkeys(reachable_states)
                      for a, b in DICE)
    unreachable = tuple(question(w.name, st, 1, 1) for st in spec.rules.all_states()
                        if st not in seen)
    impossible: list[CrapsInput] = []
    if reachable_states:
        base = reachable_states[0]
        impossible += [question(w.name, base, a, b) for a, b in BAD_DICE]
        pointed = next((st for st in reachable_states if st.point), None)
        if pointed is not None:
            impossible += [CrapsInput(w.name, pointed.come_out, p, pointed.working,
                                      pointed.first_roll, 3, 4) for p in BAD_POINTS]
    return Questions(w.name, reachable, unreachable, tuple(impossible))


@dataclass
class CrapsAnswers:
    """Every answer the implementation gave, as asked the first time, and what the second
    asking and (for our implementation) the explicit-readings call gave."""

    answers: dict[CrapsInput, CrapsAnswer]
    questions: dict[str, Questions]
    reasked: dict[CrapsInput, CrapsAnswer] = field(default_factory=dict)
    explicit: dict[CrapsInput, CrapsAnswer] | None = None
    digest: str = ""
    engine: dict[str, Any] = field(default_factory=dict)
    #: what the engine's channel went through while it was asked (None: no channel)
    channel: ChannelLog | None = None

    def at(self, wager: str, state: spec.ConcreteState, d1: int, d2: int) -> CrapsAnswer:
        """The answer to a question; one never asked is asked of nobody: a fault."""
        q = question(wager, state, d1, d2)
        return self.answers.get(q, Faulty("missing", "this input was not asked"))

    def nondeterministic(self, wager: str) -> list[tuple[CrapsInput, CrapsAnswer, CrapsAnswer]]:
        """The inputs answered both times, differently (an input left unanswered either time
        is not among them: see ``not_answered_twice``)."""
        out = []
        for q in self.questions[wager].all:
            first, again = self.answers.get(q), self.reasked.get(q)
            if first is None or again is None or is_unanswered(first) or is_unanswered(again):
                continue
            if answer_key(first) != answer_key(again):
                out.append((q, first, again))
        return out

    def not_answered_twice(self, wager: str) -> list[tuple[CrapsInput, CrapsAnswer]]:
        """The inputs the implementation did not answer both times, with the non-answer."""
        out: list[tuple[CrapsInput, CrapsAnswer]] = []
        for q in self.questions[wager].all:
            first, again = self.answers.get(q), self.reasked.get(q)
            if first is None or is_unanswered(first):
                out.append((q, first or Faulty("missing", "this input was not asked")))
            elif again is not None and is_unanswered(again):
                out.append((q, again))
        return out


def _ask(engine: Engine, batch: Sequence[CrapsInput],
         readings: Mapping[str, str]) -> list[CrapsAnswer]:
    answers = engine.settle(batch, readings)
    if len(answers) != len(batch):  # the adapters keep this promise; check it all the same
        raise RuntimeError(f"{engine.target}: {len(answers)} answers to {len(batch)} questions")
    return answers


def collect(engine: Engine, specs: Sequence[spec.WagerSpec], readings: Mapping[str, str],
            explicit: Engine | None = None) -> CrapsAnswers:
    """Ask ``engine`` every question of ``specs`` twice (and ``explicit``, our implementation
    with every reading passed explicitly, once)."""
    questions = {w.name: questions_of(w) for w in specs}
    asked = [q for qs in questions.values() for q in qs.all]
    first = dict(zip(asked, _ask(engine, asked, readings), strict=True))
    shuffled = list(asked)
    random.Random(REASKED_ORDER_SEED).shuffle(shuffled)
    reasked: dict[CrapsInput, CrapsAnswer] = {}
    for start in range(0, len(shuffled), REASKED_CHUNK):
        chunk = shuffled[start:start + REASKED_CHUNK]
        reasked.update(zip(chunk, _ask(engine, chunk, readings), strict=True))
    digest = AnswerHash()
    for q in sorted(first, key=CrapsInput.sort_key):
        digest.add(q.item(), first[q].json())
    out = CrapsAnswers(first, questions, reasked, digest=digest.hexdigest(),
                       engine={"questions": len(asked), "asked": 2 * len(asked)},
                       channel=engine.take_channel())
    if explicit is not None:
        out.explicit = dict(zip(asked, _ask(explicit, asked, readings), strict=True))
    return out


def answer_json(answer: CrapsAnswer) -> dict[str, Any]:
    """An answer as reports show it: a settlement (with the call it carries when it stays),
    an error, or a fault."""
    if isinstance(answer, Settled):
        out = answer.json()
        if answer.decision == "none":
            out["working"] = answer.working
        return out
    return answer.json()
