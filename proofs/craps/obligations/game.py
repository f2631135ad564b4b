"""Craps as a check runs a game (``games.py``'s ``prove``): every obligation of the wagers
chosen, and what the run records of the engine's answers (their hash and counts, the
channel's log), with the answers kept for the bundle."""

from __future__ import annotations

from collections.abc import Mapping

from casino_proofs import spec
from casino_proofs.craps.obligations.run import prove_craps
from casino_proofs.obligations.game import Asked, GameRun
from casino_proofs.protocol.engine import Engine


def prove(engine: Engine, chosen: Mapping[str, str], asked: Asked) -> GameRun:
    """The craps run of a check under the readings ``chosen``."""
    left = [w for w in spec.WAGER_NAMES if asked.wagers and w not in asked.wagers]
    craps = prove_craps(engine, chosen, asked.wagers, asked.budget, record=asked.record,
                        left_out=left, progress=asked.progress)
    record = {"answers_sha256": craps.answers.digest, **craps.answers.engine}
    if craps.answers.channel is not None:
        record["channel"] = craps.answers.channel.json()
    return GameRun(craps.results, record, craps.left_out, answers=craps.answers)
