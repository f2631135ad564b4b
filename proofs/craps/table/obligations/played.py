"""A table engine as a check is handed it: the program plays what it is handed (its door,
:mod:`casino_proofs.craps.adapters.play_engine`, which opens it and nothing else); this engine
plans the scripts, has the program play them, and judges what it did (:func:`.table_check.
run_table`), once for each set of readings and wagers, when the craps obligations first ask
(``settle``, or ``table_run`` through :func:`casino_proofs.obligations.capabilities.
table_player`).

Control runs one way: the obligations ask this engine, it asks the program to play, and
reads the answers; the program never calls back into the table's check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from casino_proofs import spec
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.obligations.table_check import run_table
from casino_proofs.craps.table.obligations.table_run import (
    TableRun,
    notes,
    readings_key,
    setting_of,
)
from casino_proofs.craps.table.scripts.planner import ODDS_ON, Script
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, RankAnswer
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import Hello
from casino_proofs.protocol.money import Money
from casino_proofs.protocol.play_budget import PlayBudget


@runtime_checkable
class ScriptPlayer(Protocol):
    """A program that plays scripts on fresh tables (protocol 2), as its door opens it: its
    hello's money and policies, the random play it gets, and its channel."""

    money: Money | None
    policies: Policies
    budget: PlayBudget

    def play(self, scripts: Sequence[Script], readings: Mapping[str, str]) -> list[Any]:
        """Each script's answers (a list) or the fault that stopped it."""

    def blame(self, script: Script, problem: str) -> None:
        """Tell the channel a script was answered otherwise in a request of many than
        alone."""

    def policies_in_force(self) -> tuple[str, ...]:
        """The conventions of the house rules the program declared."""


class PlayedTable(Engine):
    """A table engine, checked: what it settles is what its scripts showed."""

    kind = "play"
    capabilities = Capability.PLAYS_TABLES

    def __init__(self, program: Engine) -> None:
        if not isinstance(program, ScriptPlayer):
            raise TypeError(f"{program.target}: a played table needs a program that plays "
                            "scripts (its door's)")
        super().__init__(program.target)
        self.program = program
        self.player: ScriptPlayer = program
        #: the wagers a check is about (None: every wager the table offers)
        self.scope: frozenset[str] | None = None
        self._runs: dict[Any, TableRun] = {}

    def _start(self) -> Hello:
        return self.program.hello

    def focus(self, wagers: Sequence[str]) -> None:
        """The scripts then place these wagers, and the line bets their odds rest on."""
        self.scope = frozenset(wagers) | {ODDS_ON[w] for w in wagers if w in ODDS_ON}

    def table_run(self, readings: Mapping[str, str]) -> TableRun:
        """The scripts for the engine's wagers (those of the check, :meth:`focus`) under
        ``readings``, played once and kept."""
        key = (readings_key(readings), tuple(sorted(self.scope or ())))
        if key not in self._runs:
            hello, player = self.hello, self.player
            assert player.money is not None
            offered = [w for w in hello.wagers if self.scope is None or w in self.scope]
            specs = offered_specs(tuple(offered), spec.Readings.from_dict(dict(readings)))
            setting = setting_of(specs, offered, player.money, player.policies)
            self._runs[key] = run_table(lambda s: player.play(s, readings), specs, setting,
                                        player.budget, player.blame)
        return self._runs[key]

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        return self.table_run(readings).answer(batch)

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        return self.program.rank(hands, readings)

    def rank_again(self, hands: Sequence[tuple[int, ...]],
                   readings: Mapping[str, str]) -> list[RankAnswer]:
        return self.program.rank_again(hands, readings)

    def notes(self) -> list[str]:
        return [*self.program.notes(), *(n for run in self._runs.values() for n in notes(run))]

    def table_domain(self) -> list[dict[str, Any]]:
        """The fault domain of each run's verdicts (docs/engine-protocol.md, "The fault
        domain")."""
        return [{**run.fault_domain.json(), "readings": dict(key[0])}
                for key, run in self._runs.items() if run.fault_domain is not None]

    def policies_in_force(self) -> tuple[str, ...]:
        return self.player.policies_in_force()

    def fresh(self) -> PlayedTable:
        return PlayedTable(self.program.fresh())

    def close(self) -> None:
        self.program.close()

    def take_channel(self) -> ChannelLog | None:
        return self.program.take_channel()

    def describe(self) -> dict[str, Any]:
        return self.program.describe()
