"""Craps's part of the PAR sheet (the registry's ``par`` entry): every wager's row from its
start, under every reading that changes it, and, when asked, each row played a number of
seeded trials against its exact figures (a check on the arithmetic, never a source of
figures) and each row's breakage at a stake."""

from __future__ import annotations

from typing import Any

from casino_proofs.analyses.par.breakage import add_breakage
from casino_proofs.analyses.par.sheet import GameSheet, ParAsked
from casino_proofs.protocol.engine import Engine


def sheet(readings: dict[str, str], engine: Engine, asked: ParAsked) -> GameSheet:
    """The craps rows, and their Monte Carlo run (None: not asked for)."""
    from casino_proofs.craps.par import montecarlo
    from casino_proofs.craps.par.edges import par_rows, row_json

    rows = par_rows(readings, asked.wagers, engine)
    out = [row_json(r) for r in rows]
    monte: dict[str, Any] | None = None
    if asked.trials:
        inside = True
        for row, doc in zip(rows, out, strict=True):
            if row.spec is None or row.chain is None:
                continue
            checks = montecarlo.simulate(row.chain, row.spec, asked.trials)
            doc["monte_carlo"] = montecarlo.checks_json(asked.trials, checks)
            inside = inside and doc["monte_carlo"]["inside"]
        monte = {"run": True, "trials": asked.trials, "seed": montecarlo.SEED,
                 "confidence": montecarlo.CONFIDENCE, "inside": inside,
                 "what": "each craps row played from its start, every exact figure against "
                         "its interval; a check on the arithmetic, never a source of figures"}
    if asked.stake is not None:
        add_breakage(out, asked.stake, asked.rounding)
    return out, monte
