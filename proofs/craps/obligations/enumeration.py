"""Dual evidence for the craps obligations: the same claims checked by brute force.

The craps domain is finite (every state of the universe times 36 rolls), so each claim the
SMT queries prove is also checked by enumerating it with exact fractions: the specification
evaluated by :mod:`casino_proofs.solving.z3_compile`, the implementation's recorded answers
read directly. Each result carries both answers.

Where the two disagree:

- the enumeration finds a violation the SMT query missed: the violation is replayed
  concretely, and if it is real the verdict is REFUTED with that counterexample (the
  implementation is simply wrong there), and the evidence says the SMT query did not see it;
- the SMT query refuted a claim the enumeration finds true: ERROR, since one of the two means
  of proof is wrong.

Where the SMT query's state universe leaves out states of a class (a fault of the
specification the ``universe`` obligation reports), the evidence says those states rest on
the enumeration alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.obligations.answers import CrapsAnswers, accepted
from casino_proofs.craps.obligations.lifting import impl_json, spec_dict, state_dict
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.protocol.answers import DICE, Settled, is_unanswered
from casino_proofs.solving.fired import Outcome, spec_fired
from casino_proofs.solving.z3_compile import UnsupportedTerm
from casino_proofs.spec.vocabulary import (
    state_universe,
)

Replay = Callable[[dict[str, Any]], dict[str, Any] | None]


@dataclass(frozen=True)
class Claim:
    """What the enumeration found for one obligation."""

    holds: bool
    what: str
    witness: dict[str, Any] | None = None  # a concrete violation, replayed
    detail: str = ""
    outside_smt: int = 0  # states of the class the SMT universe leaves out
    #: the first violation in the fixed order (states as the specification lists them, then
    #: the 36 rolls): the input a refutation shows, whatever model the solver found
    at: tuple[spec.ConcreteState, int, int] | None = None
    failing: int = 0  # how many inputs violate the claim
    total: int = 0  # out of how many
    unit: str = "inputs"


def _settled_as(answer: Any, outcome: Outcome) -> bool:
    return isinstance(answer, Settled) and answer.key() == outcome


def _replays_wrong(w: spec.WagerSpec, index: int, st: spec.ConcreteState, d1: int, d2: int,
                   got: Any) -> bool:
    """Replayed by Z3 itself (not the compiled evaluation): rule ``index`` applies here and
    the implementation's answer is not what it prescribes."""
    for rule, settlement in spec.firing(w, st, d1, d2):
        if rule is w.rules[index]:
            return not (isinstance(got, Settled) and got.key() == (
                settlement.decision, settlement.net, settlement.next_point, settlement.working))
    return False


def _claims(w: spec.WagerSpec, answers: CrapsAnswers,
            fired_at: Callable[[spec.ConcreteState, int, int], list[tuple[int, Outcome]]]
            ) -> dict[str, Claim]:
    """Obligation ID -> what the enumeration finds; ``fired_at``: the rules that apply at an
    input, with what each prescribes (the bulk table's, or the compiled terms').

    Longer than 60 lines: one pass over every state and roll tallies every claim at once."""
    out: dict[str, Claim] = {}
    reached: set[int] = set()
    reachable_states: set[spec.ConcreteState] = set()
    universe = state_universe()
    for cls in w.states:
        states = spec.states_of(cls)
        reachable_states.update(states)
        outside = sum(1 for st in states if not spec.holds(universe, st))
        gaps = clashes = 0
        gap = clash = None
        gap_at = clash_at = None
        wrong: dict[int, int] = {}
        first_wrong: dict[int, dict[str, Any]] = {}
        wrong_at: dict[int, tuple[spec.ConcreteState, int, int]] = {}
        seen: dict[int, int] = {}
        for st in states:
            for d1, d2 in DICE:
                fired = fired_at(st, d1, d2)
                got = answers.at(w.name, st, d1, d2)
                where = {"roll": [d1, d2], "state": state_dict(st)}
                if not fired:
                    gaps += 1
                    if gap is None and not spec.firing(w, st, d1, d2):  # replayed by Z3
                        gap, gap_at = {**where, "spec": [], "impl": impl_json(got)}, (st, d1, d2)
                if len({o for _i, o in fired}) > 1:
                    clashes += 1
                    replayed = spec.firing(w, st, d1, d2)
                    if clash is None and len({s for _r, s in replayed}) > 1:
                        clash = {**where, "impl": impl_json(got),
                                 "spec": [spec_dict(s, r.clauses) for r, s in replayed]}
                        clash_at = (st, d1, d2)
                for i, o in fired:
                    reached.add(i)
                    seen[i] = seen.get(i, 0) + 1
                    if not _settled_as(got, o) and not is_unanswered(got):  # no evidence
                        wrong[i] = wrong.get(i, 0) + 1
                        if i not in first_wrong and _replays_wrong(w, i, st, d1, d2, got):
                            wanted = spec.ConcreteSettlement(*o)
                            first_wrong[i] = {**where, "impl": impl_json(got),
                                              "spec": [spec_dict(wanted, w.rules[i].clauses)]}
                            wrong_at[i] = (st, d1, d2)
        n = len(states) * len(DICE)
        base = f"craps/{w.name}/{cls.name}"
        out[f"{base}/exhaustive"] = Claim(gaps == 0, f"{n} outcomes, {gaps} undecided", gap,
                                          "gap: no clause decides this outcome", outside,
                                          gap_at, gaps, n, "outcomes")
        out[f"{base}/exclusive"] = Claim(clashes == 0, f"{n} outcomes, {clashes} in conflict",
                                         clash, "conflict: clauses prescribe different "
                                                "settlements", outside, clash_at, clashes, n,
                                         "outcomes")
        for i, rule in enumerate(w.rules):
            if i in seen:
                out[f"{base}/agrees/{rule.clause}#{i}"] = Claim(
                    i not in wrong, f"{seen[i]} outcomes, {wrong.get(i, 0)} settled otherwise",
                    first_wrong.get(i), f"the implementation breaks {rule.clause}: "
                                        f"{rule.label}", outside, wrong_at.get(i),
                    wrong.get(i, 0), seen[i], "inputs where it applies")
    for i, rule in enumerate(w.rules):
        out[f"craps/{w.name}/all-states/reachable/{rule.clause}#{i}"] = Claim(
            i in reached, "applies to some outcome" if i in reached else "applies nowhere")
    universe_states = list(spec.rules.all_states())
    taken = {st for st in universe_states if accepted(answers.at(w.name, st, 1, 1))}
    mismatched = sorted(taken ^ reachable_states, key=lambda st: (st.point, st.come_out,
                                                                  st.working, st.first_roll))
    out[f"craps/{w.name}/all-states/domain"] = Claim(
        not mismatched, f"{len(universe_states):,} states, {len(mismatched):,} accepted by one "
                        "side only",
        {"state": state_dict(mismatched[0]), "roll": [1, 1]} if mismatched else None,
        "the implementation accepts a state the specification says is unreachable, or "
        "refuses a reachable one", 0, (mismatched[0], 1, 1) if mismatched else None,
        len(mismatched), len(universe_states), "states")
    return out


