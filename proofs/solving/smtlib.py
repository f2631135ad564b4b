"""SMT-LIB 2 text of a query, so that another solver can check it (``check --bundle``,
``replay``).

The text is printed here, not by Z3: Z3's printer chooses which shared subterms to abbreviate
from every term alive in the process, so the same query could print differently in two
moments of one process, and ``replay --regenerate`` could not demand the same text. This
printer depends on the query alone: a compound subterm that occurs more than once in the
query is named once, ``(define-fun tN () Sort term)``, numbered in the order first met; the
constants are declared in name order. A query with tracked assertions (``assert_and_track``)
ends with ``check-sat-assuming`` over its trackers and asks for the assumptions an UNSAT
answer used (the unsat core by clause ID).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

import z3

_SIMPLE_SYMBOL = re.compile(r"[A-Za-z~!@$%^&*_+=<>.?/-][A-Za-z0-9~!@$%^&*_+=<>.?/-]*")


def symbol(name: str) -> str:
    """An SMT-LIB symbol: as it is if simple, else quoted (``|r3-95.15-1.s1#0|``)."""
    return name if _SIMPLE_SYMBOL.fullmatch(name) else f"|{name}|"

#: Z3's operator names that SMT-LIB spells otherwise.
_SMTLIB_NAMES = {z3.Z3_OP_ITE: "ite", z3.Z3_OP_IFF: "="}


def _is_leaf(e: z3.ExprRef) -> bool:
    return bool(z3.is_int_value(e) or z3.is_rational_value(e) or z3.is_true(e)
                or z3.is_false(e) or (z3.is_app(e) and e.num_args() == 0))


def _declarations(nodes: Iterable[z3.ExprRef]) -> tuple[list[str], list[str]]:
    """The datatype declarations and the constant declarations the query needs."""
    datatypes: dict[str, str] = {}
    constants: dict[str, str] = {}
    for e in nodes:
        sort = e.sort()
        if isinstance(sort, z3.DatatypeSortRef) and sort.name() not in datatypes:
            names = " ".join(f"({sort.constructor(i).name()})"
                             for i in range(sort.num_constructors()))
            datatypes[sort.name()] = (f"(declare-datatypes (({sort.name()} 0)) "
                                      f"(({names})))")
        if z3.is_app(e) and e.num_args() == 0 and \
                e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            name = e.decl().name()
            constants[name] = f"(declare-fun {symbol(name)} () {sort.sexpr()})"
    return ([datatypes[k] for k in sorted(datatypes)],
            [constants[k] for k in sorted(constants)])


def _walk(roots: list[z3.ExprRef]) -> tuple[list[z3.ExprRef], Counter[int]]:
    """Every node of the query's DAG in post-order (children first, each once), and how many
    times each is used as an argument or an assertion."""
    order: list[z3.ExprRef] = []
    uses: Counter[int] = Counter()
    seen: set[int] = set()
    for root in roots:
        uses[root.get_id()] += 1
        stack: list[tuple[z3.ExprRef, bool]] = [(root, False)]
        while stack:
            e, expanded = stack.pop()
            key = e.get_id()
            if expanded:
                order.append(e)
                continue
            if key in seen:
                continue
            seen.add(key)
            stack.append((e, True))
            if not _is_leaf(e):
                for child in reversed(e.children()):
                    uses[child.get_id()] += 1
                    stack.append((child, False))
    return order, uses


def assertions_text(assertions: list[z3.ExprRef]) -> list[str]:
    """Declarations, shared definitions and assertions, one command a line."""
    order, uses = _walk(assertions)
    datatypes, constants = _declarations(order)
    text: dict[int, str] = {}
    definitions: list[str] = []
    for e in order:
        key = e.get_id()
        if _is_leaf(e):
            text[key] = e.sexpr() if not (z3.is_app(e) and e.num_args() == 0 and
                                          e.decl().kind() == z3.Z3_OP_UNINTERPRETED) \
                else symbol(e.decl().name())
            continue
        name = _SMTLIB_NAMES.get(e.decl().kind(), e.decl().name())
        body = f"({name} {' '.join(text[c.get_id()] for c in e.children())})"
        if uses[key] > 1:
            local = f"t{len(definitions) + 1}"
            definitions.append(f"(define-fun {local} () {e.sort().sexpr()} {body})")
            text[key] = local
        else:
            text[key] = body
    return [*datatypes, *constants, *definitions,
            *(f"(assert {text[a.get_id()]})" for a in assertions)]


def query_text(solver: z3.Solver, trackers: list[str]) -> str:
    """The query the solver holds now, as SMT-LIB 2 text that depends on it alone."""
    head = ["(set-option :produce-unsat-assumptions true)", "(set-logic ALL)"]
    tail = [f"(check-sat-assuming ({' '.join(symbol(t) for t in trackers)}))" if trackers
            else "(check-sat)"]
    if trackers:
        tail.append("(get-unsat-assumptions)")
    return "\n".join(head + assertions_text(list(solver.assertions())) + tail) + "\n"
