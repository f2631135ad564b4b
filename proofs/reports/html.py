"""A single self-contained HTML page for an auditor (``check --format html``).

The result first (the verdict, the counts, what to do next); then each clause's text (English,
and French where the seeds give it) beside the verdicts of the obligations resting on it, with
every counterexample; the ambiguity findings; and a chart of the house edges per wager and
reading; and every obligation, one row each, in a table that a few lines of script embedded in
the page filter by verdict (without the script the table is whole). The long tables fold on
screen; in print every one is shown whole. No script, no style sheet, no font, no image is
fetched: everything is in the one file.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from casino_proofs import games as registry
from casino_proofs import regulation
from casino_proofs.context import game_of
from casino_proofs.obligations.verdict import Result, Verdict, exit_code
from casino_proofs.reports.check import (
    engine_entries,
    findings,
    next_step,
    overall,
    quote_lines,
    readings_line,
    resting,
    settlement_text,
    witness_lines,
    worst,
)
from casino_proofs.reports.documents import CheckDetail, CheckDocument
from casino_proofs.reports.edge_chart import edge_figure
from casino_proofs.reports.html_parts import FILTER_SCRIPT, PRINT_SCRIPT, STYLE, e, result, wide
from casino_proofs.reports.par import par_folded, par_section

#: a line of a finding's script (its number, then the event and the table's answer)
SCRIPT_EVENT = re.compile(r"\s+\d+\. ")
#: the verdicts in the order the page counts them
VERDICTS = ("PROVED", "REFUTED", "VACUOUS", "UNKNOWN", "ERROR")
#: where the page lists the readings in force, for an obligation that rests on one
READINGS_WHERE = "under “Readings in force”, after this list"


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
        also = (f"<p>{e(resting(group))}: "
                + e(", ".join(g.obligation.id for g in group[1:])) + "</p>"
                if r.cause else f"<p>One finding for {len(group):,} wagers: "
                + e(", ".join(g.obligation.subject for g in group)) + "</p>"
                ) if len(group) > 1 else ""
        witness = "".join(f'<li class="event"><code>{e(line.strip())}</code></li>'
                          if SCRIPT_EVENT.match(line) else f"<li>{e(line)}</li>"
                          for line in witness_lines(r) + readings_line(r, READINGS_WHERE))
        quotes = "".join(f"<li>{e(line.strip())}</li>" for line in quote_lines(r.clauses))
        items.append(f'<li class="finding"><p><span class="{r.verdict.value}">'
                     f"{r.verdict.value}</span> <code>{e(r.obligation.id)}</code> "
                     f"({e(r.obligation.subject)}, {e(r.obligation.scope)})</p>{also}"
                     f'<ul class="witness">{witness}</ul><ul class="cites">{quotes}</ul></li>')
    return (f'<h2 id="what-failed">What failed ({len(failing):,} obligation'
            f"{'s' * (len(failing) > 1)}, {len(groups):,} finding"
            f"{'s' * (len(groups) > 1)})</h2><ol>{''.join(items)}</ol>")


def _verdict_counts(mine: list[Result]) -> str:
    """How many obligations of each verdict, each in its verdict's colour."""
    counts = Counter(r.verdict.value for r in mine)
    return ", ".join(f'<span class="{v} name">{counts[v]:,} {v}</span>' for v in VERDICTS
                     if counts.get(v))


def _by_paragraph(results: list[Result], games: tuple[str, ...]) -> dict[str, list[Result]]:
    """The obligations resting on each paragraph of the games checked (an obligation under
    each paragraph it cites)."""
    out: dict[str, list[Result]] = {p.id: [] for p in regulation.paragraphs()
                                    if game_of(p.id) in games}
    for r in results:
        for c in dict.fromkeys(regulation.paragraph_of(c) for c in r.clauses):
            if c in out:
                out[c].append(r)
    return out


def _counts_note(results: list[Result], by_paragraph: dict[str, list[Result]]) -> str:
    """What the paragraphs' counts add up to, and why that is more than the obligations."""
    counted = sum(len(mine) for mine in by_paragraph.values())
    cited = [len({regulation.paragraph_of(c) for c in r.clauses} & by_paragraph.keys())
             for r in results]
    several, none = sum(1 for n in cited if n > 1), sum(1 for n in cited if n == 0)
    return (f'<p class="note" id="clause-counts">An obligation counts under every paragraph '
            f"it cites: the counts below add up to {counted:,} for {len(results):,} "
            f"obligations ({several:,} cite more than one paragraph"
            + (f"; {none:,} cite conventions only, counted under Conventions" if none else "")
            + ").</p>")


