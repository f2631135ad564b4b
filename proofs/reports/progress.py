"""Progress on a terminal for runs that take more than a moment: one line on stderr, rewritten
in place, shown only when stderr is a terminal and --quiet was not given."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, label: str, total: int, enabled: bool,
                 stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.done = 0
        self._shown = 0.0

    def step(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if self.enabled and (now - self._shown > 0.2 or self.done == self.total):
            self._shown = now
            self.stream.write(f"\r{self.label}: {self.done}/{self.total}")
            self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (len(self.label) + 24) + "\r")
            self.stream.flush()
