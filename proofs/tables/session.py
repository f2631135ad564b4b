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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.answers import CrapsAnswer, CrapsInput, Refused, Settled
from casino_proofs.obligations.craps.enumeration import spec_fired
from casino_proofs.tables.money import Money
from casino_proofs.tables.observe import EVEN, Observation, Played, read_script
from casino_proofs.tables.planner import Plan, Script, plan

#: plays a list of scripts on the engine, one answer list (or a Faulty) per script
Player = Callable[[Sequence[Script]], list[Any]]
UNOBSERVED = "no script of legal play at this table observed this input"


@dataclass
class TableRun:
    """What the scripts showed: the observations of every kind of script, the inputs' first
    and last observations, and the money declared."""

    plan: Plan
    played: Played
    money: Money
    kinds: dict[str, str]  # script name -> kind
    first: dict[CrapsInput, Observation] = field(default_factory=dict)
    last: dict[CrapsInput, Observation] = field(default_factory=dict)
    asked: set[CrapsInput] = field(default_factory=set)
    #: settlements of even money read as the specification's push or zero-net win
    even_read: int = 0

    def answer(self, batch: Sequence[CrapsInput]) -> list[CrapsAnswer]:
        out: list[CrapsAnswer] = []
        for q in batch:
            seen = (self.last if q in self.asked else self.first).get(q)
            self.asked.add(q)
            out.append(seen.answer if seen is not None else Refused(UNOBSERVED))
        return out

    def settling(self) -> list[Observation]:
        """The observations at the planner's stakes (every kind but the money scripts)."""
        return [o for o in self.played.observations
                if self.kinds.get(o.where.script) != "money"]


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
    return read_run(the_plan, play(the_plan.scripts), specs, money)


def read_run(the_plan: Plan, answers: Sequence[Any], specs: Sequence[spec.WagerSpec],
             money: Money) -> TableRun:
    """What the table did in the plan's scripts (played, or read from a session log)."""
    played = Played()
    for script, answer in zip(the_plan.scripts, answers, strict=True):
        read_script(script, answer, played)
    run = TableRun(the_plan, played, money, {s.name: s.kind for s in the_plan.scripts})
    outcomes = _outcomes(specs)
    settling = run.settling()
    for i, o in enumerate(settling):
        a = o.answer
        if isinstance(a, Settled) and a.decision == EVEN:
            said = next((d for d, n in outcomes(o.input) if d in ("push", "win") and n == 0),
                        "push")
            o = Observation(o.input, Settled(said, Fraction(0), None), o.where, o.bet,
                            o.amount, o.paid, o.on)
            run.even_read += 1
        elif isinstance(a, Settled) and a.decision == "win":
            due = next((n for d, n in outcomes(o.input) if d == "win"), None)
            if due is not None and run.kinds.get(o.where.script) == "log":
                o = Observation(o.input, a, o.where, o.bet, o.amount, o.paid, o.on, due)
            if due is not None and a.net != due and money.pays(o.amount * due) == o.paid:
                # paid as the declared rounding of the exact amount: the net the text says
                o = Observation(o.input, Settled("win", due, None), o.where, o.bet, o.amount,
                                o.paid, o.on, o.due)
        settling[i] = o
        run.first.setdefault(o.input, o)
        run.last[o.input] = o
    run.played.observations = settling + [o for o in played.observations
                                          if run.kinds.get(o.where.script) == "money"]
    return run


def readings_key(readings: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(readings.items()))
