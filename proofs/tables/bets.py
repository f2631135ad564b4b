"""What a reference table holds: its setting (the run's settlements, money and policies), and
the state of one script's table (its point and shooter, the bets on it, the bets that left)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from casino_proofs.protocol.money import Money
from casino_proofs.tables.model import Table
from casino_proofs.tables.oracle import Oracle
from casino_proofs.tables.policies import Policies


@dataclass
class RefBet:
    """A bet on the table: what was placed, its call, its point, the rolls it stood through."""

    id: str
    wager: str
    amount: int  # stake units
    working: bool
    on: str | None
    player: str
    point: int | None = None
    rolls: int = 0
    odds: list[str] = field(default_factory=list)  # the Associate Chances resting on it
    #: the engine took it although the rules of the table refuse it: that is judged once, at
    #: its placement; what becomes of it is not judged again
    outlaw: bool = False


@dataclass(frozen=True)
class Setting:
    """What a reference table is built of: the run's settlements, money and policies."""

    oracle: Oracle
    money: Money
    policies: Policies
    offered: frozenset[str]


@dataclass
class TableState:
    """One script's table: where it stands, the bets on it, and why each bet that left did."""

    table: Table = field(default_factory=Table)
    bets: dict[str, RefBet] = field(default_factory=dict)
    left: dict[str, str] = field(default_factory=dict)
    #: the bets that left, as they were
    gone: dict[str, RefBet] = field(default_factory=dict)

    def clone(self) -> TableState:
        """A copy to move on its own (the bets copied; a bet that left never changes)."""
        return TableState(self.table, {k: replace(b, odds=list(b.odds))
                                       for k, b in self.bets.items()},
                          dict(self.left), dict(self.gone))
