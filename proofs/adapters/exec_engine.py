"""An engine that is a program: the JSON-lines protocol of docs/engine-protocol.md over its
standard input and output.

The program is untrusted (:mod:`casino_proofs.adapters.process` runs it). Three rules keep
its answers honest:

- **In step.** Every request is followed by a ``hello``, whose answer must be the engine's
  first hello again: a fence. A line too many -- a debug line, an extra JSON line, an answer
  written twice -- shows as the fence missing, and is named with its line number; the lines
  up to the fence are then read and set aside (or, if it never comes, the program is
  restarted), so no later answer is read as the answer to the wrong request.
- **Narrowed, never forgotten.** A request that breaks (the program exits, hangs, writes a line
  that is not the answer, answers a batch with the wrong number of answers) is split in
  ``PIECES``, each asked, and a piece that breaks is split again, until the one input that
  causes it is alone; that input gets a ``Faulty`` answer naming the problem and the last lines
  of the program's standard error. The broken request itself is kept in the channel's log
  (:class:`~casino_proofs.adapters.engine.ChannelLog`): one that broke although each of its
  inputs was answered in smaller requests is a fault no input shows, and the ``channel``
  obligation refutes it, naming the batch size.
- **Bounded.** Every line is parsed with bounds (:mod:`casino_proofs.untrusted.bounded_json`);
  each request has a time limit; an engine that fails too often is given up on.

Requests: ``settle`` batches of at most ``SETTLE_BATCH`` items, ``rank`` batches of at most
``RANK_BATCH`` hands (a third of that when hands are asked again), and the pieces of a broken
batch (a sixteenth of it, and so on down to one).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shlex
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from casino_proofs.adapters.answers import (
    CrapsAnswer,
    CrapsInput,
    Faulty,
    RankAnswer,
    read_settlement,
    read_strength,
)
from casino_proofs.adapters.engine import (
    ChannelFault,
    ChannelLog,
    Engine,
    EngineUnavailable,
    Hello,
    read_hello,
)
from casino_proofs.adapters.process import MAX_LINE, EngineProcess, LineTooLong
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads
from casino_proofs.untrusted.printable import one_line

DEFAULT_TIMEOUT_MS = 60_000
SETTLE_BATCH = 4_000
RANK_BATCH = 20_000
MAX_RESTARTS = 256
#: how many pieces a batch that breaks is split into
PIECES = 16
#: timeouts after which the engine is given up on (each costs --engine-timeout-ms; finding one
#: hanging input in a batch of 4,000 costs four, ten of them among 4,000 inputs about 25)
MAX_TIMEOUTS = 48
#: inputs asked alone that fail one after another, no answer between, before it is given up on
MAX_BROKEN_IN_A_ROW = 16
#: the longest hello answer read
MAX_HELLO = 64 * 1024
#: lines read past a line too many, looking for the fence, before the engine is restarted
MAX_DRAIN = 64
HELLO_REQUEST = {"op": "hello", "protocol": 1}
_HELLO_LINE = json.dumps(HELLO_REQUEST, separators=(",", ":")).encode() + b"\n"
_SYMBOLS = tuple([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["Jk"])


class _Broken(Exception):
    """The program did not answer a request properly."""

    def __init__(self, kind: str, problem: str) -> None:
        super().__init__(problem)
        self.kind = kind
        self.problem = problem


def hand_text(hand: Sequence[int]) -> str:
    """Card indices in the protocol's notation: ``"Ah Kd Qs Jc Th"``."""
    return " ".join(_SYMBOLS[i] for i in hand)


def _items(op: str) -> str:
    """The field of a request (and of its answer) that holds its list: a play request's
    scripts (protocol 2), every other request's batch."""
    return "scripts" if op == "play" else "batch"


def _quoted(line: bytes) -> str:
    return repr(one_line(line.decode("utf-8", "replace").strip())[:120])


