"""A suite complete for the table model, and the obligation that proves it so
(docs/engine-protocol.md, "The fault domain").

For each family's machine (:mod:`.suite_model`) the suite holds, for every state s with its
access script a(s), every sequence x of at most k + 1 inputs from there, and every probe p of
the machine's characterization set W, the script a(s)·x·p (the W-method of Chow and Vasilevskii,
whose tests contain those of the Wp method). Vaandrager and Melse (CONCUR 2025) prove that such
a suite is *k-A-complete*: it finds every implementation whose states are all reached by an
access script followed by at most k inputs, and whose answers differ from the model's. Every
answer is also judged exactly by the reference table.

The probes are single rolls, chosen so that every two states the machine tells apart give
different settlements to one of them on every table of theirs (two states that differ only in
how many placements were made are not told apart by anything a table answers: they are
one). ``k`` is the largest the budget allows, by family (``--table-k`` sets it).

The ``suite`` obligation proves, by enumeration, that the abstraction is exact, that the
probes tell the states apart, and that every script the theorem asks for is in the suite and
was played and answered.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.answers import DICE
from casino_proofs.tables.bets import Setting, setting_key
from casino_proofs.tables.planner import Script
from casino_proofs.tables.reference import ReferenceTable
from casino_proofs.tables.suite_model import (
    Event,
    Family,
    FamilyModel,
    Key,
    Name,
    families,
    state_key,
)

#: events the suite of one family may hold by default; k is the largest that fits
FAMILY_EVENTS = 4_000
#: the largest k the suite is ever asked for
MAX_K = 3
CLAUSES = ("conv-table-placement", "conv-table-shooter", "conv-table-call",
           "conv-table-withdrawal-scope", "conv-table-decided")


def _norm(key: Key) -> Key:
    """A state without what a table need not answer: how many placements were made, whether
    the come-out roll is a shooter's first, whether each bet has stood through a roll (a
    withdrawal before it has is the table's choice)."""
    bets: Any = key[3]
    return (key[0], key[1], tuple(sorted(bet[:4] for bet in bets)))


def _norm_name(name: Name) -> Name:
    return ("roll", name[1], _norm(name[2])) if name[0] == "roll" else name  # type: ignore[arg-type]


def compatible(model: FamilyModel, a: Key, b: Key) -> bool:
    """Whether two states differ only in what no table answers (:func:`_norm`) and the model
    answers every input both take alike, and so on after it (a bisimulation up to what no
    table answers)."""
    seen = {(a, b)}
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        if _norm(x) != _norm(y):
            return False
        ex = {_norm_name(n): v for n, v in model.edges.get(x, {}).items()}
        ey = {_norm_name(n): v for n, v in model.edges.get(y, {}).items()}
        for name in ex.keys() & ey.keys():
            (out_x, next_x), (out_y, next_y) = ex[name], ey[name]
            if out_x != out_y and ("either",) not in (out_x, out_y):
                return False  # (what the text leaves to the table tells nothing apart)
            if (next_x, next_y) not in seen:
                seen.add((next_x, next_y))
                todo.append((next_x, next_y))
    return True


Probe = tuple[tuple[int, int], ...]


def _outputs(model: FamilyModel, ref: ReferenceTable, probe: Probe) -> tuple[Any, ...]:
    """What a probe's rolls give at a concrete table (each roll as the model keeps it)."""
    out = []
    for d1, d2 in probe:
        _event, said, ref = model.rolls(ref)[(d1 - 1) * 6 + d2 - 1]
        out.append(said)
    return tuple(out)


def probes(model: FamilyModel) -> tuple[list[Probe], list[str]]:
    """Rolls (one, or two in a row) that tell every two states apart on every table of
    theirs, chosen greedily in the fixed order of the dice; and what they leave untold (none:
    else the suite is not complete)."""
    tables = list(model.concrete.values())
    keys = [state_key(ref.state, model.family) for ref in tables]
    apart = {(a, b) for a in set(keys) for b in set(keys)
             if a != b and not compatible(model, a, b)}
    pairs = {(i, j) for i in range(len(tables)) for j in range(i + 1, len(tables))
             if (keys[i], keys[j]) in apart}
    chosen: list[Probe] = []
    for length in (1, 2):
        involved = sorted({i for pair in pairs for i in pair})
        candidates: list[Probe] = [(d,) for d in DICE] if length == 1 else \
            [(a, b) for a in DICE for b in DICE]
        said = {c: {i: _outputs(model, tables[i], c) for i in involved} for c in candidates}
        while pairs:
            best = max(candidates, key=lambda c: sum(1 for i, j in pairs
                                                     if said[c][i] != said[c][j]))
            told = {(i, j) for i, j in pairs if said[best][i] != said[best][j]}
            if not told:
                break
            chosen.append(best)
            pairs -= told
    left = [f"{model.family.name}: two of its states are told apart by no probe of one or two "
            "rolls" for _pair in sorted(pairs)[:1]]
    return chosen, left


@dataclass
class FamilySuite:
    """One family's part of the suite: its machine, k, probes, and scripts."""

    model: FamilyModel
    k: int
    probes: list[Probe]
    scripts: list[tuple[Event, ...]] = field(default_factory=list)
    #: what keeps the suite from being complete (none when the theorem applies)
    problems: list[str] = field(default_factory=list)


