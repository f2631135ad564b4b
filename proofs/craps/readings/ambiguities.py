"""Craps's ambiguities (:mod:`casino_proofs.analyses.readings.ambiguities`): a reading of
ss. 95.15-95.16 decided by comparing the two rule sets over symbolic rolls and states (a
witness replayed through the specification under both readings, and through our
implementation), the language differences of the English and French texts, and the silence on
how a fraction of a unit is paid."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import z3

from casino_proofs import regulation, spec
from casino_proofs.analyses.readings.ambiguities import (
    Entry,
    Finding,
)
from casino_proofs.analyses.readings.ambiguities import check as _check
from casino_proofs.analyses.readings.ambiguities import ours_engine as _ours
from casino_proofs.analyses.readings.ambiguities import solver as _solver
from casino_proofs.analyses.readings.edge import craps_readings, rule_fingerprint
from casino_proofs.craps.obligations.answers import answer_json, question
from casino_proofs.craps.obligations.lifting import spec_dict, state_dict
from casino_proofs.protocol.answers import Refused, Settled
from casino_proofs.solving.least import Pinned, least_model
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    IS_PAIR,
    POINT,
    TOTAL,
    WORKING,
    Decision,
    dice_domain,
    state_universe,
    total_in,
)

#: a craps witness is the least state, then the least roll (solving.least: the same on every
#: run, whatever model Z3 finds first)
CRAPS_WITNESS: tuple[Pinned, ...] = ((POINT, (0, 10)), (COME_OUT, None), (WORKING, None),
                                     (FIRST_ROLL, None), (DIE_1, (1, 6)), (DIE_2, (1, 6)))


_OUT = {side: (z3.Const(f"decision_{side}", Decision), z3.Real(f"net_{side}"),
               z3.Int(f"next_{side}"), z3.Bool(f"working_{side}")) for side in ("a", "b")}


def _settled_by(w: spec.WagerSpec, side: str) -> tuple[z3.BoolRef, z3.BoolRef]:
    """(the rules fix side's outputs where they fire, some rule fires)."""
    d, n, p, k = _OUT[side]
    fixes = z3.And([z3.Implies(r.guard, z3.And(d == r.settlement.decision,
                                                n == r.settlement.net,
                                                p == r.settlement.next_point,
                                                k == r.settlement.next_working))
                    for r in w.rules])
    return fixes, z3.Or([r.guard for r in w.rules])


def _concrete(w: spec.WagerSpec, st: spec.ConcreteState, d1: int, d2: int) -> dict[str, Any]:
    fired = spec.firing(w, st, d1, d2)
    distinct = {(s.decision, s.net, s.next_point, s.working) for _, s in fired}
    if len(distinct) != 1:
        return {"decision": "undefined",
                "why": "no clause decides" if not distinct else "clauses conflict"}
    rule, s = fired[0]
    return spec_dict(s, rule.clauses)


def _impl_concrete(name: str, st: spec.ConcreteState, d1: int, d2: int,
                   values: dict[str, str]) -> dict[str, Any]:
    answer = _ours().settle([question(name, st, d1, d2)], values)[0]
    if not isinstance(answer, Settled):
        why = answer.reason if isinstance(answer, Refused) else answer.problem
        return {"decision": "undefined", "why": why}
    return answer_json(answer)


def _delta(a: dict[str, Any], b: dict[str, Any]) -> str | None:
    if a.get("decision") == "undefined" or b.get("decision") == "undefined":
        return None
    return str(Fraction(b["net"]) - Fraction(a["net"]))


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("decision", "net", "point", "working")
    return all(a.get(k) == b.get(k) for k in keys)


def compare_wagers(default: spec.WagerSpec, other: spec.WagerSpec,
                   extra: z3.BoolRef | None = None) -> dict[str, Any] | None:
    """A roll and state reachable under both where the two rule sets settle differently, or
    None when Z3 proves there is none. ``extra`` constrains additional state variables."""
    solver = _solver()
    fixes_a, fires_a = _settled_by(default, "a")
    fixes_b, fires_b = _settled_by(other, "b")
    reachable = z3.And(z3.Or([c.constraint for c in default.states]),
                       z3.Or([c.constraint for c in other.states]))
    (da, na, pa, ka), (db, nb, pb, kb) = _OUT["a"], _OUT["b"]
    solver.add(dice_domain(), state_universe(), reachable, fixes_a, fixes_b)
    if extra is not None:
        solver.add(extra)
    solver.add(z3.Or(fires_a != fires_b,
                     z3.And(fires_a, fires_b, z3.Or(da != db, na != nb, pa != pb, ka != kb))))
    result = _check(solver)
    if result == z3.unsat:
        return None
    m = least_model(solver, CRAPS_WITNESS, _check)

    def val(v: z3.ExprRef) -> Any:
        return m.eval(v, model_completion=True)

    st = spec.ConcreteState(z3.is_true(val(COME_OUT)), val(POINT).as_long(),
                            z3.is_true(val(WORKING)), z3.is_true(val(FIRST_ROLL)))
    return {"roll": [val(DIE_1).as_long(), val(DIE_2).as_long()], "state": st, "model": m}


def _craps_reading(entry: Entry, alternative: str) -> Finding:
    started = time.perf_counter()
    base = spec.Readings()
    other = spec.Readings.from_dict({entry.id: alternative})
    differing, by_section, deltas = [], {}, {}
    for name in spec.WAGER_NAMES:
        a, b = spec.wager(name, base), spec.wager(name, other)
        if rule_fingerprint(a) == rule_fingerprint(b):
            continue
        found = compare_wagers(a, b)
        if found is None:
            continue
        differing.append(name)
        section = _section_of(a)
        if section not in by_section:
            by_section[section], deltas[section] = _craps_witness(name, a, b, found, entry.id,
                                                                  alternative)
    if not by_section:
        return Finding(entry, alternative, "PROVED", False,
                       "Z3: no roll in any state reachable under both readings is settled "
                       "differently, for every wager", seconds=time.perf_counter() - started)
    replayed = [w.pop("replayed") for w in by_section.values()]
    first = next(iter(by_section))
    return Finding(entry, alternative, "PROVED" if all(replayed) else "ERROR", True,
                   witness=by_section[first], delta=deltas[first], affected=differing,
                   seconds=time.perf_counter() - started,
                   by_section={s: {**w, "delta": deltas[s]} for s, w in by_section.items()}
                   if len(by_section) > 1 else {})


def _section_of(w: spec.WagerSpec) -> str:
    """The section of the text that defines a wager (``95.15``; ``""``: a convention)."""
    home = regulation.lookup(w.paragraph)
    return home.section if isinstance(home, regulation.Paragraph) else ""


def _craps_witness(name: str, a: spec.WagerSpec, b: spec.WagerSpec, found: dict[str, Any],
                   reading: str, alternative: str) -> tuple[dict[str, Any], str | None]:
    """Replay the witness through both specifications (and both implementations)."""
    d1, d2 = found["roll"]
    st = found["state"]
    under_a, under_b = _concrete(a, st, d1, d2), _concrete(b, st, d1, d2)
    replayed = not _same(under_a, under_b)
    witness: dict[str, Any] = {"wager": name, "roll": [d1, d2], "state": state_dict(st),
                               "default": under_a, alternative: under_b}
    if reading in regulation.readings():
        impl_a = _impl_concrete(name, st, d1, d2, {})
        impl_b = _impl_concrete(name, st, d1, d2, {reading: alternative})
        witness["impl"] = {"default": impl_a, alternative: impl_b}
        replayed = replayed and _same(impl_a, under_a) == _same(impl_b, under_b) \
            and _agrees(impl_a, under_a) and _agrees(impl_b, under_b)
    witness["replayed"] = replayed
    return witness, _delta(under_a, under_b)


def _agrees(impl_side: dict[str, Any], spec_side: dict[str, Any]) -> bool:
    if spec_side.get("decision") == "undefined":
        return impl_side.get("decision") == "undefined"
    return _same(impl_side, spec_side)


def _equivalent(entry: Entry, alternative: str, english: z3.BoolRef, french: z3.BoolRef,
                what: str) -> Finding:
    """Two wordings, each encoded as its own formula over the dice, proved to mean the same
    (or a roll where they differ)."""
    started = time.perf_counter()
    solver = _solver()
    solver.add(dice_domain(), english != french)
    result = _check(solver)
    if result == z3.unsat:
        return Finding(entry, alternative, "PROVED", False,
                       f"Z3: the English and French encodings of {what} are equivalent on all "
                       "36 rolls", seconds=time.perf_counter() - started)
    m = least_model(solver, CRAPS_WITNESS[-2:], _check)
    roll = [m.eval(d, model_completion=True).as_long() for d in (DIE_1, DIE_2)]
    return Finding(entry, alternative, "PROVED", True,
                   witness={"roll": roll, "meaning": what,
                            "english": z3.is_true(m.eval(english, model_completion=True)),
                            "french": z3.is_true(m.eval(french, model_completion=True))},
                   seconds=time.perf_counter() - started)


def _double(n: int) -> z3.BoolRef:
    return z3.And(DIE_1 == n, DIE_2 == n)


def _lang_s4(entry: Entry, alternative: str) -> Finding:
    """English "or" against French "et": read distributively, the French means the English
    (proved); read as written, it pays no roll (witness)."""
    english = z3.Or(_double(3), _double(4))  # "a double 3 or a double 4"
    distributed = z3.Or([_double(n) for n in (3, 4)])  # "et" distributed over the doubles
    same = _equivalent(entry, "distributive", english, distributed,
                       "the rolls s4 pays at 9 to 1")
    if same.material is not False:
        return replace(same, verdict="ERROR", proof="the distributive reading differs")
    literal = z3.And(_double(3), _double(4))  # "d'un double 3 et d'un double 4", as written
    finding = _equivalent(entry, alternative, english, literal, "the rolls s4 pays at 9 to 1")
    finding.proof = (f"distributive: {same.proof}. As written (conjunctive) no roll is formed "
                     "by both doubles")
    if finding.witness is not None:
        finding.witness["settlement"] = {
            "english": "hard-6 (3-3) or hard-8 (4-4) wins at 9 to 1: net +9",
            "french": "no sentence says what the win pays: undefined"}
    return finding


def _lang_s2(entry: Entry, alternative: str) -> Finding:
    english = DIE_1 != DIE_2  # "formed with two non-identical numbers"
    french = z3.Not(IS_PAIR)  # "formé autrement que par 2 chiffres identiques"
    return _equivalent(entry, alternative, english, french,
                       "“formed with two non-identical numbers”")


def _lang_4(entry: Entry, alternative: str) -> Finding:
    craps = frozenset({2, 3, 12})
    wins = total_in(TOTAL, craps)
    # English: two sentences, a winning rule and a losing rule ("in all other cases").
    english = z3.And(z3.Implies(wins, z3.Bool("wins")), z3.Implies(z3.Not(wins),
                                                                   z3.Not(z3.Bool("wins"))))
    # French: one sentence, "gagnante si ... et elle est perdante dans tous les autres cas".
    french = z3.Bool("wins") == wins
    started = time.perf_counter()
    solver = _solver()
    solver.add(dice_domain(), english != french)
    result = _check(solver)
    return Finding(entry, alternative, "PROVED", result == z3.sat,
                   "Z3: the one-sentence and two-sentence wordings decide every roll alike"
                   if result == z3.unsat else "", seconds=time.perf_counter() - started)


def _lang_which(entry: Entry, alternative: str) -> Finding:
    started = time.perf_counter()
    for name in spec.named(spec.Kind.ONE_ROLL, combined=True):
        english = spec.wager(name)  # read restrictively, as the French says
        french = spec.wager(name)
        if compare_wagers(english, french) is not None:
            return Finding(entry, alternative, "ERROR", None, "the encodings differ")
    return Finding(entry, alternative, "PROVED", False,
                   "Z3: read restrictively, both wordings give Horn, World and 3-Way Craps the "
                   "same settlements; the English non-restrictive reading names no payout and "
                   "has no encoding", seconds=time.perf_counter() - started)


def _payout_units(entry: Entry, alternative: str) -> Finding:
    """Don't Pass odds of 5 to 6 (r3-95.16-2.s4): Z3 proves that every stake that is not a
    multiple of 6 units wins a fraction of a unit, so a rounding rule is material; the witness
    is the least such stake, paid under the default (exact) and the other rule."""
    from casino_proofs.protocol.money import Money

    started = time.perf_counter()
    stake = z3.Int("stake")
    s = _solver()
    s.add(stake >= 1, stake % 6 != 0, (5 * stake) % 6 == 0)
    if _check(s) != z3.unsat:
        return Finding(entry, alternative, "ERROR", None, "Z3 did not prove the lemma")
    least = 1
    exact = Fraction(5 * least, 6)
    paid = Money(Fraction(1), alternative).pays(exact)
    assert paid is not None
    delta = (paid - exact) / least
    says = (f"dont-pass-odds on a point of 6, a stake of {least} unit: {exact} of a unit "
            f"exactly; {alternative} pays {paid}")
    return Finding(entry, alternative, "PROVED", True,
                   "Z3: every stake that is not a multiple of 6 units wins a fraction of a "
                   "unit at 5 to 6", {"stake": least, "says": says, "exact": str(exact),
                                      alternative: str(paid)},
                   str(delta), [*spec.named(spec.Kind.ODDS, dont=True),
                                *spec.named(spec.Kind.ODDS, dont=False),
                                *spec.named(spec.Kind.ONE_ROLL, combined=True)],
                   seconds=time.perf_counter() - started)


#: the entries of craps decided otherwise than by comparing two rule sets
_SPECIAL: dict[str, Callable[[Entry, str], Finding]] = {
    "silence-payout-units": _payout_units,
    "lang-95.15-1.s4": _lang_s4,
    "lang-95.15-1.s2": _lang_s2, "lang-95.15-4-sentences": _lang_4,
    "lang-95.15-8-which": _lang_which,
}


def deciders() -> dict[str, Callable[[Entry, str], Finding]]:
    """The entries craps decides its own way (the registry's ``ambiguity_deciders``)."""
    return dict(_SPECIAL)


def reading_decider(entry_id: str) -> Callable[[Entry, str], Finding] | None:
    """Any other reading of craps: the two rule sets compared (the registry's
    ``ambiguity_reading``; None: not a reading of craps)."""
    return _craps_reading if entry_id in craps_readings() else None
