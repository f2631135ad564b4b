"""SMT-LIB 2 text of a query, so that another solver can check it (``check --bundle``,
``replay``).

Z3's own dump of a solver leaves the trackers of ``assert_and_track`` free; the text here asks
``check-sat-assuming`` over them, as Z3's ``check`` does, and then for the assumptions an UNSAT
answer used (the unsat core by clause ID). Z3 abbreviates shared subterms with let-bindings
chosen from the terms alive in the process: the same query prints the same in two runs of the
command, but may print differently twice in one long-lived process.
"""

from __future__ import annotations

import re

import z3

_LET_NAME = re.compile(r"[$?]x\d+")


def _renumber(text: str) -> str:
    """Z3 names its let-bindings after internal term ids, which differ from run to run;
    renumber them by first appearance so that the same query always prints the same text."""
    names: dict[str, str] = {}

    def rename(match: re.Match[str]) -> str:
        old = match.group(0)
        if old not in names:
            names[old] = f"{old[0]}x{len(names) + 1}"
        return names[old]

    return _LET_NAME.sub(rename, text)


def query_text(solver: z3.Solver, trackers: list[str]) -> str:
    body = solver.to_smt2()
    lines = [line for line in body.splitlines()
             if line.strip() not in ("(check-sat)", "(set-info :status unknown)")
             and not line.startswith("; benchmark")]
    assumptions = " ".join(z3.Bool(t).sexpr() for t in trackers)
    head = ["(set-option :produce-unsat-assumptions true)", "(set-logic ALL)"]
    tail = [f"(check-sat-assuming ({assumptions}))" if trackers else "(check-sat)"]
    if trackers:
        tail.append("(get-unsat-assumptions)")
    return _renumber("\n".join(head + lines + tail) + "\n")
