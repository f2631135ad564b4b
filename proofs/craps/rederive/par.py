"""A bundle's craps PAR rows derived again (the registry's ``rederive_par`` entry): from the
specification, and the implementation's figures from its recorded answers under the base
readings; its figures under another reading rest on answers the bundle records only under the
base readings, and are taken on record."""

from __future__ import annotations

from typing import Any

from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import RunRecord

#: the fields of a craps row that rest on the implementation's answers
IMPL_FIELDS = ("agree", "impl_figures", "note")


def rows(recorded: list[Any], bundle: Bundle, base: RunRecord) -> list[dict[str, Any]] | None:
    """The rows derived again, asking the engine as the bundle recorded it in the base run
    (None: no answers recorded, the rows are left out)."""
    from casino_proofs.craps.par.edges import par_rows, row_json
    from casino_proofs.craps.rederive.answers import base_engine

    engine = base_engine(bundle, base)
    if engine is None:
        return None
    out = [row_json(r) for r in par_rows(base.readings, bundle.manifest.wagers, engine)]
    for i, row in enumerate(out):
        if row.get("reading") == "base":
            continue
        # the engine's answers under another reading are not in the bundle: on record
        other = recorded[i] if i < len(recorded) and isinstance(recorded[i], dict) else {}
        if all(other.get(k) == row.get(k) for k in ("wager", "reading", "start")):
            for key in IMPL_FIELDS:
                row.pop(key, None)
                if key in other:
                    row[key] = other[key]
    return out
