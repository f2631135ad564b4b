"""Rendering proof results as text for people and as versioned JSON for machines."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from casino_proofs import regulation
from casino_proofs.obligations.verdict import Obligation, Result, Verdict, exit_code

SCHEMA = "casino-proofs/check"
SCHEMA_VERSION = 2


def _counts(results: list[Result]) -> dict[str, int]:
    c = Counter(r.verdict for r in results)
    return {v.value: c.get(v, 0) for v in Verdict}


def overall(results: list[Result]) -> str:
    code = exit_code(results)
    return {0: "PROVED", 1: "REFUTED", 3: "UNKNOWN", 4: "ERROR"}[code]


def obligation_metadata(ob: Obligation) -> dict[str, Any]:
    """What an obligation is, before any verdict: its ID, kind, clauses, subject, scope,
    description and readings."""
    entry: dict[str, Any] = {
        "id": ob.id, "game": ob.game, "kind": ob.kind, "clause": ob.clause,
        "clauses": list(ob.clauses), "subject": ob.subject, "scope": ob.scope,
        "description": ob.description, "readings": list(ob.readings),
    }
    if ob.under:
        entry["under"] = ob.under
    return entry


def obligation_json(r: Result, timed: bool = True) -> dict[str, Any]:
    """One obligation as the JSON report (and the audit bundle, untimed) gives it."""
    entry = {**obligation_metadata(r.obligation), "verdict": r.verdict.value}
    if timed:
        entry["seconds"] = round(r.seconds, 6)
    if r.detail:
        entry["detail"] = r.detail
    if r.counterexample is not None:
        entry["counterexample"] = r.counterexample
    if r.core:
        entry["unsat_core"] = list(r.core)
    if r.resources:
        entry["resources"] = r.resources
    if r.enumeration or r.smt_verdict is not None:
        entry["evidence"] = {"smt": r.smt_verdict.value if r.smt_verdict else "none",
                             "enumeration": r.enumeration or "none"}
        if r.evidence_note:
            entry["evidence"]["note"] = r.evidence_note
    return entry


def to_json(results: list[Result], context: dict[str, Any], seconds: float,
            detail: dict[str, Any] | None = None) -> str:
    """The check report as JSON (schema ``proofs/schemas/check.schema.json``). ``detail``:
    the engine under test, the runs, what was left out, notes, and the Pai Gow figures."""
    detail = detail or {}
    doc: dict[str, Any] = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        **context,
        **{k: detail[k] for k in ("engine", "runs", "left_out", "notes") if k in detail},
        "obligations": [obligation_json(r) for r in results],
        **({"paigow": detail["paigow"]} if "paigow" in detail else {}),
        "summary": {
            "total": len(results), **_counts(results), "verdict": overall(results),
            "exit_code": exit_code(results), "seconds": round(seconds, 3),
            "also": also(results),
        },
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def also(results: list[Result]) -> str:
    """What else the run found beside its overall verdict: a refutation decides the exit
    code, and the summary still names the ERROR and UNKNOWN verdicts with it."""
    counts = _counts(results)
    main = overall(results)
    others = [f"{counts[v]} {v}" for v in ("ERROR", "UNKNOWN", "VACUOUS", "REFUTED")
              if counts[v] and v != main]
    return ", ".join(others)


def _state_text(state: dict[str, Any]) -> str:
    parts = ["come-out roll" if state["come_out"] else "not a come-out roll"]
    parts.append(f"point {state['point']}" if state["point"] else "no point")
    if state["working"]:
        parts.append("player says working")
    if state.get("first_roll"):
        parts.append("a shooter's first roll")
    return ", ".join(parts)


def settlement_text(s: dict[str, Any]) -> str:
    """A settlement, an engine's refusal or a fault, in words."""
    if "error" in s:
        return f"refused: {s['error']}"
    if "fault" in s:
        return f"no settlement ({s['fault']}): {s['problem']}"
    if s.get("decision") in ("unreachable", "undefined"):
        return f"{s['decision']}: {s.get('why', '')}"
    net = s["net"]
    text = f"{s['decision']}, net {'+' if not net.startswith('-') and net != '0' else ''}{net}"
    if s.get("point"):
        text += f", point {s['point']} after the roll"
    if s.get("working"):
        text += ", the working call stays"
    if s.get("clauses"):
        text += f"  [{', '.join(s['clauses'])}]"
    return text


def _input_text(item: dict[str, Any]) -> str:
    return (f"{item['wager']} on roll {item['roll'][0]},{item['roll'][1]}; "
            f"{_state_text(item['state'])}")


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
            if "strength" in impl_side:
                named = impl_side.get("combination") or "no combination named"
                line += f", impl {named} (strength {impl_side['strength']})"
            else:
                line += f", impl {impl_side.get('error') or impl_side.get('problem')}"
        for side in ("first", "second", "explicit_defaults"):
            if side in hand:
                line += f"; {side.replace('_', ' ')}: {hand[side]}"
        lines.append(line)
    if "input" in cex:
        lines.append(f"    input: {_input_text(cex['input'])}")
        for side in ("first", "second", "explicit_defaults"):
            if side in cex:
                lines.append(f"    {side.replace('_', ' ')} answer: "
                             f"{settlement_text(cex[side])}")
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
    if r.evidence_note:
        lines.append(f"    evidence: {r.evidence_note}")
    lines += quote_lines(r.obligation.clauses)
    return lines


