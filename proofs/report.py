"""Rendering proof results as text for people and as versioned JSON for machines."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import regulation
from proofs.verdict import Result, Verdict, exit_code

SCHEMA = "casino-proofs/check"
SCHEMA_VERSION = 1


def _counts(results: list[Result]) -> dict[str, int]:
    c = Counter(r.verdict for r in results)
    return {v.value: c.get(v, 0) for v in Verdict}


def overall(results: list[Result]) -> str:
    code = exit_code(results)
    return {0: "PROVED", 1: "REFUTED", 2: "ERROR", 3: "UNKNOWN"}[code]


def to_json(results: list[Result], context: dict[str, Any], seconds: float) -> str:
    obligations = []
    for r in results:
        ob = r.obligation
        entry: dict[str, Any] = {
            "id": ob.id, "game": ob.game, "kind": ob.kind, "clause": ob.clause,
            "clauses": list(ob.clauses), "subject": ob.subject, "scope": ob.scope,
            "description": ob.description,
            "readings": list(ob.readings), "verdict": r.verdict.value,
            "seconds": round(r.seconds, 6),
        }
        if r.detail:
            entry["detail"] = r.detail
        if r.counterexample is not None:
            entry["counterexample"] = r.counterexample
        if r.core:
            entry["unsat_core"] = list(r.core)
        obligations.append(entry)
    doc = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        **context,
        "obligations": obligations,
        "summary": {
            "total": len(results), **_counts(results), "verdict": overall(results),
            "exit_code": exit_code(results), "seconds": round(seconds, 3),
        },
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _state_text(state: dict[str, Any]) -> str:
    parts = ["come-out roll" if state["come_out"] else "not a come-out roll"]
    parts.append(f"point {state['point']}" if state["point"] else "no point")
    if state["working"]:
        parts.append("player says working")
    return ", ".join(parts)


def settlement_text(s: dict[str, Any]) -> str:
    if "error" in s:
        return f"raised {s['error']}"
    net = s["net"]
    text = f"{s['decision']}, net {'+' if not net.startswith('-') and net != '0' else ''}{net}"
    if s.get("point"):
        text += f", point {s['point']} after the roll"
    if s.get("clauses"):
        text += f"  [{', '.join(s['clauses'])}]"
    return text


def quote_lines(clauses: list[str] | tuple[str, ...], indent: str = "    ") -> list[str]:
    lines = []
    for cid in dict.fromkeys(clauses):
        try:
            lines.append(f"{indent}{cid}: “{regulation.quote(cid)}”")
        except KeyError:
            lines.append(f"{indent}{cid}: (not in the registry)")
    return lines


def _counterexample_lines(r: Result) -> list[str]:
    cex = r.counterexample or {}
    lines = [f"    {r.detail}"] if r.detail else []
    if "roll" in cex:
        lines.append(f"    roll {cex['roll'][0]},{cex['roll'][1]}; {_state_text(cex['state'])}")
    elif "state" in cex:
        lines.append(f"    state: {_state_text(cex['state'])}")
    if "spec" in cex:
        if not cex["spec"]:
            lines.append("    spec: no rule decides this outcome")
        for s in cex["spec"]:
            lines.append(f"    spec: {settlement_text(s)}")
    if "impl" in cex:
        lines.append(f"    impl: {settlement_text(cex['impl'])}")
    lines += quote_lines(r.obligation.clauses)
    return lines


def header_lines(context: dict[str, Any]) -> list[str]:
    reg = context["regulation"]
    tool = context["tool"]
    lines = [
        f"casino-proofs {tool['version']} (z3 {tool['z3']}, Python {tool['python']})",
        f"Text checked: {reg['citation']}, version {reg['version']} ({reg['source_note']})",
        "Readings in force (* = default; a reading is the project's choice, not the text's):",
    ]
    for rid, r in context["readings"].items():
        lines.append(f"  {rid}={r['value']}{'*' if r['default'] else ''}")
    lines.append("Conventions in force (NOT regulation text):")
    for c in context["conventions"]:
        lines.append(f"  {c['id']}: {c['title']}")
    return lines


def to_text(results: list[Result], context: dict[str, Any], seconds: float) -> str:
    lines = header_lines(context)
    lines.append("")
    width = max((len(r.obligation.clause) for r in results), default=10)
    wwidth = max((len(r.obligation.subject) for r in results), default=6)
    swidth = max((len(r.obligation.scope) for r in results), default=6)
    for r in results:
        ob = r.obligation
        lines.append(
            f"{r.verdict.value:<8} {ob.clause:<{width}}  {ob.subject:<{wwidth}}  "
            f"{ob.scope:<{swidth}}  {ob.kind:<10} {r.seconds * 1000:7.1f} ms"
        )
        if r.verdict is not Verdict.PROVED:
            lines += _counterexample_lines(r)
    counts = _counts(results)
    lines.append("")
    lines.append(
        f"{len(results)} obligations: "
        + ", ".join(f"{counts[v.value]} {v.value}" for v in Verdict)
        + f"; {seconds:.2f} s"
    )
    lines.append(f"Result: {overall(results)} (exit {exit_code(results)})")
    return "\n".join(lines) + "\n"
