"""Every craps input on which two sides settle differently, proved complete, with the money.

A side is the specification under some readings, or an implementation under test (our
implementation, a program, a Python module, a recorded table) under some readings. Both are
asked about every input that can be put to them: every wager, every state of the universe,
all 36 rolls. An answer is normalised to what it means: a settlement (decision, net, the
wager's point and working call after the roll), or *outside* (the input cannot occur: the
specification's state classes do not hold it, the engine refuses it, the table has no row),
or, for the specification, a *gap* or a *conflict*, or, for an engine, a *fault*.

The list of differing inputs is then proved complete: for each wager, an SMT query over
symbolic dice and states, each side given by its own function -- the specification's rules,
or the implementation's lifted function graph -- asks for an input where the sides differ
that is not on the list; it must be unsatisfiable. A wager whose query is satisfiable names the
input the list missed (a defect of the diff, never of the sides).

The money: the exact house edge of every wager that differs, on each side, from the starts
``edge`` uses, and the change.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.adapters.answers import (
    CrapsInput,
    Faulty,
    Refused,
    Settled,
    answer_key,
    is_unanswered,
)
from casino_proofs.adapters.engine import Engine
from casino_proofs.analyses.chain import Outcome, Settle, Start, Undefined, build, expected_net
from casino_proofs.analyses.edge import spec_settle, starts
from casino_proofs.obligations.craps.answers import DICE, question
from casino_proofs.solving import budget as budgets
from casino_proofs.solving.budget import Budget
from casino_proofs.solving.z3_compile import compile_terms
from casino_proofs.spec.rules import all_states, firing, holds
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    LOSE,
    POINT,
    POINT_NUMBERS,
    PUSH,
    WIN,
    WORKING,
    dice_domain,
    state_universe,
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


def inputs_of(wager: str) -> list[CrapsInput]:
    """Every input that can be put to a side about ``wager``: the state universe, 36 rolls."""
    return [question(wager, st, a, b) for st in all_states() for a, b in DICE]


@cache
def _wager_of(wager: str, readings: tuple[tuple[str, str], ...]) -> spec.WagerSpec:
    return spec.wager(wager, spec.Readings.from_dict(dict(readings)))


def _wager(wager: str, readings: Mapping[str, str]) -> spec.WagerSpec:
    return _wager_of(wager, tuple(sorted(readings.items())))


def _spec_meanings(side: Side, wager: str) -> None:
    w = _wager(wager, side.readings)
    reachable = z3.Or([c.constraint for c in w.states])
    inputs = [DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL]
    terms = [reachable] + [t for r in w.rules for t in (
        r.guard, r.settlement.decision, r.settlement.net, r.settlement.next_point,
        r.settlement.next_working)]
    compiled = compile_terms(inputs, terms)
    for q in inputs_of(wager):
        v = compiled(q.die_1, q.die_2, q.come_out, q.point or 0, q.working, q.first_roll)
        if not v[0]:
            side.meanings[q] = NOTHING
            continue
        fired = {(v[i + 1], Fraction(v[i + 2]), int(v[i + 3]), bool(v[i + 4]))
                 for i in range(1, len(v), 5) if v[i]}
        if not fired:
            side.meanings[q] = (GAP, "", Fraction(0), 0, False)
        elif len(fired) > 1:
            side.meanings[q] = (CONFLICT, "", Fraction(0), 0, False)
        else:
            decision, net, point, working = fired.pop()
            side.meanings[q] = (SETTLED, decision, net, point, working)


def _engine_meanings(side: Side, wagers: list[str]) -> None:
    _ask_engine(side, [q for w in wagers for q in inputs_of(w)])


def _ask_engine(side: Side, inputs: list[CrapsInput], twice: bool = True) -> None:
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
        elif isinstance(answer, Faulty) and answer.kind != "missing":
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
    return f"{answer.kind} ({answer.problem[:80]})"


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
    w = _wager(wager, dict(readings))
    return compile_terms([DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL],
                         [r.guard for r in w.rules])


def _clauses(wager: str, q: CrapsInput, readings: Mapping[str, str]) -> tuple[str, ...]:
    """The clauses of the specification's rules that decide ``q`` (its paragraph if none)."""
    w = _wager(wager, readings)
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
            if _meaning_key(ma) != _meaning_key(mb):
                out.append(Difference(w, q, ma, mb, _clauses(w, q, reference)))
    return out


