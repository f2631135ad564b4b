"""Text rendering of the ambiguity findings and the house-edge table."""

from __future__ import annotations

from typing import Any

from casino_proofs.reports.check import quote_lines, settlement_text


def _side(value: Any) -> str:
    if isinstance(value, dict):
        if value.get("decision") == "undefined":
            return f"undefined ({value.get('why', '')})"
        return settlement_text({k: v for k, v in value.items() if k != "clauses"})
    return str(value)


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
            lines.append(f"    {star} {r['name']}: {r['description']}")
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
    return "\n".join(lines) + "\n"


def edge_text(rows: list[dict[str, Any]], context: dict[str, Any]) -> str:
    lines = [
        f"House edge per unit staked, following each wager until it wins, loses or is returned "
        f"({context['regulation']['citation']}, {context['regulation']['version']})",
        "base readings: " + ", ".join(f"{k}={v['value']}" for k, v in
                                      context["readings"].items()),
        "",
        f"{'wager':<16} {'from':<46} {'reading':<32} {'house edge':>14} {'%':>10}",
    ]
    for r in rows:
        edge = r["house_edge"] if r["house_edge"] is not None else "undefined"
        pct = r["house_edge_percent"] or ""
        flags = []
        if r["player_advantage"]:
            flags.append("PLAYER ADVANTAGE")
        if r["differs_from_base"]:
            flags.append("differs from base")
        if not r["agree"]:
            flags.append(f"IMPL DISAGREES ({r['impl_house_edge']})")
        if r.get("note"):
            flags.append(r["note"])
        lines.append(f"{r['wager']:<16} {r['start']:<46} {r['reading']:<32} {edge:>14} "
                     f"{pct:>10}  {'; '.join(flags)}")
    lines.append("")
    advantage = [r for r in rows if r["player_advantage"]]
    lines.append(f"{len(rows)} rows; {len(advantage)} give the player a positive expectation; "
                 f"{sum(1 for r in rows if not r['agree'])} where spec and impl disagree")
    return "\n".join(lines) + "\n"


__all__ = ["ambiguities_text", "edge_text", "quote_lines"]
