"""Rendering proof results as text for people and as versioned JSON for machines."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from casino_proofs import games, regulation
from casino_proofs.audit.schema import obligation_json
from casino_proofs.obligations.verdict import Result, Verdict, exit_code
from casino_proofs.reports.documents import (
    CheckDetail,
    CheckDocument,
    CompareDocument,
    RankDocument,
    SettleDocument,
)
from casino_proofs.reports.text import render, result_lines, wrapped
from casino_proofs.reports.width import width
from casino_proofs.untrusted.printable import one_line

SCHEMA = "casino-proofs/check"
SCHEMA_VERSION = 2


def _counts(results: list[Result]) -> dict[str, int]:
    c = Counter(r.verdict for r in results)
    return {v.value: c.get(v, 0) for v in Verdict}


def overall(results: list[Result]) -> str:
    """The run's verdict in one word: that of its exit code, and for exit 1 REFUTED only when
    some obligation is refuted (a run that is VACUOUS and nothing worse says VACUOUS)."""
    code = exit_code(results)
    if code == 1 and not any(r.verdict is Verdict.REFUTED for r in results):
        return "VACUOUS"
    return {0: "PROVED", 1: "REFUTED", 3: "UNKNOWN", 4: "ERROR"}[code]


def to_json(results: list[Result], context: dict[str, Any], seconds: float,
            detail: CheckDetail | None = None) -> str:
    """The check report as JSON (schema ``proofs/schemas/check.schema.json``). ``detail``:
    the engine under test, the runs, what was left out, notes, and each game's figures."""
    given = (detail or CheckDetail()).json()
    doc: dict[str, Any] = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        **context,
        **{k: given[k] for k in ("engine", "runs", "left_out", "notes", "table_domain")
           if k in given},
        "obligations": [obligation_json(r) for r in results],
        "findings": findings_json(results),
        **{name: given[name] for name in (detail or CheckDetail()).figures},
        "summary": {
            "total": len(results), **_counts(results), "verdict": overall(results),
            "exit_code": exit_code(results), "seconds": round(seconds, 3),
            "also": also(results),
        },
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def check_json(doc: CheckDocument) -> str:
    """``check --format json``."""
    return to_json(list(doc.results), doc.context, doc.seconds, doc.detail)


def check_text(doc: CheckDocument) -> str:
    """``check --format text``."""
    return to_text(list(doc.results), doc.context, doc.seconds, doc.detail)


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


def _hand_answer(answer: Any) -> str:
    """An engine's answer for a hand, in words."""
    if not isinstance(answer, dict):
        return str(answer)
    if "strength" in answer:
        named = f" ({answer['combination']})" if answer.get("combination") else ""
        return f"strength {answer['strength']}{named}"
    return str(answer.get("error") or answer.get("problem") or answer.get("fault") or "no answer")


#: the longest an event or an answer of a shown script is printed (an engine's answer may be
#: long: the JSON report holds it whole)
SHOWN_JSON = 400


