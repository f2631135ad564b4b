"""Scripts that cover the abstract table model's transitions, and the obligation that every
transition of the model is observed (docs/engine-protocol.md, "The scripts the checker
plays"). A transition observed outside the model is not this obligation's: the reference
table judges every observed event by the rules.

The model (:mod:`.abstract`) is explored breadth first from a fresh reference table, up to
``DEPTH`` events and ``MAX_BETS`` bets, one concrete table kept for each picture: every
placement of each kind of wager (on each kind of line bet, the wrong ones included, and at a
stake of 0 and of -1), each call switched on and off, each withdrawal, each of 15 rolls. Each
transition is first met on a shortest path. Each script starts on the shortest path to a
transition no script has met yet and goes on, while it can, by events that meet more; the
scripts stay within the declared policies.

A transition no script met is not established (never a breach). When it lies, in the script
planned to meet it, past an event the table answered otherwise than the rules, it is
attributed to that event's obligation: the missing transitions are then one finding with the
fault that kept the scripts from them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from casino_proofs.craps.table.judging.bets import Setting, setting_key
from casino_proofs.craps.table.judging.observe import Played
from casino_proofs.craps.table.judging.reference import ReferenceTable, RollDue
from casino_proofs.craps.table.judging.settlements import first_failure
from casino_proofs.craps.table.model import abstract
from casino_proofs.craps.table.scripts.planner import (
    CALLED,
    COME_OUT_LINES,
    HARD_WAYS,
    ODDS_ON,
    SINGLE,
    STAKE,
    Expect,
    Script,
)
from casino_proofs.craps.table.scripts.stakes import stake
from casino_proofs.obligations.verdict import Obligation, Result, Verdict

DEPTH = 6
MAX_BETS = 2
#: a roll of each of the 15 kinds the model tells apart
ROLLS = ((1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3), (2, 4), (3, 4), (4, 4), (2, 6),
         (3, 6), (5, 5), (4, 6), (5, 6), (6, 6))
CLAUSES = ("conv-table-placement", "conv-table-shooter", "conv-table-call",
           "conv-table-withdrawal-scope", "conv-table-decided")

Event = dict[str, Any]


def fault_cause(kind: str) -> str:
    """The cause a table obligation's refutation shares with what follows from it (a session
    that fails the same way, transitions no script reached past its failures)."""
    return f"of one fault of the table, refuted by craps/table/{kind}"


def kinds(offered: frozenset[str]) -> list[str]:
    """One wager of each kind the model tells apart, among those offered."""
    out: list[str] = []
    hard = sorted(w for w in offered if w in HARD_WAYS)
    one_roll = sorted(w for w in offered if w not in SINGLE and w not in ODDS_ON
                      and w not in HARD_WAYS)
    for group in (hard[:1], one_roll[:1]):
        out += group
    return out + [w for w in (*SINGLE, *ODDS_ON) if w in offered]


def _alphabet(ref: ReferenceTable, wagers: Sequence[str]) -> Iterator[Event]:
    """Every event the model tries from a table, within the declared policies."""
    s = ref.setting
    slots = [*ref.bets, *ref.state.gone]
    if len(slots) < MAX_BETS:
        new = ref.state.fresh_id()
        lines = [b for b in ref.bets if ref.bets[b].wager in SINGLE]
        for wager in wagers:
            amount = stake(s, wager, STAKE)
            if slots and wager not in ODDS_ON:
                continue  # a second bet is an Associate Chance, on the first or not
            if wager in SINGLE and (wager in COME_OUT_LINES) != ref.table.come_out:
                continue  # out of its time: not judged (conv-table-placement), never sent
            if wager in ODDS_ON:
                for on in lines or ["b0"]:  # b0: no placement is ever named so
                    parent = ref.bets.get(on)
                    if s.policies.one_odds and parent is not None and parent.odds:
                        continue
                    yield {"place": new, "wager": wager, "amount": amount, "on": on}
                    if wager in CALLED and not s.policies.no_working_call:
                        yield {"place": new, "wager": wager, "amount": amount, "on": on,
                               "working": True}
                continue
            yield {"place": new, "wager": wager, "amount": amount}
            if wager in CALLED and not s.policies.no_working_call:
                yield {"place": new, "wager": wager, "amount": amount, "working": True}
            if not slots:
                yield {"place": new, "wager": wager, "amount": 0}
                yield {"place": new, "wager": wager, "amount": -1}
    for bet_id in slots:
        if not s.policies.no_working_call:
            yield {"call": bet_id, "working": True}
            yield {"call": bet_id, "working": False}
        bet = ref.bets.get(bet_id) or ref.state.gone[bet_id]
        if bet.wager not in s.policies.no_take_down or bet_id not in ref.bets:
            yield {"withdraw": bet_id}
    for dice in ROLLS:
        yield {"roll": list(dice)}


#: whether the table refuses an event it may take or refuse, by the model's name for it
Refuses = Callable[[abstract.Key], bool]


def take_all(_key: abstract.Key) -> bool:
    """The model's own table: it takes every event it may take or refuse."""
    return False


