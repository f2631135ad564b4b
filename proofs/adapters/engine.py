"""The one door to the implementation under test.

The obligations, the analyses and the command are handed an :class:`Engine` and talk to the
implementation through it alone: ``hello`` once, then batches of craps inputs to ``settle``
and of Pai Gow hands to ``rank``. Whatever the implementation is (ours in this process, a
Python module, a program speaking the protocol of docs/engine-protocol.md, a recorded table),
its answers come back read by :mod:`casino_proofs.adapters.answers`: a crash, a hang, a wrong
type or a malformed batch is an answer of its own (``Faulty``), never an exception.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from casino_proofs.adapters.answers import CrapsAnswer, CrapsInput, RankAnswer

GAMES = ("craps", "paigow")


class EngineUnavailable(Exception):
    """The engine cannot be started or identified at all (no program, no module, no file, or
    a hello that is not one); the message says why in one line."""


@dataclass(frozen=True)
class Hello:
    """Who the engine says it is and what it offers."""

    name: str
    version: str
    games: tuple[str, ...]
    wagers: tuple[str, ...]
    lower_is_better: bool = False
    #: the readings it can settle under, each with the values it implements; None if it lists
    #: none (it is then told nothing about readings)
    readings: dict[str, tuple[str, ...]] | None = None
    raw: dict[str, Any] = field(default_factory=dict)

    def claims(self, reading: str, value: str) -> bool:
        return self.readings is not None and value in self.readings.get(reading, ())

    def json(self) -> dict[str, Any]:
        return dict(self.raw) if self.raw else {
            "name": self.name, "version": self.version, "games": list(self.games),
            "wagers": list(self.wagers),
            **({"order": "lower-is-better"} if self.lower_is_better else {}),
            **({"readings": {k: list(v) for k, v in self.readings.items()}}
               if self.readings is not None else {}),
        }


def read_hello(raw: Any) -> Hello:
    """The protocol's hello answer, read strictly (EngineUnavailable naming what is wrong)."""
    if not isinstance(raw, dict):
        raise EngineUnavailable("the engine's hello is not a JSON object")
    for key in ("name", "version"):
        if not isinstance(raw.get(key), str):
            raise EngineUnavailable(f"the engine's hello has no string {key!r}")
    games, wagers = raw.get("games"), raw.get("wagers", [])
    if not isinstance(games, list) or not all(g in GAMES for g in games):
        raise EngineUnavailable("the engine's hello lists its games as a list among "
                                "\"craps\", \"paigow\"")
    if not isinstance(wagers, list) or not all(isinstance(w, str) for w in wagers):
        raise EngineUnavailable("the engine's hello lists its wagers as a list of names")
    order = raw.get("order", "higher-is-better")
    if order not in ("higher-is-better", "lower-is-better"):
        raise EngineUnavailable("the engine's hello gives order as \"higher-is-better\" or "
                                "\"lower-is-better\"")
    readings = raw.get("readings")
    if readings is not None and (not isinstance(readings, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(x, str) for x in v)
            for k, v in readings.items())):
        raise EngineUnavailable("the engine's hello gives readings as an object of lists of "
                                "values")
    return Hello(raw["name"], raw["version"], tuple(games), tuple(wagers),
                 order == "lower-is-better",
                 None if readings is None else {k: tuple(v) for k, v in readings.items()},
                 dict(raw))


class Engine(ABC):
    """An implementation under test."""

    #: impl, python, exec or table
    kind: str = ""

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

    def close(self) -> None:  # noqa: B027 - an engine with nothing to stop need not say so
        """Stop the engine (idempotent)."""

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
