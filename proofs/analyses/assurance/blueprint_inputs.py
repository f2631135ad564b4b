"""What the blueprint shows beside a check's verdicts, gathered from what the project already
holds, clause by clause (``casino-proofs blueprint``; :mod:`casino_proofs.reports.blueprint`
lays it out):

- the specification's constraints that cite each sentence or convention, under the readings
  in force, each readable (infix, in words where Z3 has an operator) and as SMT-LIB 2
  (:mod:`casino_proofs.solving.smtlib`, the printer the audit bundle uses): a craps rule is
  its guard implying its settlement, a state class its constraint, a Pai Gow combination its
  description of a hand (a ``define-fun``), an ordering statement its higher and lower hands
  over the combinations so defined;
- the edges the specification draws between clauses: a rule decided by one clause and paid
  or conditioned by others, an ordering statement resting on the combinations it orders;
- the implementation's code that carries each sentence: the functions ``coverage`` finds
  (their docstrings cite it), with their files and lines;
- each sentence's coverage (constraints, functions, tests, scope), without the obligations,
  which the check under review gives;
- every ambiguity finding (``casino-proofs ambiguities``);
- the PAR figures of the games checked under the readings in force: every craps row from the
  specification (checked against the implementation), and the Pai Gow combination counts of
  the five-card, two-card and seven-card hands, exact.

Everything here is about the text and this project's model; nothing comes from the engine
under review. The result is plain data (it crosses a process boundary when the blueprint
gathers it while the check runs).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import z3

from casino_proofs import games as registry
from casino_proofs import regulation, spec
from casino_proofs.analyses.assurance.coverage import IMPL_DIR, SentenceCoverage, coverage
from casino_proofs.solving.smtlib import assertions_text
from casino_proofs.untrusted.bounds import TEST_FILE_BYTES


@dataclass(frozen=True)
class Constraint:
    """One constraint of the specification, as it cites its clauses."""

    where: str  # "hard-4 rule #0: wins on a double 2"
    clauses: tuple[str, ...]
    readings: tuple[str, ...]
    readable: str
    smtlib: str


@dataclass(frozen=True)
class CodeSpan:
    """A function or class of the implementation, with its lines (first and last, 1-based)."""

    file: str  # "impl/multiple_chances.py"
    name: str
    first: int
    last: int


@dataclass
class Inputs:
    """What the blueprint shows beside the verdicts (see the module's docstring)."""

    readings: dict[str, str]
    games: tuple[str, ...]
    constraints: dict[str, list[Constraint]] = field(default_factory=dict)
    edges: list[tuple[str, str]] = field(default_factory=list)
    #: the functions of a hand the constraints of s. 40 are written with, defined once
    helpers: list[Constraint] = field(default_factory=list)
    code: dict[str, list[CodeSpan]] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    coverage: dict[str, SentenceCoverage] = field(default_factory=dict)
    tests_folder: str | None = None
    ambiguities: list[dict[str, Any]] = field(default_factory=list)
    #: each wager's home: the sentence or convention that names it (its PAR is shown there)
    wager_home: dict[str, str] = field(default_factory=dict)
    #: each game's PAR figures, written by its room (the registry's ``blueprint_par``): craps's
    #: rows
    par_craps: list[dict[str, Any]] = field(default_factory=list)
    #: Pai Gow counts: table ("five_card", "two_card", "seven_card") -> rows of
    #: combination, clause, hands and exact probability, and each table's hand count
    par_paigow: dict[str, dict[str, Any]] = field(default_factory=dict)


# -- terms, readable -------------------------------------------------------------------------

#: infix operators and how tightly each binds (a lower level binds tighter)
_INFIX = {z3.Z3_OP_MUL: ("×", 2), z3.Z3_OP_DIV: ("/", 2), z3.Z3_OP_IDIV: ("div", 2),
          z3.Z3_OP_MOD: ("mod", 2), z3.Z3_OP_ADD: ("+", 3), z3.Z3_OP_SUB: ("-", 3),
          z3.Z3_OP_EQ: ("=", 4), z3.Z3_OP_DISTINCT: ("≠", 4), z3.Z3_OP_LE: ("≤", 4),
          z3.Z3_OP_GE: ("≥", 4), z3.Z3_OP_LT: ("<", 4), z3.Z3_OP_GT: (">", 4),
          z3.Z3_OP_IFF: ("=", 4), z3.Z3_OP_AND: ("and", 5), z3.Z3_OP_OR: ("or", 6)}
_ASSOCIATIVE = {z3.Z3_OP_ADD, z3.Z3_OP_MUL, z3.Z3_OP_AND, z3.Z3_OP_OR}


def readable(term: z3.ExprRef, hand: tuple[z3.ExprRef, ...] = ()) -> str:
    """A term in infix words: ``not (come_out and not working) and die_1 + die_2 = 4``. A
    function applied to the symbolic hand's cards, in order, is written ``f(hand)``."""
    return _infix(term, hand)[0]


def _wrapped(child: tuple[str, int], level: int, associative: bool) -> str:
    text, inner = child
    return f"({text})" if inner > level or (inner == level and not associative) else text


def _infix(e: z3.ExprRef, hand: tuple[z3.ExprRef, ...]) -> tuple[str, int]:
    """The text of a term and how tightly it binds (0: an atom or an application)."""
    if z3.is_true(e) or z3.is_false(e):
        return ("true" if z3.is_true(e) else "false"), 0
    if z3.is_int_value(e) or z3.is_rational_value(e):
        return str(e), 0
    if not z3.is_app(e):
        return str(e.sexpr()), 0
    kind, kids = e.decl().kind(), e.children()
    if not kids:
        return str(e.decl().name()), 0
    if kind in (z3.Z3_OP_NOT, z3.Z3_OP_UMINUS):
        word = "not " if kind == z3.Z3_OP_NOT else "-"
        return word + _wrapped(_infix(kids[0], hand), 1, True), 1
    if kind in (z3.Z3_OP_ITE, z3.Z3_OP_IMPLIES):
        parts = [_infix(k, hand)[0] for k in kids]
        text = f"if {parts[0]} then {parts[1]}" + (f" else {parts[2]}" if len(parts) > 2
                                                   else "")
        return text, 7
    if kind in _INFIX:
        word, level = _INFIX[kind]
        joined = f" {word} ".join(_wrapped(_infix(k, hand), level, kind in _ASSOCIATIVE)
                                  for k in kids)
        return joined, level
    if hand and len(kids) == len(hand) and all(k.eq(c) for k, c in zip(kids, hand,
                                                                           strict=True)):
        return f"{e.decl().name()}(hand)", 0
    return f"{e.decl().name()}({', '.join(_infix(k, hand)[0] for k in kids)})", 0


def smtlib(terms: list[z3.ExprRef], head: tuple[str, ...] = ()) -> str:
    """The terms as SMT-LIB 2 assertions, with their declarations (``head`` first)."""
    return "\n".join([*head, *assertions_text(terms)])


# -- where a constraint is shown -------------------------------------------------------------

def _sentences_of(clause: str) -> list[str]:
    """A sentence or convention is itself; a paragraph stands for its sentences."""
    entry = regulation.lookup(clause)
    if isinstance(entry, regulation.Paragraph):
        return [s.id for s in entry.sentences]
    return [clause]


def note(found: dict[str, list[Constraint]], c: Constraint) -> None:
    """``c`` shown at every sentence (or convention) it cites."""
    for clause in dict.fromkeys(c.clauses):
        for sid in _sentences_of(clause):
            found.setdefault(sid, []).append(c)


# -- the implementation ----------------------------------------------------------------------

_CONVENTION = re.compile(r"conv-[a-z0-9]+(?:-[a-z0-9]+)*")


def _spans(rows: list[SentenceCoverage]) -> tuple[dict[str, list[CodeSpan]], dict[str, str]]:
    """The implementation's functions by the sentence they carry (as ``coverage`` finds
    them) and by the convention their docstrings cite, with their lines; and the source of
    every file named."""
    defined: dict[tuple[str, str], list[tuple[int, int]]] = {}
    cited: dict[str, list[CodeSpan]] = {}
    sources: dict[str, str] = {}
    for path in sorted(IMPL_DIR.glob("*.py")):
        rel = f"impl/{path.name}"
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                span = (node.lineno, node.end_lineno or node.lineno)
                defined.setdefault((rel, node.name), []).append(span)
                for cid in sorted(set(_CONVENTION.findall(ast.get_docstring(node) or ""))):
                    if cid in regulation.conventions():
                        cited.setdefault(cid, []).append(CodeSpan(rel, node.name, *span))
        sources[rel] = text
    for row in rows:
        for entry in row.impl:
            rel, _sep, name = entry.partition(":")
            cited.setdefault(row.id, []).extend(CodeSpan(rel, name, a, b)
                                                for a, b in defined.get((rel, name), []))
    used = {s.file for spans in cited.values() for s in spans}
    return cited, {k: v for k, v in sources.items() if k in used}


#: the parts :func:`gather` gathers, in order, as its progress names them
PARTS = ("the constraints", "the coverage and the code", "the ambiguities", "the PAR figures")


def gather(readings: dict[str, str], games: tuple[str, ...], tests: Path | None,
           workers: int = 2, test_file_bytes: int = TEST_FILE_BYTES,
           told: Callable[[str], None] | None = None) -> Inputs:
    """Everything the blueprint shows beside the verdicts, under ``readings`` (every reading
    with its value), the PAR figures for ``games``; ``test_file_bytes``: the bound on a test
    file read; ``told`` is told each part of :data:`PARTS` as it starts (the command's
    progress)."""
    from casino_proofs.analyses.readings.ambiguities import find_all, finding_json

    def starts(part: str) -> None:
        if told is not None:
            told(part)

    chosen = spec.Readings.from_dict(readings)
    inputs = Inputs(dict(readings), games,
                    tests_folder=str(tests) if tests is not None else None)
    starts(PARTS[0])
    registry.each("blueprint_constraints", chosen, inputs)  # each game's, by its room
    starts(PARTS[1])
    rows, _uncited = coverage(tests, obligations={}, test_file_bytes=test_file_bytes)
    inputs.coverage = {r.id: r for r in rows}
    inputs.code, inputs.sources = _spans(rows)
    starts(PARTS[2])
    inputs.ambiguities = [finding_json(f) for f in find_all()]
    starts(PARTS[3])
    registry.each("blueprint_par", inputs, workers, among=inputs.games)
    inputs.edges = list(dict.fromkeys(inputs.edges))
    return inputs