def _step(ref: ReferenceTable, event: Event, at: int, refuses: Refuses = take_all
          ) -> Expect | RollDue:
    """The table moved by an event as the rules say (an event the table may take or refuse
    taken, unless ``refuses`` says this table refuses it); what the rules demanded of it."""
    key = None if "roll" in event else abstract.transitions(ref.state, event)[0]
    want = ref.expect(event)
    if isinstance(want, RollDue):
        ref.rolled(event["roll"], {b: (d.due.point or None) for b, d in want.bets.items()
                                   if d.due is not None and d.due.decision == "none"}, at)
    elif want.answer == "accepted" or (want.answer == "either" and key is not None
                                       and not refuses(key)):
        ref.follow(event, want.answer == "either" and want.unjudged)
    return want


def explore(setting: Setting, depth: int = DEPTH, refuses: Refuses = take_all
            ) -> dict[abstract.Key, tuple[Event, ...]]:
    """Every transition of the model within ``depth`` events, with the shortest path (the
    events before it, and its own) that first meets it (``refuses``: the events a table
    that may refuse them refuses)."""
    wagers = kinds(setting.offered)
    start = ReferenceTable(setting)
    frontier: list[tuple[ReferenceTable, tuple[Event, ...]]] = [(start, ())]
    seen = {abstract.state_key(start.state)}
    found: dict[abstract.Key, tuple[Event, ...]] = {}
    for _ in range(depth):
        following: list[tuple[ReferenceTable, tuple[Event, ...]]] = []
        for ref, path in frontier:
            for event in _alphabet(ref, wagers):
                for key in abstract.transitions(ref.state, event):
                    found.setdefault(key, (*path, event))
                twin = ReferenceTable(setting)
                twin.state = ref.state.clone()
                _step(twin, event, len(path) + 1, refuses)
                picture = abstract.state_key(twin.state)
                if picture not in seen:
                    seen.add(picture)
                    following.append((twin, (*path, event)))
        frontier = following
    return found


Planned = dict[abstract.Key, int]


def _meet(ref: ReferenceTable, event: Event, at: int, uncovered: set[abstract.Key],
          planned: Planned) -> None:
    """The transitions ``event`` meets, no script having met them yet, planned at ``at``."""
    for k in abstract.transitions(ref.state, event):
        if k in uncovered:
            uncovered.discard(k)
            planned[k] = at


def cover(setting: Setting, paths: dict[abstract.Key, tuple[Event, ...]],
          longest: int = 40, refuses: Refuses = take_all
          ) -> list[tuple[tuple[Event, ...], Planned]]:
    """Scripts that together meet every transition of ``paths``: each starts on the
    shortest path to a transition no script has met yet, then goes on, while it can, by the
    first event (in the alphabet's fixed order) that meets another such transition. With each
    script, the transitions it is planned to meet first, and at which event."""
    wagers = kinds(setting.offered)
    uncovered = set(paths)
    scripts = []
    for key in sorted(paths, key=lambda k: (len(paths[k]), repr(paths[k]))):
        if key not in uncovered:
            continue
        ref = ReferenceTable(setting)
        events = list(paths[key])
        planned: Planned = {}
        for i, event in enumerate(events, start=1):
            _meet(ref, event, i, uncovered, planned)
            _step(ref, event, i, refuses)
        while len(events) < longest:
            choice = next((e for e in _alphabet(ref, wagers)
                           if not uncovered.isdisjoint(abstract.transitions(ref.state, e))),
                          None)
            if choice is None:
                break
            events.append(choice)
            _meet(ref, choice, len(events), uncovered, planned)
            _step(ref, choice, len(events), refuses)
        scripts.append((tuple(events), planned))
    return scripts


_PLANNED: dict[tuple[Any, ...], tuple[dict[abstract.Key, tuple[Event, ...]],
                                       list[tuple[tuple[Event, ...], Planned]]]] = {}
