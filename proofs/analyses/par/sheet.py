"""The PAR sheet of a run, game by game, as JSON data: the craps rows (each wager from its
start, under every reading that changes it, the implementation's figures beside the
specification's, and optionally a seeded Monte Carlo check of the arithmetic) and the Pai Gow
tables. ``par`` prints it; ``check --bundle`` puts it in the bundle."""

from __future__ import annotations

from typing import Any

from casino_proofs.adapters.engine import Engine


def craps_sheet(readings: dict[str, str], engine: Engine, wagers: list[str] | None,
                trials: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    from casino_proofs.analyses.par import montecarlo
    from casino_proofs.analyses.par.craps import par_rows, row_json

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
    from casino_proofs.analyses.par.paigow import paigow_par, par_json

    return [par_json(p) for p in paigow_par(readings, engine, workers)]
