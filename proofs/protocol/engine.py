"""The one interface to the implementation under test.

The obligations, the analyses and the command are handed an :class:`Engine` and talk to the
implementation through it alone: ``hello`` once, then batches of craps inputs to ``settle``
and of Pai Gow hands to ``rank``. Whatever the implementation is (ours in this process, a
Python module, a program speaking the protocol of docs/engine-protocol.md, a recorded table),
its answers come back read by :mod:`casino_proofs.protocol.answers`: a crash, a hang, a wrong
type or a malformed batch is an answer of its own (``Faulty``), never an exception. The
doors themselves (every kind of engine) are in :mod:`casino_proofs.adapters`.

Engines differ in what they can be asked. Each declares its :class:`Capability` flags, and
the obligations and the commands ask ``engine.can(Capability.X)``, never the engine's kind;
the hooks a capability adds (a table's ``table_run``, an evaluator's ``compare``, ...) are
reached through :mod:`casino_proofs.obligations.capabilities`, which checks they are there.
"""

from __future__ import annotations

import enum
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, RankAnswer
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.hello import Hello


class Capability(enum.Flag):
    """What an engine can be asked, and so which obligations apply to it. Those marked
    *hooks* add methods of their own (:mod:`casino_proofs.obligations.capabilities`)."""

    #: asked any craps input, one that cannot occur too: the validation obligation asks it
    #: to refuse those (a program, our implementation; not a table, recorded or played)
    ANSWERS_ANY_INPUT = enum.auto()
    #: asked an input again, answers it again: the determinism obligation (not a table that
    #: plays: each of its observations is judged by the reference table instead)
    ANSWERS_AGAIN = enum.auto()
    #: its settlements are what a table recorded (a settlement table's rows, a session log's
    #: sessions), not answers to questions the checker chose
    RECORDED = enum.auto()
    #: a log of the sessions a table played: it offers the wagers its sessions bet, and what
    #: it claims is scoped to what they observed
    LOGS_SESSIONS = enum.auto()
    #: hooks: its settlements are what a table did in sessions, played or logged, judged by
    #: the table's own obligations (``table_run``, ``table_domain``, ``focus``,
    #: ``policies_in_force``)
    PLAYS_TABLES = enum.auto()
    #: hooks: read from a file of records, some of which may not read (``unreadable_records``)
    READS_RECORDS = enum.auto()
    #: hooks: compares two Pai Gow hands beside ranking each (``compare``): the preorder
    #: obligation
    COMPARES_HANDS = enum.auto()
    #: hooks: ranks Pai Gow hands by an order derived from its comparisons alone
    #: (``comparator_evidence``): the comparator obligation
    RANKS_BY_COMPARISON = enum.auto()
    #: hooks: a library of ours, callable with every reading passed explicitly
    #: (``explicit_defaults``): the library-defaults obligation
    EXPLICIT_DEFAULTS = enum.auto()
    #: its strengths are this project's (a combination, then ranks), explained in words
    EXPLAINS_STRENGTHS = enum.auto()
    #: its work spreads over workers (``--scheduler``): a program each worker starts (``fresh``),
    #: or a log's shards
    SPREADS_OVER_WORKERS = enum.auto()

    @property
    def words(self) -> str:
        """The capability as a report names it (``plays-tables``)."""
        return "+".join((c.name or "").lower().replace("_", "-") for c in self)


class Engine(ABC):
    """An implementation under test: what every engine has. What only some have is a
    :class:`Capability` they declare (``capabilities``), asked with :meth:`can`."""

    #: a label for reports and bundles, never a reason to treat an engine differently (ask
    #: :meth:`can`): impl (ours, or a mutant of it), exec (a program of protocol 1, python:
    #: too), play (a table engine of protocol 2), table (a recorded settlement table), log (a
    #: table's session log), recorded (the answers an audit bundle holds)
    kind: str = ""
    #: what the engine can be asked beside settle and rank (a class's, or an instance's own)
    capabilities: Capability = Capability(0)
    #: what the engine's verdicts claim: False, every input of the universe (an engine asked,
    #: a table played); True, the settlements it holds (a session log, unless the user
    #: requires its coverage): an input it never shows is then a gap it lists, not an ERROR
    observed_only: bool = False
    #: whether long work of the engine's own (a session log judged in shards) shows its
    #: progress on standard error (the command's ``--progress``)
    show_progress: bool = False

    def __init__(self, target: str) -> None:
        self.target = target
        self._hello: Hello | None = None

    def can(self, wanted: Capability) -> bool:
        """Whether the engine has every capability of ``wanted``."""
        return wanted in self.capabilities

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
