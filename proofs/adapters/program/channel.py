"""A program's channel: one request, one answer, fenced by a hello, on a process of its own.

The program is untrusted (:mod:`casino_proofs.adapters.program.process` runs it). Every request
is followed by a ``hello``, whose answer must be the engine's first hello again: a fence. A
line too many -- a debug line, an extra JSON line, an answer written twice -- shows as the
fence missing, and is named with its line number; the lines up to the fence are then read and
set aside (or, if it never comes, the program is restarted), so no later answer is read as
the answer to the wrong request. Every line is parsed with bounds
(:mod:`casino_proofs.untrusted.bounded_json`); each request has a time limit.

A request the program does not answer properly raises :class:`Broken`, saying how (``crash``,
``timeout``, ``malformed``, ``desync``). An answer followed by an exit stands, and the exit is
logged as the channel's fault.
"""

from __future__ import annotations

import json
from typing import Any

from casino_proofs.adapters.program.process import MAX_LINE, EngineProcess, LineTooLong
from casino_proofs.protocol.channel_log import ChannelFault, ChannelLog
from casino_proofs.protocol.hello import EngineUnavailable
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads
from casino_proofs.untrusted.printable import one_line

#: the longest hello answer read
MAX_HELLO = 64 * 1024
#: lines read past a line too many, looking for the fence, before the engine is restarted
MAX_DRAIN = 64


class Broken(Exception):
    """The program did not answer a request properly (``fault``: ``crash``, ``timeout``,
    ``malformed`` or ``desync``, as a :class:`~casino_proofs.protocol.channel_log.
    ChannelFault` names it); ``hopeless``: in a way that asking
    again cannot mend (its hello changed), so the engine is given up on at once;
    ``restarted``: its process was ended for it, as a crash, a timeout or a desync ends it
    (a line over the bound, an unreadable hello), and the next request starts another."""

    def __init__(self, fault: str, problem: str, hopeless: bool = False,
                 restarted: bool = False) -> None:
        super().__init__(problem)
        self.fault = fault
        self.problem = problem
        self.hopeless = hopeless
        self.restarted = restarted or fault in ("crash", "timeout", "desync")


def items_field(op: str) -> str:
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


def _hello_shaped(value: Any) -> bool:
    """A hello's answer (it names the engine and its games), not an answer to a request."""
    return isinstance(value, dict) and "name" in value and "games" in value \
        and not _answer_shaped(value)


def _changed_hello(number: int, line: bytes) -> Broken:
    return Broken("desync", f"line {number:,}: the engine's hello changed (a hello that is "
                            f"not its first is a fault of its channel): {_quoted(line)}",
                  hopeless=True)


def _answer_shaped(value: Any) -> bool:
    return isinstance(value, dict) and ("batch" in value or "scripts" in value
                                        or "error" in value)


