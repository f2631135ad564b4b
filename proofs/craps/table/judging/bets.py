"""What a reference table holds: its setting (the run's settlements, money and policies), and
the state of one script's table (its point and shooter, the bets on it, the bets that left)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from casino_proofs.craps.table.judging.oracle import Oracle
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.model.model import Table
from casino_proofs.protocol.money import Money


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


def setting_key(setting: Setting) -> tuple[Any, ...]:
    """What a plan drawn for ``setting`` depends on, as a key: each offered wager's
    specification (built once per wager and readings, and kept: the same object while the
    process lives), the money and the policies. Two settings with one key get one plan."""
    specs = tuple(sorted((name, id(w)) for name, w in setting.oracle.specs.items()))
    return (specs, setting.offered, setting.money, setting.policies)


@dataclass
class TableState:
    """One script's table: where it stands, the bets on it, and why each bet that left did."""

    table: Table = field(default_factory=Table)
    bets: dict[str, RefBet] = field(default_factory=dict)
    left: dict[str, str] = field(default_factory=dict)
    #: the bets that left, as they were
    gone: dict[str, RefBet] = field(default_factory=dict)
    #: every ID a placement of the script named so far, taken or refused
    used: set[str] = field(default_factory=set)
    #: how many bets that left have each picture in the abstract model (a bet that left
    #: never changes: its picture is worked out once, when it leaves)
    gone_pictures: Counter[tuple[Any, ...]] = field(default_factory=Counter)

    def clone(self) -> TableState:
        """A copy to move on its own (the bets copied; a bet that left never changes)."""
        return TableState(self.table, {k: _copied(b) for k, b in self.bets.items()},
                          dict(self.left), dict(self.gone), set(self.used),
                          Counter(self.gone_pictures))

    def leave(self, bet: RefBet, why: str) -> None:
        """A bet on the table leaves it: decided, or withdrawn."""
        del self.bets[bet.id]
        self.left[bet.id] = why
        self.gone[bet.id] = bet
        self.gone_pictures[_picture(bet, why)] += 1

    def back(self, bet_id: str) -> None:
        """An ID taken again for a new bet: the bet that left under it is forgotten."""
        old, why = self.gone.pop(bet_id, None), self.left.pop(bet_id, None)
        if old is not None and why is not None:
            picture = _picture(old, why)
            self.gone_pictures[picture] -= 1
            if not self.gone_pictures[picture]:
                del self.gone_pictures[picture]

    def fresh_id(self) -> str:
        """An ID no placement of the script has named: the scripts never name one twice
        unless the table declares ``reuse-ids``."""
        return f"b{len(self.used) + 1}"


def _copied(bet: RefBet) -> RefBet:
    """A bet copied to move on its own (its list of odds too); ``dataclasses.replace`` did
    this at several times the cost, and a model's exploration copies bets by the hundred
    thousand."""
    twin = RefBet.__new__(RefBet)
    twin.__dict__.update(bet.__dict__)
    twin.odds = list(bet.odds)
    return twin


def bet_picture(bet: RefBet, status: str) -> tuple[Any, ...]:
    """A bet as the abstract table model pictures it (:mod:`.abstract`): its wager, its status
    (on the table, decided, withdrawn), whether it has a point, its call."""
    return (bet.wager, status, bet.point is not None, bet.working)


def _picture(bet: RefBet, why: str) -> tuple[Any, ...]:
    return bet_picture(bet, "withdrawn" if why == "withdrawn" else "decided")
