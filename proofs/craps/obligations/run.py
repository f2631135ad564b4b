"""A craps run: every obligation of every wager chosen, against one implementation's answers,
asked once and kept (see the package's docstring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from casino_proofs import spec
from casino_proofs.craps.obligations import (
    decided,
    domain,
    engine_checks,
    enumeration,
    facts,
    log_scope,
    proved_once,
    reachable,
    universe,
)
from casino_proofs.craps.obligations.answers import CrapsAnswers, collect
from casino_proofs.craps.obligations.context import WagerCheck
from casino_proofs.craps.obligations.records import records_result
from casino_proofs.craps.obligations.session import Session
from casino_proofs.obligations.capabilities import library_defaults, record_file, table_player
from casino_proofs.obligations.channel import channel_obligation, channel_result, tag_given_up
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.answers import EXCLUDED, UNOBSERVED, CrapsInput, Faulty
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.solving.budget import Budget

CHANNEL_ID = "craps/engine/all-states/channel"


def check_wager(ctx: WagerCheck) -> list[Result]:
    """Every obligation of one wager, in the order a report lists them."""
    domain.check(ctx)
    reached: set[int] = set()
    for cls in ctx.wager.states:
        decided.state_class(ctx, cls, reached)
    reachable.check(ctx, reached)
    if ctx.can_refuse:
        engine_checks.validation(ctx)
    if not ctx.asked_once:
        engine_checks.deterministic(ctx)
    engine_checks.library_defaults(ctx)
    return ctx.results


@dataclass
class CrapsRun:
    """The results of the craps obligations and what the implementation answered."""

    results: list[Result]
    answers: CrapsAnswers
    left_out: list[dict[str, str]] = field(default_factory=list)


def _given_up(results: list[Result], answers: CrapsAnswers) -> list[Result]:
    """An engine given up on: the channel's result names every input left unasked, and every
    ERROR carries that one cause."""
    unasked = sorted({q for table in (answers.answers, answers.reasked)
                      for q, a in table.items()
                      if isinstance(a, Faulty) and a.fault == "unasked"},
                     key=CrapsInput.sort_key)
    out = []
    for r in results:
        if r.obligation.claim == "channel" and unasked:
            r = replace(r, detail=f"{r.detail}; {len(unasked):,} inputs not asked, the first "
                                  f"{unasked[0].text()}",
                        counterexample={**(r.counterexample or {}),
                                        "not_asked": [q.item() for q in unasked]})
        out.append(r)
    return tag_given_up(out, answers.channel)


def _unobserved(results: list[Result], table: list[Result]) -> list[Result]:
    """The table's results beside the protocol-1 ones; every ERROR that rests on inputs no
    script or log observed carries the coverage's cause, and every one that rests on inputs a
    declared policy keeps the table from carries that policy's: one finding, headed by it."""
    unseen = next((r.cause for r in table if r.obligation.claim == "table-coverage"), "")
    policies = {f"policy-{(r.counterexample or {}).get('policy')}": r.cause for r in table
                if r.obligation.claim == "policies" and r.cause}

    def cause(r: Result) -> str:
        if r.verdict is not Verdict.ERROR or r.cause:
            return r.cause
        if EXCLUDED in r.detail:  # the cause of the policy that keeps the table from it
            return next((c for name, c in policies.items() if name in r.detail), "")
        return unseen if UNOBSERVED in r.detail else ""
    return [replace(r, cause=cause(r)) for r in results] + table


def _table_part(engine: Engine, values: Mapping[str, str], asked: list[spec.WagerSpec],
                results: list[Result], out: list[dict[str, str]]
                ) -> tuple[list[Result], list[dict[str, str]]]:
    """For a table (played or logged): its own obligations beside the protocol-1 ones, and
    what cannot apply to it, listed as left out (an engine that cannot be asked again, or
    asked any input)."""
    if engine.can(Capability.PLAYS_TABLES):
        run = table_player(engine).table_run(values)
        results = run.resting(_unobserved(results, run.results(asked)))
        out = [*out, *run.not_applicable()]
    if not engine.can(Capability.ANSWERS_AGAIN):
        out = [*out, {"what": "craps/*/all-states/deterministic",
                      "why": "a table is judged on every observation of an input by the "
                             "reference table (craps/table/history), not by asking twice"}]
    if not engine.can(Capability.ANSWERS_ANY_INPUT):
        out = [*out, {"what": "craps/*/all-states/validation",
                      "why": "a recorded table cannot be asked about impossible inputs"
                      if engine.can(Capability.RECORDED) else
                      "a table engine is only ever rolled real dice: its scripts cannot "
                      "ask about impossible inputs"}]
    return results, out


def _not_offered(w: spec.WagerSpec, log: bool = False) -> Result:
    """A wager the engine does not offer: REFUTED; in a session log, which cannot tell what
    its tables offer, a wager nobody bet is not established."""
    ob = Obligation(f"craps/{w.name}/all-states/offered", "offered", w.paragraph,
                    (w.paragraph,), w.name, "all-states", "the engine settles this wager",
                    game="craps")
    if log:
        return Result(ob, Verdict.ERROR, 0.0, f"not established: no session of the log bets "
                                              f"{w.name}; --require-coverage asks for it")
    return Result(ob, Verdict.REFUTED, 0.0,
                  f"the engine does not offer {w.name} (it is not among the wagers of its "
                  "hello); leave it out with --wagers to prove the others alone")


