"""Text rendering of the ambiguity findings and the house-edge table."""

from __future__ import annotations

from typing import Any

from casino_proofs.reports.check import quote_lines, settlement_text
from casino_proofs.reports.documents import AmbiguitiesDocument, EdgeDocument
from casino_proofs.reports.text import column_rows, count, fit, render, result_lines


def _side(value: Any) -> str:
    if isinstance(value, dict):
        if value.get("decision") == "undefined":
            return f"undefined ({value.get('why', '')})"
        return settlement_text({k: v for k, v in value.items() if k != "clauses"})
    return str(value)


def ambiguities_report(doc: AmbiguitiesDocument) -> str:
    """``ambiguities --format text``: its result first."""
    findings = list(doc.findings)
    material = sum(1 for f in findings if f["material"])
    harmless = sum(1 for f in findings if f["material"] is False)
    undecided = len(findings) - material - harmless
    verdict = "every reading decided" if not undecided else "SOME READING UNDECIDED"
    step = (f"each material reading ({material}) changes what some input is paid: the "
            "verdicts of check hold under the value in force (--reading NAME=VALUE proves "
            "under another)" if not undecided else
            "an undecided reading ran out of the solver's budget: run again with a larger "
            "--rlimit")
    return render(result_lines(verdict, doc.exit_code,
                               f"{count(len(findings), 'reading')} compared: {material} "
                               f"material, {harmless} harmless, {undecided} undecided", step)
                  ) + ambiguities_text(findings, doc.context)


def edge_report(doc: EdgeDocument) -> str:
    """``edge --format text``: its result first."""
    rows = list(doc.rows)
    differ = sum(1 for r in rows if not r["agree"])
    verdict = "spec and impl agree on every house edge" if not differ else \
        "SPEC AND IMPL DISAGREE"
    step = ("nothing to fix; the rows marked PLAYER ADVANTAGE are readings under which the "
            "player has the edge" if not differ else
            "see the rows marked IMPL DISAGREES: casino-proofs settle asks the engine about "
            "one input, check finds every input it settles otherwise")
    return render(result_lines(verdict, doc.exit_code,
                               f"{count(len(rows), 'row')}, {differ} where they disagree",
                               step)) + edge_text(rows, doc.context)


def ambiguities_text(findings: list[dict[str, Any]], context: dict[str, Any]) -> str:
    lines = [f"Ambiguities of {context['regulation']['citation']}, version "
             f"{context['regulation']['version']}: {len(findings)} readings compared with their "
             "defaults", ""]
    for f in findings:
        mark = {True: "MATERIAL", False: "harmless", None: f["verdict"]}[f["material"]]
        default, other = f["compared"]
        lines.append(f"{mark:<9} {f['id']}  [{f['clause']}]  ({f['kind']})")
        lines.append(f"    “{f['quote']}”")
        for r in f["readings"]:
            star = "*" if r["default"] else " "
            lines += fit(f"    {star} {r['name']}: {r['description']}", " " * 8)
        if f.get("note"):
            lines.append(f"    note: {f['note']}")
        w = f.get("witness")
        if f["material"] and w:
            if "wager" in w:
                state = w["state"]
                where = ", ".join(
                    ["come-out roll" if state.get("come_out") else "not a come-out roll"]
                    + ([f"point {state['point']}"] if state.get("point") else [])
                    + ([("a" if state.get("first_roll") else "not a") + " shooter's first roll"]
                       if state.get("come_out") else []))
                lines.append(f"    witness: {w['wager']} on roll {w['roll'][0]},{w['roll'][1]} "
                             f"({where})")
                lines.append(f"      {default}: {_side(w['default'])}")
                lines.append(f"      {other}: {_side(w[other])}")
            elif "hand" in w:
                lines.append(f"    witness: {w['hand']}: {default} makes it {w['default']}, "
                             f"{other} {w[other]}")
            elif "hands" in w or "stake" in w:
                lines.append(f"    witness: {w['says']}")
            elif "roll" in w:
                lines.append(f"    witness: roll {w['roll'][0]},{w['roll'][1]}: English "
                             f"{w['english']}, French {w['french']} ({w['meaning']})")
            if f.get("delta") is not None:
                lines.append(f"    delta per unit staked ({other} less {default}): {f['delta']}")
            if f.get("affected"):
                lines.append(f"    affects: {', '.join(f['affected'])}")
        if f.get("proof"):
            lines.append(f"    proof: {f['proof']}")
        lines.append("")
    material = sum(1 for f in findings if f["material"])
    lines.append(f"{len(findings)} readings: {material} material, "
                 f"{sum(1 for f in findings if f['material'] is False)} harmless, "
                 f"{sum(1 for f in findings if f['material'] is None)} undecided")
    return render(lines)


def _edge_flags(r: dict[str, Any]) -> str:
    flags = []
    if r["player_advantage"]:
        flags.append("PLAYER ADVANTAGE")
    if r["differs_from_base"]:
        flags.append("differs from base")
    if not r["agree"]:
        flags.append(f"IMPL DISAGREES ({r['impl_house_edge']})")
    if r.get("note"):
        flags.append(r["note"])
    return "; ".join(flags)


def edge_text(rows: list[dict[str, Any]], context: dict[str, Any]) -> str:
    """The house edges: each wager from each start it is placed from, and under it each
    reading that changes it, the edge exact and as a percentage, in columns aligned over the
    whole report."""
    lines = [
        f"House edge per unit staked, following each wager until it wins, loses or is returned "
        f"({context['regulation']['citation']}, {context['regulation']['version']})",
        "base readings: " + ", ".join(f"{k}={v['value']}" for k, v in
                                      context["readings"].items()),
        "",
        "wager, when it is placed",
    ]
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["wager"], r["start"]), []).append(r)
    table = [["reading", "house edge", "%", "note"]] + [
        [r["reading"], r["house_edge"] if r["house_edge"] is not None else "undefined",
         r["house_edge_percent"] or "", _edge_flags(r)]
        for group in groups.values() for r in group]
    laid = iter(column_rows(table, right=(1, 2), indent="  ", free=True))
    lines += next(laid)
    for (wager, start), group in groups.items():
        lines.append(f"{wager}, {start}")
        lines += [line for _ in group for line in next(laid)]
    lines.append("")
    advantage = [r for r in rows if r["player_advantage"]]
    lines.append(f"{len(rows)} rows; {len(advantage)} give the player a positive expectation; "
                 f"{sum(1 for r in rows if not r['agree'])} where spec and impl disagree")
    return render(lines)


__all__ = ["ambiguities_text", "edge_text", "quote_lines"]
