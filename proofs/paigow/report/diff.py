"""Pai Gow's section of a diff's report in every format (the registry's ``diff_report``
entry): each scope's hands named differently, the grid of combination against combination of
the pairs ordered differently, their kinds replayed, and the text's contradictions."""

from __future__ import annotations

from typing import Any

from casino_proofs.reports.diff import DiffReport, Section
from casino_proofs.reports.html_parts import e, wide
from casino_proofs.spec.paigow import COMBINATIONS

ORDER = [name for name, _c in COMBINATIONS] + ["no-combination"]


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


def _text(paigow: Section) -> list[str]:
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


def _markdown(paigow: Section) -> list[str]:
    lines: list[str] = []
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
    return lines


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


def _html(paigow: Section) -> list[str]:
    parts: list[str] = []
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
    return parts


REPORT = DiffReport(_text, _markdown, _html)
