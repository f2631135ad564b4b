"""The reference table: the answer the text demands of every event of any script
(docs/engine-protocol.md, "The rules of the table").

It is pure: events in, expected answers out. Built on the specification's settlement of each
wager (:mod:`.oracle`), the table conventions (:mod:`.model`), the money declared and the
declared policies (:mod:`.policies`); never on the implementation. Fed an engine's answers,
it follows the table the engine actually kept (a bet the engine took is on the table from
then on, one it says stays stays, with the point it says), so that each fault is judged where
it happens and does not echo through the rest of the script; fed its own answers
(:meth:`ReferenceTable.play`), it plays a script alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.judging import rules
from casino_proofs.craps.table.judging.bets import RefBet, Setting, TableState
from casino_proofs.craps.table.judging.oracle import Cell, Due
from casino_proofs.craps.table.model.model import Table
from casino_proofs.craps.table.scripts.planner import Expect


@dataclass(frozen=True)
class BetDue:
    """What a bet on the table is due on a roll: its input, the specification's settlement
    (None where the text gives none), and the winnings due in units (None: none, or a
    fraction under exact rounding)."""

    bet: RefBet
    cell: Cell
    due: Due | None
    exact: Fraction | None
    paid: int | None

    @property
    def input(self) -> tuple[str, spec.ConcreteState, int, int]:
        q = self.cell.question
        return (q.wager, self.cell.state, q.die_1, q.die_2)


@dataclass(frozen=True)
class RollDue:
    """The table after a roll, and what every bet on it before the roll is due."""

    point: int | None
    bets: dict[str, BetDue]


class ReferenceTable:
    """One script's table, as the text moves it."""

    def __init__(self, setting: Setting) -> None:
        self.setting = setting
        self.state = TableState()

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def bets(self) -> dict[str, RefBet]:
        return self.state.bets

    @property
    def left(self) -> dict[str, str]:
        return self.state.left

    def expect(self, event: dict[str, Any]) -> Expect | RollDue:
        """What the text demands of ``event``, here and now (a placement's ID is then noted as
        named: the next placement of it is a reuse)."""
        if "roll" in event:
            return self._roll(event["roll"])
        if "place" in event:
            want = rules.placement(self.setting, self.state, event)
            if isinstance(event["place"], str):
                self.state.used.add(event["place"])
            return want
        if "call" in event:
            return rules.call(self.setting, self.state, event)
        return rules.withdrawal(self.setting, self.state, event)

    def _roll(self, dice: Sequence[int]) -> RollDue:
        d1, d2 = dice
        t, money = self.table, self.setting.money
        cell, come_out = self.setting.oracle.cell, t.come_out
        first = come_out and t.shooter_first
        per_player = self.setting.policies.per_player
        out = {}
        for bet in self.bets.values():
            at = cell((bet.wager, come_out, bet.point or 0, bet.working, first, d1, d2))
            due = at.due
            exact = paid = None
            if due is not None and due.decision == "win" and due.net:
                exact = bet.amount * money.per_stake_unit * due.net
                # paid per player, each bet's share is rounded down (docs: Money)
                paid = exact.__floor__() if per_player else money.pays(exact)
            out[bet.id] = BetDue(bet, at, due, exact, paid)
        return RollDue(t.after(d1 + d2).point, out)

    # -- following what happened -----------------------------------------------------------

    def follow(self, event: dict[str, Any], outlaw: bool = False) -> None:
        """Move the table by a placement, call or withdrawal that was accepted (``outlaw``:
        a placement whose bet is not judged after: one the rules refuse, or one the text
        does not know)."""
        if "place" in event:
            self.placed(event, outlaw)
        elif "call" in event:
            self.called(event)
        elif "withdraw" in event:
            self.withdrawn(event["withdraw"])

    def placed(self, event: dict[str, Any], outlaw: bool = False) -> None:
        on = event.get("on")
        parent = self.bets.get(on) if isinstance(on, str) else None
        bet = RefBet(event["place"], event["wager"], event["amount"],
                     bool(event.get("working")), on if isinstance(on, str) else None,
                     str(event.get("player", "p1")), parent.point if parent else None,
                     outlaw=outlaw)
        self.state.back(bet.id)  # an ID taken again once its bet left: a new bet
        self.bets[bet.id] = bet
        if parent is not None:
            parent.odds.append(bet.id)

    def called(self, event: dict[str, Any]) -> None:
        bet = self.bets.get(event["call"])
        if bet is not None:  # a call the engine took on a bet that is not on the table
            bet.working = bool(event["working"])

    def withdrawn(self, bet_id: str) -> None:
        if bet_id not in self.bets:
            return  # a withdrawal the engine took of a bet that is not on the table
        bet = self.bets[bet_id]
        self.state.leave(bet, "withdrawn")
        parent = self.bets.get(bet.on) if bet.on else None
        if parent is not None and bet_id in parent.odds:
            parent.odds.remove(bet_id)

    def rolled(self, dice: Sequence[int], stays: dict[str, int | None], event: int) -> None:
        """After a roll: the bets that stay (with their points); every other bet on the table
        before it has been decided and left."""
        for bet_id in list(self.bets):
            if bet_id in stays:
                bet = self.bets[bet_id]
                bet.point = stays[bet_id]
                bet.rolls += 1
            else:
                self.state.leave(self.bets[bet_id], f"decided on event {event}")
        for bet in self.bets.values():
            bet.odds = [o for o in bet.odds if o in self.bets]
        self.state.table = self.table.after(dice[0] + dice[1])

    def play(self, events: Sequence[dict[str, Any]]) -> list[Expect | RollDue]:
        """The script played on this table alone: each event's expectation, the table moved
        by it (an ``either`` taken as accepted)."""
        out = []
        for i, event in enumerate(events, start=1):
            want = self.expect(event)
            out.append(want)
            if isinstance(want, RollDue):
                self.rolled(event["roll"], {b: d.due.point or None for b, d in want.bets.items()
                                            if d.due is not None and d.due.decision == "none"},
                            i)
            elif want.answer != "refused":
                self.follow(event)
        return out
