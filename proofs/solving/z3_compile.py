"""Evaluate Z3 terms on concrete inputs many times over, fast.

The specification of s. 40 is Z3 terms over a symbolic hand; the proofs evaluate it on one
representative hand of each of some ten thousand classes. ``z3.simplify`` takes hundreds of
microseconds per term; this module translates the terms once into a Python function (one
local variable per distinct subterm, so shared subterms are computed once) that evaluates
them all in a few microseconds. It knows only the operators the specification uses and
refuses any other. The proofs cross-check it against ``z3.simplify`` on a sample of inputs in
every run (obligation ``paigow/evaluator``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import z3

from casino_proofs import spec


def _div(a: int, b: int) -> int:
    """SMT-LIB integer division (Euclidean: the remainder is never negative)."""
    q = a // b
    return q + 1 if b < 0 and a - q * b != 0 else q


def _mod(a: int, b: int) -> int:
    return a % abs(b)


_NARY: dict[int, Callable[[list[str]], str]] = {
    z3.Z3_OP_AND: lambda a: "(" + " and ".join(a) + ")" if a else "True",
    z3.Z3_OP_OR: lambda a: "(" + " or ".join(a) + ")" if a else "False",
    z3.Z3_OP_ADD: lambda a: "(" + " + ".join(a) + ")",
    z3.Z3_OP_MUL: lambda a: "(" + " * ".join(a) + ")",
    z3.Z3_OP_SUB: lambda a: "(" + " - ".join(a) + ")",
    z3.Z3_OP_NOT: lambda a: f"(not {a[0]})",
    z3.Z3_OP_UMINUS: lambda a: f"(-{a[0]})",
    z3.Z3_OP_IMPLIES: lambda a: f"((not {a[0]}) or {a[1]})",
    z3.Z3_OP_ITE: lambda a: f"({a[1]} if {a[0]} else {a[2]})",
    z3.Z3_OP_EQ: lambda a: f"({a[0]} == {a[1]})",
    z3.Z3_OP_IFF: lambda a: f"({a[0]} == {a[1]})",
    z3.Z3_OP_XOR: lambda a: f"({a[0]} != {a[1]})",
    z3.Z3_OP_DISTINCT: lambda a: f"(len({{{', '.join(a)}}}) == {len(a)})",
    z3.Z3_OP_LE: lambda a: f"({a[0]} <= {a[1]})",
    z3.Z3_OP_LT: lambda a: f"({a[0]} < {a[1]})",
    z3.Z3_OP_GE: lambda a: f"({a[0]} >= {a[1]})",
    z3.Z3_OP_GT: lambda a: f"({a[0]} > {a[1]})",
    z3.Z3_OP_IDIV: lambda a: f"_div({a[0]}, {a[1]})",
    z3.Z3_OP_MOD: lambda a: f"_mod({a[0]}, {a[1]})",
    z3.Z3_OP_DIV: lambda a: f"(_F({a[0]}) / {a[1]})",
    z3.Z3_OP_TO_REAL: lambda a: f"_F({a[0]})",
}


class UnsupportedTerm(ValueError):
    pass


Compiled = Callable[..., tuple[Any, ...]]
#: Functions already compiled, by the Z3 ids of their inputs and outputs, the most recently
#: used last; the terms are kept beside each, so that no id is reused for another term.
_COMPILED: OrderedDict[tuple[tuple[int, ...], tuple[int, ...]],
                       tuple[tuple[z3.ExprRef, ...], Compiled]] = OrderedDict()
_KEPT = 512


def compile_terms(inputs: Sequence[z3.ExprRef],
                  outputs: Sequence[z3.ExprRef]) -> Compiled:
    """A Python function of the ``inputs`` (ints or bools, in order) returning the values of
    ``outputs`` as a tuple of ints and bools. The same terms are compiled once (a table
    check asks for each wager's rules three times)."""
    key = (tuple(v.get_id() for v in inputs), tuple(o.get_id() for o in outputs))
    if key in _COMPILED:
        _COMPILED.move_to_end(key)
        return _COMPILED[key][1]
    function = _compiled(inputs, outputs)
    _COMPILED[key] = ((*inputs, *outputs), function)
    if len(_COMPILED) > _KEPT:
        _COMPILED.popitem(last=False)
    return function


def _compiled(inputs: Sequence[z3.ExprRef], outputs: Sequence[z3.ExprRef]) -> Compiled:
    names: dict[int, str] = {}
    for i, var in enumerate(inputs):
        names[var.get_id()] = f"x{i}"
    lines: list[str] = []

    def name_of(root: z3.ExprRef) -> str:
        stack: list[tuple[z3.ExprRef, bool]] = [(root, False)]
        while stack:
            e, expanded = stack.pop()
            key = e.get_id()
            if key in names:
                continue
            if z3.is_int_value(e):
                names[key] = str(e.as_long())
                continue
            if z3.is_rational_value(e):
                names[key] = f"_F({e.numerator_as_long()}, {e.denominator_as_long()})"
                continue
            if z3.is_app(e) and e.num_args() == 0 and \
                    e.decl().kind() == z3.Z3_OP_DT_CONSTRUCTOR:
                names[key] = repr(e.decl().name())  # an enumeration value, by its name
                continue
            if z3.is_true(e) or z3.is_false(e):
                names[key] = "True" if z3.is_true(e) else "False"
                continue
            kind = e.decl().kind()
            if kind not in _NARY:
                raise UnsupportedTerm(f"cannot compile {e.decl().name()} ({e.sexpr()[:80]})")
            if not expanded:
                stack.append((e, True))
                stack.extend((child, False) for child in e.children())
                continue
            args = [names[child.get_id()] for child in e.children()]
            local = f"t{len(lines)}"
            lines.append(f"    {local} = {_NARY[kind](args)}")
            names[key] = local
        return names[root.get_id()]

    results = [name_of(o) for o in outputs]
    params = ", ".join(f"x{i}" for i in range(len(inputs)))
    source = (f"def evaluate({params}):\n" + "\n".join(lines)
              + f"\n    return ({', '.join(results)},)\n")
    namespace: dict[str, Any] = {"_div": _div, "_mod": _mod, "_F": Fraction}
    exec(compile(source, "<z3_compile>", "exec"), namespace)
    function: Compiled = namespace["evaluate"]
    return function


def evaluate_with_z3(inputs: Sequence[z3.ExprRef], outputs: Sequence[z3.ExprRef],
                     values: Sequence[int | bool]) -> tuple[Any, ...]:
    """The same evaluation by Z3 itself: the reference for the cross-check. The outputs are
    substituted and simplified in one call (:func:`casino_proofs.spec.evaluated`, about
    seven times faster than term by term on the s. 40 specification)."""
    pairs = [(v, z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x))
             for v, x in zip(inputs, values, strict=True)]
    try:
        together = spec.evaluated(outputs, pairs)
    except ValueError as exc:
        raise UnsupportedTerm(str(exc)) from exc
    return tuple(_constant(value) for value in together)


def _constant(value: z3.ExprRef) -> Any:
    if z3.is_true(value) or z3.is_false(value):
        return z3.is_true(value)
    if z3.is_int_value(value):
        return value.as_long()
    if z3.is_rational_value(value):
        return Fraction(value.numerator_as_long(), value.denominator_as_long())
    if z3.is_app(value) and value.decl().kind() == z3.Z3_OP_DT_CONSTRUCTOR:
        return value.decl().name()
    raise UnsupportedTerm(f"not a constant: {value}")
