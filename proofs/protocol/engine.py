"""The one interface to the implementation under test.

The obligations, the analyses and the command are handed an :class:`Engine` and talk to the
implementation through it alone: ``hello`` once, then batches of craps inputs to ``settle``
and of Pai Gow hands to ``rank``. Whatever the implementation is (ours in this process, a
Python module, a program speaking the protocol of docs/engine-protocol.md, a recorded table),
its answers come back read by :mod:`casino_proofs.protocol.answers`: a crash, a hang, a wrong
type or a malformed batch is an answer of its own (``Faulty``), never an exception. The
doors themselves (every kind of engine) are in :mod:`casino_proofs.adapters`.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, RankAnswer
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.comparisons import ComparatorEvidence
from casino_proofs.protocol.hello import Hello


class Engine(ABC):
    """An implementation under test."""

    #: impl, python, exec, play, table (a settlement table), log (a session log), recorded
    kind: str = ""
    #: what the engine's verdicts claim: False, every input of the universe (an engine asked,
    #: a table played); True, the settlements it holds (a session log, unless the user
    #: requires its coverage): an input it never shows is then a gap it lists, not an ERROR
    observed_only: bool = False

    def __init__(self, target: str) -> None:
        self.target = target
        self._hello: Hello | None = None

    @property
    def hello(self) -> Hello:
        """The engine's hello, asked once."""
        if self._hello is None:
            self._hello = self._start()
        return self._hello

    @abstractmethod
    def _start(self) -> Hello:
        """Start the engine and ask its hello (EngineUnavailable if it cannot be used)."""

    @abstractmethod
    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        """One answer per input, in order. ``readings``: the non-default readings in force."""

    @abstractmethod
    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        """One strength per hand (card indices: (rank - 2) * 4 + suit, 52 the joker)."""

    def rank_again(self, hands: Sequence[tuple[int, ...]],
                   readings: Mapping[str, str]) -> list[RankAnswer]:
        """The same hands asked again (an engine that reads hand texts gets them with the cards
        in another order)."""
        return self.rank(hands, readings)

    def fresh(self) -> Engine:
        """A new engine for the same target, for a worker process (the engine's state is
        not shared across processes)."""
        return self

    def unreadable_records(self) -> tuple[int, int, list[tuple[int, str]]] | None:
        """For an engine read from a file of records (a settlement table, a session log):
        (records, records that could not be read, the first of those: line and why); None for
        any other engine."""
        return None

    def comparator_evidence(self, size: int, deck: Sequence[int],
                            readings: Mapping[str, str]) -> ComparatorEvidence | None:
        """For a Pai Gow evaluator with only a comparison: its comparisons tested against the
        order derived from them, for hands of ``size`` cards of ``deck``; None for any other
        engine (its strengths are its own)."""
        return None

    def explicit_defaults(self) -> Engine | None:
        """The same implementation called with every reading passed explicitly, for the
        ``library-defaults`` obligation; None for an engine that is not a library of ours."""
        return None

    def close(self) -> None:  # noqa: B027 - an engine with nothing to stop need not say so
        """Stop the engine (idempotent)."""

    def take_channel(self) -> ChannelLog | None:
        """What the engine's channel went through since the last call (None for an engine
        with no channel: in this process, or a recorded table)."""
        return None

    def notes(self) -> list[str]:
        """What the engine's run left to report beyond its answers (for a table: its rows that
        match no input asked)."""
        return []

    def told(self, readings: Mapping[str, str]) -> dict[str, str]:
        """The readings the engine is told about: those it claims, of the ones in force."""
        hello = self.hello
        if hello.readings is None:
            return {}
        return {k: v for k, v in readings.items() if k in hello.readings}

    def describe(self) -> dict[str, Any]:
        return {"target": self.target, "kind": self.kind, "hello": self.hello.json()}

    def focus(self, wagers: Sequence[str]) -> None:
        """The craps wagers a check is about: a table plays its scripts for these alone. An
        engine asked one input at a time needs no telling."""
        return None

    def policies_in_force(self) -> tuple[str, ...]:
        """The conventions of the house rules the engine declared (a table's policies)."""
        return ()


def canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


class AnswerHash:
    """SHA-256 over answers in a fixed order: the fingerprint of what an engine said."""

    def __init__(self) -> None:
        self._h = hashlib.sha256()
        self.count = 0

    def add(self, question: Any, answer: Any) -> None:
        self._h.update(canonical_json([question, answer]) + b"\n")
        self.count += 1

    def hexdigest(self) -> str:
        return self._h.hexdigest()
