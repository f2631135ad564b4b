"""A plain Python implementation of r. 3: the craps wagers of s. 95.15 and 95.16, and the
Pai Gow Poker ranking of s. 40 (:mod:`.paigow`: ``evaluate(hand)``, ``compare(a, b)``).

Written from the regulation text alone, independently of ``spec`` (neither imports the other).
Usable as a library::

    from casino_proofs.impl import settle, Roll, State, Readings
    settle("come-odds", State(point=6, come_out=True), Roll(3, 3))
"""

from casino_proofs.impl.craps import WAGERS, canonical, check_state, settle
from casino_proofs.impl.readings import Readings
from casino_proofs.impl.types import (
    CrapsError,
    Decision,
    InvalidRoll,
    InvalidState,
    InvalidWager,
    Roll,
    Settlement,
    State,
)

__all__ = [
    "WAGERS",
    "CrapsError",
    "Decision",
    "InvalidRoll",
    "InvalidState",
    "InvalidWager",
    "Readings",
    "Roll",
    "Settlement",
    "State",
    "canonical",
    "check_state",
    "settle",
]
