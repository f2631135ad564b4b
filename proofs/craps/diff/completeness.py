"""The list of differing craps inputs proved complete: for each wager, an SMT query over symbolic
dice and states, each side given by its own function -- the specification's rules, or the
implementation's lifted function graph (a decision tree of its answers) -- asks for an input
where the sides differ that is not on the list; it must be unsatisfiable. A wager whose query
is satisfiable names the input the list missed (a defect of the diff, never of the sides)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from casino_proofs.craps.diff.sides import (
    CONFLICT,
    GAP,
    OUTSIDE,
    SETTLED,
    Difference,
    Meaning,
    Side,
    inputs_of,
    wager_spec,
)
from casino_proofs.protocol.answers import CrapsInput
from casino_proofs.solving import budget as budgets
from casino_proofs.solving.budget import Budget
from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    LOSE,
    POINT,
    POINT_NUMBERS,
    PUSH,
    WIN,
    WORKING,
    dice_domain,
    state_universe,
)

_OUT = {s: (z3.Int(f"kind_{s}"), z3.Int(f"decision_{s}"), z3.Real(f"net_{s}"),
            z3.Int(f"point_{s}"), z3.Bool(f"working_{s}")) for s in ("a", "b")}
#: A decision as the queries code it (an Int on both sides: the engines' graphs are SMT-LIB
#: text, which then needs no datatype declaration).
DECISION_CODES = {"win": 0, "lose": 1, "push": 2, "none": 3}
_OUT_NAMES = {tag: tuple(str(v) for v in out) for tag, out in _OUT.items()}
_INPUT_NAMES = tuple(str(v) for v in (DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL))
_DECLS = {str(v): v for v in (DIE_1, DIE_2, COME_OUT, POINT, WORKING, FIRST_ROLL, *_OUT["a"],
                              *_OUT["b"])}


def _decision_code(term: z3.ExprRef) -> z3.ArithRef:
    return z3.If(term == WIN, DECISION_CODES["win"], z3.If(
        term == LOSE, DECISION_CODES["lose"], z3.If(term == PUSH, DECISION_CODES["push"],
                                                    DECISION_CODES["none"])))


def spec_function(side: Side, wager: str, tag: str) -> z3.BoolRef:
    """The specification's settlement of ``wager`` over symbolic dice and states: outside its
    states, a gap where no rule fires, a conflict where two fired rules disagree, else what
    the fired rules prescribe."""
    w = wager_spec(wager, side.readings)
    kind, decision, net, point, working = _OUT[tag]
    reachable = z3.Or([c.constraint for c in w.states])
    fires = [r.guard for r in w.rules]
    clash = z3.Or([z3.And(x.guard, y.guard, z3.Or(
        x.settlement.decision != y.settlement.decision, x.settlement.net != y.settlement.net,
        x.settlement.next_point != y.settlement.next_point,
        x.settlement.next_working != y.settlement.next_working))
        for i, x in enumerate(w.rules) for y in w.rules[i + 1:]] or [z3.BoolVal(False)])
    settled = [z3.Implies(r.guard, z3.And(decision == _decision_code(r.settlement.decision),
                                          net == r.settlement.net,
                                          point == r.settlement.next_point,
                                          working == r.settlement.next_working))
               for r in w.rules]
    return z3.And(
        kind == z3.If(z3.Not(reachable), OUTSIDE,
                      z3.If(z3.Not(z3.Or(fires)), GAP, z3.If(clash, CONFLICT, SETTLED))),
        z3.Implies(kind == SETTLED, z3.And(settled)))


def where(q: CrapsInput) -> str:
    d1, d2, co, pt, wk, fr = _INPUT_NAMES
    return (f"(and (= {d1} {q.die_1}) (= {d2} {q.die_2}) (= {co} {smt_bool(q.come_out)}) "
            f"(= {pt} {q.point or 0}) (= {wk} {smt_bool(q.working)}) "
            f"(= {fr} {smt_bool(q.first_roll)}))")


def parse_terms(conjuncts: list[str]) -> z3.BoolRef:
    """One term from SMT-LIB text over the inputs and both sides' outputs: their conjunction
    (asserted as one, so that Z3 hands back one term and not thousands to wrap one by one)."""
    text = f"(assert (and true {' '.join(conjuncts)}))"
    parsed = z3.parse_smt2_string(text, decls=_DECLS)
    term = parsed[0]
    assert isinstance(term, z3.BoolRef)
    return term


def _graph_function(side: Side, wager: str, tag: str) -> z3.BoolRef:
    """The engine's answers about ``wager``, lifted: a decision tree over the inputs (come-out
    roll, shooter's first roll, working call, point, die 1, die 2) whose leaves are the answers,
    a subtree whose branches are all the same answer collapsed into it. Written as SMT-LIB
    text and parsed by Z3 in one call: built term by term through the Python API, the 2,000
    leaves of a wager cost a second."""
    leaves: dict[tuple[Any, ...], str] = {}
    for q in inputs_of(wager):
        leaves[(q.come_out, q.first_roll, q.working, q.point or 0, q.die_1, q.die_2)] = \
            answer_term(side.meanings[q], tag)
    return parse_terms([_tree(leaves, ())])


#: The decision tree's levels: each input's name in the queries and its values.
_LEVELS: tuple[tuple[str, tuple[Any, ...]], ...] = (
    (str(COME_OUT), (True, False)), (str(FIRST_ROLL), (True, False)),
    (str(WORKING), (True, False)), (str(POINT), (0, *POINT_NUMBERS)),
    (str(DIE_1), tuple(range(1, 7))), (str(DIE_2), tuple(range(1, 7))))


def _tree(leaves: Mapping[tuple[Any, ...], str], prefix: tuple[Any, ...]) -> str:
    if len(prefix) == len(_LEVELS):
        return leaves.get(prefix, "true")  # "true": outside the state universe
    name, values = _LEVELS[len(prefix)]
    branches = [_tree(leaves, (*prefix, v)) for v in values]
    if all(b == branches[0] for b in branches):
        return branches[0]
    term = branches[-1]  # the last value: the domain constraints leave no other
    for value, branch in zip(reversed(values[:-1]), reversed(branches[:-1]), strict=True):
        term = f"(ite (= {name} {_literal(value)}) {branch} {term})"
    return term


def _literal(value: Any) -> str:
    return smt_bool(value) if isinstance(value, bool) else str(value)


def answer_term(m: Meaning, tag: str) -> str:
    """SMT-LIB: side ``tag``'s outputs are the answer ``m``."""
    k, dn, nt, np, nw = _OUT_NAMES[tag]
    if m[0] != SETTLED:
        return f"(= {k} {m[0]})"
    return (f"(and (= {k} {SETTLED}) (= {dn} {DECISION_CODES[m[1]]}) (= {nt} {_real(m[2])}) "
            f"(= {np} {m[3]}) (= {nw} {smt_bool(m[4])}))")