def unanswered(side: Side, wagers: list[str]) -> list[CrapsInput]:
    """The inputs ``side`` left unanswered (no answer in time, or never asked)."""
    return [q for w in wagers for q in inputs_of(w) if side.meanings[q][0] == UNANSWERED]


def _meaning_key(m: Meaning) -> Meaning:
    return m if m[0] == SETTLED else (m[0], "", Fraction(0), 0, False)


# -- completeness ------------------------------------------------------------------------------

_OUT = {s: (z3.Int(f"kind_{s}"), z3.Int(f"decision_{s}"), z3.Real(f"net_{s}"),
            z3.Int(f"point_{s}"), z3.Bool(f"working_{s}")) for s in ("a", "b")}
#: A decision as the queries code it (an Int on both sides: the engines' graphs are SMT-LIB
#: text, which then needs no datatype declaration).
DECISION_CODES = {"win": 0, "lose": 1, "push": 2, "none": 3}
_OUT_NAMES = {tag: tuple(str(v) for v in out) for tag, out in _OUT.items()}
_INPUT_NAMES = tuple(str(v) for v in (DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL))
_DECLS = {str(v): v for v in (DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL, *_OUT["a"],
                              *_OUT["b"])}


def _decision_code(term: z3.ExprRef) -> z3.ArithRef:
    return z3.If(term == WIN, DECISION_CODES["win"], z3.If(
        term == LOSE, DECISION_CODES["lose"], z3.If(term == PUSH, DECISION_CODES["push"],
                                                    DECISION_CODES["none"])))


def _spec_function(side: Side, wager: str, tag: str) -> z3.BoolRef:
    """The specification's settlement of ``wager`` over symbolic dice and states: outside its
    states, a gap where no rule fires, a conflict where two fired rules disagree, else what
    the fired rules prescribe."""
    w = _wager(wager, side.readings)
    kind, decision, net, point, working = _OUT[tag]
    reachable = z3.Or([c.constraint for c in w.states])
    fires = [r.guard for r in w.rules]
    clash = z3.Or([z3.And(x.guard, y.guard, z3.Or(
        x.settlement.decision != y.settlement.decision, x.settlement.net != y.settlement.net,
        x.settlement.next_point != y.settlement.next_point,
        x.settlement.next_working != y.settlement.next_working))
        for i, x in enumerate(w.rules) for y in w.rules[i + 1:]] or [z3.BoolVal(False)])
    settled = [z3.Implies(r.guard, z3.And(decision == _decision_code(r.settlement.decision),
                                          net == r.settlement.net,
                                          point == r.settlement.next_point,
                                          working == r.settlement.next_working))
               for r in w.rules]
    return z3.And(
        kind == z3.If(z3.Not(reachable), OUTSIDE,
                      z3.If(z3.Not(z3.Or(fires)), GAP, z3.If(clash, CONFLICT, SETTLED))),
        z3.Implies(kind == SETTLED, z3.And(settled)))


def _where(q: CrapsInput) -> str:
    d1, d2, co, pt, wk, fr = _INPUT_NAMES
    return (f"(and (= {d1} {q.die_1}) (= {d2} {q.die_2}) (= {co} {_bool(q.come_out)}) "
            f"(= {pt} {q.point or 0}) (= {wk} {_bool(q.working)}) "
            f"(= {fr} {_bool(q.first_roll)}))")


def _parse(conjuncts: list[str]) -> z3.BoolRef:
    """One term from SMT-LIB text over the inputs and both sides' outputs: their conjunction
    (asserted as one, so that Z3 hands back one term and not thousands to wrap one by one)."""
    text = f"(assert (and true {' '.join(conjuncts)}))"
    parsed = z3.parse_smt2_string(text, decls=_DECLS)
    term = parsed[0]
    assert isinstance(term, z3.BoolRef)
    return term


