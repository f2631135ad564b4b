"""A bundle's PAR sheet (``par.json``), computed again and required identical, whole.

- The craps rows: from the specification, and the implementation's figures from its recorded
  answers (under the base readings; its figures under another reading rest on answers the
  bundle records only under the base readings, and are taken on record).
- The Pai Gow tables: the specification's counted again; the implementation's (asked once per
  class, in the run) taken on record; whether the five-card table matches the run's own pass
  derived again from the pass's counts the manifest records.
- The summary, from the rows and tables as derived.

A sheet replaced by ``{}``, a row edited, a flag flipped: each is named.
"""

from __future__ import annotations

from typing import Any

from casino_proofs import games as registry
from casino_proofs.audit.findings import Finding
from casino_proofs.audit.intact import MAX_FILE, Bundle
from casino_proofs.audit.manifest import BundleError, RunRecord
from casino_proofs.protocol.engine import Engine
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads

#: the fields of a craps row that rest on the implementation's answers
IMPL_FIELDS = ("agree", "impl_figures", "note")


def _craps_rows(recorded: list[Any], base: RunRecord, engine: Engine,
                wagers: list[str] | None) -> list[dict[str, Any]]:
    from casino_proofs.craps.par.edges import par_rows, row_json

    rows = [row_json(r) for r in par_rows(base.readings, wagers, engine)]
    for i, row in enumerate(rows):
        if row.get("reading") == "base":
            continue
        # the engine's answers under another reading are not in the bundle: on record
        other = recorded[i] if i < len(recorded) and isinstance(recorded[i], dict) else {}
        if all(other.get(k) == row.get(k) for k in ("wager", "reading", "start")):
            for key in IMPL_FIELDS:
                row.pop(key, None)
                if key in other:
                    row[key] = other[key]
    return rows


def _paigow_tables(recorded: list[Any], base: RunRecord) -> list[dict[str, Any]]:
    from casino_proofs.paigow.par import PaiGowPar, Tables, par_json, spec_tables

    by_reading = {p.get("reading"): p for p in recorded if isinstance(p, dict)}
    counts = (base.paigow or {}).get("combination_counts", {})
    out = []
    for label, _chosen, made in spec_tables(base.readings):
        kept = by_reading.get(label, {})
        impl = kept.get("impl")
        got = Tables(impl["five_card"], impl["two_card"], impl["seven_card"]) \
            if isinstance(impl, dict) and set(impl) == {"five_card", "two_card",
                                                        "seven_card"} else None
        entry = par_json(PaiGowPar(label, made, got, str(kept.get("note", ""))))
        if label == "base":
            five = {c["combination"]: c["hands"] for c in entry["five_card"]["combinations"]}
            entry["five_card"]["matches_the_proof_pass"] = (
                None if "high" not in counts else five == counts["high"])
        out.append(entry)
    return out


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path.lstrip(".") or "the whole sheet"


def par_findings(bundle: Bundle, base: RunRecord, engine: Engine | None) -> list[Finding]:
    """The PAR sheet of the bundle against the one computed again."""
    from casino_proofs.analyses.par.sheet import document

    if "par.json" not in bundle.manifest.files:
        return [Finding("par.json", "missing", "check --bundle writes the PAR sheet of the "
                                               "run; this bundle has none")]
    try:
        recorded = loads((bundle.root / "par.json").read_bytes(), max_bytes=MAX_FILE)
    except UntrustedJSON as exc:
        raise BundleError(f"par.json: not valid JSON ({exc})") from None
    if not isinstance(recorded, dict):
        recorded = {}
    games = [g for g in registry.names() if g in base.games
             and g in bundle.manifest.hello.games]
    craps = paigow = None
    if "craps" in games and engine is not None:
        craps = _craps_rows(recorded.get("craps") or [], base, engine, bundle.manifest.wagers)
    if "paigow" in games:
        paigow = _paigow_tables(recorded.get("paigow") or [], base)
    expected = document({"engine": bundle.manifest.engine["target"]}, craps, paigow, None)
    if expected == recorded:
        return []
    where = _first_difference(recorded, expected)
    row = ""
    if where.startswith("craps["):
        index = int(where[len("craps["):where.index("]")])
        rows = expected.get("craps") or []
        if index < len(rows):
            row = f" (the row of {rows[index]['wager']} [{rows[index]['reading']}])"
    return [Finding("par.json", "rederived-otherwise",
                    f"par.json: the sheet computed again differs at {where}{row}")]