def _least(r: Result, claim: Claim, replay: Replay | None) -> Result:
    """A refutation shown at the first violation in the fixed order, with how many there are:
    the same input on every run, whatever model the solver found."""
    counted = f"; {claim.failing:,} of {claim.total:,} {claim.unit} (the first shown)"
    if claim.at is None or replay is None:
        return replace(r, detail=r.detail + counted)
    st, d1, d2 = claim.at
    cex = replay({"die_1": d1, "die_2": d2, "state": st})
    if cex is None:
        return replace(r, detail=r.detail + counted)
    verdict = cex.pop("verdict", Verdict.REFUTED)
    return replace(r, verdict=verdict, detail=cex.pop("detail") + counted, counterexample=cex)


def confirm(results: list[Result], specs: Sequence[spec.WagerSpec],
            answers: CrapsAnswers, replays: dict[str, Replay] | None = None,
            tables: Mapping[str, Any] | None = None) -> list[Result]:
    """Each claim checked again by enumeration; a refutation shown at its least violation
    (``replays``: each obligation's concrete replay, by ID; ``tables``: each wager's bulk
    table, proved equal to its rules, by name)."""
    replays = replays or {}
    claims: dict[str, Claim] = {}
    for w in specs:
        try:
            held = (tables or {}).get(w.name)
            claims.update(_claims(w, answers, held.at if held is not None else spec_fired(w)))
        except UnsupportedTerm:
            continue  # a rule over more than the roll and state: nothing finite to enumerate
    out = []
    for r in results:
        claim = claims.get(r.obligation.id)
        if claim is None:
            out.append(r)
            continue
        text = f"enumeration: {claim.what}"
        note = (f"the SMT query's state universe leaves out {claim.outside_smt:,} states of this "
                "class: they rest on the enumeration alone") if claim.outside_smt else ""
        if r.verdict is Verdict.PROVED and not claim.holds:
            if claim.witness is not None:
                out.append(replace(r, verdict=Verdict.REFUTED, enumeration=text,
                                   evidence_note=note or "found by the enumeration; the SMT "
                                                         "query did not see it",
                                   detail=f"{claim.detail} (found by the enumeration)",
                                   counterexample=claim.witness))
            else:
                out.append(replace(r, verdict=Verdict.ERROR, enumeration=text,
                                   evidence_note=note,
                                   detail="the SMT proof and the enumeration disagree"))
        elif r.verdict is Verdict.REFUTED and claim.holds:
            out.append(replace(r, verdict=Verdict.ERROR, enumeration=text, evidence_note=note,
                               detail=f"{r.detail}; but the enumeration finds no violation"))
        elif r.verdict is Verdict.REFUTED:
            out.append(replace(_least(r, claim, replays.get(r.obligation.id)),
                               enumeration=text, evidence_note=note))
        else:
            out.append(replace(r, enumeration=text, evidence_note=note))
    return out
