"""A bundle's PAR sheet (``par.json``), computed again and required identical, whole, each
game's part by its room (the registry's ``rederive_par`` entry):

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

import re
from typing import Any

from casino_proofs import games as registry
from casino_proofs.audit.findings import Finding
from casino_proofs.audit.intact import MAX_FILE, Bundle
from casino_proofs.audit.manifest import BundleError, RunRecord
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads


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


def par_findings(bundle: Bundle, base: RunRecord) -> list[Finding]:
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
    sheets: dict[str, list[dict[str, Any]]] = {}
    for game in registry.names():
        if game in base.games and game in bundle.manifest.hello.games:
            part = recorded.get(game)
            made = registry.entry(game, "rederive_par")(
                part if isinstance(part, list) else [], bundle, base)
            if made is not None:
                sheets[game] = made
    expected = document({"engine": bundle.manifest.engine["target"]}, sheets, None)
    if expected == recorded:
        return []
    where = _first_difference(recorded, expected)
    row = ""
    at = re.match(r"(\w+)\[(\d+)\]", where)  # a game's row (a forged key is only named)
    rows = expected.get(at.group(1)) if at else None
    if at and isinstance(rows, list) and int(at.group(2)) < len(rows) \
            and "wager" in rows[int(at.group(2))]:
        hit = rows[int(at.group(2))]
        row = f" (the row of {hit['wager']} [{hit['reading']}])"
    return [Finding("par.json", "rederived-otherwise",
                    f"par.json: the sheet computed again differs at {where}{row}")]
