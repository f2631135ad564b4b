"""Reports for CI systems: JUnit XML, SARIF 2.1.0 and Markdown.

- JUnit: one test case per obligation, named by its clause ID and obligation ID; REFUTED and
  VACUOUS are failures, ERROR and UNKNOWN errors.
- SARIF: one rule per clause (or convention) with its text; one result per obligation
  (kind ``pass``, ``fail`` or ``open``), located at the clause in the regulation files of this
  repository, with a fingerprint stable across runs; ambiguities are results of kind
  ``review``.
- Markdown: a summary for a CI step, the failures with their counterexamples, and the readings
  and conventions in force.
"""

from __future__ import annotations

import hashlib
import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from casino_proofs import games, regulation
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.reports.check import (
    also,
    engine_title,
    findings,
    overall,
    resting,
    witness_lines,
)
from casino_proofs.reports.documents import AmbiguitiesDocument, CheckDetail, CheckDocument
from casino_proofs.untrusted.printable import one_line

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _files() -> tuple[str, ...]:
    """The regulation's files a clause or convention is located in."""
    return (*regulation.section_files(), "conventions.toml")


@cache
def _lines() -> dict[str, tuple[str, int]]:
    """Where each clause, sentence and convention ID is defined: (file, line)."""
    where: dict[str, tuple[str, int]] = {}
    for name in _files():
        text = resources.files("casino_proofs.regulation").joinpath(name).read_text("utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if stripped.startswith('id = "'):
                where.setdefault(stripped[6:-1], (f"regulation/{name}", number))
    return where


def location(clause: str) -> dict[str, Any]:
    uri, line = _lines().get(clause, (f"regulation/{_files()[0]}", 1))
    return {"physicalLocation": {"artifactLocation": {"uri": uri},
                                 "region": {"startLine": line}}}


def _title(clause: str) -> str:
    try:
        entry = regulation.lookup(clause)
    except KeyError:
        return clause
    if isinstance(entry, regulation.Convention):
        return f"{clause} (convention): {entry.title}"
    return clause


def _detail(r: Result) -> str:
    """The detail and counterexample of a result, one line each, in the text report's words."""
    return "\n".join(witness_lines(r))


def to_junit(results: list[Result], seconds: float, domain: Sequence[str] = (),
             engine: dict[str, Any] | None = None) -> str:
    """JUnit XML: one test case an obligation; a table's fault domain (its model, sessions,
    history, data domains and hypotheses) is the system-out of the suite of the game played
    as a table; the engine under test (its target, its hello's name and version, the protocol
    version spoken to it) each suite's properties."""
    suites = ET.Element("testsuites", name="casino-proofs", tests=str(len(results)),
                        time=f"{seconds:.3f}")
    failures = errors = 0
    for game in sorted({r.obligation.game for r in results}):
        mine = [r for r in results if r.obligation.game == game]
        suite = ET.SubElement(suites, "testsuite", name=game, tests=str(len(mine)))
        if engine:
            props = ET.SubElement(suite, "properties")
            for name, value in _engine_properties(engine).items():
                ET.SubElement(props, "property", name=name, value=value)
        f = e = 0
        for r in mine:
            ob = r.obligation
            case = ET.SubElement(suite, "testcase", classname=f"{game}.{ob.subject}",
                                 name=f"{ob.clause}: {ob.id}", time=f"{r.seconds:.6f}")
            if r.verdict in (Verdict.REFUTED, Verdict.VACUOUS):
                f += 1
                node = ET.SubElement(case, "failure", type=r.verdict.value,
                                     message=f"{r.verdict.value}: {r.detail}"[:500])
                node.text = _detail(r)
            elif r.verdict in (Verdict.ERROR, Verdict.UNKNOWN):
                e += 1
                node = ET.SubElement(case, "error", type=r.verdict.value,
                                     message=f"{r.verdict.value}: {r.detail}"[:500])
                node.text = _detail(r)
            elif r.detail and ob.id.startswith(f"{game}/table/"):
                # a table's PROVED says what it covers (its fault domain)
                ET.SubElement(case, "system-out").text = r.detail
        if domain and games.played_as_table(game):
            ET.SubElement(suite, "system-out").text = "\n".join(domain)
        suite.set("failures", str(f))
        suite.set("errors", str(e))
        failures, errors = failures + f, errors + e
    suites.set("failures", str(failures))
    suites.set("errors", str(errors))
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, "unicode") + "\n"


def _engine_properties(engine: dict[str, Any]) -> dict[str, str]:
    """The engine under test as a machine-readable report names it: its target, its hello's
    name and version, and the protocol version spoken to it (a program's)."""
    return {"engine": one_line(str(engine["target"])),
            "engine.name": one_line(f"{engine['hello'].get('name')}"),
            "engine.version": one_line(f"{engine['hello'].get('version')}"),
            **({"engine.protocol": str(engine["protocol"])} if engine.get("protocol") else {})}


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _rules(clauses: list[str]) -> list[dict[str, Any]]:
    rules = []
    for clause in clauses:
        try:
            text = regulation.quote(clause)
        except KeyError:
            text = clause
        rules.append({
            "id": clause, "name": clause.replace(".", "_").replace("-", "_"),
            "shortDescription": {"text": _title(clause)},
            "fullDescription": {"text": text},
            "properties": {"convention": regulation.is_convention(clause)},
        })
    return rules


