"""A single self-contained HTML page for an auditor (``check --format html``).

Each clause's text (English, and French where the seeds give it) beside the verdicts of the
obligations resting on it, with every counterexample; the ambiguity findings; and a chart of
the house edges per wager and reading. No script, no style sheet, no font, no image is fetched:
everything is in the one file.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from casino_proofs import regulation
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.reports.check import engine_lines as engine_lines_of
from casino_proofs.reports.check import overall, settlement_text
from casino_proofs.reports.formats import counterexample_lines
from casino_proofs.reports.html_parts import STYLE, chart_note, e, edge_chart
from casino_proofs.reports.par import par_section as par_html


def _clause_articles(results: list[Result]) -> str:
    by_paragraph: dict[str, list[Result]] = {}
    for r in results:
        for c in dict.fromkeys(regulation.paragraph_of(c) for c in r.clauses):
            by_paragraph.setdefault(c, []).append(r)
    parts = []
    for p in regulation.paragraphs():
        mine = by_paragraph.get(p.id, [])
        counts = Counter(r.verdict.value for r in mine)
        status = ("PROVED" if counts and set(counts) == {"PROVED"}
                  else "none" if not counts else "REFUTED")
        rows = "".join(
            f'<div><span class="sid">{e(s.id)}</span>'
            f'<p lang="en">{e(s.en)}</p></div>'
            f'<div><p class="fr" lang="fr">{e(s.fr or "")}</p></div>'
            for s in p.sentences)
        failing = "".join(_failure_row(r) for r in mine if r.verdict is not Verdict.PROVED)
        summary = ", ".join(f'<span class="{v}">{counts[v]} {v}</span>'
                            for v in ("PROVED", "REFUTED", "VACUOUS", "UNKNOWN", "ERROR")
                            if counts.get(v))
        parts.append(
            f'<article id="{e(p.id)}" data-status="{status}">'
            f"<h3>{e(p.id)} — {e(p.title)}</h3>"
            f'<div class="text">{rows}</div>'
            f'<p class="verdicts">{summary or "no obligation rests on this paragraph"}</p>'
            + (f"<table><tr><th>obligation</th><th>verdict</th><th>counterexample</th></tr>"
               f"{failing}</table>" if failing else "")
            + "</article>")
    return "".join(parts)


def _failure_row(r: Result) -> str:
    bits = counterexample_lines(r)
    return (f"<tr><td>{e(r.obligation.id)}</td><td class=\"{r.verdict.value}\">"
            f"{r.verdict.value}</td><td>{'<br>'.join(e(b) for b in bits if b)}</td></tr>")


def _conventions(context: dict[str, Any]) -> str:
    return "".join(f'<tr class="convention"><td>{e(c["id"])}</td><td>{e(c["title"])}</td>'
                   f"<td>{e(c['text'])}</td></tr>" for c in context["conventions"])


def _settled(value: Any) -> str:
    """A settlement a witness holds, in words (never a Python value)."""
    if isinstance(value, dict):
        if "net" in value or "error" in value or "fault" in value:
            return settlement_text(value)
        decision = value.get("decision", "")
        return f"{decision}: {value['why']}" if value.get("why") else str(decision)
    return str(value)


def _edge_cell(r: dict[str, Any]) -> str:
    if r["house_edge"] is None:
        return f"<td colspan=\"2\">none: {e(r.get('note') or 'the settlement is undefined')}</td>"
    return (f'<td class="num">{e(r["house_edge"])}</td>'
            f'<td class="num">{e(r["house_edge_percent"])}</td>')


def _ambiguities(findings: list[dict[str, Any]]) -> str:
    rows = []
    for f in findings:
        mark = "material" if f["material"] else "harmless"
        w = f.get("witness") or {}
        if "wager" in w:
            other = f["compared"][1]
            what = (f"{w['wager']} on roll {w['roll'][0]},{w['roll'][1]}: "
                    f"{_settled(w['default'])} / {_settled(w[other])}")
        elif "hand" in w:
            what = f"{w['hand']}: {w['default']} / {w[f['compared'][1]]}"
        elif "says" in w:
            what = w["says"]
        else:
            what = f.get("proof", "")
        rows.append(f'<tr><td>{e(f["id"])}</td><td>{e(f["clause"])}</td>'
                    f'<td class="{mark}">{mark}</td><td>{e(" / ".join(f["compared"]))}</td>'
                    f'<td>{e(what)}</td><td>{e(f.get("delta") or "")}</td></tr>')
    return "".join(rows)


def to_html(results: list[Result], context: dict[str, Any], seconds: float,
            findings: list[dict[str, Any]], edges: list[dict[str, Any]],
            detail: dict[str, Any] | None = None, par: dict[str, Any] | None = None) -> str:
    reg = context["regulation"]
    engine_lines = "".join(f"<li>{e(line.strip())}</li>"
                           for line in engine_lines_of(detail or {}))
    verdict = overall(results)
    counts = Counter(r.verdict.value for r in results)
    readings = "".join(
        f"<tr><td>{e(k)}</td><td>{e(v['value'])}</td>"
        f"<td>{'default' if v['default'] else 'chosen'}</td><td>{e(v['description'])}</td></tr>"
        for k, v in context["readings"].items())
    edge_rows = "".join(
        f'<tr><td>{e(r["wager"])}</td><td>{e(r["start"])}</td><td>{e(r["reading"])}</td>'
        f'{_edge_cell(r)}'
        f'<td>{"PLAYER ADVANTAGE" if r["player_advantage"] else ""}</td></tr>'
        for r in edges)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>casino-proofs report: {e(verdict)}</title>
<style>{STYLE}</style></head>
<body>
<header>
<h1>{e(reg["citation"])}, version {e(reg["version"])}</h1>
<p id="overall" class="badge {verdict}" data-verdict="{verdict}">{verdict}:
{len(results)} obligations, {counts.get("PROVED", 0)} proved, in {seconds:.1f} s
(casino-proofs {e(context["tool"]["version"])}, Z3 {e(context["tool"]["z3"])})</p>
<p>{e(reg["note"])}</p>
<ul id="engine">{engine_lines}</ul>
</header>
<h2 id="readings-in-force">Readings in force</h2>
<p>Where the text can be read more than one way; the readings are the project's choice, not
the regulation's.</p>
<table>{readings}</table>
<h2 id="clauses">Clauses and their verdicts</h2>
{_clause_articles(results)}
<h2 id="conventions">Conventions (not regulation text)</h2>
<table>{_conventions(context)}</table>
<h2 id="ambiguities">Ambiguities</h2>
<table><tr><th>entry</th><th>clause</th><th>finding</th><th>readings</th>
<th>witness or proof</th><th>delta</th></tr>{_ambiguities(findings)}</table>
<h2 id="house-edges">House edges</h2>
<p>Bars: the house edge under the base readings. Marks: the same wager under another reading
(red where the player has the advantage). {chart_note(edges)}</p>
{edge_chart(edges)}
<table><tr><th>wager</th><th>from</th><th>reading</th><th>house edge</th><th>%</th>
<th>note</th></tr>
{edge_rows}</table>
{par_html(par) if par else ""}
</body></html>
"""