def _parsed(line: bytes, number: int) -> tuple[Any, str]:
    """A line's JSON value, or why it has none."""
    try:
        return loads(line, max_bytes=MAX_LINE), ""
    except UntrustedJSON as exc:
        return None, f"line {number:,} of the engine's output is {exc}: {_quoted(line)}"


def _answer_shaped(value: Any) -> bool:
    return isinstance(value, dict) and ("batch" in value or "scripts" in value
                                        or "error" in value)


class ExecEngine(Engine):
    """A program speaking the protocol. ``command`` is split as a shell would split it, and
    run without a shell."""

    kind = "exec"
    #: the hello every session starts with, and the fence sent after every request
    hello_line = _HELLO_LINE

    def __init__(self, command: str, timeout_ms: int = DEFAULT_TIMEOUT_MS,
                 target: str | None = None, argv: list[str] | None = None) -> None:
        super().__init__(target or f"exec:{command}")
        self.command = command
        self.argv = argv if argv is not None else shlex.split(command)
        if not self.argv:
            raise EngineUnavailable("exec: needs a command, e.g. exec:\"node engine.js\"")
        self.timeout = timeout_ms / 1000
        self._process: EngineProcess | None = None
        #: the first hello's answer: every later answer must be followed by it again
        self._fence: Any = None
        self.restarts = 0
        self.timeouts = 0
        self._broken_in_a_row = 0
        #: why the engine was given up on: every input not yet asked is ``unasked``, with this
        self.gave_up: str | None = None
        self.requests = 0
        self._log = ChannelLog()
        #: inputs the engine once failed on when asked alone (no answer in time, or it exited):
        #: not asked again (each would cost another timeout, or restart), answered with the
        #: same fault
        self._hung: dict[str, Faulty] = {}

    def fresh(self) -> ExecEngine:
        twin = type(self)(self.command, int(self.timeout * 1000), self.target, self.argv)
        twin._hello = self._hello
        twin._fence = self._fence
        return twin

    # -- the channel ----------------------------------------------------------------------------

    def _launch(self) -> EngineProcess:
        try:
            self._process = EngineProcess(self.argv)
        except (OSError, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise EngineUnavailable(f"cannot start {self.target}: {why}") from exc
        return self._process

    def _kill(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.kill()

    def _line(self, process: EngineProcess, due: str) -> tuple[int, bytes]:
        """The next line of the program's output (``_Broken`` if none comes)."""
        try:
            got = process.next_line(self.timeout)
        except TimeoutError:
            tail = process.stderr_tail()
            self._kill()
            raise _Broken("timeout", f"no {due} within {self.timeout * 1000:,.0f} ms "
                                     f"(--engine-timeout-ms){tail}") from None
        except LineTooLong as exc:
            self._kill()
            raise _Broken("malformed", f"line {exc.args[0]:,} of the engine's output is over "
                                       f"{MAX_LINE:,} bytes") from None
        if got is None:
            code = process.exit_code()
            tail = process.stderr_tail()
            self._kill()
            how = f"exited with code {code}" if code is not None else "closed its output"
            raise _Broken("crash", f"the engine {how} before its {due}{tail}")
        return got

    def _hello_exchange(self, process: EngineProcess) -> Any:
        process.send(self.hello_line)
        number, line = self._line(process, "answer to hello")
        try:
            raw = loads(line, max_bytes=MAX_HELLO)
        except UntrustedJSON as exc:
            self._kill()
            raise _Broken("malformed", f"line {number:,}, the answer to hello, is {exc}: "
                                       f"{_quoted(line)}") from None
        if self._fence is None:
            self._fence = raw
        elif raw != self._fence:
            self._kill()
            raise _Broken("desync", f"line {number:,}: restarted, the engine answers hello "
                                    f"otherwise than the first time: {_quoted(line)}")
        return raw

    def _exchange(self, request: dict[str, Any]) -> Any:
        """Send one request, fenced by a hello, and read its answer (``_Broken`` if the
        engine does not answer it properly, in step)."""
        process = self._process
        if process is None:
            process = self._launch()
            self._hello_exchange(process)  # every session starts so
        self.requests += 1
        process.send(json.dumps(request, separators=(",", ":")).encode() + b"\n"
                     + self.hello_line)
        number, line = self._line(process, "answer")
        answer, problem = _parsed(line, number)
        if not problem and answer == self._fence:  # in step again: the fence has come
            raise _Broken("desync", f"the request got no answer: line {number:,} is the answer "
                                    "to the hello sent after it")
        try:
            fence_number, fence = self._line(process, "answer to the hello sent after it")
        except _Broken as broken:
            if broken.kind != "crash" or problem or not _answer_shaped(answer):
                raise
            # It answered, then exited: the answer stands; the exit is the channel's fault
            # (an engine that exits now and then must not be restarted silently).
            self._log.faults.append(ChannelFault(
                str(request.get("op")), len(request.get(_items(str(request.get("op"))))
                                            or ()), "crash",
                broken.problem.replace("before its answer to the hello sent after it",
                                       "after its answer"), False, True))
            return answer
        after, _ = _parsed(fence, fence_number)
        if after != self._fence:
            self._resynchronise(process)
            if problem or (not _answer_shaped(answer) and _answer_shaped(after)):
                raise _Broken("desync", f"line {number:,} {_quoted(line)} is not the answer, "
                                        "which came after it (a line too many: a debug line, "
                                        "an extra line)")
            raise _Broken("desync", f"line {fence_number:,} {_quoted(fence)} came after the "
                                    "answer, where the answer to hello was due (a line too "
                                    "many: a debug line, an extra or repeated answer)")
        if problem:
            raise _Broken("malformed", problem)
        return answer

    def _resynchronise(self, process: EngineProcess) -> None:
        """Read on to the fence (the answer to the hello sent after the request): the lines
        after it belong to the next request. An engine whose fence does not come within
        ``MAX_DRAIN`` lines, or in time, is restarted."""
        for _ in range(MAX_DRAIN):
            try:
                number, line = self._line(process, "answer to the hello sent after it")
            except _Broken:
                return  # it has been stopped: the next request starts a fresh process
            if _parsed(line, number)[0] == self._fence:
                return
        self._kill()

    def _start(self) -> Hello:
        try:
            process = self._process or self._launch()
            raw = self._hello_exchange(process)
        except _Broken as exc:
            self._kill()
            raise EngineUnavailable(f"{self.target} did not answer hello: {exc.problem}") \
                from exc
        return read_hello(raw)

    def close(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.close(b'{"op":"bye"}\n')

    def take_channel(self) -> ChannelLog:
        log, self._log = self._log, ChannelLog()
        return log

    # -- batches, and finding the input that breaks one ---------------------------------------

    def _answers(self, op: str, items: Sequence[Any], readings: Mapping[str, str],
                 size: int, read: Callable[[Any, int], Any]) -> list[Any]:
        told = self.told(readings)

        def key(i: int) -> str:
            return json.dumps([op, self._wire(op, items[i])], sort_keys=True)

        # Inputs that hung or crashed before are not asked again (their keys are only worked
        # out when some input has: 60,000 of them cost half a second).
        fresh = [i for i in range(len(items)) if key(i) not in self._hung] if self._hung \
            else list(range(len(items)))
        asked = [items[i] for i in fresh]

        def read_fresh(answer: Any, j: int) -> Any:
            return read(answer, fresh[j])

        got: list[Any] = []
        for start in range(0, len(asked), size):
            got += self._isolate(op, asked, start, min(len(asked), start + size), told,
                                 read_fresh)[0]
        for i, answer in zip(fresh, got, strict=True):
            if isinstance(answer, Faulty) and answer.kind in ("timeout", "crash"):
                self._hung[key(i)] = answer
        if len(fresh) == len(items):
            return got
        answers = dict(zip(fresh, got, strict=True))
        return [answers[i] if i in answers else self._hung[key(i)] for i in range(len(items))]

    def _isolate(self, op: str, items: Sequence[Any], lo: int, hi: int,
                 told: dict[str, str], read: Callable[[Any, int], Any]) -> tuple[list[Any], bool]:
        """The answers to items[lo:hi], and whether some input among them broke a request
        alone; a batch that breaks is split in ``PIECES`` until the input that breaks it is
        alone, and the broken batch is logged."""
        if self.gave_up is not None:
            return [Faulty("unasked", self.gave_up)] * (hi - lo), False
        field = _items(op)
        request: dict[str, Any] = {"op": op, field: [self._wire(op, x) for x in items[lo:hi]]}
        if told:
            request["readings"] = told
        self._log.requests += 1
        self._log.largest = max(self._log.largest, hi - lo)
        try:
            answer = self._exchange(request)
            if not isinstance(answer, dict) or not isinstance(answer.get(field), list):
                if isinstance(answer, dict) and isinstance(answer.get("error"), str):
                    raise _Broken("malformed", f"the engine refused the whole request: "
                                               f"{one_line(answer['error'][:200])}")
                raise _Broken("malformed", f"the answer is not {{\"{field}\": [...]}}")
            if len(answer[field]) != hi - lo:
                raise _Broken("malformed", f"{len(answer[field])} answers to a batch of "
                                           f"{hi - lo}")
        except _Broken as broken:
            self._count(broken, alone=hi - lo == 1)
            if hi - lo == 1:
                if broken.kind == "desync":  # a line too many is the channel's, never an input's
                    self._log.faults.append(ChannelFault(op, 1, "desync", broken.problem, False,
                                                         True))
                return [Faulty(broken.kind, broken.problem)], True
            if self.gave_up is not None:  # which input of the batch broke it is not known
                self._log.faults.append(ChannelFault(op, hi - lo, broken.kind, broken.problem,
                                                     False, False))
                return [Faulty("unasked", self.gave_up)] * (hi - lo), False
            pieces = min(PIECES, hi - lo)
            bounds = [lo + (hi - lo) * k // pieces for k in range(pieces + 1)]
            answers: list[Any] = []
            explained = False
            for start, end in itertools.pairwise(bounds):
                part, alone = self._isolate(op, items, start, end, told, read)
                answers += part
                explained = explained or alone
            settled = not any(isinstance(a, Faulty) and a.kind == "unasked" for a in answers)
            self._log.faults.append(ChannelFault(op, hi - lo, broken.kind, broken.problem,
                                                 explained and broken.kind != "desync",
                                                 settled))
            return answers, explained
        self._broken_in_a_row = 0
        return [read(a, i) for i, a in zip(range(lo, hi), answer[field], strict=True)], False

    def _count(self, broken: _Broken, alone: bool) -> None:
        """Count a broken request, and give the engine up when it is hopeless: isolating each
        failing input costs a request per split, and a hang costs a timeout each time."""
        if broken.kind in ("crash", "timeout", "desync"):
            self.restarts += 1
        if broken.kind == "timeout":
            self.timeouts += 1
        if alone:
            self._broken_in_a_row += 1
        if self.restarts > MAX_RESTARTS:
            self.gave_up = f"the engine was restarted {MAX_RESTARTS} times; the rest is not asked"
        elif self.timeouts >= MAX_TIMEOUTS:
            self.gave_up = (f"the engine failed to answer in time {MAX_TIMEOUTS} times; the rest "
                            "is not asked")
        elif self._broken_in_a_row >= MAX_BROKEN_IN_A_ROW:
            self.gave_up = (f"the engine failed on {MAX_BROKEN_IN_A_ROW} inputs in a row, each "
                            f"asked alone (the last: {broken.problem[:120]}); the rest is not "
                            "asked")

    @staticmethod
    def _wire(op: str, item: Any) -> Any:
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
            cards = [_SYMBOLS[i] for i in hand]
            shuffle(cards)
            texts.append(" ".join(cards))

        def read(answer: Any, _i: int) -> RankAnswer:
            return read_strength(answer, lower)
        return self._answers("rank", texts, readings, RANK_BATCH // 3, read)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "command": self.argv,
                "cwd": os.getcwd(), "timeout_ms": int(self.timeout * 1000)}
