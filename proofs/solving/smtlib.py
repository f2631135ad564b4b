"""SMT-LIB 2 text of a query, so that another solver can check it (``check --bundle``,
``replay``).

The text is printed here, not by Z3: Z3's printer chooses which shared subterms to abbreviate
from every term alive in the process, so the same query could print differently in two
moments of one process, and ``replay --regenerate`` could not demand the same text. This
printer depends on the query alone. Each assertion is printed on its own: a compound subterm
that occurs more than once in it is bound once, ``(let (($tN term)) ...)``, numbered in the
order first met; the constants are declared in name order. An assertion's text is remembered
(a craps query repeats the implementation's function graph of its state class, rule after
rule). A query with tracked assertions (``assert_and_track``) ends with
``check-sat-assuming`` over its trackers and asks for the assumptions an UNSAT answer used
(the unsat core by clause ID).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import z3

_SIMPLE_SYMBOL = re.compile(r"[A-Za-z~!@$%^&*_+=<>.?/-][A-Za-z0-9~!@$%^&*_+=<>.?/-]*")
#: Z3's operator names that SMT-LIB spells otherwise.
_SMTLIB_NAMES = {z3.Z3_OP_ITE: "ite", z3.Z3_OP_IFF: "="}


def symbol(name: str) -> str:
    """An SMT-LIB symbol: as it is if simple, else quoted (``|r3-95.15-1.s1#0|``)."""
    return name if _SIMPLE_SYMBOL.fullmatch(name) else f"|{name}|"


def _constant(e: z3.ExprRef) -> bool:
    return bool(z3.is_app(e) and e.num_args() == 0
                and e.decl().kind() == z3.Z3_OP_UNINTERPRETED)


def _leaf(e: z3.ExprRef) -> bool:
    return bool(z3.is_app(e) and e.num_args() == 0) or z3.is_int_value(e) \
        or z3.is_rational_value(e)


class _Printed:
    """One assertion as text, with the constants and datatypes it names."""

    def __init__(self, root: z3.ExprRef) -> None:
        self.root = root  # kept alive: its id stays its own while it is remembered
        self.constants: dict[str, str] = {}
        self.datatypes: dict[str, str] = {}
        self.text = self._print(root)

    def _note(self, e: z3.ExprRef) -> None:
        """Declare a leaf's datatype (the enumerations are the only ones, so every term of
        one has a leaf of it) and, if it is a constant, the constant."""
        sort = e.sort()
        if isinstance(sort, z3.DatatypeSortRef) and sort.name() not in self.datatypes:
            names = " ".join(f"({sort.constructor(i).name()})"
                             for i in range(sort.num_constructors()))
            self.datatypes[sort.name()] = (f"(declare-datatypes (({sort.name()} 0)) "
                                           f"(({names})))")
        if _constant(e):
            name = e.decl().name()
            self.constants[name] = f"(declare-fun {symbol(name)} () {sort.sexpr()})"

    def _print(self, root: z3.ExprRef) -> str:
        """The walk is over Z3's own handles (a Python term is made for the leaves only):
        children before parents, each subterm once."""
        ctx = root.ctx
        c = ctx.ref()
        order: list[Any] = []
        uses: Counter[int] = Counter()
        children: dict[int, list[Any]] = {}
        stack: list[tuple[Any, bool]] = [(root.as_ast(), False)]
        while stack:
            a, expanded = stack.pop()
            key = z3.Z3_get_ast_id(c, a)
            if expanded:
                order.append(a)
                continue
            if key in children:
                continue
            n = z3.Z3_get_app_num_args(c, a)
            kids = [z3.Z3_get_app_arg(c, a, i) for i in range(n)]
            children[key] = kids
            stack.append((a, True))
            for child in reversed(kids):
                kid = z3.Z3_get_ast_id(c, child)
                uses[kid] += 1
                stack.append((child, False))
        text: dict[int, str] = {}
        bindings: list[str] = []
        for a in order:
            key = z3.Z3_get_ast_id(c, a)
            kids = children[key]
            if not kids:
                e = z3.ExprRef(a, ctx)
                self._note(e)
                text[key] = symbol(e.decl().name()) if _constant(e) else e.sexpr()
                continue
            decl = z3.Z3_get_app_decl(c, a)
            kind = z3.Z3_get_decl_kind(c, decl)
            name = _SMTLIB_NAMES.get(kind) or z3.FuncDeclRef(decl, ctx).name()
            body = f"({name} {' '.join(text[z3.Z3_get_ast_id(c, k)] for k in kids)})"
            if uses[key] > 1:
                local = f"$t{len(bindings) + 1}"
                bindings.append(f"(let (({local} {body}))")
                text[key] = local
            else:
                text[key] = body
        return "\n".join([*bindings, text[root.get_id()] + ")" * len(bindings)])


_REMEMBERED: dict[int, _Printed] = {}


def _printed(assertion: z3.ExprRef) -> _Printed:
    key = assertion.get_id()
    found = _REMEMBERED.get(key)
    if found is None or not found.root.eq(assertion):
        found = _REMEMBERED[key] = _Printed(assertion)
        if len(_REMEMBERED) > 50_000:  # a long run: forget the oldest half
            for old in list(_REMEMBERED)[:25_000]:
                del _REMEMBERED[old]
    return found


def assertions_text(assertions: list[z3.ExprRef]) -> list[str]:
    """Declarations, then one ``assert`` command per assertion."""
    printed = [_printed(a) for a in assertions]
    datatypes = {k: v for p in printed for k, v in p.datatypes.items()}
    constants = {k: v for p in printed for k, v in p.constants.items()}
    return [*(datatypes[k] for k in sorted(datatypes)),
            *(constants[k] for k in sorted(constants)),
            *(f"(assert {p.text})" for p in printed)]


def query_text(solver: z3.Solver, trackers: list[str]) -> str:
    """The query the solver holds now, as SMT-LIB 2 text that depends on it alone."""
    head = ["(set-option :produce-unsat-assumptions true)", "(set-logic ALL)"]
    tail = [f"(check-sat-assuming ({' '.join(symbol(t) for t in trackers)}))" if trackers
            else "(check-sat)"]
    if trackers:
        tail.append("(get-unsat-assumptions)")
    return "\n".join(head + assertions_text(list(solver.assertions())) + tail) + "\n"
