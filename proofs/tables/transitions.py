"""Scripts that cover the abstract table model's transitions, and the obligation that the
transitions observed are exactly the model's (docs/engine-protocol.md, "The scripts the
checker plays").

The model (:mod:`.abstract`) is explored breadth first from a fresh reference table, up to
``DEPTH`` events and ``MAX_BETS`` bets, one concrete table kept for each picture: every
placement of each kind of wager (on each kind of line bet, the wrong ones included, and at a
stake of 0 and of -1), each call switched on and off, each withdrawal, each of 15 rolls. Each
transition is first met on a shortest path; the scripts are those paths, the longest first,
each kept when it covers a transition no script kept before covers. The scripts stay within
the declared policies.
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

DEPTH = 8
MAX_BETS = 2
#: a roll of each of the 15 kinds the model tells apart
ROLLS = ((1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3), (2, 4), (3, 4), (4, 4), (2, 6),
         (3, 6), (5, 5), (4, 6), (5, 6), (6, 6))
CLAUSES = ("conv-table-placement", "conv-table-shooter", "conv-table-call",
           "conv-table-withdrawal-scope", "conv-table-decided")

Event = dict[str, Any]


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


def _step(ref: ReferenceTable, event: Event, at: int) -> None:
    want = ref.expect(event)
    if isinstance(want, RollDue):
        ref.rolled(event["roll"], {b: (d.due.point or None) for b, d in want.bets.items()
                                   if d.due is not None and d.due.decision == "none"}, at)
    elif want.answer != "refused":
        ref.follow(event)


def explore(setting: Setting, depth: int = DEPTH) -> dict[abstract.Key, tuple[Event, ...]]:
    """Every transition of the model within ``depth`` events, with the shortest path (the
    events before it, and its own) that first meets it."""
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
                _step(twin, event, len(path) + 1)
                picture = abstract.state_key(twin.state)
                if picture not in seen:
                    seen.add(picture)
                    following.append((twin, (*path, event)))
        frontier = following
    return found


def cover(setting: Setting, paths: dict[abstract.Key, tuple[Event, ...]],
          longest: int = 40) -> list[tuple[Event, ...]]:
    """Scripts that together meet every transition of ``paths``: each starts on the
    shortest path to a transition no script has met yet, then goes on, while it can, by the
    first event (in the alphabet's fixed order) that meets another such transition."""
    wagers = kinds(setting.offered)
    uncovered = set(paths)
    scripts = []
    for key in sorted(paths, key=lambda k: (len(paths[k]), repr(paths[k]))):
        if key not in uncovered:
            continue
        ref = ReferenceTable(setting)
        events = list(paths[key])
        for i, event in enumerate(events, start=1):
            uncovered.difference_update(abstract.transitions(ref.state, event))
            _step(ref, event, i)
        while len(events) < longest:
            choice = next((e for e in _alphabet(ref, wagers)
                           if not uncovered.isdisjoint(abstract.transitions(ref.state, e))),
                          None)
            if choice is None:
                break
            uncovered.difference_update(abstract.transitions(ref.state, choice))
            events.append(choice)
            _step(ref, choice, len(events))
        scripts.append(tuple(events))
    return scripts


class Transitions:
    """The model's transitions, the scripts that cover them, and those observed."""

    def __init__(self, setting: Setting, depth: int = DEPTH) -> None:
        self.depth = depth
        paths = explore(setting, depth)
        self.model = set(paths)
        self.observed: set[abstract.Key] = set()
        self.scripts = [Script(f"transitions {i}", "transitions", events, {})
                        for i, events in enumerate(cover(setting, paths), start=1)]

    def observe(self, script: Script, answers: Any, played: Played) -> None:
        self.observed.update(played.transitions)

    def result(self) -> Result:
        started = time.perf_counter()
        ob = Obligation("craps/table/transitions", "transitions", CLAUSES[0], CLAUSES,
                        "the table", "all-scripts", "the transitions of the abstract table "
                        "model observed are exactly the model's", game="craps")
        missing = sorted(self.model - self.observed, key=repr)
        seconds = time.perf_counter() - started
        if not self.model:
            return Result(ob, Verdict.VACUOUS, seconds, "the model has no transition")
        if not missing:
            return Result(ob, Verdict.PROVED, seconds,
                          f"each of the model's {len(self.model):,} transitions (up to "
                          f"{self.depth} events, {MAX_BETS} bets) observed, by "
                          f"{len(self.scripts):,} scripts",
                          enumeration=f"enumeration: {len(self.model):,} transitions, 0 "
                                      "missing")
        return Result(ob, Verdict.ERROR, seconds,
                      f"not established: {len(missing):,} of the model's {len(self.model):,} "
                      f"transitions never observed (the table refused an event the rules "
                      f"allow, or a log never played it), the first: "
                      f"{abstract.text(missing[0])}",
                      {"missing": len(missing),
                       "transitions": [abstract.text(k) for k in missing]})