def _shown(value: Any) -> str:
    text = one_line(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= SHOWN_JSON else f"{text[:SHOWN_JSON]}… (cut; the JSON holds it)"


def script_lines(shown: dict[str, Any]) -> list[str]:
    """A table finding's reproducer (``shortest`` in its counterexample, or a session's
    ``script``): its events one per line, each with the table's answer, and beside the answer
    the finding faults, the answer due."""
    events = shown.get("script")
    if not isinstance(events, list) or not events:
        return []
    answers = shown.get("answers")
    answers = answers if isinstance(answers, list) and len(answers) == len(events) else None
    n = len(events)
    lines = [f"its {n} event{'s' * (n != 1)}"
             + (", each with the table's answer:" if answers is not None else ":")]
    for i, event in enumerate(events, start=1):
        line = f"  {i}. {_shown(event)}"
        if answers is not None:
            line += f" -> {_shown(answers[i - 1])}"
        if i == shown.get("event"):
            line += f"   <- the answer faulted; due: {_shown(shown.get('due'))}"
        lines.append(line)
    return lines


def witness_lines(r: Result) -> list[str]:
    """What a failing obligation found, in words, one line each: its detail, then its
    witness (the input, the state, each side's answer), never a Python value. Every format
    says it so."""
    cex = r.counterexample or {}
    lines = [r.detail] if r.detail else []
    for hand in cex.get("hands", []):
        line = f"hand {hand['hand']}"
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
                line += f"; {side.replace('_', ' ')}: {_hand_answer(hand[side])}"
        lines.append(line)
    if "input" in cex:
        lines.append(f"input: {_input_text(cex['input'])}")
        for side in ("first", "second", "explicit_defaults"):
            if side in cex:
                lines.append(f"{side.replace('_', ' ')} answer: "
                             f"{settlement_text(cex[side])}")
    if "roll" in cex:
        lines.append(f"roll {cex['roll'][0]},{cex['roll'][1]}; {_state_text(cex['state'])}")
    elif "state" in cex:
        lines.append(f"state: {_state_text(cex['state'])}")
    if "spec" in cex:
        if not cex["spec"]:
            lines.append("spec: no rule decides this outcome")
        for s in cex["spec"]:
            lines.append(f"spec: {settlement_text(s)}")
    if "impl" in cex:
        lines.append(f"impl: {settlement_text(cex['impl'])}")
    lines += script_lines(cex.get("shortest") or cex)
    if r.evidence_note:
        lines.append(f"evidence: {r.evidence_note}")
    return lines


def readings_line(r: Result, where: str = "listed above") -> list[str]:
    """The readings an obligation rests on, and ``where`` the report lists the values in
    force (the text lists them above, under "Readings"; a page may list them elsewhere)."""
    if not r.obligation.readings:
        return []
    return [f"rests on the reading{'s' * (len(r.obligation.readings) > 1)} "
            f"{', '.join(r.obligation.readings)} (the values in force are {where})"]


def _counterexample_lines(r: Result) -> list[str]:
    return [f"    {line}" for line in witness_lines(r) + readings_line(r)] \
        + quote_lines(r.clauses)


def header_lines(context: dict[str, Any]) -> list[str]:
    """What was checked, folded: the text, the budget, the readings (the defaults counted,
    the others named), the conventions (named on one paragraph)."""
    reg = context["regulation"]
    tool = context["tool"]
    lines = [f"casino-proofs {tool['version']} (z3 {tool['z3']}, Python {tool['python']})",
             *wrapped(f"Text checked: {reg['citation']}, version {reg['version']} "
                      f"({reg['source_note']})")]
    if "budget" in context:
        lines += wrapped(f"Budget: {context['budget']['z3_rlimit']:,} Z3 resource units a "
                         "query (deterministic; exhausting it is UNKNOWN), a wall-clock safety "
                         f"net of {context['budget']['wall_clock_safety_ms']:,} ms")
    readings = context["readings"]
    chosen = [f"{rid}={r['value']}" for rid, r in readings.items() if not r["default"]]
    defaults = len(readings) - len(chosen)
    lines += wrapped(
        "Readings (the project's choice where the text reads two ways, not the text's): "
        + (f"{', '.join(chosen)}; " if chosen else "")
        + (f"{'the other ' if chosen else 'all '}{defaults} at their defaults" if defaults
           else "none at its default")
        + " (casino-proofs ambiguities explains each)")
    lines += wrapped("Conventions in force, NOT regulation text: "
                     + ", ".join(c["id"] for c in context["conventions"]))
    return lines


def _left_out_entries(items: Iterable[dict[str, str]]) -> list[str]:
    """What was left out, one entry a reason (40 wagers left out by --wagers are one)."""
    by_why: dict[str, list[str]] = {}
    for item in items:
        by_why.setdefault(item["why"], []).append(item["what"])
    entries = []
    for why, whats in by_why.items():
        game = whats[0].split(" ", 1)[0]
        if len(whats) > 3 and games.has_wagers(game) \
                and all(w.startswith(f"{game} wager ") for w in whats):
            names = ", ".join(w.removeprefix(f"{game} wager ") for w in whats)
            lead = why if why.startswith("left out ") else f"left out ({why})"
            entries.append(f"{lead}: {len(whats):,} {game} wagers: {names}")
        else:
            entries += [f"left out: {w} ({why})" for w in whats]
    return entries


def engine_title(engine: dict[str, Any]) -> str:
    """The engine's name and version as its hello gives them, and the protocol version the
    checker spoke to it (a program's: docs/engine-protocol.md, "Protocol versions")."""
    hello = engine["hello"]
    spoken = f", spoken to in protocol {engine['protocol']}" if engine.get("protocol") else ""
    return f"{hello.get('name')} {hello.get('version')}{spoken}"


def engine_entries(detail: CheckDetail) -> list[str]:
    """Who was proved, one entry each (the first the engine itself; each entry whole, for a
    format that lays it out): the target and hello, the fingerprints of its answers, what was
    left out, the notes."""
    engine = detail.engine
    if not engine:
        return []
    # one line whatever the hello says: a line break there could forge a report's line
    entries = [one_line(f"Implementation under test: {engine['target']} — "
                        f"{engine_title(engine)}")]
    # a table played or logged is read, each input at its first observation, never asked
    # twice (its determinism is judged by ``history``)
    asked = "each read at its first observation" if engine.get("kind") in ("play", "log") \
        else "each asked twice"
    for run in detail.runs:
        # each game's answers in the run, in its room's words (the registry's run_summary)
        parts = [games.entry(g, "run_summary")(run[g], asked) for g in games.names()
                 if g in run and games.has(g, "run_summary")]
        if parts:
            entries.append(f"{run['reading']}: " + "; ".join(parts))
    entries += _left_out_entries(detail.left_out)
    entries += [f"note: {note}" for note in detail.notes]
    return entries


def engine_lines(detail: CheckDetail) -> list[str]:
    """The engine entries wrapped to the report's width, each after the first indented."""
    entries = engine_entries(detail)
    return [line for i, entry in enumerate(entries)
            for line in (wrapped(entry) if i == 0 else wrapped(f"  {entry}", "    "))]


Columns = tuple[int, int, int, int]


def columns_of(results: list[Result]) -> Columns:
    """The widths of the clause, subject, scope and kind columns: the longest of each, so
    that no name is ever cut."""
    obs = [r.obligation for r in results]
    clause, subject, scope, kind = (max((len(getattr(ob, f)) for ob in obs), default=0)
                                    for f in ("clause", "subject", "scope", "claim"))
    return clause, subject, scope, kind


def obligation_lines(r: Result, columns: Columns | None = None) -> list[str]:
    """One obligation: verdict, deciding clause, subject, scope, kind and time, in aligned
    columns (``columns``: the widths of the whole list), every name in full. On one line
    where it fits the report's width (aligned if it can be, else single-spaced), else on two
    (the scope, kind and time indented under the rest)."""
    ob = r.obligation
    c = columns or columns_of([r])
    time = f"{r.seconds * 1000:8.1f} ms"
    one = (f"{r.verdict.value:<8} {ob.clause:<{c[0]}} {ob.subject:<{c[1]}} {ob.scope:<{c[2]}} "
           f"{ob.claim:<{c[3]}} {time}")
    if len(one) <= width():
        return [one]
    natural = f"{r.verdict.value:<8} {ob.clause} {ob.subject} {ob.scope} {ob.claim} {time.strip()}"
    if len(natural) <= width():
        return [natural]
    return [f"{r.verdict.value:<8} {ob.clause} {ob.subject}",
            f"{'':<8} {ob.scope} {ob.claim} {time.strip()}"]


def summary_line(results: list[Result], seconds: float) -> str:
    """The result in one line: the verdict, the exit code, and the counts that are not 0."""
    counts = _counts(results)
    others = also(results)
    counted = ", ".join(f"{counts[v.value]:,} {v.value}" for v in Verdict if counts[v.value])
    return (f"Result: {overall(results)} (exit {exit_code(results)})"
            + (f"; also {others}" if others else "")
            + f" -- {counted or 'nothing'} of {len(results):,} obligations, {seconds:.1f} s")


def next_step(results: list[Result]) -> str:
    """What to do after a check, in one sentence (every format's summary says it)."""
    verdict = overall(results)
    counts = _counts(results)
    if verdict == "PROVED":
        return ("nothing to fix: every obligation is PROVED under the readings in force "
                "(casino-proofs ambiguities says which readings matter)")
    failing = sum(1 for r in results if r.verdict is not Verdict.PROVED)
    groups = len(findings([r for r in results if r.verdict is not Verdict.PROVED]))
    found = (f"{groups:,} finding{'s' * (groups != 1)} for {failing:,} "
             f"obligation{'s' * (failing != 1)}")
    if verdict in ("REFUTED", "VACUOUS"):
        return (f"fix what failed ({found}, the most telling first, each with its witness "
                "and the clause quoted), then run the check again")
    if verdict == "ERROR":
        return (f"the check could not establish {counts['ERROR']:,} "
                f"obligation{'s' * (counts['ERROR'] != 1)} (ERROR): see what failed "
                f"({found}) for the cause of each (an engine that did not answer, a "
                "counterexample that did not replay), fix it, then run the check again")
    return (f"{counts['UNKNOWN']:,} obligation{'s' * (counts['UNKNOWN'] != 1)} ran out of the "
            "solver's budget (UNKNOWN): see what failed, then run the check again with a "
            "larger --rlimit")


def _fact(r: Result) -> tuple[Any, ...]:
    """What a failing obligation found, with its wager left out: two wagers that take the same
    impossible input the same way are one fact."""
    ob = r.obligation
    if r.cause:
        return ("cause", ob.under, ob.game, r.cause)
    if not games.has_wagers(ob.game) or ob.claim not in ("validation", "offered"):
        return (ob.id,)
    cex = dict(r.counterexample or {})
    item = dict(cex.get("input") or {})
    item.pop("wager", None)
    return (ob.claim, ob.under, r.verdict, r.detail.replace(ob.subject, "*"),
            json.dumps(item, sort_keys=True), json.dumps(cex.get("impl"), sort_keys=True))


#: the kinds of obligation that state a cause other obligations share
CAUSES = ("channel", "policies")
_SEVERITY = {Verdict.REFUTED: 0, Verdict.VACUOUS: 1, Verdict.ERROR: 2, Verdict.UNKNOWN: 3,
             Verdict.PROVED: 4}


def worst(verdicts: Iterable[Verdict]) -> Verdict | None:
    """The worst of some verdicts, as the exit code ranks them (REFUTED, VACUOUS, ERROR,
    UNKNOWN, then PROVED); None for none."""
    return min(verdicts, key=_SEVERITY.__getitem__, default=None)


def _head(r: Result) -> tuple[bool, bool, int]:
    """How a finding's obligations are ordered: the one its cause names first, then one whose
    kind states causes, then the severest."""
    return (f"{r.obligation.game}/table/{r.obligation.claim}" != r.obligation.id
            or not r.cause.endswith(r.obligation.id), r.obligation.claim not in CAUSES,
            _SEVERITY[r.verdict])


def others(group: list[Result]) -> str:
    """What a finding's other obligations are, by verdict: ``ERROR`` or ``REFUTED and ERROR``."""
    verdicts = [v.value for v in Verdict if any(g.verdict is v for g in group[1:])]
    return " and ".join(verdicts)


def resting(group: list[Result]) -> str:
    """What rests on a finding's first obligation, in words: how many others, by verdict and
    by kind, not counted again; and the fact they share, where the first does not state it
    itself (a policy, an engine given up on)."""
    r, rest = group[0], group[1:]
    n = len(rest)
    verdicts = Counter(g.verdict.value for g in rest)
    kinds = Counter(g.obligation.claim for g in rest)
    text = (f"and {n:,} obligation{'s' * (n != 1)} that rest{'s' * (n == 1)} on it, not "
            "counted again: " + ", ".join(f"{verdicts[v.value]:,} {v.value}" for v in Verdict
                                          if verdicts[v.value])
            + " (" + ", ".join(f"{k} {c:,}" for k, c in sorted(kinds.items())) + ")")
    if r.cause.startswith("one fact"):
        text += f"; {r.cause}"
    elif r.cause and not r.cause.endswith(r.obligation.id):
        text += f"; because {r.cause}"
    return text


def findings(failing: list[Result]) -> list[list[Result]]:
    """The failing obligations grouped into findings, one fact each, in order."""
    groups: dict[tuple[Any, ...], list[Result]] = {}
    for r in failing:
        groups.setdefault(_fact(r), []).append(r)
    # a finding with a cause is headed by the obligation that states it (the channel's, or a
    # declared policy's); the most telling first: refutations, then what could not be
    # established
    ordered = [sorted(g, key=_head) for g in groups.values()]
    return sorted(ordered, key=lambda g: _SEVERITY[g[0].verdict])


def findings_json(results: list[Result]) -> list[dict[str, Any]]:
    return [{"obligations": [r.obligation.id for r in group], "count": len(group),
             "kind": group[0].obligation.claim, "verdict": group[0].verdict.value,
             "detail": group[0].detail}
            for group in findings([r for r in results if r.verdict is not Verdict.PROVED])]


def _by_run(results: list[Result]) -> dict[str, list[Result]]:
    runs: dict[str, list[Result]] = {}
    for r in results:
        runs.setdefault(r.obligation.under, []).append(r)
    return runs


def to_text(results: list[Result], context: dict[str, Any], seconds: float,
            detail: CheckDetail | None = None) -> str:
    """The check's report: the result first (and again last), what was checked, folded, then
    what failed, in full, then every obligation, one line each, run by run."""
    detail = detail or CheckDetail()
    lines = wrapped(summary_line(results, seconds))
    lines += wrapped(f"Next: {next_step(results)}")
    lines += header_lines(context)
    lines += engine_lines(detail)
    failing = [r for r in results if r.verdict is not Verdict.PROVED]
    if failing:
        groups = findings(failing)
        lines += ["", f"What failed ({len(failing)} obligation{'s' * (len(failing) > 1)}, "
                      f"{len(groups)} finding{'s' * (len(groups) > 1)}):"]
        for group in groups:
            r = group[0]
            lines += obligation_lines(r)
            if len(group) > 1 and r.cause:
                lines += wrapped(f"    {resting(group)}", "      ")
            elif len(group) > 1:
                lines += wrapped(f"    one finding for {len(group)} wagers (the first shown): "
                                 + ", ".join(g.obligation.subject for g in group), "      ")
            if r.obligation.under:
                lines.append(f"    (under the reading {r.obligation.under})")
            lines += [line for text in [f"    {r.obligation.id}", *_counterexample_lines(r)]
                      for line in wrapped(text, _hanging(text))]
    for under, mine in _by_run(results).items():
        lines += ["", f"Every obligation, under {under}:" if under else "Every obligation:"]
        columns = columns_of(mine)
        lines += [line for r in mine for line in obligation_lines(r, columns)]
    for name, figures in detail.figures.items():
        lines += games.entry(name, "figures")(figures)
    lines.append("")
    confirmed = sum(1 for r in results if r.verdict is Verdict.PROVED and r.enumeration)
    finite = sum(1 for r in results if r.enumeration)
    if finite:
        lines += wrapped(f"Dual evidence: {confirmed} PROVED obligations also confirmed by "
                         f"enumeration in exact arithmetic ({finite} enumerated)")
    lines += wrapped(summary_line(results, seconds))
    return render(lines)


def _hanging(text: str) -> str:
    """The indent a line's continuation takes: two more than its own, three under a numbered
    event of a script (so that it reads as that event's, not the next's)."""
    indent = len(text) - len(text.lstrip())
    return " " * (indent + (3 if re.match(r"\s*\d+\. ", text) else 2))


def _impl_hand_text(impl_side: dict[str, Any]) -> str:
    if "strength" not in impl_side:
        return settlement_text(impl_side)
    named = impl_side.get("category") or "(no combination named)"
    clause = f"  [{impl_side['clause']}]" if impl_side.get("clause") else ""
    return (f"{named}{clause}  strength {impl_side['strength']}: "
            f"{impl_side.get('explained', '')}").rstrip(": ")


def rank_report(doc: RankDocument) -> str:
    """``rank --format text``."""
    return rank_text(doc.json())


def compare_report(doc: CompareDocument) -> str:
    """``compare --format text``."""
    return compare_text(doc.json())


#: what to do after one answer asked of the engine, by whether it agrees with the text
ONE_ANSWER_NEXT = {
    True: "nothing to fix for this input (check proves every input alike)",
    False: "the engine departs from the clauses quoted below on this input: check --engine "
           "TARGET proves every input and finds all such",
    None: "nothing to compare on one hand: check --only paigow proves the engine's order "
          "over every hand",
}


def one_answer_result(agree: bool | None, what: str) -> list[str]:
    """The result of settle, rank or compare: whether the sides agree, the exit code."""
    verdict = ("spec and impl agree" if agree else "the engine names no combination"
               if agree is None else "SPEC AND IMPL DISAGREE")
    return result_lines(verdict, 1 if agree is False else 0, what, ONE_ANSWER_NEXT[agree])


def rank_text(doc: dict[str, Any]) -> str:
    spec_side, impl_side = doc["spec"], doc["impl"]
    lines = [
        *one_answer_result(doc["agree"], f"one {doc['scope']}, {doc['hand']}"),
        f"{doc['hand']} ({doc['scope']})",
        f"  spec: {spec_side['category']}  [{spec_side['clause']}]",
        f"  impl: {_impl_hand_text(impl_side)}",
        "  spec and impl agree" if doc["agree"] else
        "  the engine names no combination: nothing to compare on one hand"
        if doc["agree"] is None else "  SPEC AND IMPL DISAGREE",
        *quote_lines([doc["clause"], *doc.get("rests_on", [])], "  "),
    ]
    return render(out for line in lines for out in wrapped(line, "      "))


def compare_text(doc: dict[str, Any]) -> str:
    a, b = doc["a"], doc["b"]
    winner = {"a": f"A ({a['hand']})", "b": f"B ({b['hand']})", "tie": "neither: a tie"}
    lines = [
        *one_answer_result(doc["agree"], f"two {a['scope']}s"),
        f"A: {a['hand']}  {a['category']}",
        f"B: {b['hand']}  {b['category']}",
        f"  ranks higher: {winner[doc['spec']['winner']]}",
        f"  spec: {doc['spec']['winner']}; impl: {doc['impl']['winner'] or 'no answer'}"
        + ("" if doc["agree"] else "  SPEC AND IMPL DISAGREE"),
        f"  why: {doc['why']}",
        *quote_lines(doc["decided_by"], "  "),
    ]
    return render(lines)


def settle_report(doc: SettleDocument) -> str:
    """``settle --format text``: the wager and roll, each side's settlement, whether they
    agree, the clauses quoted, the readings."""
    (die_1, die_2), st, spec_out = doc.roll, doc.state, doc.spec
    where = ", ".join(
        [("come-out roll" if st["come_out"] else "not a come-out roll")]
        + ([f"point {st['point']}"] if st["point"] else [])
        + (["working"] if st["working"] else [])
        + (["a shooter's first roll"] if st["first_roll"] else []))
    lines = [*one_answer_result(doc.agree, f"one wager on one roll, {doc.wager} on "
                                           f"{die_1},{die_2}"),
             f"{doc.wager} on roll {die_1},{die_2} ({where})"]
    if "rules" in spec_out or not doc.reachable:
        lines.append(f"  spec: {spec_out['decision']}: "
                     + ("; ".join(settlement_text(s) for s in doc.spec_rules) or spec_out.get(
                         "why", "no rule decides this outcome")))
    else:
        lines.append(f"  spec: {settlement_text(spec_out)}")
    side = "impl" if doc.engine == "impl" else "engine"  # the engine under test, by its role
    lines.append(f"  {side}: {settlement_text(doc.impl)}")
    lines.append(f"  spec and {side} agree" if doc.agree else
                 f"  SPEC AND {side.upper()} DISAGREE")
    lines += quote_lines(doc.clauses, "  ")
    lines.append("  readings: " + ", ".join(f"{k}={v}" for k, v in doc.readings.items()))
    return render(lines)
