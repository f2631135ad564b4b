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
from collections.abc import Iterator, Sequence
from typing import Any

from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.tables import abstract
from casino_proofs.tables.bets import Setting
from casino_proofs.tables.observe import Played
from casino_proofs.tables.planner import ODDS_ON, SINGLE, STAKE, Script
from casino_proofs.tables.reference import ReferenceTable, RollDue
from casino_proofs.tables.settlements import matches

DEPTH = 8
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
    hard = sorted(w for w in offered if w.startswith("hard-"))
    one_roll = sorted(w for w in offered if w not in SINGLE and w not in ODDS_ON
                      and not w.startswith("hard-"))
    for group in (hard[:1], one_roll[:1]):
        out += group
    return out + [w for w in (*SINGLE, *ODDS_ON) if w in offered]


def _alphabet(ref: ReferenceTable, wagers: Sequence[str]) -> Iterator[Event]:
    """Every event the model tries from a table, within the declared policies."""
    s = ref.setting
    slots = [*ref.bets, *ref.state.gone]
    if len(slots) < MAX_BETS:
        new = f"b{len(slots) + 1}"
        lines = [b for b in ref.bets if ref.bets[b].wager in SINGLE]
        for wager in wagers:
            if slots and wager not in ODDS_ON:
                continue  # a second bet is an Associate Chance, on the first or not
            if wager in ODDS_ON:
                for on in lines or ["b9"]:
                    parent = ref.bets.get(on)
                    if s.policies.one_odds and parent is not None and parent.odds:
                        continue
                    yield {"place": new, "wager": wager, "amount": STAKE, "on": on}
                    if wager == "come-odds" and not s.policies.no_working_call:
                        yield {"place": new, "wager": wager, "amount": STAKE, "on": on,
                               "working": True}
                continue
            yield {"place": new, "wager": wager, "amount": STAKE}
            if wager.startswith("hard-") and not s.policies.no_working_call:
                yield {"place": new, "wager": wager, "amount": STAKE, "working": True}
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


def _step(ref: ReferenceTable, event: Event, at: int, refuse_either: bool = False) -> None:
    """The table moved by an event as the rules say (an event the table may take or refuse
    taken, or refused when ``refuse_either``)."""
    want = ref.expect(event)
    if isinstance(want, RollDue):
        ref.rolled(event["roll"], {b: (d.due.point or None) for b, d in want.bets.items()
                                   if d.due is not None and d.due.decision == "none"}, at)
    elif want.answer != "refused" and not (refuse_either and want.answer == "either"):
        ref.follow(event)


def explore(setting: Setting, depth: int = DEPTH, refuse_either: bool = False
            ) -> dict[abstract.Key, tuple[Event, ...]]:
    """Every transition of the model within ``depth`` events, with the shortest path (the
    events before it, and its own) that first meets it (``refuse_either``: at a table that
    refuses every withdrawal it may refuse)."""
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
                _step(twin, event, len(path) + 1, refuse_either)
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
          longest: int = 40, refuse_either: bool = False
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
            _step(ref, event, i, refuse_either)
        while len(events) < longest:
            choice = next((e for e in _alphabet(ref, wagers)
                           if not uncovered.isdisjoint(abstract.transitions(ref.state, e))),
                          None)
            if choice is None:
                break
            events.append(choice)
            _meet(ref, choice, len(events), uncovered, planned)
            _step(ref, choice, len(events), refuse_either)
        scripts.append((tuple(events), planned))
    return scripts


