"""An engine that is a program: the JSON-lines protocol of docs/engine-protocol.md over its
standard input and output.

The program is untrusted. Three rules keep its answers honest, each in a part of its own:

- **In step** (:mod:`.program.channel`): every request is followed by a ``hello``, whose
  answer must be the engine's first hello again: a fence; a line too many is named and set
  aside, so no later answer is read as the answer to the wrong request.
- **Narrowed, never forgotten** (:mod:`.program.narrowing`): a request that breaks is split
  until the one input that causes it is alone; the broken request is kept in the channel's
  log, and one that broke although each of its inputs was answered is refuted by the
  ``channel`` obligation.
- **Bounded** (:mod:`.program.process`): a process group of its own, every line parsed with
  bounds, a time limit per request, an engine that fails too often given up on.

Requests: ``settle`` batches of at most ``SETTLE_BATCH`` items, ``rank`` batches of at most
``RANK_BATCH`` hands (a third of that when hands are asked again), and the pieces of a broken
batch (a sixteenth of it, and so on down to one).
"""

from __future__ import annotations

import json
import os
import random
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from casino_proofs.adapters.program.channel import Broken, Channel
from casino_proofs.adapters.program.narrowing import MAX_RESTARTS, Check, Narrowing, Read
from casino_proofs.progress import phase
from casino_proofs.protocol.answers import (
    CrapsAnswer,
    CrapsInput,
    RankAnswer,
    read_settlement,
    read_strength,
)
from casino_proofs.protocol.cards import SYMBOLS, hand_text
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import EngineUnavailable, Hello, protocol_version, read_hello
from casino_proofs.untrusted.printable import one_line

DEFAULT_TIMEOUT_MS = 60_000
SETTLE_BATCH = 4_000
RANK_BATCH = 20_000
HELLO_REQUEST = {"op": "hello", "protocol": 1}
#: what asking a program is called in the command's progress, and what it counts, by request
ASKING = {"settle": ("asking the engine", "inputs answered"),
          "rank": ("asking the engine", "hands answered"),
          "play": ("playing the table", "scripts played")}
_HELLO_LINE = json.dumps(HELLO_REQUEST, separators=(",", ":")).encode() + b"\n"

__all__ = ["DEFAULT_TIMEOUT_MS", "ExecEngine", "hand_text"]


class ExecEngine(Engine):
    """A program speaking the protocol. ``command`` is split as a shell would split it, and
    run without a shell."""

    kind = "exec"
    capabilities = (Capability.ANSWERS_ANY_INPUT | Capability.ANSWERS_AGAIN
                    | Capability.SPREADS_OVER_WORKERS)
    #: the hello every session starts with, and the fence sent after every request
    hello_line = _HELLO_LINE
    #: the interface it speaks (docs/engine-protocol.md): 1, one wager at a time
    interface = 1
    #: the version of it its hello names (the interface's first when it names none)
    protocol_version = "1.0"

    def __init__(self, command: str, timeout_ms: int = DEFAULT_TIMEOUT_MS,
                 target: str | None = None, argv: list[str] | None = None,
                 restarts: int = MAX_RESTARTS) -> None:
        """``restarts``: how often the program may be restarted, each time after it broke its
        channel, before it is given up on."""
        super().__init__(target or f"exec:{command}")
        self.command = command
        try:
            self.argv = argv if argv is not None else shlex.split(command)
        except ValueError as exc:  # an unclosed quotation, a backslash at the end
            raise EngineUnavailable(f"--engine {one_line(self.target)[:80]}: its command is "
                                    f"not words a shell would read ({exc}): close every "
                                    "quotation, and end no word with a lone backslash") from None
        if not self.argv:
            raise EngineUnavailable("exec: needs a command, e.g. exec:\"node engine.js\"")
        self.timeout = timeout_ms / 1000
        self.channel = Channel(self.argv, self.target, self.timeout, self.hello_line)
        self.restarts = restarts
        self.narrowing = Narrowing(self.channel, self._wire, restarts)

    @property
    def requests(self) -> int:
        return self.channel.requests

    @property
    def gave_up(self) -> str | None:
        """Why the engine was given up on, if it was."""
        return self.narrowing.gave_up

    def fresh(self) -> ExecEngine:
        twin = type(self)(self.command, int(self.timeout * 1000), self.target, self.argv,
                          restarts=self.restarts)
        twin._hello = self._hello
        twin.protocol_version = self.protocol_version
        twin.channel.fence = self.channel.fence
        return twin

    def _start(self) -> Hello:
        try:
            raw = self.channel.hello()
        except Broken as exc:
            self.channel.kill()
            raise EngineUnavailable(f"{self.target} did not answer hello: {exc.problem}") \
                from exc
        try:
            self.protocol_version = protocol_version(raw, self.interface)
        except EngineUnavailable as exc:
            self.channel.kill()
            raise EngineUnavailable(f"{self.target}: {exc}") from None
        return read_hello(raw)

    def close(self) -> None:
        self.channel.close()

    def take_channel(self) -> ChannelLog:
        log, self.channel.log = self.channel.log, ChannelLog()
        log.gave_up = self.narrowing.gave_up or ""
        return log

    def _answers(self, op: str, items: Sequence[Any], readings: Mapping[str, str],
                 size: int, read: Read, check: Check | None = None) -> list[Any]:
        """Every item asked of the program (its progress a phase of the command's)."""
        what, unit = ASKING.get(op, ("asking the engine", "items answered"))
        with phase(what, len(items), unit) as bar:
            return self.narrowing.answers(op, items, self.told(readings), size, read, check,
                                          bar.step)

    def _wire(self, op: str, item: Any) -> Any:
        """An item as the wire carries it (a table's script depends on the version it
        speaks)."""
        if op == "settle":
            return item.item()
        return item

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        def read(answer: Any, i: int) -> CrapsAnswer:
            return read_settlement(answer, batch[i].working)
        return self._answers("settle", batch, readings, SETTLE_BATCH, read)

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        lower = self.hello.lower_is_better
        texts = [hand_text(h) for h in hands]

        def read(answer: Any, _i: int) -> RankAnswer:
            return read_strength(answer, lower)
        return self._answers("rank", texts, readings, RANK_BATCH, read)

    def rank_again(self, hands: Sequence[tuple[int, ...]],
                   readings: Mapping[str, str]) -> list[RankAnswer]:
        """The hands asked again with their cards in another order (seeded): the protocol
        says a hand's cards come in no particular order."""
        lower = self.hello.lower_is_better
        shuffle = random.Random(7).shuffle
        texts = []
        for hand in hands:
            cards = [SYMBOLS[i] for i in hand]
            shuffle(cards)
            texts.append(" ".join(cards))

        def read(answer: Any, _i: int) -> RankAnswer:
            return read_strength(answer, lower)
        return self._answers("rank", texts, readings, RANK_BATCH // 3, read)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "protocol": self.protocol_version, "command": self.argv,
                "cwd": os.getcwd(), "timeout_ms": int(self.timeout * 1000)}