class Channel:
    """The fenced channel to one program (``argv``, run without a shell), restarted as
    needed: a fresh process starts with a hello, whose answer every fence must repeat."""

    def __init__(self, argv: list[str], target: str, timeout: float,
                 hello_line: bytes) -> None:
        self.argv, self.target, self.timeout = argv, target, timeout
        self.hello_line = hello_line
        self.process: EngineProcess | None = None
        #: the first hello's answer: every later answer must be followed by it again
        self.fence: Any = None
        self.requests = 0
        self.log = ChannelLog()

    def launch(self) -> EngineProcess:
        try:
            self.process = EngineProcess(self.argv)
        except (OSError, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise EngineUnavailable(f"cannot start {self.target}: {why}") from exc
        return self.process

    def kill(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.kill()

    def close(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.close(b'{"op":"bye"}\n')

    def line(self, process: EngineProcess, due: str) -> tuple[int, bytes]:
        """The next line of the program's output (``Broken`` if none comes)."""
        try:
            got = process.next_line(self.timeout)
        except TimeoutError:
            tail = process.stderr_tail()
            self.kill()
            raise Broken("timeout", f"no {due} within {self.timeout * 1000:,.0f} ms "
                                    f"(--engine-timeout-ms){tail}") from None
        except LineTooLong as exc:
            self.kill()
            raise Broken("malformed", f"line {exc.args[0]:,} of the engine's output is over "
                                      f"{MAX_LINE:,} bytes", restarted=True) from None
        if got is None:
            code = process.exit_code()
            tail = process.stderr_tail()
            self.kill()
            how = f"exited with code {code}" if code is not None else "closed its output"
            raise Broken("crash", f"the engine {how} before its {due}{tail}")
        return got

    def hello(self) -> Any:
        """The hello of a running process (one is started if none runs)."""
        process = self.process or self.launch()
        process.send(self.hello_line)
        number, line = self.line(process, "answer to hello")
        try:
            raw = loads(line, max_bytes=MAX_HELLO)
        except UntrustedJSON as exc:
            self.kill()
            raise Broken("malformed", f"line {number:,}, the answer to hello, is {exc}: "
                                      f"{_quoted(line)}", restarted=True) from None
        if self.fence is None:
            self.fence = raw
        elif raw != self.fence:
            self.kill()
            raise Broken("desync", f"line {number:,}: restarted, the engine answers hello "
                                   f"otherwise than the first time: {_quoted(line)}",
                         hopeless=True)
        return raw

    def exchange(self, request: dict[str, Any]) -> Any:
        """Send one request, fenced by a hello, and read its answer (``Broken`` if the
        engine does not answer it properly, in step)."""
        process = self.process
        if process is None:
            process = self.launch()
            self.hello()  # every session starts so
        self.requests += 1
        process.send(json.dumps(request, separators=(",", ":")).encode() + b"\n"
                     + self.hello_line)
        number, line = self.line(process, "answer")
        answer, problem = _parsed(line, number)
        if not problem and answer == self.fence:  # in step again: the fence has come
            raise Broken("desync", f"the request got no answer: line {number:,} is the answer "
                                   "to the hello sent after it")
        try:
            fence_number, fence = self.line(process, "answer to the hello sent after it")
        except Broken as broken:
            if broken.fault != "crash" or problem or not _answer_shaped(answer):
                raise
            self._exited_after(request, broken)
            return answer
        after, _ = _parsed(fence, fence_number)
        if after != self.fence and _hello_shaped(after):
            self.kill()
            raise _changed_hello(fence_number, fence)
        if after != self.fence:
            self.resynchronise(process)
            if problem or (not _answer_shaped(answer) and _answer_shaped(after)):
                raise Broken("desync", f"line {number:,} {_quoted(line)} is not the answer, "
                                       "which came after it (a line too many: a debug line, "
                                       "an extra line)")
            raise Broken("desync", f"line {fence_number:,} {_quoted(fence)} came after the "
                                   "answer, where the answer to hello was due (a line too "
                                   "many: a debug line, an extra or repeated answer)")
        if problem:
            raise Broken("malformed", problem)
        return answer

    def _exited_after(self, request: dict[str, Any], broken: Broken) -> None:
        """It answered, then exited: the answer stands; the exit is the channel's fault (an
        engine that exits now and then must not be restarted silently)."""
        op = str(request.get("op"))
        self.log.faults.append(ChannelFault(
            op, len(request.get(items_field(op)) or ()), "crash",
            broken.problem.replace("before its answer to the hello sent after it",
                                   "after its answer"), False, True))

    def resynchronise(self, process: EngineProcess) -> None:
        """Read on to the fence (the answer to the hello sent after the request): the lines
        after it belong to the next request. An engine whose fence does not come within
        ``MAX_DRAIN`` lines, or in time, is restarted."""
        for _ in range(MAX_DRAIN):
            try:
                number, line = self.line(process, "answer to the hello sent after it")
            except Broken:
                return  # it has been stopped: the next request starts a fresh process
            value = _parsed(line, number)[0]
            if value == self.fence:
                return
            if _hello_shaped(value):
                self.kill()
                raise _changed_hello(number, line)
        self.kill()
