"""Pai Gow Poker as a check runs a game (``games.py``'s ``prove``): every obligation over
every hand, what the run records of the engine's answers (their hash, the determinism
sample, the pass's counts, the channel's log), and the figures the report states (the hands,
the classes, the order's digest, what s. 40 leaves undecided)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from casino_proofs.obligations.game import Asked, GameRun
from casino_proofs.paigow.obligations.run import prove_paigow
from casino_proofs.protocol.engine import Engine


def prove(engine: Engine, chosen: Mapping[str, str], asked: Asked) -> GameRun:
    """The Pai Gow run of a check under the readings ``chosen``."""
    outcome = prove_paigow(engine, chosen, workers=asked.workers, budget=asked.budget,
                           record=asked.record, progress=asked.progress,
                           scheduler=asked.scheduler)
    record: dict[str, Any] = {"answers_sha256": outcome.answers_digest,
                              "determinism_sample": outcome.determinism_sample,
                              "combination_counts": outcome.combination_counts}
    if outcome.channel:
        record["channel"] = {scope: log.json() for scope, log in outcome.channel.items()}
    figures = {"hands": outcome.hands, "classes": outcome.classes, "digest": outcome.digest,
               "silence": outcome.silence}
    return GameRun(outcome.results, record, outcome.left_out, figures)
