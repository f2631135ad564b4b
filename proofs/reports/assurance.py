"""The text reports of the assurance analyses: ``casino-proofs mutants`` (the mutation score
by clause, each survivor named) and ``casino-proofs coverage`` (what covers each sentence)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from casino_proofs.analyses.assurance.coverage import SentenceCoverage
from casino_proofs.reports.documents import CoverageDocument, MutantsDocument
from casino_proofs.reports.text import columns, fit, render


def mutants_report(doc: MutantsDocument) -> str:
    """``mutants --format text``."""
    return mutants_text(doc.json())


def coverage_report(doc: CoverageDocument) -> str:
    """``coverage --format text``."""
    return coverage_text(list(doc.rows), list(doc.uncited), doc.folder)


def mutants_text(doc: dict[str, Any]) -> str:
    """The mutation score: killed of total by clause, then every survivor and why."""
    rows = [["clause", "killed", "/", "total", ""]] + [
        [clause, str(row["killed"]), "/", str(row["total"]),
         "" if row["killed"] == row["total"] else "SURVIVORS"]
        for clause, row in doc["by_clause"].items()]
    lines = columns(rows, right=(1,), free=True)
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
    lines = []
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
        tests = f"{len(r.tests)} test files" if tests_folder is not None else "tests not seen"
        table = f", {len(r.table)} table obligations" if r.table else ""
        lines += fit(f"{mark}  {r.id}: {len(r.constraints)} constraints, {len(r.impl)} impl "
                     f"functions, {len(r.obligations)} obligations{table}, {tests}", hang)
    for where in uncited:
        lines += fit(f"UNCITED   {where}: cites no registered clause", hang)
    uncovered = [r.id for r in rows if not r.covered]
    lines.append("")
    lines.append(f"{len(rows)} sentences: {len(rows) - len(uncovered)} covered or scoped out, "
                 f"{len(uncovered)} uncovered; {len(uncited)} constraints citing no clause")
    return render(lines)
