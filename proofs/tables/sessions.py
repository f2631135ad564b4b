"""Long random sessions against the reference table, drawn by hypothesis's stateful testing
and shrunk to the shortest failing script (docs/engine-protocol.md, "The scripts the checker
plays").

A :class:`~hypothesis.stateful.RuleBasedStateMachine` writes a session: each rule adds an
event -- a placement among every offered wager (odds on any line bet, now and then the wrong
one, or a stake of 0), a call, a withdrawal, a roll -- choosing among the bets the reference
table holds. At the end of a session the engine plays it as one script, and every answer is
judged against the reference table. Hypothesis runs derandomized (the same sessions on every
run) and, on a failure, shrinks the session to the shortest script that still fails: that
script, and its first failing answer, are the ``sessions`` obligation's counterexample.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule, run_state_machine_as_test

from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.tables.bets import Setting
from casino_proofs.tables.obligations import Judge
from casino_proofs.tables.observe import Played, read_script
from casino_proofs.tables.planner import ODDS_ON, SINGLE, STAKE, Script
from casino_proofs.tables.reference import ReferenceTable, RollDue
from casino_proofs.tables.seeded import seed_alone
from casino_proofs.tables.session_budget import Budget

#: bets a session holds at most
MAX_BETS = 8
STAKES = (STAKE, STAKE, STAKE, 1, 7, 60, 1_000, 0)

#: plays one script on the engine: its answers, or a Faulty
PlayOne = Callable[[Script], Any]


@dataclass
class Outcome:
    """What the sessions found: how many were played, and the shortest failing one."""

    played: int = 0
    events: int = 0
    failing: Script | None = None
    why: str = ""
    unanswered: str = ""
    seen: list[str] = field(default_factory=list)


def _judged(setting: Setting, script: Script, answers: Any) -> tuple[str | None, bool]:
    """The first failure of a session's answers (None: none), and whether it had answers."""
    played = Played()
    read_script(script, answers, played, setting)
    if played.unanswered:
        return None, False
    judge = Judge(setting.money, setting.policies.per_player, every=True)
    judge.session(script.label, played)
    return judge.first_failure(), True


#: events a rule of the state machine adds (two bytes each, drawn at once: a rule per event
#: would cost hypothesis a hundred microseconds an event)
CHUNK = 10