#: plans kept (one per setting a process checks a table under)
KEPT = 16


def _planned(setting: Setting, depth: int, plan: bool
             ) -> tuple[dict[abstract.Key, tuple[Event, ...]],
                        list[tuple[tuple[Event, ...], Planned]]]:
    """The model within ``depth`` events and (``plan``) the scripts that cover it, worked
    out once per setting (a plan is a function of the setting alone)."""
    key = (setting_key(setting), depth, plan)
    found = _PLANNED.get(key)
    if found is None:
        if len(_PLANNED) >= KEPT:
            _PLANNED.clear()
        paths = explore(setting, depth)
        found = _PLANNED[key] = (paths, cover(setting, paths) if plan else [])
    return found


class Transitions:
    """The model's transitions, the scripts that cover them, and those observed.

    The model's table takes every event it may take or refuse (the rules say ``either``: a
    withdrawal of a Single Chance bet, a Pass bet made while a point is on, ...). A table may
    refuse such events without declaring anything: what it refused is learnt as it plays,
    and a second round of scripts is planned on the model of *this* table, which refuses
    what it was seen to refuse. What lies only past such a refusal is not reachable at this
    table: listed, naming the refusals, and never ERROR."""

    def __init__(self, setting: Setting, depth: int = DEPTH, plan: bool = True) -> None:
        """The model within ``depth`` events, and (``plan``) the scripts to cover it; a log,
        whose sessions were played already, plans none."""
        self.depth = depth
        paths, covered = _planned(setting, depth, plan)
        self.model = set(paths)
        self.observed: set[abstract.Key] = set()
        #: the model's transitions not yet observed
        self.unseen = set(self.model)
        self.scripts = [Script(f"transitions {i}", "transitions", events, {})
                        for i, (events, _) in enumerate(covered, start=1)]
        #: each transition, the script planned to meet it and the event it meets it at
        self.planned = {k: (f"transitions {i}", at)
                        for i, (_, planned) in enumerate(covered, start=1)
                        for k, at in planned.items()}
        #: each script's first event answered otherwise than the rules, and its obligation
        self.diverged: dict[str, tuple[int, str]] = {}
        #: the events the table may take or refuse, by the model's name: those it took, and
        #: those it refused
        self.took: set[abstract.Key] = set()
        self.refused: set[abstract.Key] = set()
        #: each script's first such event it refused where its plan had it taken
        self.refused_at: dict[str, tuple[int, abstract.Key]] = {}
        #: the second round's scripts, and the refusals they were planned on
        self.again: set[str] = set()
        self.planned_refusals: frozenset[abstract.Key] = frozenset()
        #: transitions only a table that takes what this one refused can reach
        self.past_choices: set[abstract.Key] = set()

    def second_pass(self, setting: Setting) -> list[Script]:
        """At a table that refused events it may refuse: scripts for the transitions not yet
        observed that the model of this table (refusing what it refused) reaches. Those it
        cannot reach are not this table's (:meth:`result` says so)."""
        missing = set(self.unseen)
        if not self.refused or not missing:
            return []
        self.planned_refusals = frozenset(self.refused - self.took)
        paths = explore(setting, self.depth, self.planned_refusals.__contains__)
        self.past_choices = missing - set(paths)
        wanted = {k: paths[k] for k in missing if k in paths}
        covered = cover(setting, wanted, refuses=self.planned_refusals.__contains__)
        out = [Script(f"transitions again {i}", "transitions", events, {}, id=f"t{i}")
               for i, (events, _) in enumerate(covered, start=1)]
        self.planned.update({k: (f"transitions again {i}", at)
                             for i, (_, planned) in enumerate(covered, start=1)
                             for k, at in planned.items()})
        self.again = {s.name for s in out}
        self.scripts += out
        return out

    def reset(self) -> None:
        """Nothing observed yet (a new reading of the same scripts or log)."""
        self.observed.clear()
        self.unseen = set(self.model)

    @property
    def complete(self) -> bool:
        """Every transition of the model observed: what a script goes through need not be
        worked out any more."""
        return not self.unseen

    def observe(self, script: Script, answers: Any, played: Played) -> None:
        self.observed.update(played.transitions)
        self.unseen.difference_update(played.transitions)
        first = first_failure(played)
        if first is not None:
            self.diverged[script.name] = first
        again = script.name in self.again
        for at, key, refused in played.choices:
            (self.refused if refused else self.took).add(key)
            planned_taken = not (again and key in self.planned_refusals)
            if refused and planned_taken and script.name not in self.refused_at:
                self.refused_at[script.name] = (at, key)

    def attributed(self, missing: Sequence[abstract.Key]) -> dict[str, int]:
        """How many of the ``missing`` transitions lie, in the script planned to meet them,
        past an event the table answered otherwise than the rules: by that event's
        obligation."""
        out: dict[str, int] = {}
        for k in missing:
            name, at = self.planned.get(k, ("", 0))
            diverged = self.diverged.get(name)
            if diverged is not None and diverged[0] <= at:
                out[diverged[1]] = out.get(diverged[1], 0) + 1
        return out

    def _past_refusal(self, key: abstract.Key) -> bool:
        """Whether a transition lies, in the script planned to meet it, past an event the
        table may refuse and refused there (the plan had it taken)."""
        name, at = self.planned.get(key, ("", 0))
        refused = self.refused_at.get(name)
        diverged = self.diverged.get(name)
        return refused is not None and refused[0] <= at and (
            diverged is None or refused[0] < diverged[0])

    def not_this_tables(self) -> list[abstract.Key]:
        """The model's transitions this table cannot be asked for: reachable only past events
        it may refuse, and refused."""
        return sorted((self.past_choices | {k for k in self.model - self.observed
                                            if self._past_refusal(k)}) - self.observed,
                      key=repr)

    def refusals(self) -> list[str]:
        """The events the table refused that it may refuse, in words."""
        return [abstract.text(k) for k in sorted(self.refused - self.took, key=repr)]

    def result(self) -> Result:
        return result_of(self)


