"""Progress for runs that take more than a moment, on standard error (never in a report):

- on a terminal, one line rewritten in place;
- off a terminal (a CI log, a file), one line when a phase starts and one every
  ``LOG_EVERY`` seconds after, each ended by a line feed, so that a log never stays silent for
  minutes and is never flooded either;
- nothing at all with ``--quiet``.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

#: seconds between two progress lines in a log
LOG_EVERY = 5.0


class Progress:
    def __init__(self, label: str, total: int, enabled: bool,
                 stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = enabled
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.done = 0
        self.started = time.monotonic()
        self._shown = self.started
        if self.enabled and not self.tty:
            self._line(f"{self.label}: started")

    def _line(self, text: str) -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False

    def _fraction(self) -> str:
        return f"{self.done}/{self.total}" if self.total else f"{self.done}"

    def step(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.monotonic()
        if self.tty:
            if now - self._shown > 0.2 or self.done == self.total:
                self._shown = now
                self.stream.write(f"\r{self.label}: {self._fraction()}")
                self.stream.flush()
        elif now - self._shown >= LOG_EVERY:
            self._shown = now
            self._line(f"{self.label}: {self._fraction()} ({now - self.started:.0f} s)")

    def close(self) -> None:
        if not self.enabled:
            return
        if self.tty:
            self.stream.write("\r" + " " * (len(self.label) + 24) + "\r")
            self.stream.flush()
        elif time.monotonic() - self.started >= LOG_EVERY:
            self._line(f"{self.label}: done in {time.monotonic() - self.started:.0f} s")