def _graph_function(side: Side, wager: str, tag: str) -> z3.BoolRef:
    """The engine's answers about ``wager``, lifted: a decision tree over the inputs (come-out
    roll, shooter's first roll, working call, point, die 1, die 2) whose leaves are the answers,
    a subtree whose branches are all the same answer collapsed into it. Written as SMT-LIB
    text and parsed by Z3 in one call: built term by term through the Python API, the 2,000
    leaves of a wager cost a second."""
    leaves: dict[tuple[Any, ...], str] = {}
    for q in inputs_of(wager):
        leaves[(q.come_out, q.first_roll, q.working, q.point or 0, q.die_1, q.die_2)] = \
            _answer_term(side.meanings[q], tag)
    return _parse([_tree(leaves, ())])


#: The decision tree's levels: each input's name in the queries and its values.
_LEVELS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    (str(COME_OUT), (True, False)), (str(FIRST_ROLL), (True, False)),
    (str(WORKING), (True, False)), (str(POINT), (0, *POINT_NUMBERS)),
    (str(DIE_1), tuple(range(1, 7))), (str(DIE_2), tuple(range(1, 7))))


def _tree(leaves: Mapping[tuple[Any, ...], str], prefix: tuple[Any, ...]) -> str:
    if len(prefix) == len(_LEVELS):
        return leaves.get(prefix, "true")  # "true": outside the state universe
    name, values = _LEVELS[len(prefix)]
    branches = [_tree(leaves, (*prefix, v)) for v in values]
    if all(b == branches[0] for b in branches):
        return branches[0]
    term = branches[-1]  # the last value: the domain constraints leave no other
    for value, branch in zip(reversed(values[:-1]), reversed(branches[:-1]), strict=True):
        term = f"(ite (= {name} {_literal(value)}) {branch} {term})"
    return term


def _literal(value: Any) -> str:
    return _bool(value) if isinstance(value, bool) else str(value)


def _answer_term(m: Meaning, tag: str) -> str:
    """SMT-LIB: side ``tag``'s outputs are the answer ``m``."""
    k, dn, nt, np, nw = _OUT_NAMES[tag]
    if m[0] != SETTLED:
        return f"(= {k} {m[0]})"
    return (f"(and (= {k} {SETTLED}) (= {dn} {DECISION_CODES[m[1]]}) (= {nt} {_real(m[2])}) "
            f"(= {np} {m[3]}) (= {nw} {_bool(m[4])}))")


def _real(value: Fraction) -> str:
    magnitude = f"(/ {abs(value.numerator)}.0 {value.denominator}.0)"
    return f"(- {magnitude})" if value < 0 else magnitude


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _function(side: Side, wager: str, tag: str) -> z3.BoolRef:
    return _spec_function(side, wager, tag) if side.is_spec \
        else _graph_function(side, wager, tag)


@dataclass(frozen=True)
class Completeness:
    wager: str
    verdict: str  # PROVED | REFUTED | UNKNOWN
    detail: str = ""
    missed: CrapsInput | None = None


def prove_complete(a: Side, b: Side, wagers: list[str], listed: list[Difference],
                   budget: Budget | None = None,
                   skipped: Sequence[CrapsInput] = ()) -> list[Completeness]:
    """For each wager: no input on which the sides differ is missing from ``listed`` (the
    ``skipped`` inputs, left unanswered by a side, aside)."""
    budget = budget or Budget()
    ka, da, na, pa, wa = _OUT["a"]
    kb, db, nb, pb, wb = _OUT["b"]
    differ = z3.Or(ka != kb, z3.And(ka == SETTLED, z3.Or(da != db, na != nb, pa != pb,
                                                         wa != wb)))
    out = []
    solver = budgets.solver(budget)
    solver.add(dice_domain(), state_universe(), differ)
    for w in wagers:
        solver.push()
        aside = [d.input for d in listed if d.wager == w] + [q for q in skipped if q.wager == w]
        solver.add(_function(a, w, "a"), _function(b, w, "b"),
                   _parse([f"(not {_where(q)})" for q in aside]))
        done = budgets.check(solver, budget)
        if done.result == z3.unsat:
            out.append(Completeness(w, "PROVED"))
        elif done.result == z3.sat:
            m = solver.model()

            def val(v: z3.ExprRef, m: z3.ModelRef = m) -> Any:
                return m.eval(v, model_completion=True)

            missed = CrapsInput(w, z3.is_true(val(COME_OUT)), val(POINT).as_long() or None,
                                z3.is_true(val(WORKING)), z3.is_true(val(FIRST_ROLL)),
                                val(DIE_1).as_long(), val(DIE_2).as_long())
            out.append(Completeness(w, "REFUTED", f"the list misses {missed.text()}", missed))
        else:
            out.append(Completeness(w, "UNKNOWN", done.reason))
        solver.pop()
    return out