def to_sarif(results: list[Result], context: dict[str, Any],
             ambiguities: list[dict[str, Any]] | None = None,
             domain: Sequence[str] = (), engine: dict[str, Any] | None = None) -> str:
    """SARIF 2.1.0: one result an obligation or ambiguity; a table's fault domain, and the
    engine under test (with the protocol version spoken to it), are in the run's
    properties."""
    clauses = sorted({r.obligation.clause for r in results}
                     | {a["clause"] for a in ambiguities or []})
    index = {c: i for i, c in enumerate(clauses)}
    out = []
    for r in results:
        ob = r.obligation
        kind = {"PROVED": "pass", "UNKNOWN": "open"}.get(r.verdict.value, "fail")  # not a wager
        level = {"pass": "none", "open": "warning"}.get(kind, "error")  # not a wager: SARIF
        message = f"{r.verdict.value}: {ob.description}"
        if r.detail:
            message += f" — {r.detail}"
        out.append({
            "ruleId": ob.clause, "ruleIndex": index[ob.clause], "kind": kind, "level": level,
            "message": {"text": message}, "locations": [location(ob.clause)],
            "partialFingerprints": {"obligationId/v1": fingerprint(ob.id)},
            "properties": {"obligation": ob.id, "verdict": r.verdict.value, "game": ob.game,
                           "clauses": list(ob.clauses),
                           **({"counterexample": r.counterexample}
                              if r.counterexample else {})},
        })
    for a in ambiguities or []:
        if a.get("material"):
            text = f"Ambiguity {a['id']}: readings {', '.join(a['compared'])} differ"
            if a.get("delta") is not None:
                text += f" (delta {a['delta']} per unit staked)"
        else:
            text = f"Ambiguity {a['id']}: harmless — {a.get('proof', '')}"
        out.append({
            "ruleId": a["clause"], "ruleIndex": index[a["clause"]], "kind": "review",
            "level": "none", "message": {"text": text}, "locations": [location(a["clause"])],
            # one result per other reading: an entry of more than two readings names it
            "partialFingerprints": {"ambiguityId/v1": fingerprint(
                a["id"] if len(a["readings"]) <= 2 else f"{a['id']}={a['compared'][1]}")},
            "properties": {"ambiguity": a["id"], "material": a.get("material"),
                           **({"witness": a["witness"]} if a.get("witness") else {})},
        })
    doc = {
        "$schema": SARIF_SCHEMA, "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "casino-proofs", "version": context["tool"]["version"],
                                "rules": _rules(clauses)}},
            "artifacts": [{"location": {"uri": f"regulation/{name}"}} for name in _files()],
            "results": out,
            "properties": {"regulation": context["regulation"],
                           "readings": {k: v["value"] for k, v in context["readings"].items()},
                           **({"fault_domain": list(domain)} if domain else {}),
                           **({"engine": _engine_properties(engine)} if engine else {})},
        }],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def check_junit(doc: CheckDocument) -> str:
    """``check --format junit``."""
    return to_junit(list(doc.results), doc.seconds, doc.detail.domain_notes(),
                    doc.detail.engine)


def check_sarif(doc: CheckDocument) -> str:
    """``check --format sarif``."""
    return to_sarif(list(doc.results), doc.context, None, doc.detail.domain_notes(),
                    doc.detail.engine)


def check_markdown(doc: CheckDocument) -> str:
    """``check --format markdown``."""
    return to_markdown(list(doc.results), doc.context, doc.seconds, doc.detail)


def ambiguities_sarif(doc: AmbiguitiesDocument) -> str:
    """``ambiguities --format sarif``: each finding a result of kind review."""
    return to_sarif([], doc.context, list(doc.findings))


def to_markdown(results: list[Result], context: dict[str, Any], seconds: float,
                detail: CheckDetail | None = None) -> str:
    detail = detail or CheckDetail()
    counts = {v: sum(1 for r in results if r.verdict is v) for v in Verdict}
    verdict = overall(results)
    icon = "✅" if verdict == "PROVED" else "❌"
    reg = context["regulation"]
    engine = detail.engine
    others = also(results)
    lines = [
        f"## casino-proofs check: {verdict} {icon}" + (f" (also {others})" if others else ""),
        "",
        f"{reg['citation']}, version {reg['version']} — {len(results)} obligations in "
        f"{seconds:.1f} s",
        *([one_line(f"Implementation under test: `{engine['target']}` "
                    f"({engine_title(engine)})")]
          if engine else []),
        *(f"- left out: {item['what']} ({item['why']})"
          for item in detail.left_out),
        *(f"- {note}" for note in detail.domain_notes()),
        "",
        "| verdict | obligations |",
        "|---|---:|",
        *(f"| {v.value} | {counts[v]} |" for v in Verdict),
        "",
    ]
    failed = [r for r in results if r.verdict is not Verdict.PROVED]
    if failed:
        groups = findings(failed)
        lines += [f"### What failed ({len(failed)} obligation{'s' * (len(failed) != 1)}, "
                  f"{len(groups)} finding{'s' * (len(groups) != 1)})", ""]
        for group in groups[:100]:
            r = group[0]
            ob = r.obligation
            lines.append(f"- **{r.verdict.value}** `{ob.clause}` {ob.subject} ({ob.scope}): "
                         f"{r.detail or ob.description}")
            if len(group) > 1:
                lines.append(f"  - {resting(group)}" if r.cause else
                             f"  - one finding for {len(group)} wagers: "
                             + ", ".join(g.obligation.subject for g in group))
            for line in _detail(r).splitlines()[1:]:
                lines.append(f"  - {line}")
        if len(groups) > 100:
            lines.append(f"- … and {len(groups) - 100} more findings (see the JSON report)")
        lines.append("")
    lines += ["<details><summary>Readings and conventions in force</summary>", ""]
    for rid, r in context["readings"].items():
        lines.append(f"- `{rid}={r['value']}`" + (" (default)" if r["default"] else ""))
    lines.append("")
    lines.append("Conventions (not regulation text): "
                 + ", ".join(f"`{c['id']}`" for c in context["conventions"]))
    lines += ["", "</details>", ""]
    return "\n".join(lines)
