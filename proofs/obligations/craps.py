"""Proof obligations for the craps wagers of s. 95.15 and 95.16, and their solving.

For every wager, every class of reachable states and all 36 ordered outcomes of two dice:

- ``domain``: the implementation accepts exactly the states the specification says are
  reachable;
- ``exhaustive``: some rule decides every outcome (a gap is reported with its outcome);
- ``exclusive``: no outcome gets two different settlements (a conflict likewise);
- ``agrees``: wherever a rule applies, the implementation settles as the rule says — the
  decision, the net and the wager's next state (its point and the working call it carries) —
  one obligation per rule and state class, so a counterexample names the clause it breaks;
- ``reachable``: every rule applies to some outcome in some reachable state (vacuity);

and for the implementation under test, per wager:

- ``offered``: the engine settles the wager (it is in its hello), unless the user left it out;
- ``validation``: impossible inputs (a die of 0 or 7, a point of 7) are refused;
- ``deterministic``: every input, asked twice in another order and batching, gets one answer;
- ``library-defaults`` (our implementation): the library called as a user calls it, with its
  own default readings, settles every input as it does with the registry's defaults passed
  explicitly;

and once, ``universe``: the state universe the SMT queries range over is exactly the one the
enumeration covers.

Every query also checks that its assumptions are satisfiable. Every SMT counterexample is
replayed concretely through both sides before it is reported; one that does not replay makes
the verdict ERROR. Every query runs under the deterministic resource budget
(:mod:`casino_proofs.solving.budget`); an exhausted budget is UNKNOWN, never a verdict.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.adapters.answers import Faulty, Settled, is_unanswered
from casino_proofs.adapters.engine import Engine
from casino_proofs.obligations import enumeration
from casino_proofs.obligations.channel import channel_obligation, channel_result
from casino_proofs.obligations.craps_answers import (
    CrapsAnswers,
    accepted,
    answer_json,
    collect,
    question,
)
from casino_proofs.obligations.lifting import (
    impl_graph,
    impl_json,
    same,
    settlement_differs,
    spec_dict,
    state_dict,
)
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.solving import budget as budgets
from casino_proofs.solving.budget import Budget
from casino_proofs.solving.smtlib import query_text
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    POINT,
    WORKING,
    dice_domain,
    state_universe,
)

UNIVERSE_CLAUSES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1")
CHANNEL_ID = "craps/engine/all-states/channel"


class _Session:
    """One solver reused for every query, with push/pop, under one budget."""

    def __init__(self, budget: Budget, record: bool = False) -> None:
        self.record = record  # keep each query's SMT-LIB text (for an audit bundle)
        self.budget = budget
        self.solver = budgets.solver(budget)
        self.solver.add(dice_domain(), state_universe())

    @contextmanager
    def scope(self, *constraints: z3.BoolRef) -> Iterator[z3.Solver]:
        self.solver.push()
        try:
            self.solver.add(*constraints)
            yield self.solver
        finally:
            self.solver.pop()

    def check(self, *constraints: z3.BoolRef,
              tracked: tuple[tuple[str, z3.BoolRef], ...] = ()) -> _Answer:
        """Check the constraints; ``tracked`` ones are asserted under a name (a clause or rule
        ID) so that an UNSAT answer says which of them the proof needed."""
        with self.scope(*constraints) as s:
            for name, expr in tracked:
                s.assert_and_track(expr, z3.Bool(name))
            text = query_text(s, [n for n, _ in tracked]) if self.record else ""
            done = budgets.check(s, self.budget)
            if done.result == z3.sat:
                return _Answer(done.result, _valuation(s.model()), smt=text, cost=done.rlimit)
            if done.unknown:
                return _Answer(done.result, None, reason=done.reason, smt=text,
                               cost=done.rlimit)
            return _Answer(done.result, None, core=tuple(sorted(str(c) for c in s.unsat_core())),
                           smt=text, cost=done.rlimit)


@dataclass(frozen=True)
class _Answer:
    outcome: z3.CheckSatResult
    values: dict[str, Any] | None
    reason: str = ""
    core: tuple[str, ...] = ()
    smt: str = ""
    cost: int = 0  # Z3 resource units used


def _valuation(m: z3.ModelRef) -> dict[str, Any]:
    def as_int(v: z3.ArithRef) -> int:
        return int(m.eval(v, model_completion=True).as_long())

    return {
        "die_1": as_int(DIE_1),
        "die_2": as_int(DIE_2),
        "state": spec.ConcreteState(
            come_out=z3.is_true(m.eval(COME_OUT, model_completion=True)),
            point=as_int(POINT),
            working=z3.is_true(m.eval(WORKING, model_completion=True)),
            first_roll=z3.is_true(m.eval(FIRST_ROLL, model_completion=True)),
        ),
    }


def _rule_id(wager: spec.WagerSpec, index: int) -> str:
    return f"{wager.rules[index].clause}#{index}"


def _witness(values: dict[str, Any]) -> dict[str, Any]:
    return {"roll": [values["die_1"], values["die_2"]], "state": state_dict(values["state"])}


def _state_is(st: spec.ConcreteState) -> z3.BoolRef:
    return z3.And(COME_OUT == st.come_out, POINT == st.point, WORKING == st.working,
                  FIRST_ROLL == st.first_roll)


def _not_at(st: spec.ConcreteState, d1: int | None = None, d2: int | None = None) -> z3.BoolRef:
    """Excludes a state (or one roll in it) from a query: an input the implementation did
    not answer is no evidence, so the solver must look for a counterexample elsewhere."""
    if d1 is None:
        return z3.Not(_state_is(st))
    return z3.Not(z3.And(DIE_1 == d1, DIE_2 == d2, _state_is(st)))


def _problem(answer: Any) -> str:
    return answer.problem if isinstance(answer, Faulty) else ""


def _fault_verdict(answer: Any) -> Verdict:
    """An engine that did not answer in time is not proved wrong: ERROR, never REFUTED."""
    return Verdict.ERROR if is_unanswered(answer) else Verdict.REFUTED


class _WagerCheck:
    """The obligations of one wager, against one implementation's answers."""

    def __init__(self, session: _Session, wager: spec.WagerSpec, answers: CrapsAnswers,
                 can_refuse: bool = True) -> None:
        self.session = session
        self.can_refuse = can_refuse  # a recorded table cannot: no validation obligation
        self.wager = wager
        self.answers = answers
        self.results: list[Result] = []
        self.undecided = False  # some applicability could not be decided (budget)
        #: per rule, the queries that decided where it applies ((answer, SMT-LIB), cost)
        self.applies: dict[int, list[tuple[tuple[str, str], int]]] = {}

    # -- helpers ----------------------------------------------------------------------------

    def _obligation(self, kind: str, state: str, clauses: tuple[str, ...], description: str,
                    suffix: str = "", readings: tuple[str, ...] = ()) -> Obligation:
        oid = f"craps/{self.wager.name}/{state}/{kind}" + (f"/{suffix}" if suffix else "")
        return Obligation(oid, kind, clauses[0], clauses, self.wager.name, state, description,
                          readings, game="craps")

    def _record(self, ob: Obligation, started: float, verdict: Verdict, detail: str = "",
                counterexample: dict[str, Any] | None = None,
                core: tuple[str, ...] = (), smt: tuple[tuple[str, str], ...] = (),
                cost: int = 0, by_smt: bool = True,
                smt_verdict: Verdict | None = None) -> None:
        """Record a result; ``by_smt``: an SMT query decided it (``smt_verdict``, by default
        the verdict itself, is what the query said before any replay or enumeration)."""
        self.results.append(Result(ob, verdict, time.perf_counter() - started, detail,
                                   counterexample, core, smt, resources=cost,
                                   smt_verdict=(smt_verdict or verdict) if by_smt else None))

    def _no_smt(self, ob: Obligation, started: float, verdict: Verdict, detail: str = "",
                counterexample: dict[str, Any] | None = None) -> None:
        """Record a result no SMT query decides (it reads the answers directly)."""
        self._record(ob, started, verdict, detail, counterexample, by_smt=False)

    def _decide(self, ob: Obligation, started: float, answer: _Answer,
                replay: Callable[[dict[str, Any]], dict[str, Any] | None]) -> None:
        """UNSAT proves; SAT refutes once the witness replays concretely; else UNKNOWN."""
        if answer.outcome == z3.unsat:
            self._record(ob, started, Verdict.PROVED, core=answer.core,
                         smt=(("unsat", answer.smt),) if answer.smt else (), cost=answer.cost)
        elif answer.outcome == z3.sat and answer.values is not None:
            cex = replay(answer.values)
            kept = (("sat", answer.smt),) if answer.smt else ()
            if cex is None:
                self._record(ob, started, Verdict.ERROR,
                             "the solver's counterexample did not replay concretely",
                             _witness(answer.values), cost=answer.cost, smt=kept,
                             smt_verdict=Verdict.REFUTED)
            else:
                verdict = cex.pop("verdict", Verdict.REFUTED)
                self._record(ob, started, verdict, cex.pop("detail"), cex, smt=kept,
                             cost=answer.cost, smt_verdict=Verdict.REFUTED)
        else:
            self._record(ob, started, Verdict.UNKNOWN, answer.reason or "the solver gave up",
                         cost=answer.cost, smt=(("unknown", answer.smt),) if answer.smt else ())

    def _spec_firing(self, values: dict[str, Any]) -> list[tuple[spec.Rule,
                                                               spec.ConcreteSettlement]]:
        return spec.firing(self.wager, values["state"], values["die_1"], values["die_2"])

    def _impl_at(self, values: dict[str, Any]) -> Any:
        return self.answers.at(self.wager.name, values["state"], values["die_1"],
                               values["die_2"])

    # -- obligations ------------------------------------------------------------------------

    def domain(self) -> None:
        w = self.wager
        started = time.perf_counter()
        clauses = tuple(dict.fromkeys(c for cls in w.states for c in cls.clauses))
        ob = self._obligation("domain", "all-states", (w.paragraph, *clauses),
                              "the implementation accepts exactly the reachable states")
        reachable = z3.Or([cls.constraint for cls in w.states])

        def takes(st: spec.ConcreteState) -> bool:
            return accepted(self.answers.at(w.name, st, 1, 1))

        silent = [st for st in spec.rules.all_states()
                  if is_unanswered(self.answers.at(w.name, st, 1, 1))]
        taken = z3.Or([_state_is(st) for st in spec.rules.all_states()
                       if takes(st) and st not in silent] or [z3.BoolVal(False)])

        def replay(values: dict[str, Any]) -> dict[str, Any] | None:
            st = values["state"]
            in_spec = spec.holds(reachable, st)
            answer = self.answers.at(w.name, st, 1, 1)
            in_impl = accepted(answer)
            if in_spec == in_impl:
                return None
            side = "rejects a reachable state" if in_spec else "accepts an unreachable state"
            if isinstance(answer, Faulty) and answer.kind == "missing":
                side = "has no row for a reachable state (a gap in the table)"
            return {"detail": f"the implementation {side}", "state": state_dict(st),
                    "roll": [1, 1], "spec_reachable": in_spec, "impl_accepts": in_impl,
                    "impl": answer_json(answer), "verdict": _fault_verdict(answer)}

        answer = self.session.check(z3.Xor(reachable, taken), *map(_not_at, silent))
        if answer.outcome == z3.unsat and silent:
            st = silent[0]
            self._record(ob, started, Verdict.ERROR,
                         f"not established: no answer in {len(silent)} state(s), e.g. "
                         f"{question(w.name, st, 1, 1).text()}: "
                         f"{_problem(self.answers.at(w.name, st, 1, 1))}",
                         {"state": state_dict(st), "roll": [1, 1],
                          "impl": answer_json(self.answers.at(w.name, st, 1, 1))},
                         cost=answer.cost, smt=_kept("unsat", answer),
                         smt_verdict=Verdict.PROVED)
            return
        self._decide(ob, started, answer, replay)

    def state_class(self, cls: spec.StateClass, reached: set[int]) -> None:
        w = self.wager
        with self.session.scope(cls.constraint):
            started = time.perf_counter()
            ob = self._obligation("exhaustive", cls.name, (w.paragraph, *cls.clauses),
                                  f"every outcome is decided ({cls.description})")
            answer = self.session.check()
            if answer.outcome == z3.unsat:
                self._record(ob, started, Verdict.VACUOUS, "no reachable state in this class",
                             cost=answer.cost, smt=_kept("unsat", answer))
                return
            if answer.outcome == z3.unknown:
                self.undecided = True
                self._record(ob, started, Verdict.UNKNOWN, answer.reason, cost=answer.cost,
                             smt=_kept("unknown", answer))
                for kind in ("exclusive", "agrees"):
                    self._record(self._obligation(kind, cls.name, (w.paragraph, *cls.clauses),
                                                  f"not decided: whether the class has a "
                                                  f"state ({cls.description})"),
                                 started, Verdict.UNKNOWN, answer.reason, by_smt=False)
                return
            self._exhaustive(ob, started)
            self._exclusive(cls)
            self._agreement(cls, reached)

    def _exhaustive(self, ob: Obligation, started: float) -> None:
        def replay(values: dict[str, Any]) -> dict[str, Any] | None:
            if self._spec_firing(values):
                return None
            return {"detail": "gap: no clause decides this outcome", **_witness(values),
                    "spec": [], "impl": impl_json(self._impl_at(values))}

        # Each rule's guard is negated under the rule's ID: the unsat core names the rules
        # that together decide every outcome of the class.
        undecided = tuple((_rule_id(self.wager, i), z3.Not(r.guard))
                          for i, r in enumerate(self.wager.rules))
        self._decide(ob, started, self.session.check(tracked=undecided), replay)

    def _exclusive(self, cls: spec.StateClass) -> None:
        w = self.wager
        started = time.perf_counter()
        ob = self._obligation("exclusive", cls.name, (w.paragraph, *cls.clauses),
                              f"no outcome gets two settlements ({cls.description})")
        clashes = [
            z3.And(a.guard, b.guard, _settlements_differ(a.settlement, b.settlement))
            for i, a in enumerate(w.rules) for b in w.rules[i + 1:]
        ]

        def replay(values: dict[str, Any]) -> dict[str, Any] | None:
            fired = self._spec_firing(values)
            if len({(s.decision, s.net, s.next_point, s.working) for _, s in fired}) < 2:
                return None
            return {"detail": "conflict: clauses prescribe different settlements",
                    **_witness(values),
                    "spec": [spec_dict(s, r.clauses) for r, s in fired],
                    "impl": impl_json(self._impl_at(values))}

        self._decide(ob, started,
                     self.session.check(z3.Or(clashes) if clashes else z3.BoolVal(False)),
                     replay)

    def _agreement(self, cls: spec.StateClass, reached: set[int]) -> None:
        w = self.wager
        graph = impl_graph(self.answers, w.name, spec.states_of(cls))
        self.session.solver.add(graph.assertions)
        for index, rule in enumerate(w.rules):
            started = time.perf_counter()
            ob = self._obligation("agrees", cls.name, (*rule.clauses, *cls.clauses),
                                  f"implementation settles as the rule: {rule.label}",
                                  _rule_id(w, index), rule.readings)
            applicable = self.session.check(rule.guard)
            said = "sat" if applicable.outcome == z3.sat else \
                "unsat" if applicable.outcome == z3.unsat else "unknown"
            self.applies.setdefault(index, []).append(((said, applicable.smt),
                                                       applicable.cost))
            if applicable.outcome == z3.unsat:
                continue  # the rule does not apply in this class: nothing to prove here
            if applicable.outcome == z3.unknown:
                self.undecided = True
                self._record(ob, started, Verdict.UNKNOWN, applicable.reason,
                             cost=applicable.cost)
                continue
            reached.add(index)

            def replay(values: dict[str, Any], rule: spec.Rule = rule) -> dict[str, Any] | None:
                fired = self._spec_firing(values)
                mine = [s for r, s in fired if r is rule]
                answer = self._impl_at(values)
                if not mine or same(mine[0], answer):
                    return None
                detail = f"the implementation breaks {rule.clause}: {rule.label}"
                if isinstance(answer, Faulty):
                    detail = (f"no settlement where {rule.clause} applies ({rule.label}): "
                              f"{answer.problem}")
                return {"detail": detail, **_witness(values),
                        "spec": [spec_dict(mine[0], rule.clauses)], "impl": impl_json(answer),
                        "verdict": _fault_verdict(answer)}

            answer = self.session.check(
                *(_not_at(st, a, b) for st, a, b in graph.unanswered),
                tracked=((_rule_id(w, index), rule.guard),
                         ("impl-differs", settlement_differs(rule))))
            silent = [(st, a, b) for st, a, b in graph.unanswered
                      if any(r is rule for r, _s in spec.firing(w, st, a, b))]
            if answer.outcome == z3.unsat and silent:
                st, a, b = silent[0]
                out = self.answers.at(w.name, st, a, b)
                self._record(ob, started, Verdict.ERROR,
                             f"not established: {len(silent)} input(s) where {rule.clause} "
                             f"applies went unanswered, e.g. "
                             f"{question(w.name, st, a, b).text()}: {_problem(out)}",
                             {"roll": [a, b], "state": state_dict(st), "impl": impl_json(out)},
                             cost=answer.cost, smt=_kept("unsat", answer),
                             smt_verdict=Verdict.PROVED)
                continue
            self._decide(ob, started, answer, replay)

    def reachable(self, reached: set[int]) -> None:
        for index, rule in enumerate(self.wager.rules):
            ob = self._obligation("reachable", "all-states", rule.clauses,
                                  f"the rule applies to some outcome: {rule.label}",
                                  _rule_id(self.wager, index), rule.readings)
            checks = self.applies.get(index, [])
            record = self.session.record
            cost = sum(c for _q, c in checks)
            if index in reached:
                first = next(q for q, _c in checks if q[0] == "sat")
                self._record(ob, time.perf_counter(), Verdict.PROVED,
                             smt=(first,) if record else (), cost=cost)
            elif self.undecided:
                self._record(ob, time.perf_counter(), Verdict.UNKNOWN,
                             "not decided: the solver could not say where the rule applies "
                             "within its budget",
                             smt=tuple(q for q, _c in checks) if record else (), cost=cost)
            else:
                self._record(ob, time.perf_counter(), Verdict.VACUOUS,
                             "no outcome in any reachable state satisfies this rule's guard",
                             smt=tuple(q for q, _c in checks) if record else (), cost=cost)

    # -- the implementation's own obligations -----------------------------------------------------

    def validation(self) -> None:
        w = self.wager
        started = time.perf_counter()
        ob = self._obligation("validation", "all-states", (w.paragraph,),
                              "impossible inputs (a die of 0 or 7, a point of 7) are refused")
        impossible = self.answers.questions[w.name].impossible
        for q in impossible:
            answer = self.answers.answers[q]
            if accepted(answer) and not is_unanswered(answer):
                self._no_smt(ob, started, Verdict.REFUTED,
                             f"the implementation takes an impossible input: {q.text()}",
                             {"input": q.item(), "impl": answer_json(answer)})
                return
        silent = [q for q in impossible if is_unanswered(self.answers.answers[q])]
        if silent:
            answer = self.answers.answers[silent[0]]
            self._no_smt(ob, started, Verdict.ERROR,
                         f"not established: no answer to {len(silent)} impossible input(s), "
                         f"e.g. {silent[0].text()}",
                         {"input": silent[0].item(), "impl": answer_json(answer)})
            return
        asked = len(self.answers.questions[w.name].impossible)
        self._no_smt(ob, started, Verdict.PROVED, f"{asked} impossible inputs refused")

    def deterministic(self) -> None:
        w = self.wager
        started = time.perf_counter()
        ob = self._obligation("deterministic", "all-states", (w.paragraph,),
                              "every input, asked twice in another order and batching, gets "
                              "the same answer")
        differing = self.answers.nondeterministic(w.name)
        asked = len(self.answers.questions[w.name].all)
        if differing:
            q, first, again = differing[0]
            self._no_smt(ob, started, Verdict.REFUTED,
                         f"non-deterministic: {q.text()} answered two ways "
                         f"({len(differing)} inputs in all)",
                         {"input": q.item(), "first": answer_json(first),
                          "second": answer_json(again)})
            return
        silent = self.answers.not_answered_twice(w.name)
        if silent:
            q, answer = silent[0]
            self._no_smt(ob, started, Verdict.ERROR,
                         f"not established: {q.text()} was not answered both times "
                         f"({len(silent)} of {asked} inputs in all)",
                         {"input": q.item(), "impl": answer_json(answer)})
            return
        self._no_smt(ob, started, Verdict.PROVED, f"{asked} inputs asked twice")

    def library_defaults(self) -> None:
        explicit = self.answers.explicit
        if explicit is None:
            return
        w = self.wager
        started = time.perf_counter()
        ob = self._obligation("library-defaults", "all-states", (w.paragraph,),
                              "the library's own default readings settle as the registry's "
                              "defaults passed explicitly")
        for q in self.answers.questions[w.name].all:
            implicit, given = self.answers.answers[q], explicit[q]
            if implicit != given:
                self._no_smt(ob, started, Verdict.REFUTED,
                             f"called as a user calls it, the library settles {q.text()} "
                             "otherwise than with the registry's default readings",
                             {"input": q.item(), "impl": answer_json(implicit),
                              "explicit_defaults": answer_json(given)})
                return
        self._no_smt(ob, started, Verdict.PROVED,
                     f"{len(self.answers.questions[w.name].all)} inputs")

    def run(self) -> list[Result]:
        self.domain()
        reached: set[int] = set()
        for cls in self.wager.states:
            self.state_class(cls, reached)
        self.reachable(reached)
        if self.can_refuse:
            self.validation()
        self.deterministic()
        self.library_defaults()
        return self.results


