"""Long sessions played as real players bet, against the reference table: drawn by hypothesis's
stateful testing, one usage profile at a time (:mod:`.profiles`), and shrunk to the shortest
failing script (docs/engine-protocol.md, "Sessions played as players bet").

A :class:`~hypothesis.stateful.RuleBasedStateMachine` writes a session: hypothesis draws
its seed, from which a generator seeded by the profile's name and that seed draws every move
at once (a rule per event would cost hypothesis a hundred microseconds an event, and a byte
string as long as the longest session is more than hypothesis draws), which the profile's
player reads one by one as its next move among what the reference table allows (a roll most
often). The first session of a profile is as much that profile's play as any other (a byte
string drawn first is all zeros: the same move over and over). A session goes on until it
has seen at least ``MIN_SHOOTERS`` shooters and ``MIN_ROLLS`` rolls: once the drawn events
are spent, rolls are added that end each shooter's turn. Hypothesis runs derandomized (the
same sessions on every run); the sessions are drawn first and played in requests of many. A
session whose answers break the rules of the table is shrunk (:mod:`.shrink`) to the
shortest script that still breaks the same rule: that script and its first failing answer
are the ``sessions`` obligation's counterexample. A session that makes none of one of its
profile's own moves (:func:`.profiles.own_moves`) is not that profile's play: the
obligation is then not established.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    rule,
    run_state_machine_as_test,
)

from casino_proofs.craps.table.judging.bets import Setting, setting_key
from casino_proofs.craps.table.judging.observe import Played, read_script
from casino_proofs.craps.table.judging.reference import ReferenceTable, RollDue
from casino_proofs.craps.table.model.model import Table
from casino_proofs.craps.table.obligations.clauses import Judge
from casino_proofs.craps.table.scripts.field_domains import Ids
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.craps.table.scripts.profiles import PROFILES, Player, Profile, own_moves
from casino_proofs.craps.table.scripts.seeded import seed_alone
from casino_proofs.craps.table.scripts.shrink import shortest
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.obligations.words import counted
from casino_proofs.protocol.play_budget import PlayBudget

#: every session sees at least so many shooters and rolls
MIN_SHOOTERS = 10
MIN_ROLLS = 200

#: plays scripts on the engine: each one's answers, or a Faulty
PlayMany = Callable[[Sequence[Script]], list[Any]]
#: hears each session played, with what was read of it
Heard = Callable[[Script, Played], None]


@dataclass
class ProfileRun:
    """What one profile's sessions were: how many, their events, rolls and shooters, the
    profile's own moves they made, and each session that made none of one of them."""

    profile: Profile
    sessions: int = 0
    events: int = 0
    rolls: int = 0
    fewest_shooters: int = 0
    fewest_rolls: int = 0
    own: tuple[str, ...] = ()
    moves: Counter[str] = field(default_factory=Counter)
    lacking: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Session:
    """A session drawn: its script, and the profile's own moves it made."""

    script: Script
    moves: Counter[str]


@dataclass
class Outcome:
    """What the sessions found: how many were played, and the shortest failing one."""

    played: int = 0
    events: int = 0
    failing: Script | None = None
    why: str = ""
    unanswered: str = ""
    profiles: list[ProfileRun] = field(default_factory=list)
    #: the failing session as drawn, before it was shrunk, and the clause it breaks
    drawn: Script | None = None
    clause: str = ""


def _judged(setting: Setting, script: Script, answers: Any) -> tuple[str | None, bool, Played]:
    """The first failure of a session's answers (None: none), whether it had answers, and
    what was read of it."""
    played = Played()
    read_script(script, answers, played, setting)
    if played.unanswered:
        return None, False, played
    judge = Judge(setting.money, setting.policies.per_player, every=True)
    judge.session(script.label, played)
    return judge.first_failure(), True, played


