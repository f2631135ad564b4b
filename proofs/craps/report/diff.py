"""Craps's section of a diff's report in every format (the registry's ``diff_report`` entry):
each differing wager, its inputs with both sides' answers and the clauses, its house edges,
and whether each list was proved complete."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino_proofs.reports.diff import MARKDOWN_ROWS, DiffReport, Section, md
from casino_proofs.reports.html_parts import e, wide
from casino_proofs.reports.text import count


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


def _differing(craps: Section) -> list[dict[str, Any]]:
    return [w for w in craps.get("wagers", []) if w["differences"]]


def _completeness(craps: Section) -> str:
    verdicts = {w["completeness"]["verdict"] for w in craps.get("wagers", [])}
    if verdicts <= {"PROVED"}:
        return "every list proved complete"
    return "completeness: " + ", ".join(sorted(verdicts))


def _text(craps: Section) -> list[str]:
    lines = [f"Craps: {craps['inputs']:,} inputs compared, "
             f"{craps['differing_inputs']:,} differ; {_completeness(craps)}"]
    if craps["by_clause"]:
        lines.append("  by clause: " + ", ".join(f"{c} {n:,}"
                                                 for c, n in craps["by_clause"].items()))
    for w in craps["one_sided"]:
        lines.append(f"  {w['wager']}: offered by {w['offered_by'].upper()} only")
    for w in craps["wagers"]:
        if w["completeness"]["verdict"] != "PROVED":
            lines.append(f"  {w['wager']}: completeness {w['completeness']['verdict']}: "
                         f"{w['completeness'].get('detail', '')}")
    for w in _differing(craps):
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


def _markdown(craps: Section) -> list[str]:
    lines: list[str] = []
    rows = [(w, d) for w in _differing(craps) for d in w["differences"]]
    lines += ["", f"**Craps**: {craps['differing_inputs']:,} of {craps['inputs']:,} inputs "
              f"differ; {_completeness(craps)}."]
    if rows:
        lines += ["", "| wager | input | A | B | net change | clauses |",
                  "|---|---|---|---|---|---|"]
        for w, d in rows[:MARKDOWN_ROWS]:
            lines.append(f"| {w['wager']} | {md(state_text(d['state'], d['roll']))} | "
                         f"{md(answer_text(d['a']))} | {md(answer_text(d['b']))} | "
                         f"{d['net_difference'] or ''} | {', '.join(d['clauses'])} |")
        if len(rows) > MARKDOWN_ROWS:
            lines.append(f"\n...and {len(rows) - MARKDOWN_ROWS:,} more inputs (see the JSON "
                         "or HTML report).")
        edges = [(w["wager"], r) for w in _differing(craps) for r in w.get("edge", [])
                 if r["change"] not in (None, "0")]
        if edges:
            lines += ["", "| wager | house edge A | house edge B | change |",
                      "|---|---|---|---|"]
            lines += [f"| {w} ({md(r['start'])}) | {percent(r['a'])} | {percent(r['b'])} | "
                      f"{percent(r['change'])} |" for w, r in edges[:MARKDOWN_ROWS]]
            if len(edges) > MARKDOWN_ROWS:
                lines.append(f"\n...and {len(edges) - MARKDOWN_ROWS:,} more house-edge "
                             "changes (see the JSON or HTML report).")
    return lines


def _html(craps: Section) -> list[str]:
    """Each differing wager, its inputs and edges."""
    parts: list[str] = []
    parts.append(f"<h2>Craps</h2><p>{craps['inputs']:,} inputs compared, "
                 f"{craps['differing_inputs']:,} differ; {e(_completeness(craps))}.</p>")
    for w in _differing(craps):
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


REPORT = DiffReport(_text, _markdown, _html)
