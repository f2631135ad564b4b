"""An engine that is a program: the JSON-lines protocol of docs/engine-protocol.md over its
standard input and output.

The program is untrusted. Each request has a time limit; a program that exits, hangs, writes
something that is not a JSON line, or answers a batch with the wrong number of answers is
restarted, and the batch is split in sixteen pieces, each asked, and a piece that breaks is
split again, until the one input that causes it is found (sixteen pieces, not halves: a hanging
input in a batch of 4,000 costs four timeouts, not twelve). That input gets a ``Faulty`` answer
(``crash``, ``timeout`` or ``malformed``) naming the problem and the last lines the program
wrote on its standard error. The other inputs get their answers.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import random
import shlex
import subprocess
import threading
from collections import deque
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
from casino_proofs.adapters.engine import Engine, EngineUnavailable, Hello, read_hello

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


class ExecEngine(Engine):
    """A program speaking the protocol. ``command`` is split as a shell would split it, and
    run without a shell."""

    kind = "exec"

    def __init__(self, command: str, timeout_ms: int = DEFAULT_TIMEOUT_MS,
                 target: str | None = None, argv: list[str] | None = None) -> None:
        super().__init__(target or f"exec:{command}")
        self.command = command
        self.argv = argv if argv is not None else shlex.split(command)
        if not self.argv:
            raise EngineUnavailable("exec: needs a command, e.g. exec:\"node engine.js\"")
        self.timeout = timeout_ms / 1000
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self.restarts = 0
        self.timeouts = 0
        self._broken_in_a_row = 0
        #: why the engine was given up on: every input not yet asked is ``unasked``, with this
        self.gave_up: str | None = None
        self.requests = 0
        #: inputs the engine once failed on when asked alone (no answer in time, or it exited):
        #: not asked again (each would cost another timeout, or restart), answered with the
        #: same fault
        self._hung: dict[str, Faulty] = {}

    def fresh(self) -> ExecEngine:
        twin = ExecEngine(self.command, int(self.timeout * 1000), self.target, self.argv)
        twin._hello = self._hello
        return twin

    # -- the process ------------------------------------------------------------------------

    def _launch(self) -> None:
        try:
            # Buffered pipes: unbuffered, readline() reads an answer line a byte at a time
            # (a 4,000-settlement answer is 200,000 system calls); every request is flushed.
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE)
        except OSError as exc:
            raise EngineUnavailable(f"cannot start {self.target}: {exc.strerror or exc}") \
                from exc
        self._proc = proc
        lines: queue.Queue[bytes | None] = queue.Queue()
        self._lines = lines
        assert proc.stdout is not None and proc.stderr is not None

        def read_out(stream: Any = proc.stdout) -> None:
            for line in iter(stream.readline, b""):
                lines.put(line)
            lines.put(None)

        def read_err(stream: Any = proc.stderr) -> None:
            for line in iter(stream.readline, b""):
                self._stderr.append(line.decode("utf-8", "replace").rstrip())

        threading.Thread(target=read_out, daemon=True).start()
        threading.Thread(target=read_err, daemon=True).start()

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.kill()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def _stderr_tail(self) -> str:
        tail = [line for line in self._stderr if line.strip()][-3:]
        return f"; its stderr ends: {' | '.join(tail)[:300]}" if tail else ""

    def _exchange(self, request: dict[str, Any]) -> Any:
        """Send one request and read one answer line (``_Broken`` if there is none)."""
        if self._proc is None:
            self._launch()
            if request.get("op") != "hello":
                self._exchange({"op": "hello", "protocol": 1})  # every session starts so
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        self.requests += 1
        try:
            proc.stdin.write(json.dumps(request, separators=(",", ":")).encode() + b"\n")
            proc.stdin.flush()
        except OSError:
            pass  # it has exited; reading tells how
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            self._kill()
            raise _Broken("timeout", f"no answer within {self.timeout * 1000:,.0f} ms "
                                     "(--engine-timeout-ms)" + self._stderr_tail()) from None
        if line is None:
            code = proc.poll()
            if code is None:
                try:
                    code = proc.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    code = None
            self._kill()
            how = f"exited with code {code}" if code is not None else "closed its output"
            raise _Broken("crash", f"the engine {how} before answering" + self._stderr_tail())
        try:
            return json.loads(line)
        except ValueError:
            text = line.decode("utf-8", "replace").strip()
            raise _Broken("malformed", f"the answer line is not JSON: {text[:120]!r}") from None

    def _start(self) -> Hello:
        try:
            raw = self._exchange({"op": "hello", "protocol": 1})
        except _Broken as exc:
            self._kill()
            raise EngineUnavailable(f"{self.target} did not answer hello: {exc.problem}") \
                from exc
        return read_hello(raw)

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        try:
            assert proc.stdin is not None
            proc.stdin.write(b'{"op":"bye"}\n')
            proc.stdin.flush()
            proc.stdin.close()
            proc.wait(timeout=3)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        self._kill()

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
                                 read_fresh)
        for i, answer in zip(fresh, got, strict=True):
            if isinstance(answer, Faulty) and answer.kind in ("timeout", "crash"):
                self._hung[key(i)] = answer
        if len(fresh) == len(items):
            return got
        answers = dict(zip(fresh, got, strict=True))
        return [answers[i] if i in answers else self._hung[key(i)] for i in range(len(items))]

    def _isolate(self, op: str, items: Sequence[Any], lo: int, hi: int,
                 told: dict[str, str], read: Callable[[Any, int], Any]) -> list[Any]:
        """The answers to items[lo:hi]; a batch that breaks is split in ``PIECES`` until the
        input that breaks it is alone."""
        if self.gave_up is not None:
            return [Faulty("unasked", self.gave_up)] * (hi - lo)
        request: dict[str, Any] = {"op": op, "batch": [self._wire(op, x) for x in items[lo:hi]]}
        if told:
            request["readings"] = told
        try:
            answer = self._exchange(request)
            if not isinstance(answer, dict) or not isinstance(answer.get("batch"), list):
                if isinstance(answer, dict) and isinstance(answer.get("error"), str):
                    raise _Broken("malformed", f"the engine refused the whole request: "
                                               f"{answer['error'][:200]}")
                raise _Broken("malformed", "the answer is not {\"batch\": [...]}")
            if len(answer["batch"]) != hi - lo:
                raise _Broken("malformed", f"{len(answer['batch'])} answers to a batch of "
                                           f"{hi - lo}")
        except _Broken as broken:
            self._count(broken, alone=hi - lo == 1)
            if hi - lo == 1:
                return [Faulty(broken.kind, broken.problem)]
            if self.gave_up is not None:  # which input of the batch broke it is not known
                return [Faulty("unasked", self.gave_up)] * (hi - lo)
            pieces = min(PIECES, hi - lo)
            bounds = [lo + (hi - lo) * k // pieces for k in range(pieces + 1)]
            return [answer for start, end in itertools.pairwise(bounds)
                    for answer in self._isolate(op, items, start, end, told, read)]
        self._broken_in_a_row = 0
        return [read(a, i) for i, a in zip(range(lo, hi), answer["batch"], strict=True)]

    def _count(self, broken: _Broken, alone: bool) -> None:
        """Count a broken request, and give the engine up when it is hopeless: isolating each
        failing input costs a request per split, and a hang costs a timeout each time."""
        if broken.kind in ("crash", "timeout"):
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

