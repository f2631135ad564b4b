"""What the engine a bundle recorded could be asked, from the kind the bundle gives it (a
bundle records an engine's kind, never the engine): the door of each kind, and its
capabilities."""

from __future__ import annotations

from casino_proofs import games
from casino_proofs.adapters.bundle_answers import BundleAnswers
from casino_proofs.adapters.exec_engine import ExecEngine
from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.protocol.engine import Capability, Engine


def engines() -> tuple[type[Engine], ...]:
    """The engine of each kind a bundle records (its kind is all a bundle says of the
    engine): the shared doors', and those a game's room opens (a table played, a log)."""
    return (OurImplementation, ExecEngine, games.the_one("played_engine"),
            games.the_one("settlement_door"),
            games.the_one("log_door"), BundleAnswers)


def recorded_door(kind: str) -> Capability:
    """What the engine a bundle recorded could be asked, from its kind (an engine asked,
    for a kind no door has)."""
    return next((d.capabilities for d in engines() if d.kind == kind),
                BundleAnswers.capabilities)
