"""What every craps check of one wager reads and writes: the solver session, the wager's
specification, the implementation's recorded answers, and the results so far.

A check decides its obligation from an SMT answer (``decide``: UNSAT proves; SAT refutes once
the witness replays concretely through both sides, else ERROR; anything else is UNKNOWN) or
from the answers alone (``no_smt``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.craps.obligations.answers import CrapsAnswers
from casino_proofs.craps.obligations.session import Answer, Session, witness
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.answers import Faulty, is_unanswered

Replay = Callable[[dict[str, Any]], dict[str, Any] | None]


def problem(answer: Any) -> str:
    return answer.problem if isinstance(answer, Faulty) else ""


def fault_verdict(answer: Any) -> Verdict:
    """An engine that did not answer in time is not proved wrong: ERROR, never REFUTED."""
    return Verdict.ERROR if is_unanswered(answer) else Verdict.REFUTED


def rule_id(wager: spec.WagerSpec, index: int) -> str:
    return f"{wager.rules[index].clause}#{index}"


class WagerCheck:
    """The obligations of one wager, against one implementation's answers."""

    def __init__(self, session: Session, wager: spec.WagerSpec, answers: CrapsAnswers,
                 can_refuse: bool = True, asked_once: bool = False,
                 observed_only: bool = False) -> None:
        self.session = session
        #: the verdicts claim what the engine showed (a session log): an obligation proved on
        #: the inputs it holds is PROVED, saying so; one it holds none of stays ERROR, a gap
        #: the log lists (craps/obligations/log_scope.py)
        self.observed_only = observed_only
        self.can_refuse = can_refuse  # a recorded table cannot: no validation obligation
        #: a table engine: its observations are judged by the reference table (no second
        #: asking, no deterministic obligation)
        self.asked_once = asked_once
        self.wager = wager
        self.answers = answers
        self.results: list[Result] = []
        self.undecided = False  # some applicability could not be decided (budget)
        #: per rule, the queries that decided where it applies ((answer, SMT-LIB), cost)
        self.applies: dict[int, list[tuple[tuple[str, str], int]]] = {}
        #: each refutable obligation's concrete replay, by ID: the enumeration shows a
        #: refutation at its least violation through it
        self.replays: dict[str, Replay] = {}

    def obligation(self, kind: str, state: str, clauses: tuple[str, ...], description: str,
                   suffix: str = "", readings: tuple[str, ...] = ()) -> Obligation:
        oid = f"craps/{self.wager.name}/{state}/{kind}" + (f"/{suffix}" if suffix else "")
        return Obligation(oid, kind, clauses[0], clauses, self.wager.name, state, description,
                          readings, game="craps")

    def record(self, ob: Obligation, started: float, verdict: Verdict, detail: str = "",
               counterexample: dict[str, Any] | None = None,
               core: tuple[str, ...] = (), smt: tuple[tuple[str, str], ...] = (),
               cost: int = 0, by_smt: bool = True,
               smt_verdict: Verdict | None = None) -> None:
        """Record a result; ``by_smt``: an SMT query decided it (``smt_verdict``, by default
        the verdict itself, is what the query said before any replay or enumeration)."""
        self.results.append(Result(ob, verdict, time.perf_counter() - started, detail,
                                   counterexample, core, smt, resources=cost,
                                   smt_verdict=(smt_verdict or verdict) if by_smt else None))

    def no_smt(self, ob: Obligation, started: float, verdict: Verdict, detail: str = "",
               counterexample: dict[str, Any] | None = None) -> None:
        """Record a result no SMT query decides (it reads the answers directly)."""
        self.record(ob, started, verdict, detail, counterexample, by_smt=False)

    def decide(self, ob: Obligation, started: float, answer: Answer, replay: Replay) -> None:
        """UNSAT proves; SAT refutes once the witness replays concretely; else UNKNOWN."""
        self.replays[ob.id] = replay
        if answer.outcome == z3.unsat:
            self.record(ob, started, Verdict.PROVED, core=answer.core,
                        smt=answer.kept("unsat"), cost=answer.cost)
        elif answer.outcome == z3.sat and answer.values is not None:
            cex = replay(answer.values)
            if cex is None:
                self.record(ob, started, Verdict.ERROR,
                            "the solver's counterexample did not replay concretely",
                            witness(answer.values), cost=answer.cost, smt=answer.kept("sat"),
                            smt_verdict=Verdict.REFUTED)
            else:
                verdict = cex.pop("verdict", Verdict.REFUTED)
                self.record(ob, started, verdict, cex.pop("detail"), cex,
                            smt=answer.kept("sat"), cost=answer.cost,
                            smt_verdict=Verdict.REFUTED)
        else:
            self.record(ob, started, Verdict.UNKNOWN, answer.reason or "the solver gave up",
                        cost=answer.cost, smt=answer.kept("unknown"))

    def spec_firing(self, values: dict[str, Any]) -> list[tuple[spec.Rule,
                                                              spec.ConcreteSettlement]]:
        return spec.firing(self.wager, values["state"], values["die_1"], values["die_2"])

    def impl_at(self, values: dict[str, Any]) -> Any:
        return self.answers.at(self.wager.name, values["state"], values["die_1"],
                               values["die_2"])


def observed_detail(judged: int, unit: str, gaps: int) -> str:
    """What an obligation proved on a session log's settlements says it covers."""
    return (f"on the {judged:,} {unit} the log holds; {gaps:,} more it never shows are gaps, "
            "listed by table-coverage (--require-coverage makes them fail)")