def _walks(model: FamilyModel, ref: ReferenceTable, depth: int
           ) -> Iterator[tuple[tuple[Name, ...], tuple[Event, ...]]]:
    """Every sequence of at most ``depth`` inputs from a concrete table, by name, with its
    concrete events (the empty one first)."""
    yield (), ()
    if depth == 0:
        return
    for move in model.moves(ref):
        for names, events in _walks(model, move.after, depth - 1):
            yield (move.name, *names), (move.event, *events)


def size(model: FamilyModel, k: int, n_probes: int) -> int:
    """Events the family's suite holds at this k."""
    total = 0
    for key, access in model.access.items():
        for _names, events in _walks(model, model.tables[key], k + 1):
            total += n_probes * (len(access) + len(events) + 1)  # (a probe: a roll or two)
    return total


_BUILT: dict[tuple[Any, ...], list[FamilySuite]] = {}
#: suites kept (one per setting a process checks a table under)
KEPT = 16


def build(setting: Setting, forced_k: int | None = None,
          budget: int = FAMILY_EVENTS) -> list[FamilySuite]:
    """Each family's suite, at the largest k its budget allows (or ``forced_k``); worked out
    once per setting (a suite is a function of the setting alone)."""
    key = (setting_key(setting), forced_k, budget)
    found = _BUILT.get(key)
    if found is None:
        if len(_BUILT) >= KEPT:
            _BUILT.clear()
        found = _BUILT[key] = _build(setting, forced_k, budget)
    return found


def _build(setting: Setting, forced_k: int | None, budget: int) -> list[FamilySuite]:
    out = []
    for family in families(setting.offered):
        model = FamilyModel(setting, family)
        chosen, left = probes(model)
        k = forced_k if forced_k is not None else 0
        while forced_k is None and k < MAX_K and size(model, k + 1, len(chosen)) <= budget:
            k += 1
        part = FamilySuite(model, k, chosen, problems=[*model.faithful(), *left])
        seen: set[Any] = set()
        for key, access in model.access.items():
            for _names, events in _walks(model, model.tables[key], k + 1):
                for p in chosen:
                    script = (*access, *events, *({"roll": list(d)} for d in p))
                    frozen = tuple(map(_frozen, script))
                    if frozen not in seen:  # one access script may be another's prefix
                        seen.add(frozen)
                        part.scripts.append(script)
        out.append(part)
    return out


def scripts(parts: Sequence[FamilySuite]) -> list[Script]:
    return [Script(f"suite: {part.model.family.name} {i}", "suite", events, {})
            for part in parts for i, events in enumerate(part.scripts, start=1)]


def _family(f: Family, part: FamilySuite) -> str:
    return (f"{f.name}: {len(part.model.access):,} states, k = {part.k}, "
            f"{len(part.probes)} probe roll(s), {len(part.scripts):,} scripts")


def result(parts: Sequence[FamilySuite], answered: set[str], played: Sequence[Script]
           ) -> Result:
    """The ``suite`` obligation: for every family, the abstraction exact, the states told
    apart, and every script the theorem asks for in the suite, played and answered."""
    started = time.perf_counter()
    ob = Obligation("craps/table/suite", "suite", CLAUSES[0], CLAUSES, "the table",
                    "all-scripts", "the suite is k-complete for the model of the table: every "
                    "state's access script, every k + 1 inputs after it, then probes that "
                    "tell the states apart", game="craps")
    sent = {tuple(map(_frozen, s.events)) for s in played}
    problems: list[str] = []
    for part in parts:
        problems += part.problems
        for key, access in part.model.access.items():
            for names, events in _walks(part.model, part.model.tables[key], part.k + 1):
                for p in part.probes:
                    wanted = tuple(map(_frozen, (*access, *events,
                                                 *({"roll": list(d)} for d in p))))
                    if wanted not in sent:
                        problems.append(f"{part.model.family.name}: no script for the state "
                                        f"reached by {len(access)} event(s), then "
                                        f"{len(names)} input(s), then the probe {p}")
    unanswered = [s.label for s in played if s.label not in answered]
    seconds = time.perf_counter() - started
    domain = "; ".join(_family(p.model.family, p) for p in parts)
    if not parts:
        return Result(ob, Verdict.VACUOUS, seconds, "the table offers no wager of any family")
    if problems:
        return Result(ob, Verdict.ERROR, seconds, f"not established: {len(problems):,} "
                      f"gap(s) in the suite, the first: {problems[0]}")
    if unanswered:
        return Result(ob, Verdict.ERROR, seconds,
                      f"not established: {len(unanswered):,} script(s) of the suite got no "
                      f"answer, e.g. {unanswered[0]}")
    k = min(p.k for p in parts)
    return Result(ob, Verdict.PROVED, seconds,
                  f"k-complete for the model of the table (k = {k} or more by family; "
                  "Vaandrager and Melse, CONCUR 2025): every implementation whose states "
                  "are all reached by an access script followed by at most k inputs, and "
                  f"whose answers differ from the model's, is found ({domain})",
                  enumeration=f"enumeration: {sum(len(p.scripts) for p in parts):,} "
                              "scripts, 0 missing")


def _frozen(event: Event) -> Any:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                        for k, v in event.items()))
