"""The PAR sheet of a run, game by game, as JSON data: the craps rows (each wager from its
start, under every reading that changes it, the implementation's figures beside the
specification's, and optionally a seeded Monte Carlo check of the arithmetic) and the Pai Gow
tables. ``par`` prints it; ``check --bundle`` puts it in the bundle."""

from __future__ import annotations

from typing import Any

from casino_proofs.protocol.engine import Engine

SCHEMA = "casino-proofs/par"
SCHEMA_VERSION = 1


def craps_sheet(readings: dict[str, str], engine: Engine, wagers: list[str] | None,
                trials: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    from casino_proofs.craps.par import montecarlo
    from casino_proofs.craps.par.edges import par_rows, row_json

    rows = par_rows(readings, wagers, engine)
    out = [row_json(r) for r in rows]
    if not trials:
        return out, None
    inside = True
    for row, doc in zip(rows, out, strict=True):
        if row.spec is None or row.chain is None:
            continue
        checks = montecarlo.simulate(row.chain, row.spec, trials)
        doc["monte_carlo"] = montecarlo.checks_json(trials, checks)
        inside = inside and doc["monte_carlo"]["inside"]
    return out, {"run": True, "trials": trials, "seed": montecarlo.SEED,
                 "confidence": montecarlo.CONFIDENCE, "inside": inside,
                 "what": "each craps row played from its start, every exact figure against "
                         "its interval; a check on the arithmetic, never a source of figures"}


def paigow_sheet(readings: dict[str, str], engine: Engine,
                 workers: int) -> list[dict[str, Any]]:
    from casino_proofs.paigow.par import paigow_par, par_json

    return [par_json(p) for p in paigow_par(readings, engine, workers)]


def document(context: dict[str, Any], craps: list[dict[str, Any]] | None,
             paigow: list[dict[str, Any]] | None,
             monte_carlo: dict[str, Any] | None) -> dict[str, Any]:
    """The PAR sheet as one JSON document (schema proofs/schemas/par.schema.json)."""
    doc: dict[str, Any] = {"schema": SCHEMA, "schema_version": SCHEMA_VERSION, **context}
    if craps is not None:
        doc["craps"] = craps
    if paigow is not None:
        doc["paigow"] = paigow
    doc["monte_carlo"] = monte_carlo or {"run": False,
                                         "why": "not asked for (par --monte-carlo N)"}
    agree = all(r["agree"] for r in craps or []) and all(p["agree"] for p in paigow or [])
    inside = monte_carlo is None or not monte_carlo.get("run", True) or monte_carlo["inside"]
    doc["summary"] = {"spec_and_impl_agree": agree, "monte_carlo_inside": inside,
                      "exit_code": 0 if agree and inside else 1}
    return doc
