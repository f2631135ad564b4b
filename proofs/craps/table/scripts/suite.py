"""A suite complete for each family's machine, and the obligation that proves it so by
killing every mutant of that machine (docs/engine-protocol.md, "The fault domain").

For each family's machine (:mod:`.family_machine`) the suite holds, for every state s with
its access script a(s), every sequence x of at most k + 1 inputs from there, then each probe
of the identifier of the state x reaches (:mod:`.family_probes`): the HSI method, whose
suites Vaandrager and Melse (CONCUR 2025) prove *k-A-complete*: such a suite finds every
implementation whose states are all reached by an access script followed by at most k
inputs, and whose answers differ from the machine's. ``k`` is the largest each family's
budget allows (``--table-k`` sets it). Every answer is also judged exactly by the reference
table.

The ``suite`` obligation does not take the theorem's word for the suite as planned: it reads
every suite script played as a word of the stated machine and runs every mutant of the
machine on them (:mod:`.family_mutants`); it is PROVED only when the machine is exact, every
mutant is killed, and every script was answered.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.reference import ReferenceTable
from casino_proofs.craps.table.model.family_inputs import Event, Family, families
from casino_proofs.craps.table.model.family_machine import FamilyMachine, Key, frozen_event
from casino_proofs.craps.table.model.family_mutants import Analysis, Mutation, read
from casino_proofs.craps.table.model.family_probes import Pair, Probe, apart, identifiers, probes
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.play_budget import MAX_K

#: events the suite of one family may hold by default; k is the largest that fits (k = 0,
#: the least, whatever its size)
FAMILY_EVENTS = 6_000
CLAUSES = ("conv-table-placement", "conv-table-shooter", "conv-table-call",
           "conv-table-withdrawal-scope", "conv-table-decided")


@dataclass
class FamilySuite:
    """One family's part of the suite: its machine, k, probes, and scripts."""

    machine: FamilyMachine
    k: int
    probes: list[Probe]
    apart: set[Pair]
    identifiers: dict[Key, list[Probe]]
    scripts: list[tuple[Event, ...]] = field(default_factory=list)
    #: the pairs (t, u) apart where the table in u refuses every choice the text leaves it
    refusing: set[Pair] = field(default_factory=set)
    #: what keeps the suite from being complete (none when the machine is exact and every
    #: two states apart are told apart)
    problems: list[str] = field(default_factory=list)
    #: the mutants run on the suite's own scripts, each read whole (:func:`mutation`): a
    #: function of the machine and the scripts alone, worked out once a process
    as_planned: tuple[Mutation, Analysis] | None = field(default=None, repr=False,
                                                         compare=False)

    @property
    def family(self) -> Family:
        return self.machine.family


def _walks(machine: FamilyMachine, ref: ReferenceTable, depth: int
           ) -> Iterator[tuple[tuple[Event, ...], ReferenceTable]]:
    """Every sequence of at most ``depth`` inputs from a concrete table, with the table it
    ends at (the empty one first)."""
    yield (), ref
    if depth == 0:
        return
    for move in machine.moves(ref):
        for events, end in _walks(machine, move.after, depth - 1):
            yield (move.event, *events), end


def _probe(machine: FamilyMachine, ref: ReferenceTable, probe: Probe) -> tuple[Event, ...]:
    """A probe's events at a concrete table (a state's probes are inputs it takes)."""
    out = []
    for label in probe:
        move = next(m for m in machine.moves(ref) if m.label == label)
        out.append(move.event)
        ref = move.after
    return tuple(out)


def _tests(part: FamilySuite, depth: int) -> Iterator[tuple[tuple[Event, ...], Any]]:
    """The suite's scripts at ``depth`` inputs after each access script (each once), each
    with its events frozen (hashable)."""
    m = part.machine
    seen: set[Any] = set()
    for key, access in m.access.items():
        for events, end in _walks(m, m.first[key], depth):
            for p in part.identifiers[m.state_of(end)] or [()]:
                script = (*access, *events, *_probe(m, end, p))
                frozen = tuple(map(frozen_event, script))
                if frozen not in seen:  # one access script may be another's prefix
                    seen.add(frozen)
                    yield script, frozen


def _longest(scripts: Iterator[tuple[tuple[Event, ...], Any]]) -> list[tuple[Event, ...]]:
    """The scripts, less each that is the beginning of another (each starts on a fresh
    table: the longer one shows all it shows), in the order first made."""
    pairs = list(scripts)
    made = [s for s, _f in pairs]
    frozen = [f for _s, f in pairs]
    order = sorted(range(len(made)), key=frozen.__getitem__)
    inside = {i for i, j in pairwise(order) if frozen[j][:len(frozen[i])] == frozen[i]}
    return [s for i, s in enumerate(made) if i not in inside]


