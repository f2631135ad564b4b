"""Progress for runs that take more than a moment, on standard error (never in a report):

- the work done, in its own unit (``1,234,567/2,869,685 hands``), the time so far and, once
  some work is done, an estimate of the time left: the rate of the work done when it was
  last reported, counted down since (while no work is reported it never grows with the time
  spent; once run out, none is given); none either where the units are of unequal work;
- on a terminal, one line rewritten in place;
- off a terminal (a CI log, a file), one line when a phase starts and one at least every
  ``LOG_EVERY`` seconds after, each ended by a line feed, written by a heartbeat even while
  one long step runs, so that a log is never silent for more than a few seconds, and never
  flooded either;
- nothing at all with ``--quiet``.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

#: seconds between two progress lines in a log
LOG_EVERY = 5.0
#: seconds between two rewrites of the line on a terminal
TTY_EVERY = 0.2


class Progress:
    """The progress of one phase: ``total`` units of ``unit`` (0: not known in advance);
    ``estimate``: whether the time left can be told from the units done (not where one unit
    takes a second and the next a minute)."""

    def __init__(self, label: str, total: int, enabled: bool,
                 stream: TextIO | None = None, unit: str = "", estimate: bool = True,
                 also: Callable[[float], str] | None = None) -> None:
        """``also(seconds)``: more to say of the work done after so many seconds (a log's
        events judged and events a second)."""
        self.label = label
        self.also = also
        self.total = total
        self.unit = unit
        self.estimate = estimate
        self.stream = stream or sys.stderr
        self.enabled = enabled
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.done = 0
        self.started = time.monotonic()
        #: when the work done was last reported
        self.at = self.started
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._heart: threading.Thread | None = None
        if self.enabled:
            if not self.tty:
                self._line(f"{self.label}: started")
            self._heart = threading.Thread(target=self._beat, name="progress", daemon=True)
            self._heart.start()

    def _line(self, text: str) -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False

    def text(self, now: float) -> str:
        """Where the phase stands: the work done, the time so far, the time left."""
        unit = f" {self.unit}" if self.unit else ""
        work = f"{self.done:,}/{self.total:,}{unit}" if self.total else f"{self.done:,}{unit}"
        if self.total:
            work += f" ({100 * self.done // self.total} %)"
        spent = now - self.started
        left = ""
        if self.estimate and self.total and 0 < self.done < self.total:
            rate = (self.at - self.started) / self.done  # seconds a unit, as last reported
            remaining = rate * (self.total - self.done) - (now - self.at)
            if remaining >= 0.5:
                left = f", about {remaining:.0f} s left"
        more = f", {self.also(spent)}" if self.also is not None else ""
        return f"{self.label}: {work}{more}, {spent:.0f} s{left}"

    def _beat(self) -> None:
        every = TTY_EVERY if self.tty else LOG_EVERY
        while not self._stop.wait(every):
            self._show()

    def _show(self) -> None:
        with self._lock:
            if not self.enabled or self._stop.is_set():
                return
            text = self.text(time.monotonic())
            if self.tty:
                try:
                    self.stream.write(f"\r{text}\x1b[K")
                    self.stream.flush()
                except (OSError, ValueError):
                    self.enabled = False
            else:
                self._line(text)

    def step(self, n: int = 1) -> None:
        """``n`` more units of work done."""
        with self._lock:
            self.done += n
            self.at = time.monotonic()

    def reached(self, done: int, total: int | None = None, at: float | None = None) -> None:
        """The work done so far (and the total, once known), at ``at`` (now by default)."""
        with self._lock:
            self.at = time.monotonic() if at is None else at
            self.done = done
            if total is not None:
                self.total = total

    def close(self) -> None:
        self._stop.set()
        if self._heart is not None:
            self._heart.join()
        if not self.enabled:
            return
        with self._lock:
            spent = time.monotonic() - self.started
            if self.tty:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
            elif spent >= LOG_EVERY:
                self._line(f"{self.label}: done in {spent:.0f} s")