def _untold(_done: int, _total: int) -> None:
    """Progress told to no one."""


def _confirmed(results: list[Result], asked: list[spec.WagerSpec], values: Mapping[str, str],
               answers: CrapsAnswers, replays: dict[str, enumeration.Replay],
               kept_on_disk: bool) -> list[Result]:
    """The results, each confirmed by enumeration, settled by the specification's bulk
    tables, and the ``bulk`` obligation that proves those tables (after the universe's). The
    tables are made after every query; their module is imported here, not with this one:
    what a process makes or imports before its queries (or before it forks the Pai Gow
    queries' process) changes Z3's resource counts."""
    from casino_proofs.craps.obligations.bulk import tables as bulk_tables

    proved, tables = bulk_tables(asked, values, kept_on_disk=kept_on_disk)
    return enumeration.confirm([*results[:1], proved, *results[1:]], asked, answers, replays,
                               tables)


def _each_wager(session: Session, engine: Engine, asked: list[spec.WagerSpec],
                answers: CrapsAnswers, replays: dict[str, enumeration.Replay],
                told: Callable[[int, int], None]) -> list[Result]:
    """Every obligation of each wager asked, worked out or copied (:mod:`.proved_once`),
    their replays added to ``replays``."""
    results: list[Result] = []
    can_refuse = engine.can(Capability.ANSWERS_ANY_INPUT)
    asked_again = engine.can(Capability.ANSWERS_AGAIN)
    code = proved_once.code_now()
    for i, w in enumerate(asked, start=1):
        check = WagerCheck(session, w, answers, can_refuse, not asked_again,
                           engine.observed_only)
        results += proved_once.check(check, check_wager, code)
        replays.update(check.replays)
        told(i, len(asked))
    return results


def prove_craps(engine: Engine, readings: Mapping[str, str] | None = None,
                wagers: list[str] | None = None, budget: Budget | None = None,
                specs: list[spec.WagerSpec] | None = None, record: bool = False,
                left_out: list[str] | None = None, explicit: Engine | None = None,
                progress: Callable[[int, int], None] | None = None) -> CrapsRun:
    """Prove every craps obligation of ``engine``.

    ``wagers``: the wagers to prove (default: every wager); ``left_out``: wagers the user
    chose to leave out (listed in the report). ``specs`` replaces the specification (for
    must-fail cases of the spec checks themselves). ``explicit``: the implementation with every
    reading passed explicitly, for ``library-defaults`` (the engine's own
    ``explicit_defaults`` when not given and it has :attr:`Capability.EXPLICIT_DEFAULTS`).
    ``progress`` is told the wagers checked so far, of how many (from before the engine is
    asked).
    """
    values = dict(readings or {})
    spec_readings = spec.Readings.from_dict(values)
    session = Session(budget or Budget(), record)
    chosen = specs if specs is not None else [
        spec.wager(name, spec_readings) for name in (wagers or spec.WAGER_NAMES)
    ]
    offered = set(engine.hello.wagers)
    results: list[Result] = [universe.check(session)]
    asked = [w for w in chosen if w.name in offered]
    if engine.can(Capability.PLAYS_TABLES):
        table_player(engine).focus([w.name for w in asked])
    unoffered = [w for w in chosen if w.name not in offered]
    log = engine.can(Capability.LOGS_SESSIONS)
    if not engine.observed_only:
        results += [_not_offered(w, log) for w in unoffered]
    if explicit is None and engine.can(Capability.EXPLICIT_DEFAULTS):
        explicit = library_defaults(engine).explicit_defaults()
    (told := progress or _untold)(0, len(asked))
    answers = collect(engine, asked, values, explicit)
    replays: dict[str, enumeration.Replay] = {}
    try:
        results += _each_wager(session, engine, asked, answers, replays, told)
    finally:
        session.close()  # the run's queries are done: kept results hold no solver
    results = _confirmed(results, asked, values, answers, replays, specs is None)
    if answers.channel is not None:
        results.append(channel_result(channel_obligation("craps", CHANNEL_ID, "all-states"),
                                      answers.channel))
        if answers.channel.gave_up:
            results = _given_up(results, answers)
    if engine.can(Capability.READS_RECORDS):
        results.append(records_result(*record_file(engine).unreadable_records()))
    out = [{"what": f"craps wager {name}", "why": "left out by the user (--wagers)"}
           for name in (left_out or [])]
    results, out = _table_part(engine, values, asked, results, out)
    if log:
        results, gaps = log_scope.scoped(results, not engine.observed_only)
        if engine.observed_only:
            gaps += log_scope.not_bet([w.name for w in unoffered])
        out = [*out, *gaps]
    return CrapsRun(facts.one_fact(results), answers, out)


__all__ = ["CrapsRun", "prove_craps"]
