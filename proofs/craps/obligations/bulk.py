"""The specification's side of craps in bulk: what the rules of each wager prescribe at every
state of the universe and every roll (which rules apply, and each one's decision, net, next
point and call carried), as numpy arrays built once and kept in the user's cache directory
(:mod:`casino_proofs.solving.spec_cache`) for the next run. The enumerations of the craps
obligations settle by it.

It depends on the specification and the readings alone, never on the engine, and is never
trusted: obligation ``craps/bulk/all-states/bulk`` proves, on every run, every wager's table
equal to the Z3 specification at every state and roll (the compiled evaluation of its terms
at every input, itself confirmed by Z3 through every obligation's dual evidence). A table
that differs is REFUTED, and the run goes on with the one worked out again.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.obligations.lifting import state_dict
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.answers import DICE
from casino_proofs.solving import spec_cache
from casino_proofs.solving.fired import Outcome, spec_fired
from casino_proofs.solving.z3_compile import UnsupportedTerm

BUILDERS = ("casino_proofs.craps.obligations.bulk", "casino_proofs.solving.fired",
            "casino_proofs.solving.z3_compile")
CLAUSES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1")
Fired = list[tuple[int, Outcome]]


def obligation() -> Obligation:
    return Obligation("craps/bulk/all-states/bulk", "bulk", CLAUSES[0], CLAUSES, "every wager",
                      "all-states", "the bulk table of the specification (kept between runs) "
                      "equals the Z3 specification at every state and roll", game="craps")


def _states(w: spec.WagerSpec) -> tuple[spec.ConcreteState, ...]:
    """The states of the wager's classes, in the universe's order (what the enumeration
    settles)."""
    held = {st for cls in w.states for st in spec.states_of(cls)}
    return tuple(st for st in spec.rules.all_states() if st in held)


def _state_codes(states: Sequence[spec.ConcreteState]) -> Any:
    import numpy as np

    return np.array([[s.come_out, s.point, s.working, s.first_roll] for s in states],
                    dtype=np.int8)


@dataclass(frozen=True)
class WagerTable:
    """One wager's rules at every state and roll: ``fired[(state, die 1, die 2)]``."""

    wager: str
    fired: dict[tuple[spec.ConcreteState, int, int], Fired]
    kept: bool = False

    def at(self, st: spec.ConcreteState, d1: int, d2: int) -> Fired:
        return self.fired[(st, d1, d2)]


def _evaluated(w: spec.WagerSpec) -> dict[tuple[spec.ConcreteState, int, int], Fired]:
    fired = spec_fired(w)
    return {(st, d1, d2): fired(st, d1, d2) for st in _states(w) for d1, d2 in DICE}


def _arrays(w: spec.WagerSpec, table: dict[tuple[spec.ConcreteState, int, int], Fired]
            ) -> dict[str, Any]:
    """The table as arrays: for every state, roll and rule, whether it applies and what it
    prescribes (zero where it does not apply); decisions by their index in ``decisions``."""
    import numpy as np

    states, rules = _states(w), len(w.rules)
    shape = (len(states), len(DICE), rules)
    applies = np.zeros(shape, dtype=bool)
    decision, num, den = (np.zeros(shape, dtype=np.int64) for _ in range(3))
    point, working = np.zeros(shape, dtype=np.int8), np.zeros(shape, dtype=bool)
    names: list[str] = []
    for i, st in enumerate(states):
        for j, (d1, d2) in enumerate(DICE):
            for r, (name, net, nxt, call) in table[(st, d1, d2)]:
                if name not in names:
                    names.append(name)
                applies[i, j, r], decision[i, j, r] = True, names.index(name)
                num[i, j, r], den[i, j, r] = net.numerator, net.denominator
                point[i, j, r], working[i, j, r] = nxt, call
    return {"states": _state_codes(states), "applies": applies, "decision": decision,
            "num": num, "den": den, "point": point, "working": working,
            "decisions": np.array(names or [""])}