# -- replay ---------------------------------------------------------------------------------


def _spec_meaning(readings: Mapping[str, str], q: CrapsInput) -> Meaning:
    """The specification's answer at one input, by Z3 substitution (not the compiled terms
    ``ask`` used): a second evaluation of the same rules."""
    w = _wager(q.wager, readings)
    state = spec.ConcreteState(q.come_out, q.point or 0, q.working, q.first_roll)
    if not any(holds(c.constraint, state) for c in w.states):
        return NOTHING
    fired = {(s.decision, s.net, s.next_point, s.working)
             for _r, s in firing(w, state, q.die_1, q.die_2)}
    if not fired:
        return (GAP, "", Fraction(0), 0, False)
    if len(fired) > 1:
        return (CONFLICT, "", Fraction(0), 0, False)
    decision, net, point, working = fired.pop()
    return (SETTLED, decision, net, point, working)


def _spec_confirms(side: Side, wager: str, inputs: list[CrapsInput],
                   budget: Budget | None = None) -> bool:
    """Whether Z3 proves that the specification's rules give every one of ``inputs`` the
    answer ``side`` recorded (from the compiled terms): one query, no input where they do
    not. False when it finds one, or cannot tell (the inputs are then replayed one by one)."""
    budget = budget or Budget()
    wrong = [f"(and {_where(q)} (not {_answer_term(side.meanings[q], 'a')}))" for q in inputs]
    solver = budgets.solver(budget)
    solver.add(dice_domain(), state_universe(), _spec_function(side, wager, "a"),
               _parse([f"(or false {' '.join(wrong)})"]))
    return bool(budgets.check(solver, budget).result == z3.unsat)


def replay(side: Side, listed: list[Difference]) -> dict[CrapsInput, str]:
    """Ask ``side`` again about every listed input; the inputs whose answer is not the one
    listed, with what came back (empty: every difference replayed)."""
    inputs = [d.input for d in listed if d.input not in side.nondeterministic]
    details: dict[CrapsInput, str] = {}
    if side.is_spec:
        again = {}
        for w in dict.fromkeys(q.wager for q in inputs):
            mine = [q for q in inputs if q.wager == w]
            if not _spec_confirms(side, w, mine):
                again.update({q: _spec_meaning(side.readings, q) for q in mine})
        again.update({q: side.meanings[q] for q in inputs if q not in again})
    else:
        probe = Side(side.label, side.readings, side.engine)
        _ask_engine(probe, inputs, twice=False)
        again, details = probe.meanings, probe.details
    return {q: (f"{side.label} could not be asked again: {details.get(q, '')}"
                if again[q][0] == UNANSWERED else
                f"{side.label} answered {meaning_json(again[q])} when asked again")
            for q in inputs if _meaning_key(again[q]) != _meaning_key(side.meanings[q])}


# -- the money ------------------------------------------------------------------------------


def _meanings_settle(side: Side, wager: str) -> Settle:
    """A side's settlement function of one wager, from the answers it has already given."""

    def settle(d1: int, d2: int, come_out: bool, point: int, working: bool,
               first_roll: bool) -> Outcome:
        q = CrapsInput(wager, come_out, point or None, working, first_roll, d1, d2)
        m = side.meanings.get(q, NOTHING)
        if m[0] != SETTLED:
            why = side.details.get(q, KIND_NAMES[m[0]])
            raise Undefined(f"{side.label} does not settle roll {d1},{d2} ({q.text()}): {why}")
        return m[1], m[2], m[3]

    return settle


