"""An engine's process: started in a process group of its own, read line by line with bounds,
and ended with everything it started.

The program is untrusted. It may fork children that hold its pipes open after it exits, start
background helpers, write a line of a gigabyte with no end, or fill its standard error. So:

- it runs in a new session (its own process group), with a parent-death signal; ending it
  ends the whole group, children and background helpers included, and every descendant that
  left the group (:mod:`casino_proofs.untrusted.processes`: the checker is their subreaper);
- its standard output is read on a thread, line by line, each line at most ``MAX_LINE``
  bytes, numbered from 1 (blank lines are counted and skipped), so a report can name "line
  4,001 of the engine's output";
- waiting for a line also watches the process: once it has exited, its group is ended, so a
  child holding the pipe cannot turn an exit into a wait for the time limit;
- of its standard error, only the last lines are kept, each cut short, and shown escaped.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque
from typing import IO

from casino_proofs.untrusted import processes as reaper
from casino_proofs.untrusted.printable import one_line

#: the longest answer line read (a batch of 20,000 strengths with their combination names is
#: about 1.3 MB)
MAX_LINE = 32 * 1024 * 1024
_STDERR_LINE = 4096
_WATCH = 0.25  # seconds between looks at whether the process has exited


#: seconds to wait for the last of an exited program's standard error (a child of it may
#: keep the pipe open: then what was read by then)
_STDERR_WAIT = 2.0
#: the non-blank lines of a program's standard error a message shows: its first (where a
#: program that fails to start says why: Node.js's "Cannot find module" is its fourth line)
#: and its last (where a Python traceback names its exception), each line escaped and cut
#: to at most ``STDERR_CHARS`` characters
STDERR_FIRST, STDERR_LAST, STDERR_CHARS = 5, 3, 100


def _shown(line: str) -> str:
    """A line of a program's standard error as a message shows it: escaped, and cut."""
    text = one_line(line)
    return text if len(text) <= STDERR_CHARS else text[:STDERR_CHARS - 3] + "..."


class LineTooLong(Exception):
    """The engine wrote a line longer than MAX_LINE."""


class EngineProcess:
    """One run of the program; ``argv`` is run without a shell."""

    def __init__(self, argv: list[str]) -> None:
        # Buffered pipes: unbuffered, readline() reads an answer line a byte at a time.
        self.proc = reaper.start(argv)
        self._lines: queue.Queue[tuple[int, bytes] | None] = queue.Queue()
        #: the first non-blank lines of its standard error, the last ones, and how many
        self._stderr_first: list[str] = []
        self._stderr: deque[str] = deque(maxlen=STDERR_LAST)
        self._stderr_lines = 0
        self._ended = False
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=self._read_out, args=(self.proc.stdout,), daemon=True).start()
        self._err_reader = threading.Thread(target=self._read_err, args=(self.proc.stderr,),
                                            daemon=True)
        self._err_reader.start()

    def _read_out(self, stream: IO[bytes]) -> None:
        number = 0
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                number += 1
                if len(line) > MAX_LINE:
                    self._lines.put((number, b""))  # b"" marks a line over the bound
                    break
                if line.strip():
                    self._lines.put((number, line))
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _read_err(self, stream: IO[bytes]) -> None:
        try:
            while True:
                line = stream.readline(_STDERR_LINE)
                if not line:
                    break
                text = line.decode("utf-8", "replace").rstrip()[:300]
                if not text.strip():
                    continue
                self._stderr_lines += 1
                if len(self._stderr_first) < STDERR_FIRST:
                    self._stderr_first.append(text)
                else:
                    self._stderr.append(text)
        except (OSError, ValueError):
            pass

    # -- talking ----------------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        """Write to the program's standard input (an exited program: reading tells how)."""
        assert self.proc.stdin is not None
        with contextlib.suppress(OSError, ValueError):
            self.proc.stdin.write(data)
            self.proc.stdin.flush()

    def next_line(self, timeout: float) -> tuple[int, bytes] | None:
        """The next non-blank line and its number; None once the output has ended (the program
        exited or closed it); ``TimeoutError`` if none comes within ``timeout`` seconds;
        ``LineTooLong`` for a line over the bound."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            try:
                item = self._lines.get(timeout=min(_WATCH, remaining))
            except queue.Empty:
                if self.proc.poll() is not None:
                    self.end_group()  # its children may hold the pipe: end them too
                continue
            if item is not None and item[1] == b"":
                raise LineTooLong(item[0])
            return item

    def exit_code(self) -> int | None:
        code = self.proc.poll()
        if code is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self.proc.wait(timeout=2)
        return code

    def stderr_tail(self) -> str:
        """What the program wrote on its standard error, escaped and bounded, or '': its
        first lines, where the cause of a failure to start is, then its last. Once the
        program has exited, everything it wrote is read first (however busy the machine is,
        what is shown never depends on when it is asked)."""
        if self.proc.poll() is not None:
            self._err_reader.join(timeout=_STDERR_WAIT)
        first, last = (" | ".join(_shown(line) for line in part)
                       for part in (self._stderr_first, self._stderr))
        if not first:
            return ""
        skipped = self._stderr_lines - len(self._stderr_first) - len(self._stderr)
        gap = f" | ... {skipped:,} more line{'s' if skipped > 1 else ''} ... | " \
            if skipped > 0 else " | "
        return f"; its stderr: {first}{gap}{last}" if last else f"; its stderr: {first}"

    # -- ending -----------------------------------------------------------------------------

    def end_group(self) -> None:
        """Kill the program's whole process group (idempotent)."""
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)

    def kill(self) -> None:
        """End the program and everything it started, now."""
        if self._ended:
            return
        self._ended = True
        reaper.end(self.proc)
        self._close_pipes()

    def close(self, goodbye: bytes) -> None:
        """Say goodbye, give the program a moment to exit, then end its group all the same
        (a background child it left must not outlive the run)."""
        if self._ended:
            return
        self.send(goodbye)
        assert self.proc.stdin is not None
        with contextlib.suppress(OSError, ValueError):
            self.proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=3)
        self.kill()

    def _close_pipes(self) -> None:
        # Only standard input: the reading threads end with the output they read (closing a
        # buffered reader another thread is blocked in would wait for that read to return,
        # forever if a child that escaped the group still holds the pipe).
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                self.proc.stdin.close()
