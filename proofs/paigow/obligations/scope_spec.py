"""The specification of s. 40 for one scope (five-card high hands or two-card low hands), as
one list of Z3 terms over a symbolic hand, and what it says of one concrete hand.

The terms are, in order: the hand's combination (conv-highest-combination), its membership in
the higher and lower side of every ordering statement, its band within its combination
(highest, second, lowest, for the silence report), and its conventional key (conv-tiebreak).
Every obligation about Pai Gow, and ``rank`` and ``compare``, read the specification so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from casino_proofs import spec
from casino_proofs.spec.paigow import CODES, COMBINATIONS, JOKER_INDEX, OrderStatement, PaiGowSpec
from casino_proofs.spec.readings import Readings

FULL_DECK: tuple[int, ...] = tuple(range(JOKER_INDEX + 1))
SCOPES = {"high": 5, "low": 2}
NAMES = {code: name for name, code in CODES.items()}
CLAUSE_OF = {**dict(COMBINATIONS), "no-combination": "conv-no-combination-lowest"}


#: A change applied to every specification built (for specification mutants); None normally.
SPEC_MUTATION: list[Callable[[PaiGowSpec], None]] = []


@dataclass
class ScopeSpec:
    """The specification of one scope (five-card high or two-card low hands) as terms."""

    scope: str
    spec: PaiGowSpec
    statements: list[OrderStatement]
    members: list[tuple[str, str, z3.BoolRef]]  # (combination, band, predicate)
    key_terms: list[z3.ArithRef]

    @classmethod
    def build(cls, scope: str, readings: Readings, prefix: str = "card") -> ScopeSpec:
        s = PaiGowSpec(spec.paigow.symbolic_hand(prefix, SCOPES[scope]), readings)
        for mutate in SPEC_MUTATION:
            mutate(s)
        statements = s.statements()
        members = []
        for st in statements:
            if st.id.endswith((":highest", ":second")):
                members.append((_combination_of(st), st.id.rsplit(":", 1)[1], st.higher))
            elif st.id.endswith(":lowest"):
                members.append((_combination_of(st), "lowest", st.lower))
        return cls(scope, s, statements, members, s.conventional_key())

    def outputs(self) -> list[z3.ExprRef]:
        """category, then higher/lower of each statement, then the bands, then the key."""
        terms: list[z3.ExprRef] = [self.spec.category()]
        for st in self.statements:
            terms += [st.higher, st.lower]
        terms += [m for _c, _b, m in self.members]
        return terms + list(self.key_terms)

    def split(self, values: Sequence[Any]) -> SpecView:
        n = len(self.statements)
        category = NAMES[values[0]]
        membership = [(bool(values[1 + 2 * i]), bool(values[2 + 2 * i])) for i in range(n)]
        bands = values[1 + 2 * n: 1 + 2 * n + len(self.members)]
        band = "middle"
        for (combination, name, _m), inside in zip(self.members, bands, strict=True):
            if inside and combination == category:
                band = name
                break
        key = tuple(int(v) for v in values[1 + 2 * n + len(self.members):])
        return SpecView(category, membership, band, key)


def _combination_of(st: OrderStatement) -> str:
    clause = st.clauses[0]
    return next(name for name, c in COMBINATIONS if c == clause.split(".s")[0])


@dataclass(frozen=True)
class SpecView:
    """What the specification says of one class."""

    category: str
    membership: list[tuple[bool, bool]]  # per statement: (in higher, in lower)
    band: str  # highest / second / lowest / middle, for the silence report
    key: tuple[int, ...]


def model_hand(m: z3.ModelRef, hand: spec.paigow.Hand) -> tuple[int, ...]:
    """The concrete hand a Z3 model gives a symbolic hand."""
    return tuple(m.eval(c, model_completion=True).as_long() for c in hand.cards)
