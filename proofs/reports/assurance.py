"""The text reports of the assurance analyses: ``casino-proofs mutants`` (the mutation score
by clause, each survivor named) and ``casino-proofs coverage`` (what covers each sentence)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from casino_proofs.analyses.assurance.coverage import SentenceCoverage
from casino_proofs.reports.documents import CoverageDocument, MutantsDocument
from casino_proofs.reports.text import columns, count, fit, render, result_lines


def mutants_report(doc: MutantsDocument) -> str:
    """``mutants --format text``."""
    return mutants_text(doc.json())


def coverage_report(doc: CoverageDocument) -> str:
    """``coverage --format text``."""
    return coverage_text(list(doc.rows), list(doc.uncited), doc.folder)


def mutants_text(doc: dict[str, Any]) -> str:
    """The result first; the mutation score: killed of total by clause, then every survivor
    and why."""
    survived = len(doc["survivors"])
    lines = result_lines(
        "every mutant killed" if not survived else "SOME MUTANT SURVIVED", 1 if survived else 0,
        f"{doc['killed']}/{doc['total']} killed, {count(survived, 'survivor')}",
        "nothing to fix: every fault planted was caught" if not survived else
        "each survivor below is a fault no check catches: add the obligation or must-fail "
        "case that kills it")
    rows = [["clause", "killed", "/", "total", ""]] + [
        [clause, str(row["killed"]), "/", str(row["total"]),
         "" if row["killed"] == row["total"] else "SURVIVORS"]
        for clause, row in doc["by_clause"].items()]
    lines += columns(rows, right=(1,), free=True)
    lines.append("")
    for s in doc["survivors"]:
        lines += fit(f"SURVIVED  {s['id']} ({s['clause']}): {s['why']}", " " * 10)
    lines.append(f"mutation score: {doc['killed']}/{doc['total']} killed, "
                 f"{len(doc['survivors'])} survivors")
    return render(lines)


def coverage_text(rows: list[SentenceCoverage], uncited: list[str],
                  tests_folder: Path | None) -> str:
    """Each sentence: covered (and by how many constraints, functions, obligations and test
    files), out of scope (and why) or UNCOVERED; then the constraints citing no clause."""
    uncovered = [r.id for r in rows if not r.covered]
    summary = (f"{count(len(rows), 'sentence')}: {len(rows) - len(uncovered)} covered or scoped "
               f"out, {len(uncovered)} uncovered; {count(len(uncited), 'constraint')} citing "
               "no clause")
    bad = bool(uncovered or uncited)
    lines = result_lines(
        "every sentence covered or scoped out, every constraint citing a clause" if not bad
        else "UNCOVERED", 1 if bad else 0, summary,
        "nothing to fix" if not bad else "encode, or scope out with its reason "
        "(regulation/coverage.toml), each UNCOVERED sentence; cite a clause in each UNCITED "
        "constraint")
    if tests_folder is None:
        lines.append("tests: not visible from here (run from the checkout, or give --tests "
                     "DIR); the test column below is not counted")
    else:
        lines.append(f"tests: searched in {tests_folder}")
    hang = " " * 10
    for r in rows:
        if r.out_of_scope and not r.constraints:
            lines += fit(f"OUT OF SCOPE  {r.id}: {r.out_of_scope}", hang)
            continue
        mark = "covered " if r.covered else "UNCOVERED"
        tests = count(len(r.tests), "test file") if tests_folder is not None \
            else "tests not seen"
        table = f", {count(len(r.table_obligations), 'table obligation')}" \
            if r.table_obligations else ""
        lines += fit(f"{mark}  {r.id}: {count(len(r.constraints), 'constraint')}, "
                     f"{count(len(r.impl), 'impl function')}, "
                     f"{count(len(r.obligations), 'obligation')}{table}, {tests}", hang)
    for where in uncited:
        lines += fit(f"UNCITED   {where}: cites no registered clause", hang)
    lines.append("")
    lines.append(summary)
    return render(lines)
