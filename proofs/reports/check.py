"""Rendering proof results as text for people and as versioned JSON for machines."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from casino_proofs import regulation
from casino_proofs.obligations.verdict import Result, Verdict, exit_code

SCHEMA = "casino-proofs/check"
#: Pai Gow obligations decided by an SMT query (the others by enumeration alone); every craps
#: obligation is decided by SMT and enumerated as well.
SMT_KINDS = {"abstraction", "nonvacuous", "statement"}
SCHEMA_VERSION = 1


def _counts(results: list[Result]) -> dict[str, int]:
    c = Counter(r.verdict for r in results)
    return {v.value: c.get(v, 0) for v in Verdict}


def overall(results: list[Result]) -> str:
    code = exit_code(results)
    return {0: "PROVED", 1: "REFUTED", 2: "ERROR", 3: "UNKNOWN"}[code]


def obligation_json(r: Result, timed: bool = True) -> dict[str, Any]:
    """One obligation as the JSON report (and the audit bundle, untimed) gives it."""
    ob = r.obligation
    entry: dict[str, Any] = {
        "id": ob.id, "game": ob.game, "kind": ob.kind, "clause": ob.clause,
        "clauses": list(ob.clauses), "subject": ob.subject, "scope": ob.scope,
        "description": ob.description, "readings": list(ob.readings),
        "verdict": r.verdict.value,
    }
    if timed:
        entry["seconds"] = round(r.seconds, 6)
    if r.detail:
        entry["detail"] = r.detail
    if r.counterexample is not None:
        entry["counterexample"] = r.counterexample
    if r.core:
        entry["unsat_core"] = list(r.core)
    if r.enumeration:
        by_smt = ob.game == "craps" or ob.kind in SMT_KINDS
        entry["evidence"] = {"smt": r.verdict.value if by_smt else "none",
                             "enumeration": r.enumeration}
    return entry


def to_json(results: list[Result], context: dict[str, Any], seconds: float,
            games: dict[str, Any] | None = None) -> str:
    obligations = [obligation_json(r) for r in results]
    doc = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        **context,
        "obligations": obligations,
        **(games or {}),
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
    if state.get("first_roll"):
        parts.append("a shooter's first roll")
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
    for hand in cex.get("hands", []):
        line = f"    hand {hand['hand']}"
        if "spec" in hand:
            line += f": spec {hand['spec']['combination']} [{hand['spec']['clause']}]"
        if "impl" in hand:
            impl_side = hand["impl"]
            line += (f", impl {impl_side['combination']} (value {impl_side['value']})"
                     if "combination" in impl_side else f", impl {impl_side.get('error')}")
        lines.append(line)
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


def to_text(results: list[Result], context: dict[str, Any], seconds: float,
            games: dict[str, Any] | None = None) -> str:
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
    if games and "paigow" in games:
        lines += paigow_lines(games["paigow"])
    counts = _counts(results)
    lines.append("")
    lines.append(
        f"{len(results)} obligations: "
        + ", ".join(f"{counts[v.value]} {v.value}" for v in Verdict)
        + f"; {seconds:.2f} s"
    )
    confirmed = sum(1 for r in results if r.verdict is Verdict.PROVED and r.enumeration)
    finite = sum(1 for r in results if r.enumeration)
    if finite:
        lines.append(f"Dual evidence: {confirmed} PROVED obligations also confirmed by "
                     f"enumeration in exact arithmetic ({finite} enumerated)")
    lines.append(f"Result: {overall(results)} (exit {exit_code(results)})")
    return "\n".join(lines) + "\n"


def paigow_lines(game: dict[str, Any]) -> list[str]:
    """The Pai Gow figures: hands, the silence report and the digest of the order."""
    lines = ["", "Pai Gow Poker, s. 40:"]
    for scope in ("high", "low"):
        lines.append(f"  {scope} hands: {game['hands'][scope]:,} hands in "
                     f"{game['classes'][scope]:,} classes; order digest sha256:"
                     f"{game['digest'][scope][:16]}")
    lines.append("  What s. 40 leaves undecided (pairs of distinct values of the implementation):")
    for scope in ("high", "low"):
        report = game["silence"][scope]
        for row in report["by_combination"]:
            lines.append(
                f"    {scope:<4} {row['combination']:<16} {row['distinct_values']:>5} values "
                f"{row['pairs']:>9,} pairs: {row['decided_by_text']:>9,} by the text, "
                f"{row['decided_by_convention']:>9,} by {row['convention']}")
        across = report["across_combinations"]
        lines.append(
            f"    {scope:<4} {'across combinations':<22} {across['pairs']:>15,} pairs: "
            f"{across['decided_by_text']:>11,} by the text, "
            f"{across['decided_by_convention']:>9,} by convention")
    return lines


def rank_text(doc: dict[str, Any]) -> str:
    spec_side, impl_side = doc["spec"], doc["impl"]
    value = impl_side["value"]
    lines = [
        f"{doc['hand']} ({doc['scope']})",
        f"  spec: {spec_side['category']}  [{spec_side['clause']}]",
        f"  impl: {impl_side['category']}  [{impl_side['clause']}]  value {value['strength']}:"
        + ",".join(str(t) for t in value["tiebreak"]),
        "  spec and impl agree" if doc["agree"] else "  SPEC AND IMPL DISAGREE",
        *quote_lines([doc["clause"]], "  "),
    ]
    return "\n".join(lines) + "\n"


def compare_text(doc: dict[str, Any]) -> str:
    a, b = doc["a"], doc["b"]
    winner = {"a": f"A ({a['hand']})", "b": f"B ({b['hand']})", "tie": "neither: a tie"}
    lines = [
        f"A: {a['hand']}  {a['category']}",
        f"B: {b['hand']}  {b['category']}",
        f"  ranks higher: {winner[doc['winner']]}",
        f"  spec: {doc['spec']['winner']}; impl: {doc['impl']['winner']}"
        + ("" if doc["agree"] else "  SPEC AND IMPL DISAGREE"),
        f"  why: {doc['why']}",
        *quote_lines(doc["decided_by"], "  "),
    ]
    return "\n".join(lines) + "\n"