def _from_arrays(w: spec.WagerSpec, a: Mapping[str, Any]
                 ) -> dict[tuple[spec.ConcreteState, int, int], Fired] | None:
    """The table the arrays hold, or None if they are not of this wager's shape."""
    states = _states(w)
    shape = (len(states), len(DICE), len(w.rules))
    if any(a.get(k) is None for k in ("applies", "decision", "num", "den", "point", "working",
                                      "decisions", "states")) \
            or a["states"].shape != (len(states), 4) \
            or not bool((a["states"] == _state_codes(states)).all()) \
            or any(a[k].shape != shape for k in ("applies", "decision", "num", "den", "point",
                                                 "working")) \
            or (a["den"][a["applies"]] <= 0).any() \
            or (a["decision"][a["applies"]] >= len(a["decisions"])).any():
        return None
    names = [str(n) for n in a["decisions"].tolist()]
    applies, decision = a["applies"].tolist(), a["decision"].tolist()
    num, den, point, working = (a[k].tolist() for k in ("num", "den", "point", "working"))
    out = {}
    for i, st in enumerate(states):
        for j, (d1, d2) in enumerate(DICE):
            out[(st, d1, d2)] = [
                (r, (names[decision[i][j][r]], Fraction(num[i][j][r], den[i][j][r]),
                     int(point[i][j][r]), bool(working[i][j][r])))
                for r in range(len(w.rules)) if applies[i][j][r]]
    return out


def _terms(w: spec.WagerSpec) -> str:
    """A hash of the wager's rules as terms (a specification replaced or patched in the
    process, as the mutants do, keys a table of its own)."""
    h = hashlib.sha256()
    for rule in w.rules:
        for term in (rule.guard, rule.settlement.decision, rule.settlement.net,
                     rule.settlement.next_point, rule.settlement.next_working):
            h.update(term.sexpr().encode() + b"\0")
    return h.hexdigest()


def table(w: spec.WagerSpec, readings: Mapping[str, str], kept_on_disk: bool = True
          ) -> WagerTable:
    """The table of ``w`` under ``readings``: from the cache if it holds one for this very
    specification, else worked out (and kept); ``kept_on_disk`` false: in memory alone (a
    specification handed in, as the mutants do)."""
    if not kept_on_disk:
        return WagerTable(w.name, _evaluated(w))
    kind = f"craps-{w.name}"
    table_key = spec_cache.key(kind, BUILDERS, repr(sorted(readings.items())), _terms(w))
    kept = spec_cache.load(kind, table_key)
    fired = _from_arrays(w, kept) if kept is not None else None
    if fired is not None:
        return WagerTable(w.name, fired, kept=True)
    fired = _evaluated(w)
    spec_cache.store(kind, table_key, _arrays(w, fired))
    return WagerTable(w.name, fired)


def tables(specs: Sequence[spec.WagerSpec], readings: Mapping[str, str],
           kept_on_disk: bool = True) -> tuple[Result, dict[str, WagerTable]]:
    """Every wager's table (a wager whose rules cannot be compiled has none: the enumeration
    leaves it out too), and obligation ``bulk`` proving them."""
    made = {}
    for w in specs:
        try:
            made[w.name] = table(w, readings, kept_on_disk)
        except UnsupportedTerm:
            continue
    return verified([w for w in specs if w.name in made], made)


def verified(specs: Sequence[spec.WagerSpec], tables: dict[str, WagerTable]
             ) -> tuple[Result, dict[str, WagerTable]]:
    """Obligation ``bulk``: each wager's table equals its rules at every state and roll, as
    their compiled evaluation gives them at every input. (Z3's own evaluation confirms the
    compiled one through every obligation's dual evidence: a query and an enumeration that
    disagree are ERROR. It is not asked here: terms Z3 makes in this process before the Pai
    Gow queries' process forks change the resource counts there.) The tables to go on with:
    those given if PROVED, else those worked out again."""
    started = time.perf_counter()
    out: dict[str, WagerTable] = {}
    first: tuple[str, tuple[spec.ConcreteState, int, int], Fired, Fired] | None = None
    differing = inputs = 0
    for w in specs:
        fresh = _evaluated(w)
        given = tables[w.name].fired
        inputs += len(fresh)
        wrong = [] if given == fresh else [q for q in fresh if given.get(q) != fresh[q]]
        if wrong:
            differing += len(wrong)
            first = first or (w.name, wrong[0], given.get(wrong[0], []), fresh[wrong[0]])
            out[w.name] = WagerTable(w.name, fresh)
            continue
        out[w.name] = tables[w.name]
    ob = obligation()
    if first is not None:
        name, (st, d1, d2), held, wanted = first
        return (Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                       f"the bulk table differs from the specification at {differing:,} "
                       f"inputs, the first {name} at {d1},{d2}",
                       {"wager": name, "roll": [d1, d2], "state": state_dict(st),
                        "table": _json(held), "spec": _json(wanted)}), out)
    return (Result(ob, Verdict.PROVED, time.perf_counter() - started,
                   f"{len(specs)} wagers, {inputs:,} inputs"), out)


def _json(fired: Fired) -> list[dict[str, Any]]:
    return [{"rule": r, "decision": d, "net": str(n), "point": p, "working": c}
            for r, (d, n, p, c) in fired]