def result_of(t: Transitions) -> Result:
    """The ``transitions`` obligation: every transition of the model this table can reach
    observed; what lies only past a refusal the text allows listed as not reachable here;
    what is missing past a failure attributed to it; anything else not established."""
    started = time.perf_counter()
    ob = Obligation("craps/table/transitions", "transitions", CLAUSES[0], CLAUSES,
                    "the table", "all-scripts", "every transition of the abstract table "
                    "model the table can reach is observed", game="craps")
    beyond_keys = t.not_this_tables()
    missing = sorted(t.model - t.observed - set(beyond_keys), key=repr)
    refusals = t.refusals()
    beyond = (f"; {len(beyond_keys):,} more are not reachable at this table: they lie "
              "only past events the text leaves to the table and it refused "
              f"({len(refusals):,} kinds, e.g. {refusals[0]}; conv-table-withdrawal-scope, "
              "conv-table-placement)") if beyond_keys and refusals else ""
    figures: dict[str, Any] = {"model": len(t.model), "observed":
                               len(t.model & t.observed),
                               "not_reachable_here": len(beyond_keys),
                               "refused_choices": refusals}
    seconds = time.perf_counter() - started
    if not t.model:
        return Result(ob, Verdict.VACUOUS, seconds, "the model has no transition")
    if not missing:
        return Result(ob, Verdict.PROVED, seconds,
                      f"each of the model's {len(t.model) - len(beyond_keys):,} "
                      f"transitions this table can reach (up to {t.depth} events, "
                      f"{MAX_BETS} bets) observed, by {len(t.scripts):,} "
                      f"scripts{beyond}",
                      enumeration=f"enumeration: {len(t.model):,} transitions, 0 "
                                  "missing")
    by = t.attributed(missing)
    why = ("the table answered, in a script planned to reach them, every event as the "
           "rules say, yet did not go through them: its state is not the model's there, a "
           "table that keeps more than the model (what a table may refuse without "
           "declaring it is never this: see docs/engine-protocol.md, \"What a table may "
           "refuse\"), or a log that never played them")
    cause = ""
    if by:
        why = (f"{sum(by.values()):,} lie past an event the table answered otherwise than "
               "the rules, in the script planned to reach them: "
               + ", ".join(f"{n:,} past a failure of craps/table/{kind}"
                           for kind, n in sorted(by.items(), key=lambda kv: -kv[1])))
        if sum(by.values()) == len(missing):
            cause = fault_cause(max(sorted(by), key=lambda kind: by[kind]))
    return Result(ob, Verdict.ERROR, seconds,
                  f"not established: {len(missing):,} of the model's {len(t.model):,} "
                  f"transitions never observed ({why}), the first: "
                  f"{abstract.text(missing[0])}{beyond}",
                  {"missing": len(missing), "attributed": by,
                   "transitions": [abstract.text(k) for k in missing],
                   "not_reachable_here": [abstract.text(k) for k in beyond_keys],
                   **figures}, cause=cause)