class Decoder:
    """Two bytes to an event, among those the reference table's bets allow: the first picks
    the kind (a roll most often; a byte of 0, which shrinking tends to, is a roll), the second
    its parameters."""

    def __init__(self, setting: Setting) -> None:
        self.setting = setting
        self.wagers = sorted(setting.offered)
        self.lines = [w for w in SINGLE if w in setting.offered]

    def event(self, ref: ReferenceTable, kind: int, value: int) -> dict[str, Any]:
        bets = sorted(ref.bets)
        choice = kind % 16
        if choice < 7 or (choice >= 13 and not bets):
            return {"roll": [value % 6 + 1, value // 6 % 6 + 1]}
        if choice < 12 and len(bets) < MAX_BETS:
            return self._place(ref, value)
        if not bets:
            return {"roll": [value % 6 + 1, value // 6 % 6 + 1]}
        bet = bets[value % len(bets)]
        if choice < 14 and not self.setting.policies.no_working_call:
            return {"call": bet, "working": bool(value & 1)}
        return {"withdraw": bet}

    def _place(self, ref: ReferenceTable, value: int) -> dict[str, Any]:
        wager = self.wagers[value % len(self.wagers)]
        stake = STAKES[(value // 64) % len(STAKES)]
        event: dict[str, Any] = {"place": ref.state.fresh_id(), "wager": wager,
                                 "amount": stake}
        if value & 32 and not self.setting.policies.no_working_call:
            event["working"] = True
        if wager in ODDS_ON:
            # under one-odds a line bet that carries odds is given no second (a table that
            # merges a second into the first declares one-odds: the scripts place one)
            one = self.setting.policies.one_odds
            on = [b for b in sorted(ref.bets) if ref.bets[b].wager in self.lines
                  and not (one and ref.bets[b].odds)]
            event["on"] = on[value % len(on)] if on else "b0"
        return event


def machine(setting: Setting, play: PlayOne, outcome: Outcome,
            longest: int) -> type[RuleBasedStateMachine]:
    """The state machine class of one run (its setting, its engine)."""
    decoder = Decoder(setting)

    class Session(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.ref = ReferenceTable(setting)
            self.events: list[dict[str, Any]] = []

        def _add(self, event: dict[str, Any]) -> None:
            want = self.ref.expect(event)
            self.events.append(event)
            if isinstance(want, RollDue):
                self.ref.rolled(event["roll"], {b: d.due.point or None for b, d in
                                                want.bets.items() if d.due is not None
                                                and d.due.decision == "none"}, len(self.events))
            elif want.answer != "refused":
                self.ref.follow(event)

        @rule(chunk=st.binary(min_size=2, max_size=2 * CHUNK))
        def events_(self, chunk: bytes) -> None:
            for i in range(0, len(chunk) - 1, 2):
                if len(self.events) < longest:
                    self._add(decoder.event(self.ref, chunk[i], chunk[i + 1]))

        def teardown(self) -> None:
            if not self.events:
                return
            script = Script(f"session {outcome.played + 1}", "session", tuple(self.events), {},
                            id=f"session-{outcome.played + 1}")
            answers = play(script)
            outcome.played += 1
            outcome.events += len(self.events)
            why, answered = _judged(setting, script, answers)
            if not answered:
                outcome.unanswered = outcome.unanswered or script.label
                return
            if why is not None:
                if outcome.failing is None or len(script.events) <= len(outcome.failing.events):
                    outcome.failing, outcome.why = script, why
                raise AssertionError(why)

    return Session


def run(setting: Setting, play: PlayOne, budget: Budget) -> Outcome:
    """Play the sessions; on a failure, shrink it."""
    outcome = Outcome()
    if budget.sessions == 0:
        return outcome
    steps = max(1, -(-budget.events // CHUNK))
    with_settings = settings(max_examples=budget.sessions, stateful_step_count=steps,
                             derandomize=True, database=None, deadline=None,
                             phases=(Phase.generate, Phase.shrink), print_blob=False,
                             report_multiple_bugs=False, suppress_health_check=list(HealthCheck))
    # a failure raises once shrunk; the shortest failing session is then in ``outcome``
    with contextlib.suppress(AssertionError), seed_alone():
        run_state_machine_as_test(machine(setting, play, outcome, budget.events),
                                  settings=with_settings)
    if outcome.failing is not None:
        _minimize(setting, play, outcome)
    return outcome


#: plays the last shrinking step may make
MINIMIZE_PLAYS = 200


def _kind(why: str) -> str:
    return why.split(":", 1)[0]


def _minimize(setting: Setting, play: PlayOne, outcome: Outcome) -> None:
    """Shrink the failing session further, one event at a time: drop each event in turn and
    keep the shorter session when it still fails the same obligation, until none can be
    dropped (hypothesis shrinks the bytes the events are drawn from, and a roll drawn before
    the first bet often outlives that). Deterministic: the same session on every run."""
    assert outcome.failing is not None
    events = list(outcome.failing.events)
    name = f"{outcome.failing.name}, shrunk"
    plays = 0
    shorter = True
    while shorter and plays < MINIMIZE_PLAYS:
        shorter = False
        for i in range(len(events)):
            candidate = tuple(events[:i] + events[i + 1:])
            if not candidate or plays >= MINIMIZE_PLAYS:
                continue
            script = Script(name, "session", candidate, {},
                            id=f"shrunk-{plays + 1}")
            plays += 1
            why, answered = _judged(setting, script, play(script))
            if answered and why is not None and _kind(why) == _kind(outcome.why):
                events, outcome.why, shorter = list(candidate), why, True
                outcome.failing = script
                break


def result(outcome: Outcome, budget: Budget) -> Result:
    started = time.perf_counter()
    ob = Obligation("craps/table/sessions", "sessions", "r3-95.15-intro.s1",
                    ("r3-95.15-intro.s1", "r3-95.16-intro.s1"), "the table", "all-scripts",
                    f"long random sessions ({budget.sessions:,} of up to {budget.events:,} "
                    "events, derandomized) answered as the reference table answers",
                    game="craps")
    seconds = time.perf_counter() - started
    if outcome.failing is not None:
        events = list(outcome.failing.events)
        return Result(ob, Verdict.REFUTED, seconds,
                      f"a session fails, shrunk to {len(events)} events: {outcome.why}",
                      {"script": events, "events": len(events), "why": outcome.why,
                       "kind": outcome.why.split(":", 1)[0], "sessions": outcome.played})
    if outcome.unanswered:
        return Result(ob, Verdict.ERROR, seconds, f"not established: the engine gave no "
                                                  f"answer in time (a slow table: raise "
                                                  f"--engine-timeout-ms) to "
                                                  f"{outcome.unanswered}")
    if not outcome.played:
        return Result(ob, Verdict.VACUOUS, seconds, "no session was played")
    return Result(ob, Verdict.PROVED, seconds,
                  f"{outcome.played:,} sessions, {outcome.events:,} events, every answer the "
                  "reference table's",
                  enumeration=f"enumeration: {outcome.played:,} sessions, 0 failing")