def _real(value: Fraction) -> str:
    magnitude = f"(/ {abs(value.numerator)}.0 {value.denominator}.0)"
    return f"(- {magnitude})" if value < 0 else magnitude


def smt_bool(value: bool) -> str:
    return "true" if value else "false"


def _function(side: Side, wager: str, tag: str) -> z3.BoolRef:
    return spec_function(side, wager, tag) if side.is_spec \
        else _graph_function(side, wager, tag)


@dataclass(frozen=True)
class Completeness:
    wager: str
    verdict: str  # PROVED | REFUTED | UNKNOWN
    detail: str = ""
    missed: CrapsInput | None = None


def prove_complete(a: Side, b: Side, wagers: list[str], listed: list[Difference],
                   budget: Budget | None = None,
                   skipped: Sequence[CrapsInput] = ()) -> list[Completeness]:
    """For each wager: no input on which the sides differ is missing from ``listed`` (the
    ``skipped`` inputs, left unanswered by a side, aside)."""
    budget = budget or Budget()
    ka, da, na, pa, wa = _OUT["a"]
    kb, db, nb, pb, wb = _OUT["b"]
    differ = z3.Or(ka != kb, z3.And(ka == SETTLED, z3.Or(da != db, na != nb, pa != pb,
                                                         wa != wb)))
    out = []
    solver = budgets.solver(budget)
    solver.add(dice_domain(), state_universe(), differ)
    for w in wagers:
        solver.push()
        aside = [d.input for d in listed if d.wager == w] + [q for q in skipped if q.wager == w]
        solver.add(_function(a, w, "a"), _function(b, w, "b"),
                   parse_terms([f"(not {where(q)})" for q in aside]))
        done = budgets.check(solver, budget)
        if done.result == z3.unsat:
            out.append(Completeness(w, "PROVED"))
        elif done.result == z3.sat:
            m = solver.model()

            def val(v: z3.ExprRef, m: z3.ModelRef = m) -> Any:
                return m.eval(v, model_completion=True)

            missed = CrapsInput(w, z3.is_true(val(COME_OUT)), val(POINT).as_long() or None,
                                z3.is_true(val(WORKING)), z3.is_true(val(FIRST_ROLL)),
                                val(DIE_1).as_long(), val(DIE_2).as_long())
            out.append(Completeness(w, "REFUTED", f"the list misses {missed.text()}", missed))
        else:
            out.append(Completeness(w, "UNKNOWN", done.reason))
        solver.pop()
    return out
