"""Rules, wagers and state classes: the shape every encoded clause takes.

A :class:`Rule` is one sentence-level rule of the regulation (or of a convention): a guard
over the dice and the state, and the settlement it prescribes when the guard holds. A
:class:`WagerSpec` is the set of rules for one wager together with the classes of states in
which the wager can stand. The proofs check, for every state class, that the guards cover
every outcome (no gap) and never prescribe two settlements (no conflict), and that each rule
is reached by some outcome.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import z3

from casino_proofs.spec.vocabulary import (
    COME_OUT,
    DIE_1,
    DIE_2,
    FIRST_ROLL,
    NO_POINT,
    NONE,
    POINT,
    POINT_NUMBERS,
    WORKING,
)


@dataclass(frozen=True)
class Settlement:
    """What a rule prescribes: a decision, the net per unit staked, and the wager's point after
    the roll (0 when it has none or has left the table)."""

    decision: z3.ExprRef
    net: z3.ArithRef
    next_point: z3.ArithRef

    @property
    def next_working(self) -> z3.BoolRef:
        """The working call the wager carries to the next roll: the player's call stays with a
        wager that stays (conv-call-stands); one that leaves carries none."""
        return z3.simplify(z3.If(self.decision == NONE, WORKING, z3.BoolVal(False)))


@dataclass(frozen=True)
class Rule:
    """One rule, tracked under the clause IDs it encodes (the first is the deciding one)."""

    clauses: tuple[str, ...]
    label: str
    guard: z3.BoolRef
    settlement: Settlement
    readings: tuple[str, ...] = ()  # the readings (regulation/readings.toml) this rule depends on

    @property
    def clause(self) -> str:
        return self.clauses[0]


@dataclass(frozen=True)
class StateClass:
    """A named set of reachable states of a wager, and the clauses that make them reachable."""

    name: str
    description: str
    constraint: z3.BoolRef
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class WagerSpec:
    name: str
    paragraph: str
    title: str
    rules: tuple[Rule, ...]
    states: tuple[StateClass, ...]


@dataclass(frozen=True)
class ConcreteSettlement:
    """A settlement evaluated on concrete dice and state."""

    decision: str
    net: Fraction
    next_point: int
    working: bool = False  # the call carried to the next roll (conv-call-stands)


@dataclass(frozen=True)
class ConcreteState:
    come_out: bool
    point: int
    working: bool
    first_roll: bool = False  # the come-out roll is a shooter's first


def all_states() -> Iterator[ConcreteState]:
    """The whole finite state universe (come-out, point or none, working, shooter's first)."""
    for come_out, point, working, first in product(
        (False, True), (NO_POINT, *POINT_NUMBERS), (False, True), (False, True)
    ):
        if come_out or not first:
            yield ConcreteState(come_out, point, working, first)


def _bindings(
    state: ConcreteState, die_1: int | None = None, die_2: int | None = None
) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
    pairs: list[tuple[z3.ExprRef, z3.ExprRef]] = [
        (COME_OUT, z3.BoolVal(state.come_out)),
        (POINT, z3.IntVal(state.point)),
        (WORKING, z3.BoolVal(state.working)),
        (FIRST_ROLL, z3.BoolVal(state.first_roll)),
    ]
    if die_1 is not None and die_2 is not None:
        pairs += [(DIE_1, z3.IntVal(die_1)), (DIE_2, z3.IntVal(die_2))]
    return pairs


def holds(formula: z3.BoolRef, state: ConcreteState, die_1: int | None = None,
          die_2: int | None = None) -> bool:
    """Whether ``formula`` is true at these concrete values (evaluated, not solved)."""
    return _truth(z3.simplify(z3.substitute(formula, *_bindings(state, die_1, die_2))))


def holding(formulas: Sequence[z3.BoolRef], state: ConcreteState, die_1: int | None = None,
            die_2: int | None = None) -> list[bool]:
    """Whether each of ``formulas`` is true at these concrete values, evaluated together."""
    return [_truth(value) for value in evaluated(formulas, _bindings(state, die_1, die_2))]


def _truth(value: z3.ExprRef) -> bool:
    if z3.is_true(value):
        return True
    if z3.is_false(value):
        return False
    raise ValueError(f"formula does not evaluate to a truth value: {value}")


#: the uninterpreted function around the terms :func:`evaluated` evaluates, by the Z3 ids of
#: their sorts (the function holds its sorts, so no id of them is reused while it is kept)
_TOGETHER: dict[tuple[int, ...], z3.FuncDeclRef] = {}


def _together(sorts: tuple[z3.SortRef, ...]) -> z3.FuncDeclRef:
    key = tuple(s.get_id() for s in sorts)
    if key not in _TOGETHER:
        _TOGETHER[key] = z3.Function("evaluated terms", *sorts, z3.BoolSort())
    return _TOGETHER[key]


def evaluated(terms: Sequence[z3.ExprRef],
              bindings: Sequence[tuple[z3.ExprRef, z3.ExprRef]]) -> list[z3.ExprRef]:
    """Each term with the bindings substituted, simplified: the terms are the arguments of
    one uninterpreted function, substituted and simplified in one call, so that Z3
    simplifies a subterm they share once; an uninterpreted function is never rewritten, so
    each argument comes back as its own value."""
    if not terms:
        return []
    together = _together(tuple(t.sort() for t in terms))
    whole = z3.simplify(z3.substitute(together(*terms), *bindings))
    if not (z3.is_app(whole) and whole.decl().eq(together)):
        raise ValueError(f"not the terms evaluated: {whole}")
    return list(whole.children())


#: The concrete states of each state-class constraint, by the constraint's Z3 id. The
#: constraint is kept beside them, so that its id is never reused for another term.
_STATES: dict[int, tuple[z3.BoolRef, tuple[ConcreteState, ...]]] = {}


def states_of(cls: StateClass) -> list[ConcreteState]:
    """The concrete states of a state class: each of the universe's states at which its
    constraint evaluates to true. Worked out once for each constraint (a check asks about
    a dozen constraints some 170 times)."""
    key = cls.constraint.get_id()
    if key not in _STATES:
        _STATES[key] = (cls.constraint,
                        tuple(s for s in all_states() if holds(cls.constraint, s)))
    return list(_STATES[key][1])


def concrete(settlement: Settlement, state: ConcreteState, die_1: int,
             die_2: int) -> ConcreteSettlement:
    """Evaluate a rule's settlement at concrete dice and state."""
    decision, net, nxt, carried = evaluated(
        [settlement.decision, settlement.net, settlement.next_point, settlement.next_working],
        _bindings(state, die_1, die_2))
    if not (z3.is_rational_value(net) and z3.is_int_value(nxt)):
        raise ValueError(f"settlement is not concrete: {net}, {nxt}")
    return ConcreteSettlement(
        decision=str(decision),
        net=Fraction(net.numerator_as_long(), net.denominator_as_long()),
        next_point=nxt.as_long(),
        working=z3.is_true(carried),
    )


def firing(wager: WagerSpec, state: ConcreteState, die_1: int,
           die_2: int) -> list[tuple[Rule, ConcreteSettlement]]:
    """The rules whose guard holds at this roll and state, with what each prescribes."""
    guards = holding([rule.guard for rule in wager.rules], state, die_1, die_2)
    return [
        (rule, concrete(rule.settlement, state, die_1, die_2))
        for rule, holds_here in zip(wager.rules, guards, strict=True)
        if holds_here
    ]
