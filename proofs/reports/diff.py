"""The reports of ``casino-proofs diff``: text for a terminal, JSON (schema
``casino-proofs/diff``), Markdown short enough for a pull-request comment, and one
self-contained HTML page (a table per wager, the Pai Gow grid of combination against
combination)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino_proofs.reports.documents import DiffDocument
from casino_proofs.reports.html_parts import STYLE, e, result, wide
from casino_proofs.reports.text import count
from casino_proofs.reports.text import render as render_lines
from casino_proofs.spec.paigow import COMBINATIONS

ORDER = [name for name, _c in COMBINATIONS] + ["no-combination"]
MARKDOWN_ROWS = 10  # rows of each Markdown table; the rest are counted, not shown


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


def answer_text(answer: dict[str, Any]) -> str:
    if "kind" in answer:
        return {"outside": "not an input it takes", "gap": "no clause decides",
                "conflict": "clauses conflict", "fault": "a faulty answer",
                "settled": "settled"}[answer["kind"]] + (
            f" ({answer['detail']})" if answer.get("detail") else "")
    net = Fraction(answer["net"])
    text = f"{answer['decision']} {'+' if net > 0 else ''}{net}"
    if answer.get("point"):
        text += f", point {answer['point']}"
    if answer.get("working"):
        text += ", working"
    return text


def state_text(state: dict[str, Any], roll: list[int]) -> str:
    parts = [f"roll {roll[0]},{roll[1]}",
             "come-out roll" if state["come_out"] else "not a come-out roll",
             f"point {state['point']}" if state["point"] else "no point"]
    if state["working"]:
        parts.append("working")
    if state["first_roll"]:
        parts.append("a shooter's first roll")
    return ", ".join(parts)


def percent(value: str | None) -> str:
    return "n/a" if value is None else f"{value} ({float(Fraction(value) * 100):.4f}%)"


def _edge_line(row: dict[str, Any]) -> str:
    change = row["change"]
    return (f"house edge from {row['start']}: A {percent(row['a'])}, B {percent(row['b'])}"
            + (f", change {percent(change)}" if change is not None else "")
            + (f" ({row['note']})" if row.get("note") else ""))


def _unreached_line(w: dict[str, Any]) -> str | None:
    u = w.get("edge_unreached")
    if not u:
        return None
    return (f"{count(u['inputs'], 'differing input')} not reached from these starts (first: "
            f"{u['first']}): the edges above do not show {'it' if u['inputs'] == 1 else 'them'}")


def _side_notes(doc: dict[str, Any]) -> list[str]:
    """What each engine side's adapter noted (a table's unreadable rows, rows matching no
    input)."""
    return [f"note, side {tag.upper()}: {n}" for tag in ("a", "b")
            for n in doc[tag].get("notes", [])]


def _differing(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [w for w in doc.get("craps", {}).get("wagers", []) if w["differences"]]


def _completeness(doc: dict[str, Any]) -> str:
    verdicts = {w["completeness"]["verdict"] for w in doc.get("craps", {}).get("wagers", [])}
    if verdicts <= {"PROVED"}:
        return "every list proved complete"
    return "completeness: " + ", ".join(sorted(verdicts))


def _kind_text(k: dict[str, Any]) -> str:
    against = k["against"]
    where = (f"{against['levels']:,} levels of A's order, from {against['from']} to "
             f"{against['to']}" if against["levels"] > 1
             else f"all level in A's order, e.g. {against['from']}")
    text = (f"{k['hand']} (and {k['like_it'] - 1:,} more hands like it) against "
            f"{against['hands']:,} {against['combination']} hands ({where}): "
            f"{k['pairs']:,} pairs; A says {k['a_says']}, B says {k['b_says']} "
            f"(e.g. against {k['example'][1]})")
    text += ("; the text: " + ", ".join(k["text"]) if k["text"]
             else "; no statement of the text orders them (conv-tiebreak does)")
    return text + ("" if k["replayed"] else "; DID NOT REPLAY")


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


def _craps_lines(doc: dict[str, Any]) -> list[str]:
    craps = doc["craps"]
    lines = [f"Craps: {craps['inputs']:,} inputs compared, "
             f"{craps['differing_inputs']:,} differ; {_completeness(doc)}"]
    if craps["by_clause"]:
        lines.append("  by clause: " + ", ".join(f"{c} {n:,}"
                                                 for c, n in craps["by_clause"].items()))
    for w in craps["one_sided"]:
        lines.append(f"  {w['wager']}: offered by {w['offered_by'].upper()} only")
    for w in doc["craps"]["wagers"]:
        if w["completeness"]["verdict"] != "PROVED":
            lines.append(f"  {w['wager']}: completeness {w['completeness']['verdict']}: "
                         f"{w['completeness'].get('detail', '')}")
    for w in _differing(doc):
        lines.append(f"  {w['wager']} ({w['paragraph']}, {w['title']}): "
                     f"{count(len(w['differences']), 'input')}")
        for d in w["differences"]:
            delta = f"; net change {d['net_difference']}" if d["net_difference"] else ""
            lines.append(f"    {state_text(d['state'], d['roll'])}: A {answer_text(d['a'])}"
                         f", B {answer_text(d['b'])}{delta} [{', '.join(d['clauses'])}]"
                         + ("" if d["replayed"] else " DID NOT REPLAY"))
        lines += [f"    {_edge_line(r)}" for r in w.get("edge", [])]
        unreached = _unreached_line(w)
        if unreached:
            lines.append(f"    {unreached}")
    return [*lines, ""]


def _paigow_lines(paigow: dict[str, Any]) -> list[str]:
    lines = [f"Pai Gow (grid by {paigow['grid_by']}):"]
    for s in paigow["scopes"]:
        order = s["order"]
        lines.append(f"  {s['scope']} hands ({s['hands']:,}): {len(s['combinations']):,} "
                     f"combination differences; {order['ordered_pairs']:,} ordered pairs "
                     f"ordered differently ({order['unordered_pairs']:,} unordered)")
        for u in s["unranked"]:
            lines.append(f"    {u['side'].upper()} ranks {u['hands']:,} hands not "
                         f"(first {u['first']}): {u['why']}")
        for c in s["combinations"]:
            lines.append(f"    A names {c['a']} ({c['clauses']['a']}), B names {c['b']} "
                         f"({c['clauses']['b']}): {c['hands']:,} hands in {c['classes']:,}"
                         f" classes, e.g. {', '.join(c['examples'])}"
                         + ("" if c["replayed"] else " DID NOT REPLAY"))
        for cell in order["cells"]:
            lines.append(f"    a {cell['row']} against a {cell['column']}: "
                         f"{cell['pairs']:,} ordered pairs")
            lines += [f"      {_kind_text(k)}" for k in cell["kinds"]]
        for c in s["conflicts"]:
            lines.append(f"    the text under {c['side'].upper()}'s readings contradicts "
                         f"itself on {c['pairs']:,} ordered pairs: {c['statements'][0]} and"
                         f" {c['statements'][1]}, e.g. {c['example'][0]} against "
                         f"{c['example'][1]}")
    return [*lines, ""]


def to_text(doc: dict[str, Any]) -> str:
    n = len(doc["differences"])
    lines = [f"casino-proofs diff: {doc['verdict']} -- {count(n, 'difference')}",
             f"Next: {_next_step(doc)}",
             f"A: {side_text(doc['a'])}", f"B: {side_text(doc['b'])}", ""]
    if doc.get("craps") is not None:
        lines += _craps_lines(doc)
    if doc.get("paigow") is not None:
        lines += _paigow_lines(doc["paigow"])
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


def _md(text: object) -> str:
    return str(text).replace("|", "\\|")


def to_markdown(doc: dict[str, Any]) -> str:
    n = len(doc["differences"])
    lines = [f"### casino-proofs diff: {doc['verdict']} ({count(n, 'difference')})",
             "", f"**A** {_md(side_text(doc['a']))}  ", f"**B** {_md(side_text(doc['b']))}", ""]
    lines += [f"- {_md(x)}" for x in _expect_lines(doc)]
    craps = doc.get("craps")
    if craps is not None:
        rows = [(w, d) for w in _differing(doc) for d in w["differences"]]
        lines += ["", f"**Craps**: {craps['differing_inputs']:,} of {craps['inputs']:,} inputs "
                  f"differ; {_completeness(doc)}."]
        if rows:
            lines += ["", "| wager | input | A | B | net change | clauses |",
                      "|---|---|---|---|---|---|"]
            for w, d in rows[:MARKDOWN_ROWS]:
                lines.append(f"| {w['wager']} | {_md(state_text(d['state'], d['roll']))} | "
                             f"{_md(answer_text(d['a']))} | {_md(answer_text(d['b']))} | "
                             f"{d['net_difference'] or ''} | {', '.join(d['clauses'])} |")
            if len(rows) > MARKDOWN_ROWS:
                lines.append(f"\n...and {len(rows) - MARKDOWN_ROWS:,} more inputs (see the JSON "
                             "or HTML report).")
            edges = [(w["wager"], r) for w in _differing(doc) for r in w.get("edge", [])
                     if r["change"] not in (None, "0")]
            if edges:
                lines += ["", "| wager | house edge A | house edge B | change |",
                          "|---|---|---|---|"]
                lines += [f"| {w} ({_md(r['start'])}) | {percent(r['a'])} | {percent(r['b'])} | "
                          f"{percent(r['change'])} |" for w, r in edges[:MARKDOWN_ROWS]]
                if len(edges) > MARKDOWN_ROWS:
                    lines.append(f"\n...and {len(edges) - MARKDOWN_ROWS:,} more house-edge "
                                 "changes (see the JSON or HTML report).")
    paigow = doc.get("paigow")
    if paigow is not None:
        lines += ["", "**Pai Gow**"]
        for s in paigow["scopes"]:
            order = s["order"]
            lines.append(f"- {s['scope']} hands: {len(s['combinations']):,} combination "
                         f"differences, {order['ordered_pairs']:,} ordered pairs ordered "
                         "differently" + (f", {len(s['conflicts']):,} contradictions of the text"
                                          if s["conflicts"] else ""))
            for c in s["combinations"][:3]:
                lines.append(f"  - A {c['a']}, B {c['b']}: {c['hands']:,} hands, e.g. "
                             f"{c['examples'][0]}")
            for cell in order["cells"][:3]:
                k = cell["kinds"][0]
                lines.append(f"  - {cell['row']} against {cell['column']}: {cell['pairs']:,}"
                             f" pairs, e.g. {k['example'][0]} against {k['example'][1]} "
                             f"(A {k['a_says']}, B {k['b_says']})")
    trouble = doc["problems"] + doc["unknown"]
    if trouble:
        lines += ["", *[f"- **{_md(t)}**" for t in trouble[:MARKDOWN_ROWS]]]
    lines += ["", f"<sub>casino-proofs {doc['tool']['version']}, {doc['seconds']} s, exit code "
              f"{doc['exit_code']}</sub>"]
    return "\n".join(lines) + "\n"


# -- HTML -------------------------------------------------------------------------------------


def _grid(scope: dict[str, Any]) -> str:
    cells = {(c["row"], c["column"]): c["pairs"] for c in scope["order"]["cells"]}
    names = [n for n in ORDER if any(n in key for key in cells)]
    if not names:
        return "<p>No two hands are ordered differently.</p>"
    head = "".join(f"<th>{e(n)}</th>" for n in names)
    body = "".join(
        f"<tr><th>{e(r)}</th>" + "".join(
            f'<td class="material">{cells[(r, c)]:,}</td>' if (r, c) in cells else "<td></td>"
            for c in names) + "</tr>" for r in names)
    return (wide(f"<table><tr><th>first hand \\ second hand</th>{head}</tr>{body}</table>")
            + "<p>Ordered pairs of hands the two sides order differently, by the combination "
            "of the first hand (row) and of the second (column).</p>")


def _craps_html(doc: dict[str, Any]) -> list[str]:
    """The craps part of the HTML diff: each differing wager, its inputs and edges."""
    parts: list[str] = []
    craps = doc.get("craps")
    if craps is not None:
        parts.append(f"<h2>Craps</h2><p>{craps['inputs']:,} inputs compared, "
                     f"{craps['differing_inputs']:,} differ; {e(_completeness(doc))}.</p>")
        for w in _differing(doc):
            rows = "".join(
                f"<tr><td>{e(state_text(d['state'], d['roll']))}</td>"
                f'<td class="short">{e(answer_text(d["a"]))}</td>'
                f'<td class="short">{e(answer_text(d["b"]))}</td>'
                f"<td class=\"num\">{e(d['net_difference'] or '')}</td>"
                f"<td>{', '.join(f'<span class=name>{e(c)}</span>' for c in d['clauses'])}</td>"
                f"<td class=\"short\">{'yes' if d['replayed'] else '<b>no</b>'}</td></tr>"
                for d in w["differences"])
            edges = "".join(f"<li>{e(_edge_line(r))}</li>" for r in w.get("edge", []))
            unreached = _unreached_line(w)
            if unreached:
                edges += f"<li>{e(unreached)}</li>"
            parts.append(
                f"<article><h3>{e(w['wager'])} — {e(w['paragraph'])} {e(w['title'])}</h3>"
                + wide("<table><tr><th>input</th><th>A</th><th>B</th><th>net change</th>"
                       f"<th>clauses</th><th>replayed</th></tr>{rows}</table>")
                + f"<ul>{edges}</ul>"
                f"<p>Completeness: {e(w['completeness']['verdict'])}</p></article>")
    return parts


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
    parts += _craps_html(doc)
    paigow = doc.get("paigow")
    if paigow is not None:
        parts.append(f"<h2>Pai Gow</h2><p>The grid is by {e(paigow['grid_by'])}.</p>")
        for s in paigow["scopes"]:
            order = s["order"]
            parts.append(f"<h3>{e(s['scope'])} hands ({s['hands']:,})</h3>"
                         f"<p>{order['ordered_pairs']:,} ordered pairs ordered differently "
                         f"({order['unordered_pairs']:,} unordered).</p>{_grid(s)}")
            kinds = "".join(f"<li>{e(_kind_text(k))}</li>" for c in order["cells"]
                            for k in c["kinds"])
            if kinds:
                parts.append(f"<ul>{kinds}</ul>")
            if s["combinations"]:
                rows = "".join(
                    f"<tr><td>{e(c['a'])}</td><td>{e(c['b'])}</td><td>{c['hands']:,}</td>"
                    f"<td>{e(', '.join(c['examples']))}</td></tr>" for c in s["combinations"])
                parts.append(wide("<table><tr><th>A names</th><th>B names</th><th>hands</th>"
                                  f"<th>examples</th></tr>{rows}</table>"))
            for c in s["conflicts"]:
                parts.append(f"<p class=\"material\">Under {e(c['side'].upper())}'s readings "
                             f"{e(c['statements'][0])} and {e(c['statements'][1])} order "
                             f"{c['pairs']:,} ordered pairs opposite ways, e.g. "
                             f"{e(c['example'][0])} against {e(c['example'][1])}.</p>")
    trouble = doc["problems"] + doc["unknown"] + [
        f"left out: {x['what']} ({x['why']})" for x in doc["left_out"]] + _side_notes(doc)
    if trouble:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(t)}</li>" for t in trouble)
                     + "</ul>")
    parts.append(f"<p class=\"sid\">casino-proofs {e(doc['tool']['version'])}, "
                 f"{doc['seconds']} s, exit code {doc['exit_code']}</p></body></html>\n")
    return "".join(parts)
