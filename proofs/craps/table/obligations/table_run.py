"""A table engine's run: the scripts planned, played and read back beside the reference table,
and the answers to every protocol-1 question drawn from what was observed.

The protocol-1 obligations ask their questions as of any engine; here each is answered by the
**first** observation of that input (asked again, the same: every later observation is judged
by the reference table itself, obligation ``history``). An input no script observed proves
nothing: it is answered ``unobserved``, never as a refusal, so that no obligation says the
table breaks a rule there; ``table-coverage`` names each. An input a declared policy keeps the
table from is answered ``excluded``: not established either, and one finding with the
policy's own (``craps/table/policies/NAME``, which cites the clause the policy contradicts).

A win is read at the specification's net (the amount is the money obligation's). A settlement
of even money back (``conv-table-even-money``) is read as the specification's push, or its win
at a net of zero, where the specification says one of those; as a push elsewhere (so that the
settlement shown is what the table did).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.obligations.answers import question
from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.observe import EVEN, Observation, Played, read_script
from casino_proofs.craps.table.judging.oracle import Oracle
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.judging.settlements import matches, rounded_away, unfollowed
from casino_proofs.craps.table.obligations.clauses import Judge, merged
from casino_proofs.craps.table.obligations.coverage import contradicting, coverage, policies_results
from casino_proofs.craps.table.scripts.fault_domain import FaultDomain
from casino_proofs.craps.table.scripts.pairs import PairCoverage
from casino_proofs.craps.table.scripts.planner import HARD_WAYS, ODDS_ON, SINGLE, Script
from casino_proofs.craps.table.scripts.shrink import Shortest, with_shortest
from casino_proofs.craps.table.scripts.transitions import Transitions, fault_cause
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.protocol.answers import (
    DICE,
    EXCLUDED,
    UNOBSERVED,
    CrapsAnswer,
    CrapsInput,
    Faulty,
    Refused,
    Settled,
)
from casino_proofs.protocol.money import Money

#: suspect scripts kept
SUSPECTS = 64
#: plays a list of scripts on the engine, one answer list (or a Faulty) per script
Player = Callable[[Sequence[Script]], list[Any]]


@dataclass
class TableRun:
    """What the scripts showed: each input's first observation, the table obligations'
    tallies, and the money declared. Nothing grows with the number of sessions but the
    counts."""

    setting: Setting
    judge: Judge
    first: dict[CrapsInput, Observation] = field(default_factory=dict)
    sessions: int = 0
    events: int = 0
    #: the first script the engine gave no answer to, if any
    silent: str = ""
    #: the inputs the specification says can occur (a table can show no other)
    universe: frozenset[CrapsInput] = frozenset()
    #: ... and those of them the table's declared policies keep it from
    excluded: frozenset[CrapsInput] = frozenset()
    #: settlements of even money back read as the specification's push or zero-net win
    even_read: int = 0
    transitions: Transitions | None = None
    #: results of the scripts' own obligations (transitions, sessions), made where they ran
    extra: list[Result] = field(default_factory=list)
    #: scripts whose first observation of some input the specification settles otherwise,
    #: with that input, in the order met (the first few are asked again alone, in case the
    #: fault is the request's size: :attr:`suspects`)
    mismatched: list[tuple[CrapsInput, str]] = field(default_factory=list)
    #: the place in the log of its first session (a shard's: see :meth:`merge`)
    offset: int = 0
    #: why some sessions were never judged (a shard whose worker died): nothing of the run
    #: is then established (:meth:`lose`)
    lost: str = ""
    #: the first observations read as even money back (counted in ``even_read``)
    evens: set[CrapsInput] = field(default_factory=set)
    #: the history pairs the scripts reach and those observed (:mod:`.pairs`); a log plans
    #: none (its sessions were not planned)
    pairs: PairCoverage = field(default_factory=PairCoverage)
    plans: bool = True
    #: each refuted table obligation's first failing script, shrunk, and its case in words;
    #: what the run's PROVED covers (a played table's; a log has none)
    shortest: dict[str, Shortest] = field(default_factory=dict)
    fault_domain: FaultDomain | None = None
    unfollowed: set[CrapsInput] = field(default_factory=set)  # see _firsts, resting

    @property
    def suspects(self) -> list[str]:
        return [label for _q, label in self.mismatched[:SUSPECTS]]

    def lose(self, why: str) -> None:
        """Some sessions were never judged (``why``): every obligation of the run is then
        ERROR, not established -- never PROVED on the others alone."""
        self.lost = self.lost or why
        for tally in self.judge.tallies.values():
            tally.lose(why)

    def answer(self, batch: Sequence[CrapsInput]) -> list[CrapsAnswer]:
        if self.lost:
            # never the words of an input no session showed: a log's gap is listed, and
            # this is no gap but a part of the log not judged (ERROR, whatever it held)
            return [Faulty("timeout", f"not established: some sessions of the log were "
                                      f"never judged ({self.lost})")] * len(batch)
        out: list[CrapsAnswer] = []
        for q in batch:
            seen = self.first.get(q)
            if seen is not None:
                out.append(seen.answer)
            elif q in self.excluded:
                out.append(Faulty("excluded", f"{EXCLUDED} ({_excluding(self.setting)})"))
            elif q not in self.universe:  # no table can be seen there: the domain's refusal
                out.append(Refused("a state that cannot occur is never seen at a table"))
            elif self.silent:  # a script it hung on might have shown it
                out.append(Faulty("timeout", f"{UNOBSERVED}; the engine gave no answer to "
                                             f"some scripts, e.g. {self.silent}"))
            else:
                out.append(Faulty("unobserved", UNOBSERVED))
        return out

    def read(self, script: Script, answers: Any, place: int | None = None) -> None:
        """What the table did in one script (or logged session), judged and kept; ``place``:
        its place in the log (by default the next after ``offset``), by which the first case
        of each kind of failure is told, whatever shard met it."""
        # the transition model is met by the scripts planned to meet it (or by a log's
        # sessions, which were not planned)
        played = Played(track=self.transitions is not None and not self.transitions.complete
                        and (script.purpose in ("transitions", "log") or not self.plans))
        read_script(script, answers, played, self.setting)
        place = self.offset + self.sessions if place is None else place
        self.sessions += 1
        self.events += len(script.events)
        if played.unanswered and not self.silent:
            self.silent = f"{script.label}: {played.unanswered[0][1]}"
        if self.transitions is not None:
            self.transitions.observe(script, answers, played)
        self.pairs.hear(self.setting, script, played, self.plans)
        self.judge.session(script.label, played, place)
        _firsts(self, script.label, played)

    def _first(self, o: Observation, label: str) -> None:
        """The first observation of an input: what the protocol-1 obligations read."""
        self.first[o.input], even = _as_protocol_one(o)
        if even:
            self.even_read += 1
            self.evens.add(o.input)
        if not matches(o):
            self.mismatched.append((o.input, label))

    def merge(self, later: TableRun) -> TableRun:
        """This run with ``later``'s added: the run of a log whose next sessions ``later``
        read (a shard). Exact and in order: the counts add up, each input's first
        observation is the earliest, one a later shard took for a first is judged by
        ``history`` at the place it was met, and every kind of failure shows the case one
        process would have shown."""
        self.sessions += later.sessions
        self.events += later.events
        self.silent = self.silent or later.silent
        self.lost = self.lost or later.lost
        new = [q for q in later.first if q not in self.first]
        for q in new:
            self.first[q] = later.first[q]
            if q in later.evens:
                self.even_read += 1
                self.evens.add(q)
        fresh = set(new)
        self.mismatched += [(q, label) for q, label in later.mismatched if q in fresh]
        merged(self.judge, later.judge)
        if self.transitions is not None and later.transitions is not None:
            self.transitions.observed |= later.transitions.observed
            self.transitions.unseen -= later.transitions.observed
        self.pairs.merge(later.pairs)
        self.extra += later.extra
        self.unfollowed |= {q for q in later.unfollowed if q in fresh}
        return self

    def resting(self, results: list[Result]) -> list[Result]:  # (:func:`resting`)
        return resting(results, self.unfollowed)

    def results(self, specs: Sequence[spec.WagerSpec]) -> list[Result]:
        silent = self.judge.tallies["scripts"].unanswered_first
        out = [refused_cause(self, coverage(self.first, specs, self.universe, silent,
                                             self.lost), specs)]
        out += [with_shortest(r, self.shortest.get(r.obligation.claim)) for r in
                self.judge.results(lambda kind: judged(self.setting, self.judge, kind))]
        if self.transitions is not None:
            out.append(self.transitions.result())
        out.append(self.pairs.result())
        out += self.extra
        out += policies_results(self.setting.policies, _judged_wagers(self))
        return linked(out)

    def not_applicable(self) -> list[dict[str, str]]:
        return not_applicable(self.setting, self.judge)

#: the declared policies that keep a table from inputs of the universe (a state with a
#: working call); the others (no take-down) keep it from events, never from an input
EXCLUDING = ("no-working-call",)


def _firsts(run: TableRun, label: str, played: Played) -> None:
    """The first observation of each input a script shows is what the protocol-1
    obligations read (``run.first``); those of odds that did not follow their line bet are
    also kept (``run.unfollowed``): a protocol-1 refutation of one rests on ``follow``."""
    odds = {id(o) for o, _line in unfollowed(played)}
    for o in played.observations:
        if o.input not in run.first:
            run._first(o, label)
            if id(o) in odds:
                run.unfollowed.add(o.input)


def _judged_wagers(run: TableRun) -> frozenset[str]:
    """The wagers a declared policy is judged for: those the table offers; at a log, which
    cannot tell what its table offers, those its sessions bet (never one it never shows)."""
    if run.plans:
        return run.setting.offered
    return run.setting.offered & frozenset(q.wager for q in run.first)


def refused_cause(run: TableRun, r: Result, specs: Sequence[spec.WagerSpec]) -> Result:
    """Inputs never observed, all of wagers whose placements the table refused where the
    rules take them, rest on that refusal: one finding with the obligation that judged it
    (and every obligation of theirs not established shares it)."""
    offered = {w.name for w in specs}
    wagers = {q.wager for q in run.universe if q not in run.first and q.wager in offered}
    refused = run.judge.refused
    if r.verdict is not Verdict.ERROR or not wagers or not wagers <= set(refused) \
            or run.silent or run.lost:
        return r
    kinds = sorted({refused[w] for w in wagers})
    names = ", ".join(sorted(wagers))
    return replace(r, cause=fault_cause(kinds[0]),
                   detail=f"{r.detail}; they are of wagers whose placements the table "
                          f"refused where the rules take them ({names}): one fact, "
                          f"refuted by craps/table/{kinds[0]}")


def resting(results: list[Result], unfollowed: set[CrapsInput]) -> list[Result]:
    """``results`` with the protocol-1 refutations whose input was first observed as an
    Associate Chance that did not follow its Single Chance bet (``unfollowed``) resting on
    the ``follow`` finding."""
    follow = next((r for r in results if r.obligation.id == "craps/table/follow"
                   and r.verdict is Verdict.REFUTED), None)
    if follow is None or not unfollowed:
        return results
    cause = fault_cause("follow")

    def rests(r: Result) -> bool:
        return r.verdict is Verdict.REFUTED and not r.cause and _shown_input(r) in unfollowed
    out = [replace(r, cause=cause) if rests(r) else r for r in results]
    if out == results:
        return results
    return [replace(r, cause=cause) if r is follow else r for r in out]


def _shown_input(r: Result) -> CrapsInput | None:
    """The input a protocol-1 result's counterexample shows (its wager, state and roll)."""
    cex = r.counterexample or {}
    state, roll = cex.get("state"), cex.get("roll")
    if not isinstance(state, dict) or not isinstance(roll, list) or len(roll) != 2 \
            or r.obligation.game != "craps":
        return None
    try:
        return CrapsInput(r.obligation.subject, bool(state.get("come_out")),
                          state.get("point"), bool(state.get("working")),
                          bool(state.get("first_roll")), int(roll[0]), int(roll[1]))
    except (TypeError, ValueError):
        return None