def _least(part: FamilySuite, depth: int) -> int:
    """The fewest events the suite can have at ``depth`` (each walk from each access script,
    and one event of probe), counted on the machine alone."""
    m = part.machine
    total = 0
    for key, access in m.access.items():
        walks = {key: (1, 0)}  # state -> (walks ending there, their inputs in all)
        for _ in range(depth):
            after: dict[Key, tuple[int, int]] = {}
            for s, (n, inputs) in walks.items():
                for _o, t in m.edges[s].values():
                    was = after.get(t, (0, 0))
                    after[t] = (was[0] + n, was[1] + inputs + n)
            total += sum(n * (len(access) + 1) + inputs for n, inputs in after.values())
            walks = after
    return total


def _size(part: FamilySuite, depth: int, budget: int) -> int:
    """Events of the suite at ``depth``, counted until past ``budget`` (past it at once
    where the fewest it can have are)."""
    total = _least(part, depth)
    if total > budget:
        return total
    total = 0
    for script, _frozen_events in _tests(part, depth):
        total += len(script)
        if total > budget:
            break
    return total


_BUILT: dict[tuple[Any, ...], FamilySuite] = {}
#: family suites kept (a process checks tables under a few settings, of a few families each)
KEPT = 64


def family_key(setting: Setting, family: Family) -> tuple[Any, ...]:
    """What a family's suite depends on, as a key: the family, its wagers' specifications
    (each the same object while the process lives: :func:`.bets.setting_key`), the money
    and the policies. Not the other wagers offered: the family's machine places only its
    own wagers, and the rules of the table judge a placement, call or withdrawal by its own
    wager and the bets on the table (``tests/test_table_fault_domain.py`` holds it)."""
    specs = tuple(id(setting.oracle.specs[w]) for w in family.wagers)
    return (family, specs, setting.money, setting.policies)


def build(setting: Setting, forced_k: int | None = None,
          budget: int = FAMILY_EVENTS) -> list[FamilySuite]:
    """Each family's suite, at the largest k its budget allows (or ``forced_k``); worked out
    once a process for each family and what its suite depends on (:func:`family_key`)."""
    out = []
    for family in families(setting.offered):
        key = (family_key(setting, family), forced_k, budget)
        found = _BUILT.get(key)
        if found is None:
            if len(_BUILT) >= KEPT:
                _BUILT.clear()
            found = _BUILT[key] = _family_suite(setting, family, forced_k, budget)
        out.append(found)
    return out


def _family_suite(setting: Setting, family: Family, forced_k: int | None,
                  budget: int) -> FamilySuite:
    machine = FamilyMachine(setting, family)
    pairs = apart(machine.edges)
    refusing = apart(machine.edges, refusing=True)
    chosen, untold = probes(machine.edges, pairs)
    more, untold_refusing = probes(machine.edges, refusing, True, chosen)
    chosen += more
    untold |= untold_refusing
    part = FamilySuite(machine, 0, chosen, pairs,
                       identifiers(machine.edges, pairs, chosen, refusing),
                       problems=list(machine.problems), refusing=refusing)
    if untold:
        part.problems.append(f"{family.name}: {len(untold):,} "
                             f"pair{'' if len(untold) == 1 else 's'} of its states apart "
                             f"{'is' if len(untold) == 1 else 'are'} told apart by no probe "
                             "of one or two inputs")
    k = forced_k if forced_k is not None else 0
    while forced_k is None and k < MAX_K and _size(part, k + 2, budget) <= budget:
        k += 1
    part.k = k
    part.scripts = _longest(_tests(part, k + 1))
    return part


def scripts(parts: Sequence[FamilySuite]) -> list[Script]:
    return [Script(f"suite: {part.family.name} {i}", "suite", events, {})
            for part in parts for i, events in enumerate(part.scripts, start=1)]


def mutation(part: FamilySuite, played: Sequence[Sequence[Event]],
             cut: Sequence[int | None] = ()) -> tuple[Mutation, Analysis]:
    """The family's mutants run on the words its played scripts are (``cut``: each
    script's first event the table refused that the text leaves to it, None for none: the
    script shows the machine's path only up to it). The mutants depend on the words alone,
    never on the table's answers: where the scripts played are the suite's own, each read
    whole, they are run once a process (the mutation is read, never changed, after)."""
    whole = not any(c is not None for c in cut)
    as_planned = whole and len(played) == len(part.scripts) and all(
        a is b for a, b in zip(played, part.scripts, strict=True))
    if as_planned and part.as_planned is not None:
        return part.as_planned
    analysis = Analysis(part.machine, part.apart, read(part.machine, played, cut),
                        part.refusing)
    found = analysis.run(part.k)
    if found.survived and any(c is not None for c in cut):
        found.past_refusals(Analysis(part.machine, part.apart, read(part.machine, played),
                                     part.refusing))
    if as_planned:
        part.as_planned = found, analysis
    return found, analysis


