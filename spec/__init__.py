"""The clauses as Z3 constraints: the craps wagers of s. 95.15 and 95.16 (and the Single
Chance conventions) as rules over two symbolic dice and a state, and the Pai Gow Poker
ranking of s. 40 over a symbolic hand (:mod:`.paigow`).

Written from the regulation text alone; it never imports ``impl``. Each rule cites the
clause IDs of regulation/craps.toml, paigow.toml (or conventions.toml) it encodes.
"""

from casino_proofs.spec.catalogue import WAGER_NAMES, family, named, wager, wagers
from casino_proofs.spec.families import Family, Kind
from casino_proofs.spec.readings import Readings
from casino_proofs.spec.rules import (
    ConcreteSettlement,
    ConcreteState,
    Rule,
    Settlement,
    StateClass,
    WagerSpec,
    evaluated,
    firing,
    holding,
    holds,
    states_of,
)

__all__ = [
    "WAGER_NAMES",
    "ConcreteSettlement",
    "ConcreteState",
    "Family",
    "Kind",
    "Readings",
    "Rule",
    "Settlement",
    "StateClass",
    "WagerSpec",
    "evaluated",
    "family",
    "firing",
    "holding",
    "holds",
    "named",
    "states_of",
    "wager",
    "wagers",
]
