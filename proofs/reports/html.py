"""A single self-contained HTML page for an auditor (``check --format html``).

Each clause's text (English, and French where the seeds give it) beside the verdicts of the
obligations resting on it, with every counterexample; the ambiguity findings; and a chart of
the house edges per wager and reading. No script, no style sheet, no font, no image is fetched:
everything is in the one file.
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

from casino_proofs import regulation
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.reports.check import engine_lines as engine_lines_of
from casino_proofs.reports.check import overall, settlement_text
from casino_proofs.reports.formats import counterexample_lines
from casino_proofs.reports.par import par_section as par_html

STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem;max-width:72rem;color:#222}
h1{font-size:1.5rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}
.PROVED{color:#126b12}.REFUTED,.VACUOUS,.ERROR{color:#b00020}.UNKNOWN{color:#a05a00}
.badge{font-weight:bold}
article{border:1px solid #ddd;border-radius:6px;padding:.6rem 1rem;margin:.8rem 0}
.text{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.text p{margin:.2rem 0}.fr{color:#555}.sid{font-family:monospace;font-size:.8rem;color:#777}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;
text-align:left;vertical-align:top}
.convention{background:#fff8e6}.material{color:#b00020}.harmless{color:#126b12}
svg text{font-size:11px;font-family:sans-serif}
@media print{body{margin:0;max-width:none}article,table,svg{break-inside:avoid}}
"""


def e(text: object) -> str:
    return html.escape(str(text))


def _clause_articles(results: list[Result]) -> str:
    by_paragraph: dict[str, list[Result]] = {}
    for r in results:
        for c in dict.fromkeys(regulation.paragraph_of(c) for c in r.obligation.clauses):
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


def _ambiguities(findings: list[dict[str, Any]]) -> str:
    rows = []
    for f in findings:
        mark = "material" if f["material"] else "harmless"
        w = f.get("witness") or {}
        if "wager" in w:
            other = f["compared"][1]
            what = (f"{w['wager']} on roll {w['roll'][0]},{w['roll'][1]}: "
                    f"{settlement_text(w['default']) if 'net' in w['default'] else w['default']}"
                    f" / {settlement_text(w[other]) if 'net' in w[other] else w[other]}")
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


def edge_chart(rows: list[dict[str, Any]]) -> str:
    """Horizontal bars: the house edge of each wager under the base readings (one start each),
    with a mark for each other reading; negative edges (player advantage) to the left."""
    base = {}
    for r in rows:
        if r["reading"] == "base" and r["wager"] not in base and r["house_edge"] is not None:
            base[r["wager"]] = r
    others: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        if r["reading"] != "base" and r["house_edge"] is not None:
            others.setdefault(r["wager"], []).append(r)
    wagers = [w for w in base if not w.startswith("hop-") or w in ("hop-1-1", "hop-2-4")]
    scale, label, height = 300.0, 130, 18
    zero = label + 10 + scale  # the negative half (player advantage) left of zero
    width = zero + scale + 20
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height * len(wagers) + 30}" role="img" '
             f'aria-label="house edge per wager and reading">',
             f'<line x1="{zero}" y1="0" x2="{zero}" y2="{height * len(wagers)}" '
             'stroke="#999"/>']
    for i, w in enumerate(wagers):
        y = i * height
        edge = _fraction(base[w]["house_edge"])
        length = max(1.0, min(scale, abs(edge) * scale))
        x = zero if edge >= 0 else zero - length
        lines.append(f'<text x="{label}" y="{y + 13}" text-anchor="end">{e(w)}</text>')
        lines.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{length:.1f}" height="{height - 6}"'
                     f' fill="#4a78b5"><title>{e(w)}: {e(base[w]["house_edge"])} '
                     f'({e(base[w]["house_edge_percent"])})</title></rect>')
        for o in others.get(w, []):
            v = _fraction(o["house_edge"])
            px = zero + max(-scale, min(scale, v * scale))
            color = "#b00020" if v < 0 else "#e08a00"
            lines.append(f'<circle cx="{px:.1f}" cy="{y + height / 2}" r="3" fill="{color}">'
                         f'<title>{e(w)} under {e(o["reading"])}: {e(o["house_edge"])}'
                         f' ({e(o["house_edge_percent"])})</title></circle>')
    axis = height * len(wagers) + 20
    lines.append(f'<text x="{zero - scale}" y="{axis}">-100% (player)</text>'
                 f'<text x="{zero}" y="{axis}" text-anchor="middle">0</text>'
                 f'<text x="{zero + scale}" y="{axis}" text-anchor="end">100%</text></svg>')
    return "".join(lines)


def _fraction(text: str) -> float:
    if "/" in text:
        n, d = text.split("/")
        return int(n) / int(d)
    return float(text)


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
        f'<td>{e(r["house_edge"])}</td><td>{e(r["house_edge_percent"] or "")}</td>'
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
<table><tr><th>entry</th><th>clause</th><th></th><th>readings</th><th>witness or proof</th>
<th>delta</th></tr>{_ambiguities(findings)}</table>
<h2 id="house-edges">House edges</h2>
<p>Bars: the house edge under the base readings. Marks: the same wager under another reading
(red where the player has the advantage; beyond 100% either way they are drawn at the edge).</p>
{edge_chart(edges)}
<table><tr><th>wager</th><th>from</th><th>reading</th><th>house edge</th><th>%</th><th></th></tr>
{edge_rows}</table>
{par_html(par) if par else ""}
</body></html>
"""