def _kept(said: str, answer: _Answer) -> tuple[tuple[str, str], ...]:
    return ((said, answer.smt),) if answer.smt else ()


def _settlements_differ(a: spec.Settlement, b: spec.Settlement) -> z3.BoolRef:
    return z3.Or(a.decision != b.decision, a.net != b.net, a.next_point != b.next_point,
                 a.next_working != b.next_working)


def _universe(session: _Session) -> Result:
    """The state universe of the SMT queries is exactly the enumerated one."""
    started = time.perf_counter()
    ob = Obligation("craps/universe/all-states/universe", "universe", UNIVERSE_CLAUSES[0],
                    UNIVERSE_CLAUSES, "every wager", "all-states",
                    "the SMT queries range over exactly the states the enumeration covers",
                    game="craps")
    enumerated = [st for st in spec.rules.all_states()]
    missing = [st for st in enumerated if not spec.holds(state_universe(), st)]
    if missing:
        return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                      f"the specification's state universe leaves out {len(missing)} states; "
                      "the SMT queries do not see them (the enumeration does)",
                      {"state": state_dict(missing[0])})
    concrete = z3.Or([_state_is(st) for st in enumerated])
    answer = session.check(z3.Not(concrete))
    if answer.outcome == z3.unsat:
        return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                      f"{len(enumerated)} states", resources=answer.cost,
                      smt=(("unsat", answer.smt),) if answer.smt else (),
                      smt_verdict=Verdict.PROVED)
    if answer.outcome == z3.unknown:
        return Result(ob, Verdict.UNKNOWN, time.perf_counter() - started, answer.reason)
    assert answer.values is not None
    return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                  "the specification's state universe holds a state the enumeration does not",
                  {"state": state_dict(answer.values["state"])})