def _settle_of(side: Side, wager: str) -> Settle:
    if side.is_spec:  # as ``edge`` follows it: the rules, wherever the chain goes
        return spec_settle(_wager(wager, side.readings))
    return _meanings_settle(side, wager)


@dataclass(frozen=True)
class EdgeChange:
    """The house edges of one wager on both sides, and the differing inputs no start reaches
    (the edges cannot show those)."""

    rows: list[dict[str, Any]]
    unreached: list[CrapsInput]


def _reached(settle: Settle, wager_starts: list[Start]) -> set[tuple[bool, int, bool, bool]]:
    """The states (come-out roll, the wager's point, working call, shooter's first roll) a
    wager passes through from its starts."""
    out = set()
    for start in wager_starts:
        for table, point, working, first in build(settle, start).states:
            out.add((table == 0, point, working, first))
    return out


def edge_changes(a: Side, b: Side, listed: list[Difference]) -> dict[str, EdgeChange]:
    """The exact house edge of each wager that differs, on each side, from each start
    ``edge`` uses, and the change (B less A); and the differing inputs no start reaches."""
    out: dict[str, EdgeChange] = {}
    for w in sorted({d.wager for d in listed}):
        rows = []
        for start in starts(w):
            edges: list[Fraction | None] = []
            notes = []
            for side in (a, b):
                try:
                    edges.append(-expected_net(_settle_of(side, w), start))
                except Undefined as exc:
                    edges.append(None)
                    notes.append(str(exc))
            ea, eb = edges
            row: dict[str, Any] = {"start": start.label,
                                   "a": None if ea is None else str(ea),
                                   "b": None if eb is None else str(eb),
                                   "change": None if ea is None or eb is None else str(eb - ea)}
            if notes:
                row["note"] = "; ".join(notes)
            rows.append(row)
        reached: set[tuple[bool, int, bool, bool]] = set()
        for side in (a, b):
            try:
                reached |= _reached(_settle_of(side, w), starts(w))
            except Undefined:
                continue
        unreached = [d.input for d in listed if d.wager == w and (
            d.input.come_out, d.input.point or 0, d.input.working, d.input.first_roll)
            not in reached]
        decided, unreached = _decided_in_one_roll(a, b, w, unreached)
        out[w] = EdgeChange(rows + decided, unreached)
    return out


def _decided_in_one_roll(a: Side, b: Side, wager: str, unreached: list[CrapsInput]
                         ) -> tuple[list[dict[str, Any]], list[CrapsInput]]:
    """Of the differing inputs no start reaches, those in a state where the wager is decided
    by the next roll on both sides (a one-roll wager placed on a roll that is not a come-out
    roll, say): their edge from that state is the expected net of one roll, a row of its own.
    The others stay unreached."""
    rows: list[dict[str, Any]] = []
    left: list[CrapsInput] = []
    states = dict.fromkeys((q.come_out, q.point or 0, q.working, q.first_roll)
                           for q in unreached)
    one_roll: set[tuple[bool, int, bool, bool]] = set()
    for state in states:
        edges: list[Fraction] = []
        for side in (a, b):
            try:
                settle = _settle_of(side, wager)
                outcomes = [settle(d1, d2, *state) for d1, d2 in DICE]
            except Undefined:
                break
            if any(o[0] == "none" for o in outcomes):
                break
            edges.append(-sum((Fraction(o[1]) for o in outcomes), Fraction(0)) / 36)
        if len(edges) == 2:
            one_roll.add(state)
            come_out, point, working, first = state
            label = ", ".join(["placed on a come-out roll" if come_out else
                               "placed on a roll that is not a come-out roll"]
                              + ([f"point {point}"] if point else [])
                              + (["working"] if working else [])
                              + (["a shooter's first roll"] if first else []))
            rows.append({"start": f"{label} (decided by that roll)", "a": str(edges[0]),
                         "b": str(edges[1]), "change": str(edges[1] - edges[0]),
                         "one_roll": True})
    left = [q for q in unreached if (q.come_out, q.point or 0, q.working, q.first_roll)
            not in one_roll]
    return rows, left
