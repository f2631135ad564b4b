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
from casino_proofs.context import GAMES, game_of
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.reports.check import (
    engine_entries,
    findings,
    others,
    overall,
    quote_lines,
    readings_line,
    settlement_text,
    witness_lines,
)
from casino_proofs.reports.edge_chart import edge_figure
from casino_proofs.reports.html_parts import STYLE, e
from casino_proofs.reports.par import par_section as par_html


def _what_failed(results: list[Result]) -> str:
    """Every obligation that is not PROVED, grouped into findings as the text report groups
    them, each with its witness in words and every clause and convention it cites quoted."""
    failing = [r for r in results if r.verdict is not Verdict.PROVED]
    if not failing:
        return ""
    groups = findings(failing)
    items = []
    for group in groups:
        r = group[0]
        also = (f"<p>One finding for {len(group):,} obligations: "
                + e(", ".join(g.obligation.id for g in group[1:]))
                + (f" ({e(others(group))} because {e(r.cause)})" if r.cause else "")
                + "</p>") if len(group) > 1 else ""
        witness = "".join(f"<li>{e(line)}</li>" for line in witness_lines(r) + readings_line(r))
        quotes = "".join(f"<li>{e(line.strip())}</li>" for line in quote_lines(r.clauses))
        items.append(f'<li class="finding"><p><span class="{r.verdict.value}">'
                     f"{r.verdict.value}</span> <code>{e(r.obligation.id)}</code> "
                     f"({e(r.obligation.subject)}, {e(r.obligation.scope)})</p>{also}"
                     f'<ul class="witness">{witness}</ul><ul class="cites">{quotes}</ul></li>')
    return (f'<h2 id="what-failed">What failed ({len(failing):,} obligation'
            f"{'s' * (len(failing) > 1)}, {len(groups):,} finding"
            f"{'s' * (len(groups) > 1)})</h2><ol>{''.join(items)}</ol>")


def _clause_articles(results: list[Result], games: tuple[str, ...]) -> str:
    by_paragraph: dict[str, list[Result]] = {}
    for r in results:
        for c in dict.fromkeys(regulation.paragraph_of(c) for c in r.clauses):
            by_paragraph.setdefault(c, []).append(r)
    parts = []
    for p in regulation.paragraphs():
        if game_of(p.id) not in games:
            continue  # a game this check left out (--only)
        mine = by_paragraph.get(p.id, [])
        counts = Counter(r.verdict.value for r in mine)
        status = ("PROVED" if counts and set(counts) == {"PROVED"}
                  else "none" if not counts else "REFUTED")
        french = any(s.fr for s in p.sentences)
        rows = "".join(
            f'<div><span class="sid">{e(s.id)}</span>'
            f'<p lang="en">{e(s.en)}</p></div>'
            + (f'<div><p class="fr" lang="fr">{e(s.fr or "")}</p></div>' if french else "")
            for s in p.sentences)
        if not french:
            rows += ('<p class="note">The French text of this section is not held: the '
                     "published text this model keeps (regulation/source) gives it in English "
                     "only.</p>")
        failing = "".join(_failure_row(r) for r in mine if r.verdict is not Verdict.PROVED)
        summary = ", ".join(f'<span class="{v}">{counts[v]} {v}</span>'
                            for v in ("PROVED", "REFUTED", "VACUOUS", "UNKNOWN", "ERROR")
                            if counts.get(v))
        parts.append(
            f'<article id="{e(p.id)}" data-status="{status}">'
            f"<h3>{e(p.id)} — {e(p.title)}</h3>"
            f'<div class="text{"" if french else " one"}">{rows}</div>'
            f'<p class="verdicts">{summary or "no obligation rests on this paragraph"}</p>'
            + (f"<table><tr><th>obligation</th><th>verdict</th><th>counterexample</th></tr>"
               f"{failing}</table>" if failing else "")
            + "</article>")
    return "".join(parts)


def _failure_row(r: Result) -> str:
    bits = witness_lines(r)
    return (f"<tr><td>{e(r.obligation.id)}</td><td class=\"{r.verdict.value}\">"
            f"{r.verdict.value}</td><td>{'<br>'.join(e(b) for b in bits if b)}</td></tr>")


def _par_part(par: dict[str, Any] | None) -> str:
    """The run's PAR sheet, folded: on screen it opens; in print it stays one line, since
    ``casino-proofs par --format html`` prints it as a document of its own."""
    if not par:
        return ""
    rows = len(par.get("craps", []))
    return (f'<h2 id="par">The PAR sheet</h2><details><summary>{rows:,} craps rows'
            f"{' and the Pai Gow Poker tables' if par.get('paigow') else ''}: every figure "
            "exact (printed as a document of its own by <code>casino-proofs par --format "
            f"html</code>)</summary>{par_html(par, chart=False)}</details>")


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
        why = r.get("note") or "the settlement is undefined"
        return f"<td colspan=\"2\">undefined: {e(why)}</td>"
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
    engine_lines = "".join(f"<li>{e(entry)}</li>" for entry in engine_entries(detail or {}))
    verdict = overall(results)
    counts = Counter(r.verdict.value for r in results)
    scope = (detail or {}).get("scope") or {}
    games = GAMES if not scope.get("only") else (str(scope["only"]),)
    counted = ", ".join(f"{counts[v.value]:,} {v.value}" for v in Verdict if counts.get(v.value))
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
{len(results):,} obligations: {counted}, in {seconds:.1f} s
(casino-proofs {e(context["tool"]["version"])}, Z3 {e(context["tool"]["z3"])})</p>
<p>{e(reg["note"])}</p>
<ul id="engine">{engine_lines}</ul>
</header>
{_what_failed(results)}
<h2 id="readings-in-force">Readings in force</h2>
<p>Where the text can be read more than one way; the readings are the project's choice, not
the regulation's.</p>
<table><tr><th>reading</th><th>value</th><th>default or chosen</th><th>what it means</th></tr>
{readings}</table>
<h2 id="clauses">Clauses and their verdicts</h2>
{_clause_articles(results, games)}
<h2 id="conventions">Conventions (not regulation text)</h2>
<table>{_conventions(context)}</table>
<h2 id="ambiguities">Ambiguities</h2>
<table><tr><th>entry</th><th>clause</th><th>finding</th><th>readings</th>
<th>witness or proof</th><th>delta</th></tr>{_ambiguities(
    [f for f in findings if game_of(f["clause"]) in games])}</table>
<h2 id="house-edges">House edges</h2>
{edge_figure(edges)}
<details><summary>Every house edge: {len(edges):,} rows, each wager from each start under each
reading</summary>
<table><tr><th>wager</th><th>from</th><th>reading</th><th>house edge</th><th>%</th>
<th>note</th></tr>
{edge_rows}</table></details>
{_par_part(par)}
</body></html>
"""
