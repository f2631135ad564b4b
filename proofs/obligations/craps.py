"""Proof obligations for the craps wagers of s. 95.15 and 95.16, and their solving.

For every wager, every class of reachable states and all 36 ordered outcomes of two dice:

- ``domain``: the implementation accepts exactly the states the specification says are
  reachable;
- ``exhaustive``: some rule decides every outcome (a gap is reported with its outcome);
- ``exclusive``: no outcome gets two different settlements (a conflict likewise);
- ``agrees``: wherever a rule applies, the implementation settles as the rule says (one
  obligation per rule and state class, so a counterexample names the clause it breaks);
- ``reachable``: every rule applies to some outcome in some reachable state (vacuity).

Every query also checks that its assumptions are satisfiable. Every SMT counterexample is
replayed concretely through both sides before it is reported; one that does not replay makes
the verdict ERROR.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import z3

from casino_proofs import impl, spec
from casino_proofs.obligations.enumeration import confirm
from casino_proofs.obligations.lifting import (
    ImplSettle,
    impl_accepts,
    impl_dict,
    impl_graph,
    run_impl,
    same,
    settlement_differs,
    spec_dict,
    state_dict,
)
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
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

DEFAULT_TIMEOUT_MS = 10_000


class _Session:
    """One solver reused for every query, with push/pop."""

    def __init__(self, timeout_ms: int, record: bool = False) -> None:
        self.record = record  # keep each query's SMT-LIB text (for an audit bundle)
        self.solver = z3.Solver()
        self.solver.set(timeout=timeout_ms)
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
            r = s.check()
            if r == z3.sat:
                return _Answer(r, _valuation(s.model()), smt=text)
            if r == z3.unknown:
                return _Answer(r, None, reason=s.reason_unknown(), smt=text)
            return _Answer(r, None, core=tuple(sorted(str(c) for c in s.unsat_core())),
                           smt=text)


@dataclass(frozen=True)
class _Answer:
    outcome: z3.CheckSatResult
    values: dict[str, Any] | None
    reason: str = ""
    core: tuple[str, ...] = ()
    smt: str = ""


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


class _WagerCheck:
    """The obligations of one wager, under one implementation and one set of readings."""

    def __init__(self, session: _Session, wager: spec.WagerSpec, settle: ImplSettle,
                 readings: impl.Readings) -> None:
        self.session = session
        self.wager = wager
        self.settle = settle
        self.readings = readings
        self.results: list[Result] = []

    # -- helpers ----------------------------------------------------------------------------

    def _obligation(self, kind: str, state: str, clauses: tuple[str, ...], description: str,
                    suffix: str = "", readings: tuple[str, ...] = ()) -> Obligation:
        oid = f"craps/{self.wager.name}/{state}/{kind}" + (f"/{suffix}" if suffix else "")
        return Obligation(oid, kind, clauses[0], clauses, self.wager.name, state, description,
                          readings, game="craps")

    def _record(self, ob: Obligation, started: float, verdict: Verdict, detail: str = "",
                counterexample: dict[str, Any] | None = None,
                core: tuple[str, ...] = (), smt: tuple[tuple[str, str], ...] = ()) -> None:
        self.results.append(Result(ob, verdict, time.perf_counter() - started, detail,
                                   counterexample, core, smt))

    def _decide(self, ob: Obligation, started: float, answer: _Answer,
                replay: Callable[[dict[str, Any]], dict[str, Any] | None]) -> None:
        """UNSAT proves; SAT refutes once the witness replays concretely; else UNKNOWN."""
        smt = (("unsat", answer.smt),) if answer.smt else ()
        if answer.outcome == z3.unsat:
            self._record(ob, started, Verdict.PROVED, core=answer.core, smt=smt)
        elif answer.outcome == z3.sat and answer.values is not None:
            cex = replay(answer.values)
            if cex is None:
                self._record(ob, started, Verdict.ERROR,
                             "the solver's counterexample did not replay concretely",
                             _witness(answer.values))
            else:
                self._record(ob, started, Verdict.REFUTED, cex.pop("detail"), cex,
                             smt=(("sat", answer.smt),) if answer.smt else ())
        else:
            self._record(ob, started, Verdict.UNKNOWN,
                         f"solver returned unknown: {answer.reason or 'no reason given'}")

    def _spec_firing(self, values: dict[str, Any]) -> list[tuple[spec.Rule,
                                                               spec.ConcreteSettlement]]:
        return spec.firing(self.wager, values["state"], values["die_1"], values["die_2"])

    def _impl_at(self, values: dict[str, Any]) -> impl.Settlement | Exception:
        return run_impl(self.settle, self.wager.name, values["state"], values["die_1"],
                        values["die_2"], self.readings)

    # -- obligations ------------------------------------------------------------------------

    def domain(self) -> None:
        w = self.wager
        started = time.perf_counter()
        clauses = tuple(dict.fromkeys(c for cls in w.states for c in cls.clauses))
        ob = self._obligation("domain", "all-states", (w.paragraph, *clauses),
                              "the implementation accepts exactly the reachable states")
        reachable = z3.Or([cls.constraint for cls in w.states])
        accepted = z3.Or([
            z3.And(COME_OUT == st.come_out, POINT == st.point, WORKING == st.working,
                   FIRST_ROLL == st.first_roll)
            for st in spec.rules.all_states() if impl_accepts(self.settle, w.name, st,
                                                              self.readings)
        ] or [z3.BoolVal(False)])

        def replay(values: dict[str, Any]) -> dict[str, Any] | None:
            st = values["state"]
            in_spec = spec.holds(reachable, st)
            in_impl = impl_accepts(self.settle, w.name, st, self.readings)
            if in_spec == in_impl:
                return None
            side = "rejects a reachable state" if in_spec else "accepts an unreachable state"
            return {"detail": f"the implementation {side}", "state": state_dict(st),
                    "spec_reachable": in_spec, "impl_accepts": in_impl}

        self._decide(ob, started, self.session.check(z3.Xor(reachable, accepted)), replay)

    def state_class(self, cls: spec.StateClass, reached: set[int]) -> None:
        w = self.wager
        with self.session.scope(cls.constraint):
            started = time.perf_counter()
            ob = self._obligation("exhaustive", cls.name, (w.paragraph, *cls.clauses),
                                  f"every outcome is decided ({cls.description})")
            outcome = self.session.check().outcome
            if outcome == z3.unsat:
                self._record(ob, started, Verdict.VACUOUS, "no reachable state in this class")
                return
            if outcome == z3.unknown:
                self._record(ob, started, Verdict.UNKNOWN, "solver returned unknown")
                return
            self._exhaustive(ob, started)
            self._exclusive(cls)
            self._agreement(cls, reached)

    def _exhaustive(self, ob: Obligation, started: float) -> None:
        def replay(values: dict[str, Any]) -> dict[str, Any] | None:
            if self._spec_firing(values):
                return None
            impl_out = self._impl_at(values)
            return {"detail": "gap: no clause decides this outcome", **_witness(values),
                    "spec": [], "impl": _impl_json(impl_out)}

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
            if len({(s.decision, s.net, s.next_point) for _, s in fired}) < 2:
                return None
            return {"detail": "conflict: clauses prescribe different settlements",
                    **_witness(values),
                    "spec": [spec_dict(s, r.clauses) for r, s in fired],
                    "impl": _impl_json(self._impl_at(values))}

        self._decide(ob, started,
                     self.session.check(z3.Or(clashes) if clashes else z3.BoolVal(False)),
                     replay)

    def _agreement(self, cls: spec.StateClass, reached: set[int]) -> None:
        w = self.wager
        graph = impl_graph(self.settle, w.name, spec.states_of(cls), self.readings)
        self.session.solver.add(graph.assertions)
        for index, rule in enumerate(w.rules):
            started = time.perf_counter()
            ob = self._obligation("agrees", cls.name, (*rule.clauses, *cls.clauses),
                                  f"implementation settles as the rule: {rule.label}",
                                  _rule_id(w, index), rule.readings)
            applicable = self.session.check(rule.guard).outcome
            if applicable == z3.unsat:
                continue  # the rule does not apply in this class: nothing to prove here
            if applicable == z3.unknown:
                self._record(ob, started, Verdict.UNKNOWN, "solver returned unknown")
                continue
            reached.add(index)

            def replay(values: dict[str, Any], rule: spec.Rule = rule) -> dict[str, Any] | None:
                fired = self._spec_firing(values)
                mine = [s for r, s in fired if r is rule]
                impl_out = self._impl_at(values)
                if not mine:
                    return None
                if isinstance(impl_out, impl.Settlement) and same(mine[0], impl_out):
                    return None
                return {"detail": f"the implementation breaks {rule.clause}: {rule.label}",
                        **_witness(values), "spec": [spec_dict(mine[0], rule.clauses)],
                        "impl": _impl_json(impl_out)}

            answer = self.session.check(tracked=(
                (_rule_id(w, index), rule.guard),
                ("impl-differs", settlement_differs(rule)),
            ))
            self._decide(ob, started, answer, replay)

    def reachable(self, reached: set[int]) -> None:
        for index, rule in enumerate(self.wager.rules):
            ob = self._obligation("reachable", "all-states", rule.clauses,
                                  f"the rule applies to some outcome: {rule.label}",
                                  _rule_id(self.wager, index), rule.readings)
            if index in reached:
                self._record(ob, time.perf_counter(), Verdict.PROVED)
            else:
                self._record(ob, time.perf_counter(), Verdict.VACUOUS,
                             "no outcome in any reachable state satisfies this rule's guard")

    def run(self) -> list[Result]:
        self.domain()
        reached: set[int] = set()
        for cls in self.wager.states:
            self.state_class(cls, reached)
        self.reachable(reached)
        return self.results


def _settlements_differ(a: spec.Settlement, b: spec.Settlement) -> z3.BoolRef:
    return z3.Or(a.decision != b.decision, a.net != b.net, a.next_point != b.next_point)


def _impl_json(out: impl.Settlement | Exception) -> dict[str, Any]:
    if isinstance(out, impl.Settlement):
        return impl_dict(out)
    return {"error": f"{type(out).__name__}: {out}"}


def check_craps(
    readings: dict[str, str] | None = None,
    settle: ImplSettle = impl.settle,
    wagers: list[str] | None = None,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    specs: list[spec.WagerSpec] | None = None,
    record: bool = False,
) -> list[Result]:
    """Prove every craps obligation. ``settle`` is the implementation under test; ``specs``
    replaces the specification (for must-fail cases of the spec checks themselves)."""
    values = readings or {}
    spec_readings = spec.Readings.from_dict(values)
    impl_readings = impl.Readings.from_dict(values)
    session = _Session(timeout_ms, record)
    chosen = specs if specs is not None else [
        spec.wager(name, spec_readings) for name in (wagers or spec.WAGER_NAMES)
    ]
    results: list[Result] = []
    for w in chosen:
        results += _WagerCheck(session, w, settle, impl_readings).run()
    return confirm(results, chosen, settle, impl_readings)
