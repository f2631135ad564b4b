"""The PAR sheet as text, JSON, CSV, Markdown and HTML (``casino-proofs par``): the sheet's
frame here, each game's part from its room (the registry's ``par_report`` entry, a
:class:`ParReport`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from casino_proofs import games
from casino_proofs.reports.check import header_lines
from casino_proofs.reports.documents import ParDocument
from casino_proofs.reports.html_parts import PRINT_SCRIPT, STYLE, e, result
from casino_proofs.reports.text import render, result_lines

#: a game's part of the sheet as the JSON holds it (craps's rows, Pai Gow's tables)
Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class ParReport:
    """A game's part of the sheet in each format: its text lines, its CSV rows (dicts of
    :data:`CSV_FIELDS`), its Markdown lines, its HTML (``chart``: with the charts the check's
    own report leaves out), what it covers, in a phrase, and what it holds, in a few words."""

    text: Callable[[Rows], list[str]]
    csv: Callable[[Rows], list[dict[str, Any]]]
    markdown: Callable[[Rows], list[str]]
    html: Callable[[Rows, bool], str]
    covers: Callable[[Rows], str]
    #: what the part holds, in a few words, where a check's HTML report folds the sheet
    folded: Callable[[Rows], str]


def _parts(doc: dict[str, Any]) -> list[tuple[ParReport | None, Rows]]:
    """Each game with a part of the sheet, in the registry's order: its report (None: the
    document has no part of it) and its rows."""
    return [(games.entry(g, "par_report") if g in doc else None, doc.get(g, []))
            for g in games.names() if games.has(g, "par_report")]


def to_text(doc: dict[str, Any]) -> str:
    verdict, code = result_line(doc).removeprefix("Result: ").rsplit(" (exit ", 1)
    lines = [*result_lines(verdict, int(code.rstrip(")")), _covers(doc), next_step(doc)),
             *header_lines(doc)]
    lines.append("")
    for report, rows in _parts(doc):
        lines += report.text(rows) if report else []
    lines += ["", monte_carlo_line(doc), result_line(doc)]
    return render(lines)


def monte_carlo_line(doc: dict[str, Any]) -> str:
    """What the seeded Monte Carlo run found, or why it did not run."""
    mc = doc["monte_carlo"]
    if mc.get("run", True):
        return (f"Monte Carlo: {mc['trials']:,} trials per row, seed {mc['seed']}, "
                f"{mc['confidence']} intervals: "
                + ("every exact figure inside" if mc["inside"] else "SOME FIGURE OUTSIDE"))
    return f"Monte Carlo: not run ({mc['why']})"


def next_step(doc: dict[str, Any]) -> str:
    """What to do after reading the sheet."""
    if doc["summary"]["exit_code"] == 0:
        return ("nothing to fix: every exact figure of the specification is the "
                "implementation's too")
    return ("see the rows marked “spec and impl disagree” (and the Monte Carlo intervals, "
            "where one misses); casino-proofs settle asks the engine about one input")


def result_line(doc: dict[str, Any]) -> str:
    """The sheet's result in one line, with its exit code."""
    s = doc["summary"]
    verdict = "spec and impl agree on every figure" if s["spec_and_impl_agree"] \
        else "SPEC AND IMPL DISAGREE"
    if not s["monte_carlo_inside"]:
        verdict += "; A MONTE CARLO INTERVAL MISSES AN EXACT FIGURE"
    return f"Result: {verdict} (exit {s['exit_code']})"


CSV_FIELDS = ("game", "table", "wager", "reading", "start", "figure", "decision", "net",
              "exact", "decimal", "combination", "clause", "hands")


def to_csv(doc: dict[str, Any]) -> str:
    """One figure a line, for a spreadsheet: each game's (craps figures and outcomes, Pai Gow
    counts)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for report, rows in _parts(doc):
        writer.writerows(report.csv(rows) if report else [])
    return out.getvalue()


def to_markdown(doc: dict[str, Any]) -> str:
    lines = ["## casino-proofs PAR sheet", "",
             f"{doc['regulation']['citation']}, version {doc['regulation']['version']}", ""]
    for report, rows in _parts(doc):
        lines += report.markdown(rows) if report else []
    return "\n".join(lines) + "\n"


def par_section(doc: dict[str, Any], chart: bool = True) -> str:
    """The PAR sheet as HTML, each game's part (in the PAR page, and in the check's HTML
    report: ``chart`` False, the check's own ``House edges`` standing for the chart)."""
    return "\n".join(report.html(rows, chart) if report else "" for report, rows in _parts(doc))


def par_folded(doc: dict[str, Any]) -> str:
    """What the sheet holds, in a few words, where a check's HTML report folds it."""
    said = (report.folded(rows) for report, rows in _parts(doc) if report)
    return " and ".join(x for x in said if x)


def _covers(doc: dict[str, Any]) -> str:
    """What the sheet covers, in one sentence."""
    return "; ".join(report.covers(rows) for report, rows in _parts(doc) if report) or "nothing"


def to_html(doc: dict[str, Any]) -> str:
    """The PAR sheet as a page of its own: its result first, then every figure."""
    reg = doc["regulation"]
    code = doc["summary"]["exit_code"]
    verdict = {0: "PROVED", 1: "REFUTED", 3: "UNKNOWN"}.get(code, "ERROR")  # its colour
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>casino-proofs PAR sheet: {e(result_line(doc))}</title>
<style>{STYLE}</style></head>
<body class="sheet">
<header>{result(verdict, result_line(doc), e(next_step(doc)), code)}
<h1>PAR sheet: {e(reg["citation"])}, version {e(reg["version"])}</h1>
<p>{e(_covers(doc))}, from the specification, checked against the implementation
{e(doc.get("engine", "impl"))}. {e(monte_carlo_line(doc))}.</p>
<p>casino-proofs {e(doc["tool"]["version"])}.</p></header>
{par_section(doc)}
<script>{PRINT_SCRIPT}</script>
</body></html>
"""


def par_text(doc: ParDocument) -> str:
    """``par --format text``."""
    return to_text(doc.json())


def par_csv(doc: ParDocument) -> str:
    """``par --format csv``."""
    return to_csv(doc.json())


def par_markdown(doc: ParDocument) -> str:
    """``par --format markdown``."""
    return to_markdown(doc.json())


def par_html(doc: ParDocument) -> str:
    """``par --format html``."""
    return to_html(doc.json())