class Drawn:
    """A session being written: the reference table, its events, its shooters and rolls."""

    def __init__(self, setting: Setting, player: Player) -> None:
        self.ref = ReferenceTable(setting)
        self.player = player
        self.events: list[dict[str, Any]] = []
        self.rolls = 0

    @property
    def shooters(self) -> int:
        return self.ref.table.shooter

    def add(self, event: dict[str, Any]) -> None:
        want = self.ref.expect(event)  # (a placement's ID noted as named; nothing else moves)
        self.events.append(event)
        if not isinstance(want, RollDue) and want.answer != "refused":
            self.player.took(self.ref, event)
        if isinstance(want, RollDue):
            self.rolls += 1
            self.ref.rolled(event["roll"], {b: d.due.point or None for b, d in
                                            want.bets.items() if d.due is not None
                                            and d.due.decision == "none"}, len(self.events))
        elif want.answer != "refused":
            self.ref.follow(event)

    def move(self, kind: int, value: int) -> None:
        event = self.player.event(self.ref, kind, value)
        self.add(event if event is not None
                 else {"roll": [value % 6 + 1, value // 6 % 6 + 1]})

    def close(self) -> None:
        """Rolls until the session has seen its shooters and rolls: a point when the table
        is coming out, a seven when a point is on (each ending a shooter's turn)."""
        cycle = ((2, 4), (3, 4), (1, 3), (4, 3), (5, 5), (6, 1), (4, 5), (5, 2))
        i = 0
        while self.shooters <= MIN_SHOOTERS or self.rolls < MIN_ROLLS:
            dice = cycle[i % len(cycle)]
            i += 1
            if self.ref.table.come_out == (dice[0] + dice[1] == 7):
                continue
            self.add({"roll": list(dice)})


def machine(setting: Setting, profile: Profile, longest: int,
            done: Callable[[Session], None]) -> type[RuleBasedStateMachine]:
    """The state machine class of one profile's sessions; ``done`` hears each session."""
    counter = [0]

    class Playing(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            ids = Ids(setting.policies.reuse_ids)
            self.drawn = Drawn(setting, Player(profile, setting, ids))

        @initialize(seed=st.integers(min_value=0, max_value=2**64 - 1))
        def moves_(self, seed: int) -> None:
            draw = random.Random(f"{profile.name} {seed}")  # seeded by SHA-512: any machine
            for _ in range(longest):
                self.drawn.move(draw.randrange(256), draw.randrange(256))

        @rule()
        def nothing_more(self) -> None:
            """Every move is drawn at once (above): a rule is still needed."""

        def teardown(self) -> None:
            self.drawn.close()
            counter[0] += 1
            n = counter[0]
            done(Session(Script(f"session {n} ({profile.name})", "session",
                                tuple(self.drawn.events), {}, id=f"{profile.name}-{n}"),
                         Counter(self.drawn.player.made)))

    return Playing


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, stateful_step_count=1, derandomize=True,
                    database=None, deadline=None, phases=(Phase.generate,),
                    print_blob=False, report_multiple_bugs=False,
                    suppress_health_check=list(HealthCheck))


_DRAWN: dict[tuple[Any, ...], list[Session]] = {}
#: draws kept (a draw is a function of the setting, the profile and the budget alone)
KEPT = 64


def draw(setting: Setting, profile: Profile, budget: PlayBudget, sessions: int
         ) -> list[Session]:
    """A profile's sessions, drawn (the same on every run; drawn once a process)."""
    key = (setting_key(setting), profile.name, budget.events, sessions)
    found = _DRAWN.get(key)
    if found is None:
        if len(_DRAWN) >= KEPT:
            _DRAWN.clear()
        found = _DRAWN[key] = _draw(setting, profile, budget, sessions)
    return found


def _draw(setting: Setting, profile: Profile, budget: PlayBudget, sessions: int
          ) -> list[Session]:
    out: list[Session] = []
    with seed_alone():
        run_state_machine_as_test(machine(setting, profile, budget.events, out.append),
                                  settings=_settings(sessions))
    return out


def per_profile(budget: PlayBudget) -> int:
    """The sessions each profile plays: the budget's, shared (at least one each)."""
    return max(1, -(-budget.sessions // len(PROFILES)))


def run(setting: Setting, play: PlayMany, budget: PlayBudget, heard: Heard | None = None
        ) -> Outcome:
    """Draw every profile's sessions, play them, judge them; shrink the first that fails."""
    outcome = Outcome()
    if budget.sessions == 0:
        return outcome
    for profile in PROFILES:
        drawn = draw(setting, profile, budget, per_profile(budget))
        scripts = [d.script for d in drawn]
        stats = ProfileRun(profile, own=own_moves(profile, setting))
        outcome.profiles.append(stats)
        for session in drawn:
            stats.moves.update(session.moves)
            missing = [m for m in stats.own if not session.moves[m]]
            if missing:
                stats.lacking.append((session.script.label, missing[0]))
        for script, answers in zip(scripts, play(scripts), strict=True):
            why, answered, played = _judged(setting, script, answers)
            outcome.played += 1
            outcome.events += len(script.events)
            stats.sessions += 1
            stats.events += len(script.events)
            stats.rolls += played.rolls
            shooters = _shooters(script.events)
            stats.fewest_shooters = min(stats.fewest_shooters or shooters, shooters)
            stats.fewest_rolls = min(stats.fewest_rolls or played.rolls, played.rolls)
            if heard is not None:
                heard(script, played)
            if not answered:
                outcome.unanswered = outcome.unanswered or script.label
            elif why is not None and outcome.failing is None:
                outcome.failing, outcome.why, outcome.clause = shortest(
                    setting, script, _kind(why), play)
                outcome.drawn = script
    return outcome


def figures(outcome: Outcome) -> list[dict[str, Any]]:
    """Each profile's sessions in figures, for the report's fault domain."""
    return [{"profile": p.profile.name, "player": p.profile.says, "sessions": p.sessions,
             "events": p.events, "rolls": p.rolls, "fewest_shooters": p.fewest_shooters,
             "fewest_rolls": p.fewest_rolls,
             "own_moves": {m: p.moves[m] for m in p.own},
             "sessions_lacking": len(p.lacking)} for p in outcome.profiles]


def moves_words(p: ProfileRun) -> str:
    """A profile's own moves in figures: ``odds taken 85 times, a Come bet 40 times``."""
    if not p.own:
        return "no move of its own offered at this table"
    return ", ".join(f"{m} {p.moves[m]:,} time{'' if p.moves[m] == 1 else 's'}" for m in p.own)


def _shooters(events: Sequence[dict[str, Any]]) -> int:
    """The shooters a session saw (the first, and one more at each seven-out)."""
    table = Table()
    for event in events:
        if "roll" in event:
            table = table.after(event["roll"][0] + event["roll"][1])
    return table.shooter


def _kind(why: str) -> str:
    return why.split(":", 1)[0]


def result(outcome: Outcome, budget: PlayBudget) -> Result:
    started = time.perf_counter()
    ob = Obligation("craps/table/sessions", "sessions", "r3-95.15-intro.s1",
                    ("r3-95.15-intro.s1", "r3-95.16-intro.s1"), "the table", "all-scripts",
                    f"long sessions played as {len(PROFILES)} kinds of player bet "
                    f"({per_profile(budget):,} each, of at least {MIN_SHOOTERS} shooters and "
                    f"{MIN_ROLLS} rolls, derandomized) answered as the reference table answers",
                    game="craps")
    seconds = time.perf_counter() - started
    if outcome.failing is not None:
        events = list(outcome.failing.events)
        return Result(ob, Verdict.REFUTED, seconds,
                      f"a session fails, shrunk to {counted(len(events), 'event')}: "
                      f"{outcome.why}",
                      counterexample={
                          "script": events, "events": len(events), "why": outcome.why,
                          "kind": _kind(outcome.why), "sessions": outcome.played,
                          "session": outcome.drawn.label if outcome.drawn else "",
                          "drawn_events": len(outcome.drawn.events) if outcome.drawn else 0},
                      conventions=(outcome.clause,) if outcome.clause else ())
    if outcome.unanswered:
        return Result(ob, Verdict.ERROR, seconds, f"not established: the engine gave no "
                                                  f"answer in time (a slow table: raise "
                                                  f"--engine-timeout-ms) to "
                                                  f"{outcome.unanswered}")
    if not outcome.played:
        return Result(ob, Verdict.VACUOUS, seconds, "no session was played")
    lacking = [(p, label, move) for p in outcome.profiles for label, move in p.lacking]
    if lacking:
        p, label, move = lacking[0]
        return Result(ob, Verdict.ERROR, seconds,
                      f"not established: {len(lacking):,} session(s) are not their profile's "
                      f"play, the first: {label}, of {p.profile.says}, made no move "
                      f"\"{move}\"")
    each = "; ".join(f"{p.profile.name}: {p.sessions:,} sessions, {p.rolls:,} rolls, each of "
                     f"{p.fewest_shooters:,}+ shooters, " + moves_words(p)
                     for p in outcome.profiles)
    return Result(ob, Verdict.PROVED, seconds,
                  f"{outcome.played:,} sessions, {outcome.events:,} events, every answer the "
                  f"reference table's ({each})",
                  enumeration=f"enumeration: {outcome.played:,} sessions, 0 failing")