def _by_family(played: Sequence[Script], refused: Mapping[str, int]
               ) -> tuple[dict[str, list[tuple[Event, ...]]], dict[str, list[int | None]]]:
    """The suite's scripts played, by family, and each one's first event the table refused
    that the text leaves to it (None: none)."""
    by_family: dict[str, list[tuple[Event, ...]]] = {}
    cuts: dict[str, list[int | None]] = {}
    for s in played:
        name = s.name.rsplit(" ", 1)[0].removeprefix("suite: ")
        by_family.setdefault(name, []).append(s.events)
        cuts.setdefault(name, []).append(refused.get(s.name))
    return by_family, cuts


def _family(part: FamilySuite, m: Mutation) -> str:
    machine = part.machine
    return (f"{part.family.name}: {len(machine.edges):,} states, "
            f"{len(machine.inputs()):,} inputs, {machine.transitions:,} transitions, "
            f"k = {part.k}, mutants killed {m.killed:,} of {m.total:,}"
            + (f" ({m.beyond:,} not reachable at this table)" if m.beyond else ""))


def result(parts: Sequence[FamilySuite], answered: set[str], played: Sequence[Script],
           refused: Mapping[str, int] | None = None) -> Result:
    """The ``suite`` obligation (:func:`judge`)."""
    return judge(parts, answered, played, refused)[0]


def judge(parts: Sequence[FamilySuite], answered: set[str], played: Sequence[Script],
          refused: Mapping[str, int] | None = None) -> tuple[Result, list[dict[str, Any]]]:
    """The ``suite`` obligation: for every family, the machine exact, its states told apart,
    every mutant killed by the scripts played, and every one of them answered; with each
    family's figures for the fault domain (``refused``: by a script's name, its first event
    the table refused that the text leaves to it: the mutants only what lies past it would
    kill are not reachable at this table, counted apart)."""
    started = time.perf_counter()
    ob = Obligation("craps/table/suite", "suite", CLAUSES[0], CLAUSES, "the table",
                    "all-scripts", "the suite is k-complete for the stated model of the "
                    "table: every mutant of each family's machine is killed by the scripts "
                    "played", game="craps")
    if not parts:
        return Result(ob, Verdict.VACUOUS, time.perf_counter() - started,
                      "the table offers no wager of any family"), []
    problems = [p for part in parts for p in part.problems]
    by_family, cuts = _by_family(played, refused or {})
    runs = [(part, *mutation(part, by_family.get(part.family.name, []),
                             cuts.get(part.family.name, []))) for part in parts]
    each = [{"family": part.family.name, "k": part.k, **m.json()} for part, m, _a in runs]
    figures = {"families": each}
    domain = "; ".join(_family(part, m) for part, m, _a in runs)
    unanswered = [s.label for s in played if s.label not in answered]
    seconds = time.perf_counter() - started
    if problems:
        return Result(ob, Verdict.ERROR, seconds, f"not established: {problems[0]}"
                      + (f" (and {len(problems) - 1:,} more)" if len(problems) > 1 else ""),
                      figures), each
    failing = next(((part, m, a) for part, m, a in runs if m.survivor is not None), None)
    if failing is not None:
        part, m, a = failing
        assert m.survivor is not None
        return Result(ob, Verdict.REFUTED, seconds,
                      f"the suite is not complete for the machine of {part.family.name}: "
                      f"{m.survivors:,} of its {m.total:,} mutants survive the scripts "
                      f"played, the first: {m.survivor.words()}",
                      counterexample={"family": part.family.name,
                                      "mutant": m.survivor.words(),
                                      "script": a.script(m.survivor),
                                      "survivors": m.survivors, "mutants": m.total,
                                      **figures}), each
    if unanswered:
        return Result(ob, Verdict.ERROR, seconds,
                      f"not established: {len(unanswered):,} "
                      f"script{'' if len(unanswered) == 1 else 's'} of the suite got no "
                      f"answer, e.g. {unanswered[0]}", figures), each
    return _proved(ob, seconds, parts, [m for _p, m, _a in runs], domain), each


def _proved(ob: Obligation, seconds: float, parts: Sequence[FamilySuite],
            mutations: Sequence[Mutation], domain: str) -> Result:
    k = min(part.k for part in parts)
    killed = sum(m.killed for m in mutations)
    beyond = sum(m.beyond for m in mutations)
    here = (f"; {beyond:,} more are killed only past events the text leaves to the table, "
            "which it refused: not reachable at this table") if beyond else ""
    return Result(ob, Verdict.PROVED, seconds,
                  f"k-complete for the stated model of the table (k = {k} or more by family; "
                  "Vaandrager and Melse, CONCUR 2025), and every mutant of each family's "
                  f"machine killed by the scripts played ({killed:,} of {killed:,}: every "
                  f"output fault and transfer fault, extra states at k of 1 or more{here}): "
                  "every implementation whose states are all reached by an access script "
                  "followed by at most k inputs, and whose answers differ from the model's, "
                  f"is found ({domain})",
                  enumeration=f"enumeration: {sum(len(p.scripts) for p in parts):,} "
                              f"scripts, {killed:,} mutants killed, 0 surviving")