def _clause_articles(results: list[Result], games: tuple[str, ...]) -> str:
    """Each paragraph of the games checked: its text, English and French, and the verdicts
    of the obligations resting on it; its ``data-status`` is the worst of them."""
    by_paragraph = _by_paragraph(results, games)
    parts = [_counts_note(results, by_paragraph)]
    for p in regulation.paragraphs():
        if p.id not in by_paragraph:
            continue  # a game this check left out (--only)
        mine = by_paragraph[p.id]
        status = worst(r.verdict for r in mine)
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
        parts.append(
            f'<article id="{e(p.id)}" data-status="{status.value if status else "none"}">'
            f"<h3>{e(p.id)} — {e(p.title)}</h3>"
            f'<div class="text{"" if french else " one"}">{rows}</div>'
            f'<p class="verdicts">'
            f'{_verdict_counts(mine) or "no obligation rests on this paragraph"}</p>'
            + (wide("<table><tr><th>obligation</th><th>verdict</th><th>counterexample</th>"
                    f"</tr>{failing}</table>") if failing else "")
            + "</article>")
    return "".join(parts)


def _failure_row(r: Result) -> str:
    bits = witness_lines(r)
    return (f"<tr><td>{e(r.obligation.id)}</td><td class=\"{r.verdict.value}\">"
            f"{r.verdict.value}</td><td>{'<br>'.join(e(b) for b in bits if b)}</td></tr>")


def _par_part(par: dict[str, Any] | None) -> str:
    """The run's PAR sheet, folded on screen (a click opens it), whole in print
    (``casino-proofs par --format html`` is the same sheet as a document of its own)."""
    if not par:
        return ""
    return (f'<h2 id="par">The PAR sheet</h2><details><summary>{e(par_folded(par))}: every '
            "figure exact (also a document of its own: <code>casino-proofs par --format "
            f"html</code>)</summary>{par_section(par, chart=False)}</details>")


def _conventions(context: dict[str, Any], results: list[Result]) -> str:
    """Each convention in force, with the verdicts of the obligations citing it."""
    rows = []
    for c in context["conventions"]:
        mine = [r for r in results if c["id"] in r.clauses]
        rows.append(f'<tr class="convention" id="{e(c["id"])}">'
                    f'<td class="name">{e(c["id"])}</td>'
                    f"<td>{e(c['title'])}</td><td>{e(c['text'])}</td>"
                    f"<td>{_verdict_counts(mine) or 'none in this check'}"
                    "</td></tr>")
    return wide("<table><tr><th>convention</th><th>title</th><th>what it says</th>"
                f"<th>obligations citing it</th></tr>{''.join(rows)}</table>")


def _names(names: tuple[str, ...] | list[str]) -> str:
    """IDs separated by commas, each kept whole on its line (never broken at a hyphen)."""
    return ", ".join(f'<span class="name">{e(n)}</span>' for n in names)


def _path(name: str) -> str:
    """An obligation's ID, which a narrow page may break after a ``/``, and only there."""
    return "/<wbr>".join(f'<span class="name">{e(part)}</span>' for part in name.split("/"))


def _obligations(results: list[Result]) -> str:
    """Every obligation, one row each, in a table the page's script filters by verdict (the
    buttons appear only where the script runs; without it the table is whole)."""
    counts = Counter(r.verdict.value for r in results)
    buttons = "".join(
        f'<button type="button" data-verdict="{v}" aria-pressed="false">{v} '
        f"({counts[v]:,})</button>" for v in VERDICTS if counts.get(v))
    rows = "".join(
        f'<tr data-verdict="{r.verdict.value}"><td class="{r.verdict.value}">'
        f"{r.verdict.value}</td><td><code>{_path(r.obligation.id)}</code></td>"
        f"<td>{_names(r.clauses)}</td><td>{e(r.obligation.under or 'base')}</td></tr>"
        for r in results)
    return (f'<h2 id="obligations">Every obligation</h2><details id="every-obligation">'
            f"<summary>{len(results):,} obligations, one row each: "
            f"{_verdict_counts(results)}</summary>"
            '<p class="filter" id="obligation-filter" hidden>Show: '
            f'<button type="button" data-verdict="all" aria-pressed="true">all '
            f"({len(results):,})</button>{buttons} "
            '<span id="obligation-shown" aria-live="polite"></span></p>'
            + wide('<table id="obligation-rows"><tr><th>verdict</th><th>obligation</th>'
                   f"<th>clauses and conventions it cites</th><th>run</th></tr>{rows}</table>")
            + "</details>")


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
        rows.append(f'<tr><td class="name">{e(f["id"])}</td>'
                    f'<td class="name">{e(f["clause"])}</td>'
                    f'<td class="{mark}">{mark}</td><td>{e(" / ".join(f["compared"]))}</td>'
                    f'<td>{e(what)}</td><td>{e(f.get("delta") or "")}</td></tr>')
    return "".join(rows)