def _excluding(setting: Setting) -> str:
    """The declared policies that keep the table from inputs the text allows."""
    return ", ".join(f"policy-{name}" for name in contradicting(setting.policies,
                                                                setting.offered)
                     if name in EXCLUDING)


def notes(run: TableRun) -> list[str]:
    """What the report says of the table's run: its size, how its money was read, and the
    fault domain of its verdicts."""
    out = [f"{run.sessions:,} table sessions, {run.events:,} events"]
    if run.fault_domain is not None:
        out += run.fault_domain.lines()
    if run.even_read:
        out.append(f"{run.even_read:,} settlements of the stake back and nothing more read "
                   "as the specification's push or win at a net of zero "
                   "(conv-table-even-money: at a table the two are one observation)")
    return out


def applies(setting: Setting, kind: str) -> bool:
    """Whether a table obligation can apply to what the table offers."""
    offered = setting.offered
    odds = any(w in offered for w in ODDS_ON)
    multiple = any(w not in SINGLE and w not in ODDS_ON for w in offered)
    return {"any-time": multiple, "follow": odds,
            "withdrawal": odds or any(w in HARD_WAYS for w in offered),
            "call": not setting.policies.no_working_call
            and any(setting.oracle.takes_call(w) for w in offered)}.get(kind, True)