@dataclass
class CrapsRun:
    """The results of the craps obligations and what the implementation answered."""

    results: list[Result]
    answers: CrapsAnswers
    left_out: list[dict[str, str]] = field(default_factory=list)


def prove_craps(engine: Engine | None = None, readings: Mapping[str, str] | None = None,
                wagers: list[str] | None = None, budget: Budget | None = None,
                specs: list[spec.WagerSpec] | None = None, record: bool = False,
                left_out: list[str] | None = None,
                explicit: Engine | None = None) -> CrapsRun:
    """Prove every craps obligation of ``engine`` (our implementation by default).

    ``wagers``: the wagers to prove (default: every wager); ``left_out``: wagers the user
    chose to leave out (listed in the report). ``specs`` replaces the specification (for
    must-fail cases of the spec checks themselves). ``explicit``: the implementation with every
    reading passed explicitly, for ``library-defaults`` (derived from our implementation when
    not given).
    """
    from casino_proofs.adapters.ours import OurImplementation

    values = dict(readings or {})
    engine = engine if engine is not None else OurImplementation()
    spec_readings = spec.Readings.from_dict(values)
    session = _Session(budget or Budget(), record)
    chosen = specs if specs is not None else [
        spec.wager(name, spec_readings) for name in (wagers or spec.WAGER_NAMES)
    ]
    offered = set(engine.hello.wagers)
    results: list[Result] = [_universe(session)]
    asked = [w for w in chosen if w.name in offered]
    for w in chosen:
        if w.name not in offered:
            results.append(Result(
                Obligation(f"craps/{w.name}/all-states/offered", "offered", w.paragraph,
                           (w.paragraph,), w.name, "all-states",
                           "the engine settles this wager", game="craps"),
                Verdict.REFUTED, 0.0,
                f"the engine does not offer {w.name} (it is not among the wagers of its "
                "hello); leave it out with --wagers to prove the others alone"))
    if explicit is None and isinstance(engine, OurImplementation):
        explicit = engine.with_explicit_defaults()
    answers = collect(engine, asked, values, explicit)
    can_refuse = engine.kind != "table"
    for w in asked:
        results += _WagerCheck(session, w, answers, can_refuse).run()
    results = enumeration.confirm(results, asked, answers)
    if answers.channel is not None:
        results.append(channel_result(channel_obligation("craps", CHANNEL_ID, "all-states"),
                                      answers.channel))
    out = [{"what": f"craps wager {name}", "why": "left out by the user (--wagers)"}
           for name in (left_out or [])]
    if not can_refuse:
        out.append({"what": "craps/*/all-states/validation",
                     "why": "a recorded table cannot be asked about impossible inputs"})
    return CrapsRun(results, answers, out)


def check_craps(readings: Mapping[str, str] | None = None, settle: Callable[..., Any] | None = None,
                wagers: list[str] | None = None, budget: Budget | None = None,
                specs: list[spec.WagerSpec] | None = None, record: bool = False,
                engine: Engine | None = None) -> list[Result]:
    """The results of :func:`prove_craps`; ``settle`` replaces our implementation's settle
    (the must-fail cases hand in deliberately wrong ones)."""
    if settle is not None:
        from casino_proofs.adapters.ours import OurImplementation

        engine = OurImplementation(settle=settle)
    return prove_craps(engine, readings, wagers, budget, specs, record).results


__all__ = ["CrapsRun", "Settled", "check_craps", "prove_craps"]