class Transitions:
    """The model's transitions, the scripts that cover them, and those observed."""

    def __init__(self, setting: Setting, depth: int = DEPTH) -> None:
        self.depth = depth
        paths = explore(setting, depth)
        self.model = set(paths)
        self.observed: set[abstract.Key] = set()
        #: the model's transitions not yet observed
        self.unseen = set(self.model)
        covered = cover(setting, paths)
        self.scripts = [Script(f"transitions {i}", "transitions", events, {})
                        for i, (events, _) in enumerate(covered, start=1)]
        #: each transition, the script planned to meet it and the event it meets it at
        self.planned = {k: (f"transitions {i}", at)
                        for i, (_, planned) in enumerate(covered, start=1)
                        for k, at in planned.items()}
        #: each script's first event answered otherwise than the rules, and its obligation
        self.diverged: dict[str, tuple[int, str]] = {}
        #: withdrawals the table may refuse, refused (conv-table-withdrawal-scope), and taken
        self.choices = 0
        self.taken = 0
        #: transitions only a table that takes such a withdrawal can reach (once asked)
        self.past_choices: set[abstract.Key] = set()

    def second_pass(self, setting: Setting) -> list[Script]:
        """At a table that refused withdrawals it may refuse: scripts for the transitions not
        yet observed that a table refusing every such withdrawal reaches. Those it cannot
        reach are not this table's (:meth:`result` says so), if it took none: at a table
        that takes some and refuses others, they stay not established."""
        missing = set(self.unseen)
        if not self.choices or not missing:
            return []
        paths = explore(setting, self.depth, refuse_either=True)
        if not self.taken:
            self.past_choices = missing - set(paths)
        wanted = {k: paths[k] for k in missing if k in paths}
        covered = cover(setting, wanted, refuse_either=True)
        out = [Script(f"transitions again {i}", "transitions", events, {}, id=f"t{i}")
               for i, (events, _) in enumerate(covered, start=1)]
        self.planned.update({k: (f"transitions again {i}", at)
                             for i, (_, planned) in enumerate(covered, start=1)
                             for k, at in planned.items()})
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
        failures = [(j.where.event, j.expect.kind or "placement") for j in played.judged
                    if not j.holds]
        failures += [(x.where.event, "on-table") for x in played.listings]
        failures += [(o.where.event, "history") for o in played.observations if not matches(o)]
        first = min(failures, default=None)
        if first is not None:
            self.diverged[script.name] = first
        for j in played.judged:
            if j.expect.answer == "either":
                refused = isinstance(j.answer, dict) and "refused" in j.answer
                self.choices += refused
                self.taken += not refused

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

    def result(self) -> Result:
        started = time.perf_counter()
        ob = Obligation("craps/table/transitions", "transitions", CLAUSES[0], CLAUSES,
                        "the table", "all-scripts", "every transition of the abstract table "
                        "model the table can reach is observed", game="craps")
        missing = sorted(self.model - self.observed - self.past_choices, key=repr)
        past = len(self.past_choices - self.observed)
        beyond = (f"; {past:,} more reachable only through a withdrawal the table may refuse, "
                  "and refused (conv-table-withdrawal-scope): not this table's") if past else ""
        seconds = time.perf_counter() - started
        if not self.model:
            return Result(ob, Verdict.VACUOUS, seconds, "the model has no transition")
        if not missing:
            return Result(ob, Verdict.PROVED, seconds,
                          f"each of the model's {len(self.model) - past:,} transitions (up to "
                          f"{self.depth} events, {MAX_BETS} bets) observed, by "
                          f"{len(self.scripts):,} scripts{beyond}",
                          enumeration=f"enumeration: {len(self.model):,} transitions, 0 "
                                      "missing")
        by = self.attributed(missing)
        why = ("a script did not reach them: the table refused an event the rules allow or "
               "answered one otherwise than they say; or a log never played them")
        cause = ""
        if by:
            why = (f"{sum(by.values()):,} lie past an event the table answered otherwise than "
                   "the rules, in the script planned to reach them: "
                   + ", ".join(f"{n:,} past a failure of craps/table/{kind}"
                               for kind, n in sorted(by.items(), key=lambda kv: -kv[1])))
            if sum(by.values()) == len(missing):
                cause = fault_cause(max(sorted(by), key=lambda kind: by[kind]))
        return Result(ob, Verdict.ERROR, seconds,
                      f"not established: {len(missing):,} of the model's {len(self.model):,} "
                      f"transitions never observed ({why}), the first: "
                      f"{abstract.text(missing[0])}{beyond}",
                      {"missing": len(missing), "attributed": by,
                       "transitions": [abstract.text(k) for k in missing]}, cause=cause)
