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
#: bounds on a hello: the longest name or version, the longest list
HELLO_TEXT = 200
HELLO_LIST = 400


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
        if not isinstance(raw.get(key), str) or not 0 < len(raw[key]) <= HELLO_TEXT:
            raise EngineUnavailable(f"the engine's hello has no string {key!r} of 1 to "
                                    f"{HELLO_TEXT} characters")
    games, wagers = raw.get("games"), raw.get("wagers", [])
    if not isinstance(games, list) or not all(g in GAMES for g in games):
        raise EngineUnavailable("the engine's hello lists its games as a list among "
                                "\"craps\", \"paigow\"")
    if not isinstance(wagers, list) or len(wagers) > HELLO_LIST or not all(
            isinstance(w, str) and len(w) <= HELLO_TEXT for w in wagers):
        raise EngineUnavailable(f"the engine's hello lists its wagers as a list of at most "
                                f"{HELLO_LIST} names")
    order = raw.get("order", "higher-is-better")
    if order not in ("higher-is-better", "lower-is-better"):
        raise EngineUnavailable("the engine's hello gives order as \"higher-is-better\" or "
                                "\"lower-is-better\"")
    readings = raw.get("readings")
    if readings is not None and (not isinstance(readings, dict) or len(readings) > HELLO_LIST
                                 or not all(isinstance(k, str) and isinstance(v, list)
                                            and len(v) <= HELLO_LIST
                                            and all(isinstance(x, str) for x in v)
                                            for k, v in readings.items())):
        raise EngineUnavailable("the engine's hello gives readings as an object of lists of "
                                "values")
    return Hello(raw["name"], raw["version"], tuple(games), tuple(wagers),
                 order == "lower-is-better",
                 None if readings is None else {k: tuple(v) for k, v in readings.items()},
                 dict(raw))


@dataclass(frozen=True)
class ChannelFault:
    """A request the engine did not answer properly: ``kind`` is ``crash`` (it exited or closed
    its output), ``timeout``, ``malformed`` (a line that is not the answer's shape) or
    ``desync`` (a line too many: the channel out of step). ``explained``: some input of the
    request fails when asked alone, and that input's own answer says so (never for a desync,
    which is the channel's fault whatever the input); ``settled``: every input of the request
    was answered in the end (none given up)."""

    op: str
    size: int
    kind: str
    problem: str
    explained: bool
    settled: bool

    def json(self) -> dict[str, Any]:
        return {"op": self.op, "batch_size": self.size, "fault": self.kind,
                "problem": self.problem, "explained": self.explained}


@dataclass
class ChannelLog:
    """What an engine's channel went through: how many requests it was sent, of what sizes,
    and every one it did not answer properly."""

    requests: int = 0
    largest: int = 0
    faults: list[ChannelFault] = field(default_factory=list)

    def merge(self, other: ChannelLog) -> None:
        self.requests += other.requests
        self.largest = max(self.largest, other.largest)
        self.faults += other.faults

    def json(self) -> dict[str, Any]:
        return {"requests": self.requests, "largest": self.largest,
                "faults": [{**f.json(), "settled": f.settled} for f in self.faults]}

    @staticmethod
    def from_json(raw: Any) -> ChannelLog:
        """A log as a bundle records it, read strictly (ValueError saying what is wrong)."""
        if not isinstance(raw, dict) or set(raw) != {"requests", "largest", "faults"}:
            raise ValueError("a channel log has requests, largest and faults")
        counts = (raw["requests"], raw["largest"])
        if not all(type(n) is int and n >= 0 for n in counts) or not isinstance(
                raw["faults"], list):
            raise ValueError("a channel log's requests and largest are counts, its faults a "
                             "list")
        faults = []
        for f in raw["faults"]:
            keys = {"op", "batch_size", "fault", "problem", "explained", "settled"}
            if not isinstance(f, dict) or set(f) != keys or type(f["batch_size"]) is not int \
                    or not all(isinstance(f[k], str) for k in ("op", "fault", "problem")) \
                    or not all(isinstance(f[k], bool) for k in ("explained", "settled")):
                raise ValueError("a channel fault has op, batch_size, fault, problem, "
                                 "explained and settled")
            faults.append(ChannelFault(f["op"], f["batch_size"], f["fault"], f["problem"],
                                       f["explained"], f["settled"]))
        return ChannelLog(counts[0], counts[1], faults)

    def unexplained(self) -> list[ChannelFault]:
        """Requests that broke although each of their inputs, asked in smaller requests, was
        answered: a fault of the engine that no input's answer shows."""
        return [f for f in self.faults if not f.explained and f.settled]


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
