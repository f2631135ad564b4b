"""The two sides of a craps diff and what each answers: every input that can be put to a side
(every wager, every state of the universe, all 36 rolls), each answer normalised to what it
means (a settlement, *outside*, a *gap* or *conflict* of the specification, a *fault* of an
engine, or *unanswered*), and the inputs the sides settle differently."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations.answers import question
from casino_proofs.protocol.answers import (
    DICE,
    CrapsInput,
    Faulty,
    Refused,
    Settled,
    answer_key,
    is_unanswered,
)
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.z3_compile import compile_terms
from casino_proofs.spec.rules import all_states
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    POINT,
    WORKING,
)

#: What an answer means, as the SMT queries code it. UNANSWERED (the engine did not answer in
#: time, or was given up on before the input was asked) says nothing about the input: such an
#: input is never listed as a difference, and the diff cannot be established on it.
SETTLED, OUTSIDE, GAP, CONFLICT, FAULT, UNANSWERED = 0, 1, 2, 3, 4, 5
KIND_NAMES = {SETTLED: "settled", OUTSIDE: "outside", GAP: "gap", CONFLICT: "conflict",
              FAULT: "fault", UNANSWERED: "unanswered"}
REASKED_SEED = 95  # the order every input is asked in the second time
REASKED_CHUNK = 997  # and its batches
#: A normalised answer: (kind, decision, net, point after, working carried); for kinds other
#: than SETTLED only the kind (and, for a fault, its problem in ``detail``) counts.
Meaning = tuple[int, str, Fraction, int, bool]
NOTHING: Meaning = (OUTSIDE, "", Fraction(0), 0, False)


@dataclass
class Side:
    """One side of a diff: the specification, or an engine, under readings."""

    label: str  # "spec" or the engine's target
    readings: dict[str, str]
    engine: Engine | None = None  # None: the specification
    meanings: dict[CrapsInput, Meaning] = field(default_factory=dict)
    details: dict[CrapsInput, str] = field(default_factory=dict)
    #: inputs the engine answered differently when asked twice (their fault is established:
    #: asking a third time confirms nothing)
    nondeterministic: set[CrapsInput] = field(default_factory=set)

    @property
    def is_spec(self) -> bool:
        return self.engine is None

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.label, "readings": self.readings}
        if self.engine is not None:
            out["engine"] = self.engine.describe()
        return out


@cache
def inputs_of(wager: str) -> tuple[CrapsInput, ...]:
    """Every input that can be put to a side about ``wager``: the state universe, 36 rolls
    (made once for each wager: a diff goes over them several times)."""
    return tuple(question(wager, st, a, b) for st in all_states() for a, b in DICE)


@cache
def _wager_of(wager: str, readings: tuple[tuple[str, str], ...]) -> spec.WagerSpec:
    return spec.wager(wager, spec.Readings.from_dict(dict(readings)))


def wager_spec(wager: str, readings: Mapping[str, str]) -> spec.WagerSpec:
    return _wager_of(wager, tuple(sorted(readings.items())))


def _spec_meanings(side: Side, wager: str) -> None:
    side.meanings.update(_meanings_of(wager_spec(wager, side.readings)))


@lru_cache(maxsize=128)  # two sides of every wager, kept for the next diff in this process
def _meanings_of(w: spec.WagerSpec) -> Mapping[CrapsInput, tuple[Any, ...]]:
    """What the specification of ``w`` means on each of its inputs. Worked out once for each
    wager specification: most readings leave most wagers as they are, and the specifications
    are made once for each set of readings (``_wager_of``), so the two sides of a diff under
    different readings share most of them."""
    meanings: dict[CrapsInput, tuple[Any, ...]] = {}
    reachable = z3.Or([c.constraint for c in w.states])
    inputs = [DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL]
    terms = [reachable] + [t for r in w.rules for t in (
        r.guard, r.settlement.decision, r.settlement.net, r.settlement.next_point,
        r.settlement.next_working)]
    compiled = compile_terms(inputs, terms)
    for q in inputs_of(w.name):
        v = compiled(q.die_1, q.die_2, q.come_out, q.point or 0, q.working, q.first_roll)
        if not v[0]:
            meanings[q] = NOTHING
            continue
        fired = {(v[i + 1], Fraction(v[i + 2]), int(v[i + 3]), bool(v[i + 4]))
                 for i in range(1, len(v), 5) if v[i]}
        if not fired:
            meanings[q] = (GAP, "", Fraction(0), 0, False)
        elif len(fired) > 1:
            meanings[q] = (CONFLICT, "", Fraction(0), 0, False)
        else:
            decision, net, point, working = fired.pop()
            meanings[q] = (SETTLED, decision, net, point, working)
    return meanings


def _engine_meanings(side: Side, wagers: list[str]) -> None:
    ask_engine(side, [q for w in wagers for q in inputs_of(w)])


def ask_engine(side: Side, inputs: list[CrapsInput], twice: bool = True) -> None:
    """Ask the engine about ``inputs`` -- twice, the second time in another order and other
    batches, unless ``twice`` is False: an input answered differently is a fault of the engine
    on that input (non-deterministic), named with both answers."""
    assert side.engine is not None
    offered = set(side.engine.hello.wagers)
    asked = [q for q in inputs if q.wager in offered]
    for q in (q for q in inputs if q.wager not in offered):
        side.meanings[q] = NOTHING
        side.details[q] = "the engine does not offer this wager"
    answers = side.engine.settle(asked, side.readings)
    if twice:
        shuffled = list(asked)
        random.Random(REASKED_SEED).shuffle(shuffled)
        again: dict[CrapsInput, Any] = {}
        for start in range(0, len(shuffled), REASKED_CHUNK):
            chunk = shuffled[start:start + REASKED_CHUNK]
            again.update(zip(chunk, side.engine.settle(chunk, side.readings), strict=True))
        for i, (q, answer) in enumerate(zip(asked, answers, strict=True)):
            second = again[q]
            if answer_key(second) != answer_key(answer) and not (
                    is_unanswered(answer) or is_unanswered(second)):  # a non-answer is no evidence
                answers[i] = Faulty("nondeterministic", f"answered {_answer_text(answer)}, "
                                                        f"then {_answer_text(second)}")
                side.nondeterministic.add(q)
    for q, answer in zip(asked, answers, strict=True):
        if is_unanswered(answer):
            side.meanings[q] = (UNANSWERED, "", Fraction(0), 0, False)
            side.details[q] = answer.problem
        elif isinstance(answer, Settled):
            side.meanings[q] = (SETTLED, answer.decision, answer.net, answer.point or 0,
                                answer.working)
        elif isinstance(answer, Faulty) and answer.fault != "missing":
            side.meanings[q] = (FAULT, "", Fraction(0), 0, False)
            side.details[q] = answer.problem
        else:
            side.meanings[q] = NOTHING
            side.details[q] = (answer.reason if isinstance(answer, Refused)
                               else answer.problem)


def _answer_text(answer: Any) -> str:
    if isinstance(answer, Settled):
        return json.dumps(answer.json())
    if isinstance(answer, Refused):
        return f"an error ({answer.reason[:80]})"
    return f"{answer.fault} ({answer.problem[:80]})"


def ask(side: Side, wagers: list[str]) -> None:
    """Fill ``side.meanings`` for every input about ``wagers``."""
    if side.is_spec:
        for w in wagers:
            _spec_meanings(side, w)
    else:
        _engine_meanings(side, wagers)


def meaning_json(meaning: Meaning, detail: str = "") -> dict[str, Any]:
    kind, decision, net, point, working = meaning
    if kind != SETTLED:
        out: dict[str, Any] = {"kind": KIND_NAMES[kind]}
        if detail:
            out["detail"] = detail
        return out
    answer: dict[str, Any] = {"decision": decision, "net": str(net), "point": point or None}
    if decision == "none":
        answer["working"] = working
    return answer


@dataclass(frozen=True)
class Difference:
    wager: str
    input: CrapsInput
    a: Meaning
    b: Meaning
    clauses: tuple[str, ...]  # the clauses that decide the input (the specification's rule)

    @property
    def delta(self) -> Fraction | None:
        if self.a[0] == SETTLED and self.b[0] == SETTLED:
            return self.b[2] - self.a[2]
        return None

    def id(self) -> str:
        q = self.input
        return (f"craps/{q.wager}/come_out={int(q.come_out)},point={q.point or 0},"
                f"working={int(q.working)},first_roll={int(q.first_roll)}/"
                f"{q.die_1},{q.die_2}")


@cache
def _guards_of(wager: str, readings: tuple[tuple[str, str], ...]) -> Callable[..., Any]:
    w = wager_spec(wager, dict(readings))
    return compile_terms([DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL],
                         [r.guard for r in w.rules])


def _clauses(wager: str, q: CrapsInput, readings: Mapping[str, str]) -> tuple[str, ...]:
    """The clauses of the specification's rules that decide ``q`` (its paragraph if none)."""
    w = wager_spec(wager, readings)
    fired = _guards_of(wager, tuple(sorted(readings.items())))(
        q.die_1, q.die_2, q.come_out, q.point or 0, q.working, q.first_roll)
    clauses = [c for r, f in zip(w.rules, fired, strict=True) if f for c in r.clauses]
    return tuple(dict.fromkeys(clauses)) or (w.paragraph,)


def differences(a: Side, b: Side, wagers: list[str]) -> list[Difference]:
    """Every input both sides answered and settle differently (an input a side left
    unanswered is in ``unanswered``)."""
    out = []
    reference = a.readings if a.is_spec or not b.is_spec else b.readings
    for w in wagers:
        for q in inputs_of(w):
            ma, mb = a.meanings[q], b.meanings[q]
            if UNANSWERED in (ma[0], mb[0]):
                continue
            if meaning_key(ma) != meaning_key(mb):
                out.append(Difference(w, q, ma, mb, _clauses(w, q, reference)))
    return out


def unanswered(side: Side, wagers: list[str]) -> list[CrapsInput]:
    """The inputs ``side`` left unanswered (no answer in time, or never asked)."""
    return [q for w in wagers for q in inputs_of(w) if side.meanings[q][0] == UNANSWERED]


def meaning_key(m: Meaning) -> Meaning:
    return m if m[0] == SETTLED else (m[0], "", Fraction(0), 0, False)