def header_lines(context: dict[str, Any]) -> list[str]:
    reg = context["regulation"]
    tool = context["tool"]
    lines = [
        f"casino-proofs {tool['version']} (z3 {tool['z3']}, Python {tool['python']})",
        f"Text checked: {reg['citation']}, version {reg['version']} ({reg['source_note']})",
        *([f"Budget per query: {context['budget']['z3_rlimit']:,} Z3 resource units "
           f"(deterministic; exhausting it is UNKNOWN); wall-clock safety net "
           f"{context['budget']['wall_clock_safety_ms']:,} ms"] if "budget" in context else []),
        "Readings in force (* = default; a reading is the project's choice, not the text's):",
    ]
    for rid, r in context["readings"].items():
        lines.append(f"  {rid}={r['value']}{'*' if r['default'] else ''}")
    lines.append("Conventions in force (NOT regulation text):")
    for c in context["conventions"]:
        lines.append(f"  {c['id']}: {c['title']}")
    return lines


def engine_lines(detail: dict[str, Any]) -> list[str]:
    """Who was proved: the engine's target and hello, and the fingerprints of its answers."""
    engine = detail.get("engine")
    if not engine:
        return []
    hello = engine["hello"]
    lines = [f"Implementation under test: {engine['target']} — {hello.get('name')} "
             f"{hello.get('version')}"]
    for run in detail.get("runs", []):
        parts = []
        if "craps" in run:
            parts.append(f"craps answers sha256:{run['craps']['answers_sha256'][:16]} "
                         f"({run['craps']['questions']:,} inputs, each asked twice)")
        if "paigow" in run:
            parts.append(f"Pai Gow answers sha256:{run['paigow']['answers_sha256'][:16]} "
                         f"({run['paigow']['determinism_sample']:,} hands asked twice)")
        if parts:
            lines.append(f"  {run['reading']}: " + "; ".join(parts))
    for item in detail.get("left_out", []):
        lines.append(f"  left out: {item['what']} ({item['why']})")
    for note in detail.get("notes", []):
        lines.append(f"  note: {note}")
    return lines


def to_text(results: list[Result], context: dict[str, Any], seconds: float,
            detail: dict[str, Any] | None = None) -> str:
    detail = detail or {}
    lines = header_lines(context)
    lines += engine_lines(detail)
    lines.append("")
    width = max((len(r.obligation.clause) for r in results), default=10)
    wwidth = max((len(r.obligation.subject) for r in results), default=6)
    swidth = max((len(r.obligation.scope) for r in results), default=6)
    for r in results:
        ob = r.obligation
        under = f"  [{ob.under}]" if ob.under else ""
        lines.append(
            f"{r.verdict.value:<8} {ob.clause:<{width}}  {ob.subject:<{wwidth}}  "
            f"{ob.scope:<{swidth}}  {ob.kind:<10} {r.seconds * 1000:7.1f} ms{under}"
        )
        if r.verdict is not Verdict.PROVED:
            lines += _counterexample_lines(r)
    if "paigow" in detail:
        lines += paigow_lines(detail["paigow"])
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
    others = also(results)
    lines.append(f"Result: {overall(results)} (exit {exit_code(results)})"
                 + (f"; also {others}" if others else ""))
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


def _impl_hand_text(impl_side: dict[str, Any]) -> str:
    if "strength" not in impl_side:
        return settlement_text(impl_side)
    named = impl_side.get("category") or "(no combination named)"
    clause = f"  [{impl_side['clause']}]" if impl_side.get("clause") else ""
    return (f"{named}{clause}  strength {impl_side['strength']}: "
            f"{impl_side.get('explained', '')}").rstrip(": ")


def rank_text(doc: dict[str, Any]) -> str:
    spec_side, impl_side = doc["spec"], doc["impl"]
    lines = [
        f"{doc['hand']} ({doc['scope']})",
        f"  spec: {spec_side['category']}  [{spec_side['clause']}]",
        f"  impl: {_impl_hand_text(impl_side)}",
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
        f"  ranks higher: {winner[doc['spec']['winner']]}",
        f"  spec: {doc['spec']['winner']}; impl: {doc['impl']['winner'] or 'no answer'}"
        + ("" if doc["agree"] else "  SPEC AND IMPL DISAGREE"),
        f"  why: {doc['why']}",
        *quote_lines(doc["decided_by"], "  "),
    ]
    return "\n".join(lines) + "\n"
