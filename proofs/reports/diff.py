"""The reports of ``casino-proofs diff``: text for a terminal, JSON (schema
``casino-proofs/diff``), Markdown short enough for a pull-request comment, and one
self-contained HTML page. The frame is here; each game's section comes from its room (the
registry's ``diff_report`` entry, a :class:`DiffReport`: a table per craps wager, the Pai Gow
grid of combination against combination)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from casino_proofs import games
from casino_proofs.reports.documents import DiffDocument
from casino_proofs.reports.html_parts import STYLE, e, result
from casino_proofs.reports.text import count
from casino_proofs.reports.text import render as render_lines

MARKDOWN_ROWS = 10  # rows of each Markdown table; the rest are counted, not shown
#: a game's section of the diff document, as the JSON holds it
Section = dict[str, Any]


@dataclass(frozen=True)
class DiffReport:
    """A game's section of the report in each format: its text lines, its Markdown lines and
    its HTML parts."""

    text: Callable[[Section], list[str]]
    markdown: Callable[[Section], list[str]]
    html: Callable[[Section], list[str]]


def _sections(doc: dict[str, Any]) -> list[tuple[DiffReport, Section]]:
    """Each game's section the document holds, with its report, in the registry's order."""
    return [(games.entry(g, "diff_report"), doc[g]) for g in games.names()
            if doc.get(g) is not None and games.has(g, "diff_report")]


def diff_text(doc: DiffDocument) -> str:
    """``diff --format text``."""
    return to_text(doc.json())


def diff_markdown(doc: DiffDocument) -> str:
    """``diff --format markdown``: short enough for a pull-request comment."""
    return to_markdown(doc.json())


def diff_html(doc: DiffDocument) -> str:
    """``diff --format html``."""
    return to_html(doc.json())


# -- shared wording ---------------------------------------------------------------------------


def side_text(side: dict[str, Any]) -> str:
    chosen = ", ".join(f"{k}={v}" for k, v in sorted(side["readings"].items()))
    out = f"{side['side']} (readings: {chosen or 'the defaults'})"
    if side.get("text_defective"):
        out += "; the text is defective under " + "; ".join(side["text_defective"])
    return out


def _side_notes(doc: dict[str, Any]) -> list[str]:
    """What each engine side's adapter noted (a table's unreadable rows, rows matching no
    input)."""
    return [f"note, side {tag.upper()}: {n}" for tag in ("a", "b")
            for n in doc[tag].get("notes", [])]


def _expect_lines(doc: dict[str, Any]) -> list[str]:
    expect = doc.get("expect")
    if expect is None:
        return []
    aside = (f" ({count(expect['not_compared'], 'expected difference')} about what this run "
             "did not compare, set aside)" if expect.get("not_compared") else "")
    if expect["met"]:
        return [f"--expect {expect['file']}: exactly the {expect['expected']:,} expected "
                f"differences{aside}"]
    lines = [f"--expect {expect['file']}: NOT MET{aside}"]
    lines += [f"  new: {d['id']} ({d['what']})" for d in expect["new"]]
    lines += [f"  gone: {d['id']}" for d in expect["gone"]]
    lines += [f"  changed: {d['id']} ({d['what']})" for d in expect["changed"]]
    return lines


# -- text ---------------------------------------------------------------------------------------


def to_text(doc: dict[str, Any]) -> str:
    n = len(doc["differences"])
    lines = [f"casino-proofs diff: {doc['verdict']} -- {count(n, 'difference')}",
             f"Next: {_next_step(doc)}",
             f"A: {side_text(doc['a'])}", f"B: {side_text(doc['b'])}", ""]
    for report, section in _sections(doc):
        lines += report.text(section)
    for item in doc["left_out"]:
        lines.append(f"left out: {item['what']} ({item['why']})")
    lines += _side_notes(doc)
    for p in doc["problems"]:
        lines.append(f"ERROR: {p}")
    for u in doc["unknown"]:
        lines.append(f"UNKNOWN: {u}")
    lines += _expect_lines(doc)
    lines.append(f"{doc['seconds']} s; exit code {doc['exit_code']}")
    return render_lines(lines)


# -- Markdown -----------------------------------------------------------------------------------


def md(text: object) -> str:
    return str(text).replace("|", "\\|")


def to_markdown(doc: dict[str, Any]) -> str:
    n = len(doc["differences"])
    lines = [f"### casino-proofs diff: {doc['verdict']} ({count(n, 'difference')})",
             "", f"**A** {md(side_text(doc['a']))}  ", f"**B** {md(side_text(doc['b']))}", ""]
    lines += [f"- {md(x)}" for x in _expect_lines(doc)]
    for report, section in _sections(doc):
        lines += report.markdown(section)
    trouble = doc["problems"] + doc["unknown"]
    if trouble:
        lines += ["", *[f"- **{md(t)}**" for t in trouble[:MARKDOWN_ROWS]]]
    lines += ["", f"<sub>casino-proofs {doc['tool']['version']}, {doc['seconds']} s, exit code "
              f"{doc['exit_code']}</sub>"]
    return "\n".join(lines) + "\n"


# -- HTML -------------------------------------------------------------------------------------


def _next_step(doc: dict[str, Any]) -> str:
    """What to do after a diff, in one sentence."""
    code = doc["exit_code"]
    if code == 0:
        return ("nothing to review: the two sides settle and rank alike"
                if doc.get("expect") is None else "nothing new: exactly the expected differences")
    if code == 1:
        return ("review each difference below (its inputs, both sides' answers, the clauses); "
                "a CI job pins the accepted ones with --expect FILE")
    return ("see the notes at the end: a list could not be proved complete (UNKNOWN: a larger "
            "--rlimit) or a difference did not replay (ERROR)")


def to_html(doc: dict[str, Any]) -> str:
    n = len(doc["differences"])
    code = doc["exit_code"]
    verdict = {0: "PROVED", 1: "REFUTED", 3: "UNKNOWN"}.get(code, "ERROR")  # its colour
    headline = (f"{doc['verdict']}: {n:,} difference{'s' * (n != 1)} (exit {code})")
    parts = [f"<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" "
             f"content=\"width=device-width, initial-scale=1\"><title>casino-proofs "
             f"diff</title><style>{STYLE}</style><body>"
             f"{result(verdict, headline, e(_next_step(doc)), code)}"
             f"<h1>casino-proofs diff: "
             f"{e(doc['verdict'])} ({n:,} difference{'s' * (n != 1)})</h1>",
             f"<p><b>A</b> {e(side_text(doc['a']))}<br><b>B</b> {e(side_text(doc['b']))}</p>"]
    expect = _expect_lines(doc)
    if expect:
        parts.append("<p>" + "<br>".join(e(x) for x in expect) + "</p>")
    for report, section in _sections(doc):
        parts += report.html(section)
    trouble = doc["problems"] + doc["unknown"] + [
        f"left out: {x['what']} ({x['why']})" for x in doc["left_out"]] + _side_notes(doc)
    if trouble:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(t)}</li>" for t in trouble)
                     + "</ul>")
    parts.append(f"<p class=\"sid\">casino-proofs {e(doc['tool']['version'])}, "
                 f"{doc['seconds']} s, exit code {doc['exit_code']}</p></body></html>\n")
    return "".join(parts)