def _header(results: list[Result], context: dict[str, Any], seconds: float,
            detail: CheckDetail) -> str:
    """The page's head: the result first (the verdict, the counts, what to do next), then
    the text checked and the engine under test."""
    reg = context["regulation"]
    engine_lines = "".join(f"<li>{e(entry)}</li>" for entry in engine_entries(detail))
    verdict = overall(results)
    code = exit_code(results)
    counts = Counter(r.verdict.value for r in results)
    counted = ", ".join(f"{counts[v.value]:,} {v.value}" for v in Verdict if counts.get(v.value))
    next_html = e(next_step(results)).replace(
        "what failed", '<a href="#what-failed">what failed</a>', 1)
    return f"""<header>
{result(verdict, f"{verdict}: {len(results):,} obligations: {counted}, in {seconds:.1f} s "
                 f"(exit {code}; casino-proofs {context['tool']['version']}, "
                 f"Z3 {context['tool']['z3']})", next_html, code)}
<h1>{e(reg["citation"])}, version {e(reg["version"])}</h1>
<p>{e(reg["note"])}</p>
<ul id="engine">{engine_lines}</ul>
</header>"""


def _edges_part(edges: list[dict[str, Any]]) -> str:
    """The house edges: the chart, then every row, folded."""
    rows = "".join(
        f'<tr><td>{e(r["wager"])}</td><td>{e(r["start"])}</td><td>{e(r["reading"])}</td>'
        f'{_edge_cell(r)}'
        f'<td>{"PLAYER ADVANTAGE" if r["player_advantage"] else ""}</td></tr>'
        for r in edges)
    return (f'<h2 id="house-edges">House edges</h2>{edge_figure(edges)}'
            f"<details><summary>Every house edge: {len(edges):,} rows, each wager from each "
            "start under each reading</summary>"
            + wide("<table><tr><th>wager</th><th>from</th><th>reading</th><th>house edge</th>"
                   f"<th>%</th><th>note</th></tr>{rows}</table>") + "</details>")


def check_html(doc: CheckDocument) -> str:
    """``check --format html``: the page, from the document and what the command computed
    for it (the ambiguity findings, the house edges, the PAR sheet)."""
    return to_html(list(doc.results), doc.context, doc.seconds, list(doc.findings),
                   list(doc.edges), doc.detail, doc.par.json() if doc.par else None)


def to_html(results: list[Result], context: dict[str, Any], seconds: float,
            findings: list[dict[str, Any]], edges: list[dict[str, Any]],
            detail: CheckDetail | None = None, par: dict[str, Any] | None = None) -> str:
    """The page: the result, what failed, the readings, each clause with its verdicts, every
    obligation, the conventions with theirs, the ambiguities, the house edges, the PAR
    sheet."""
    detail = detail or CheckDetail()
    only = detail.scope.only
    games = registry.names() if not only else (str(only),)
    readings = "".join(
        f'<tr><td class="name">{e(k)}</td><td class="name">{e(v["value"])}</td>'
        f"<td>{'default' if v['default'] else 'chosen'}</td><td>{e(v['description'])}</td></tr>"
        for k, v in context["readings"].items())
    ambiguities = _ambiguities([f for f in findings if game_of(f["clause"]) in games])
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>casino-proofs report: {e(overall(results))}</title>
<style>{STYLE}</style></head>
<body>
{_header(results, context, seconds, detail)}
{_what_failed(results)}
<h2 id="readings-in-force">Readings in force</h2>
<p>Where the text can be read more than one way; the readings are the project's choice, not
the regulation's.</p>
{wide("<table><tr><th>reading</th><th>value</th><th>default or chosen</th>"
      f"<th>what it means</th></tr>{readings}</table>")}
<h2 id="clauses">Clauses and their verdicts</h2>
{_clause_articles(results, games)}
{_obligations(results)}
<h2 id="conventions">Conventions (not regulation text)</h2>
{_conventions(context, results)}
<h2 id="ambiguities">Ambiguities</h2>
{wide("<table><tr><th>entry</th><th>clause</th><th>finding</th><th>readings</th>"
      f"<th>witness or proof</th><th>delta</th></tr>{ambiguities}</table>")}
{_edges_part(edges)}
{_par_part(par)}
<script>{FILTER_SCRIPT}{PRINT_SCRIPT}</script>
</body></html>
"""