def judged(setting: Setting, judge: Judge, kind: str) -> bool:
    """Whether a table obligation is judged: it can apply to what the table offers, or the
    scripts or the log hold cases of it (a call of a wager that takes none, which must be
    refused, at a table that offers none that takes one: a table that took it was PROVED)."""
    return applies(setting, kind) or judge.tallies[kind].total > 0


def not_applicable(setting: Setting, judge: Judge | None = None) -> list[dict[str, str]]:
    """The table obligations left out because nothing the table offers concerns them (and,
    given the ``judge`` of what was played or logged, nothing there was a case of them)."""
    why = {"any-time": "the table offers no Multiple Chances wager",
           "follow": "the table offers no Associate Chance",
           "withdrawal": "the table offers no wager the text lets be withdrawn",
           "call": "the table declares no working call (policy-no-working-call)"
           if setting.policies.no_working_call
           else "the table offers no wager that takes a working call"}
    return [{"what": f"craps/table/{kind}", "why": f"not applicable: {reason}"}
            for kind, reason in why.items() if not applies(setting, kind)
            and (judge is None or not judged(setting, judge, kind))]


def linked(results: list[Result]) -> list[Result]:
    """One fault, one finding: a table obligation's refutation shares its cause with every
    result that rests on it (a session that fails the same way, the transitions and history
    pairs no script reached past its failures, the inputs never observed for want of the
    placements it refused). A cause naming an obligation that is not refuted here stays,
    for the craps run's facts to resolve (:func:`~casino_proofs.craps.obligations.facts.
    one_fact`: the first observations of an input are the protocol-1 obligations')."""
    refuted = {r.obligation.claim for r in results if r.verdict is Verdict.REFUTED
               and r.obligation.id == f"craps/table/{r.obligation.claim}"}
    kinds = set()
    out = []
    for r in results:
        if r.obligation.claim == "sessions" and r.verdict is Verdict.REFUTED:
            kind = str((r.counterexample or {}).get("kind", ""))
            if kind in refuted and kind != "sessions":
                r = replace(r, cause=fault_cause(kind))
        if r.cause.startswith(fault_cause("")):
            kinds.add(r.cause.removeprefix(fault_cause("")))
        out.append(r)
    return [replace(r, cause=fault_cause(r.obligation.claim))
            if r.obligation.claim in kinds & refuted
            and r.obligation.id == f"craps/table/{r.obligation.claim}"
            and r.verdict is Verdict.REFUTED else r for r in out]


