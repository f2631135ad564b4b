"""A table engine's run: the scripts planned, played and read back, and the answers to every
protocol-1 question drawn from what was observed.

The protocol-1 obligations ask their questions as of any engine; here each is answered by the
first observation of that input (and, asked again, by the last: an input observed twice with
two settlements is then refuted as non-deterministic, and the ``history`` obligation names
both scripts). An input no script observed is answered as refused: the table did not let it
happen, and ``table-coverage`` says which.

A win paid as the declared rounding of its exact amount is read at the specification's net
(the money obligation judges the rounding). A settlement of even money back
(``conv-table-even-money``) is read as the specification's push, or its win at a net of
zero, where the specification says one of those; as a push elsewhere (so that the
settlement shown is what the table did).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.obligations.craps.answers import question
from casino_proofs.obligations.craps.enumeration import spec_fired
from casino_proofs.obligations.verdict import Result
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty, Refused, Settled
from casino_proofs.protocol.money import Money
from casino_proofs.tables.obligations import Judge
from casino_proofs.tables.observe import EVEN, Observation, Played, read_script
from casino_proofs.tables.planner import DICE, Script, universe_of
from casino_proofs.tables.scripts import plan

#: plays a list of scripts on the engine, one answer list (or a Faulty) per script
Player = Callable[[Sequence[Script]], list[Any]]
UNOBSERVED = "no script of legal play at this table observed this input"


@dataclass
class TableRun:
    """What the scripts showed: each input's first and last observation, the table
    obligations' tallies, and the money declared. Nothing grows with the number of sessions
    but the counts."""

    money: Money
    judge: Judge
    first: dict[CrapsInput, Observation] = field(default_factory=dict)
    last: dict[CrapsInput, Observation] = field(default_factory=dict)
    asked: set[CrapsInput] = field(default_factory=set)
    sessions: int = 0
    events: int = 0
    #: the first script the engine gave no answer to, if any
    silent: str = ""
    #: the inputs the specification says can occur (a table can show no other)
    universe: frozenset[CrapsInput] = frozenset()
    #: settlements of even money read as the specification's push or zero-net win
    even_read: int = 0

    def answer(self, batch: Sequence[CrapsInput]) -> list[CrapsAnswer]:
        out: list[CrapsAnswer] = []
        for q in batch:
            seen = (self.last if q in self.asked else self.first).get(q)
            self.asked.add(q)
            if seen is not None:
                out.append(seen.answer)
            elif self.silent and q in self.universe:  # a script it hung on might have shown it
                out.append(Faulty("timeout", f"{UNOBSERVED}; the engine gave no answer to "
                                             f"some scripts, e.g. {self.silent}"))
            else:
                out.append(Refused(UNOBSERVED))
        return out

    def results(self, specs: Sequence[spec.WagerSpec]) -> list[Result]:
        return self.judge.results(self.first, specs, self.universe)

    def notes(self) -> list[str]:
        """What the report says of how the table's money was read."""
        out = [f"{self.sessions:,} table sessions, {self.events:,} events"]
        if self.even_read:
            out.append(f"{self.even_read:,} settlements of the stake back and nothing more read "
                       "as the specification's push or win at a net of zero "
                       "(conv-table-even-money: at a table the two are one observation)")
        return out


def _outcomes(specs: Sequence[spec.WagerSpec]
              ) -> Callable[[CrapsInput], list[tuple[str, Fraction]]]:
    """The specification's (decision, net) at an input, by its compiled rules."""
    fired = {w.name: spec_fired(w) for w in specs}

    def at(q: CrapsInput) -> list[tuple[str, Fraction]]:
        f = fired.get(q.wager)
        if f is None:
            return []
        st = spec.ConcreteState(q.come_out, q.point or 0, q.working, q.first_roll)
        return [(str(d), Fraction(n)) for _, (d, n, _p, _w) in f(st, q.die_1, q.die_2)]
    return at


def run_table(play: Player, specs: Sequence[spec.WagerSpec], offered: Sequence[str],
              money: Money) -> TableRun:
    """Plan the scripts for ``specs``, play them, and read what the table did."""
    the_plan = plan(specs, offered, money.rounding)
    return read_run(zip(the_plan.scripts, play(the_plan.scripts), strict=True), specs, money,
                    the_plan.universe)


def read_run(sessions: Iterable[tuple[Script, Any]], specs: Sequence[spec.WagerSpec],
             money: Money, states: Mapping[str, frozenset[spec.ConcreteState]] | None = None
             ) -> TableRun:
    """What the table did in each script and its answers (played, or read from a session
    log), one session at a time. ``states``: each wager's reachable states, if the planner
    has worked them out already."""
    states = states if states is not None else universe_of(specs)
    run = TableRun(money, Judge(money), universe=frozenset(
        question(name, st, a, b) for name, sts in states.items() for st in sts
        for a, b in DICE))
    outcomes = _outcomes(specs)
    for script, answers in sessions:
        played = Played()
        read_script(script, answers, played)
        run.sessions += 1
        run.events += len(script.events)
        if played.unanswered and not run.silent:
            run.silent = f"script {script.name!r}: {played.unanswered[0][1]}"
        if script.kind == "money":
            run.judge.session(script, played, ())
            continue
        settling = [_read_money(o, script.kind, outcomes, run) for o in played.observations]
        played.observations = settling
        run.judge.session(script, played, settling)
        for o in settling:
            first = run.first.setdefault(o.input, o)
            if first is not o and isinstance(o.answer, Settled) \
                    and isinstance(first.answer, Settled):
                run.judge.history(first, o)
            run.last[o.input] = o
    return run


def _read_money(o: Observation, kind: str, outcomes: Callable[[CrapsInput],
                list[tuple[str, Fraction]]], run: TableRun) -> Observation:
    """An observation as the protocol-1 obligations read it: even money back as the
    specification's push or zero-net win; a win paid as the declared rounding of its exact
    amount at the specification's net (a session log's wins also carry that net, for the
    money obligation)."""
    a = o.answer
    if not isinstance(a, Settled):
        return o
    if a.decision == EVEN:
        said = next((d for d, n in outcomes(o.input) if d in ("push", "win") and n == 0),
                    "push")
        run.even_read += 1
        return replace(o, answer=Settled(said, Fraction(0), None))
    if a.decision != "win":
        return o
    due = next((n for d, n in outcomes(o.input) if d == "win"), None)
    if due is None:
        return o
    if kind == "log":
        o = replace(o, due=due)
    if a.net != due and run.money.pays(o.amount * due) == o.paid:
        o = replace(o, answer=Settled("win", due, None))
    return o


def readings_key(readings: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(readings.items()))