def setting_of(specs: Sequence[spec.WagerSpec], offered: Iterable[str], money: Money,
               policies: Policies) -> Setting:
    return Setting(Oracle(specs), money, policies, frozenset(offered))


def universe_inputs(oracle: Oracle, policies: Policies) -> frozenset[CrapsInput]:
    """Every input that can occur at the table: the specification's states of each wager,
    less those a declared policy keeps the table from (no working call: no state with one)."""
    return frozenset(question(name, st, a, b) for name, sts in oracle.universe.items()
                     for st in sts if not (policies.no_working_call and st.working)
                     for a, b in DICE)


def read_run(sessions: Iterable[tuple[Script, Any]], setting: Setting,
             transitions: Transitions | None = None, offset: int = 0,
             plans: bool = True) -> TableRun:
    """What the table did in each script and its answers (played, or read from a session
    log), one session at a time (``offset``: the place in the log of the first, for a
    shard)."""
    universe = universe_inputs(setting.oracle, Policies())
    within = universe_inputs(setting.oracle, setting.policies)
    run = TableRun(setting, Judge(setting.money, setting.policies.per_player),
                   universe=within, excluded=universe - within, transitions=transitions,
                   offset=offset, plans=plans)
    if transitions is not None:
        transitions.reset()
    for script, answers in sessions:
        run.read(script, answers)
    return run


def _as_protocol_one(o: Observation) -> tuple[Observation, bool]:
    """An observation as the protocol-1 obligations read it: even money back as the
    specification's push or zero-net win; a win at the specification's net (the amount is
    the money obligation's). With it, whether it was read as even money back."""
    a = o.answer
    due = o.due.due if o.due is not None else None
    if not isinstance(a, Settled):
        return o, False
    if a.decision == EVEN and rounded_away(o) and due is not None:
        return replace(o, answer=Settled("win", due.net, None)), False  # rounded away
    if a.decision == EVEN:
        said = "push"
        if due is not None and due.decision in ("push", "win") and due.net == 0:
            said = due.decision
        return replace(o, answer=Settled(said, Fraction(0), None)), True
    if a.decision == "win" and due is not None and due.decision == "win" and due.net > 0:
        return replace(o, answer=Settled("win", due.net, None)), False
    return o, False


def readings_key(readings: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(readings.items()))
