"""Progress for runs that take more than a moment, on standard error (never in a report).

One reporter serves every long step of a command: proving, asking an engine, playing a table,
writing a report or a site, replaying. A command opens it (:func:`reporting`, with its steps:
``check: 3/6 steps (50 %), the PAR sheet, 40 s``), and each long step opens a phase of it
(:func:`phase`: ``craps: 12/42 wagers checked (28 %), 5 s, about 13 s left``), nested where one
step runs inside another (``Pai Gow: ...; asking the engine: 200/1,000 hands answered``).
Every line says what is counted (its unit), the work done and, where it is known, the work
left:

- the work done, in its own unit, the time so far and, once some work is done, an estimate of
  the time left: the rate of the work done when it was last reported, counted down since
  (while no work is reported it never grows with the time spent; once run out, none is
  given); none either where the units are of unequal work;
- never ``100 %`` while the phase still works: its units all done, it says ``finishing``;
- on a terminal, one line rewritten in place;
- off a terminal (a CI log, a file), one line at least every ``LOG_EVERY`` seconds (5, or
  ``$CASINO_PROOFS_PROGRESS_EVERY``), each ended by a line feed, written by one heartbeat
  even while one long step runs, so that a log is never silent for longer, and never flooded
  either: a phase over before the heartbeat spoke leaves no line; one it spoke of ends with
  ``label: done, ...``;
- nothing at all with ``--quiet``; nothing from a worker process (only the process that opened
  the reporter speaks).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import TextIO

#: seconds between two progress lines in a log (``$CASINO_PROOFS_PROGRESS_EVERY`` overrides)
LOG_EVERY = 5.0
#: the environment variable that sets the seconds between two lines in a log (a test's short
#: interval, a quieter CI log)
EVERY_VARIABLE = "CASINO_PROOFS_PROGRESS_EVERY"
#: seconds between two rewrites of the line on a terminal
TTY_EVERY = 0.2


def log_every() -> float:
    """The seconds between two lines in a log: ``$CASINO_PROOFS_PROGRESS_EVERY`` if it is a
    number from 0.01 to 3,600, else :data:`LOG_EVERY`."""
    text = os.environ.get(EVERY_VARIABLE, "")
    try:
        chosen = float(text)
    except ValueError:
        return LOG_EVERY
    return chosen if 0.01 <= chosen <= 3600 else LOG_EVERY


class _Reporter:
    """The phases open now, innermost last, and the one heartbeat that speaks of them."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.open: list[Progress] = []
        self.heart: threading.Thread | None = None
        self.stop = threading.Event()
        self.last = 0.0  # when a line was last written
        self.pid = 0  # the process that opened the outermost phase

    def active(self) -> bool:
        """Whether a phase opened now speaks: an enabled one is open, in this process."""
        return bool(self.open) and self.open[0].enabled and os.getpid() == self.pid

    def push(self, p: Progress) -> None:
        with self.lock:
            if not self.open or os.getpid() != self.pid:
                self.open, self.pid = [], os.getpid()
                self.last = time.monotonic()
            self.open.append(p)
            if self.heart is None or not self.heart.is_alive():
                self.stop = threading.Event()
                self.heart = threading.Thread(target=self._beat, args=(self.stop,),
                                              name="progress", daemon=True)
                self.heart.start()

    def pop(self, p: Progress) -> None:
        heart = None
        with self.lock:
            if p in self.open:
                self.open.remove(p)
            if not self.open and self.heart is not None:
                self.stop.set()
                heart, self.heart = self.heart, None
        if heart is not None and heart is not threading.current_thread():
            heart.join()

    def _beat(self, stop: threading.Event) -> None:
        while not stop.wait(self._tick()):
            with self.lock:
                if stop.is_set() or not self.open:
                    continue
                top, now = self.open[-1], time.monotonic()
                if top.tty:
                    if now - self.last >= TTY_EVERY:
                        top.rewrite(self.text(now))
                        self.last = now
                elif now - self.last >= top.every:
                    top.line(self.text(now))

    def _tick(self) -> float:
        every = min((TTY_EVERY if p.tty else p.every for p in self.open), default=LOG_EVERY)
        return max(0.01, min(0.25, every / 5))

    def text(self, now: float) -> str:
        """What the heartbeat says: the innermost phase, after the one it runs in."""
        shown = [p for p in self.open if p.enabled][-2:]
        for p in shown:
            p.spoke = True
        return "; ".join(p.text(now) for p in shown)


_REPORTER = _Reporter()


def _forget_in_child() -> None:
    """A forked process (a worker) starts with no phase open, so that it speaks of nothing,
    and with a lock of its own: the parent's heartbeat may have held its lock at the fork."""
    _REPORTER.lock = threading.RLock()
    _REPORTER.open, _REPORTER.heart, _REPORTER.stop = [], None, threading.Event()


os.register_at_fork(after_in_child=_forget_in_child)


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
        self.enabled = enabled and self.stream is not None
        self.every = log_every()
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.done = 0
        self.started = time.monotonic()
        #: when the work done was last reported
        self.at = self.started
        #: the step the phase is at, in words (a command's: "the PAR sheet")
        self.what = ""
        #: whether the heartbeat has spoken of it (its end is then said too)
        self.spoke = False
        #: steps a command adds to those a step of it counts (a blueprint's after its check)
        self.extra = 0
        self._closed = False
        if self.enabled:
            _REPORTER.push(self)

    def line(self, text: str) -> None:
        """One line in the log (off a terminal)."""
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False
        _REPORTER.last = time.monotonic()

    def rewrite(self, text: str) -> None:
        """The terminal's one line, rewritten (cut to the terminal's width)."""
        columns = shutil.get_terminal_size((80, 24)).columns
        try:
            self.stream.write(f"\r{text[:max(columns - 1, 20)]}\x1b[K")
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False

    def text(self, now: float) -> str:
        """Where the phase stands: its label, the work done and left, the time so far, the
        time left."""
        return f"{self.label}: {self.body(now)}"

    def body(self, now: float) -> str:
        """:meth:`text` without the label."""
        if self.unit == "steps" and not self.total:  # a command's, its steps not yet known
            doing = f"step {self.done + 1}, {self.what}" if self.what else "working"
            return f"{doing}, {now - self.started:.0f} s"
        unit = f" {self.unit}" if self.unit else ""
        work = f"{self.done:,}/{self.total:,}{unit}" if self.total else f"{self.done:,}{unit}"
        if self.total and self.done < self.total:
            work += f" ({100 * self.done // self.total} %)"
        elif self.total and not self._closed:
            work += ", finishing"  # every unit done, the phase not over: never "100 %"
        if self.what:
            work += f", {self.what}"
        spent = now - self.started
        left = ""
        if self.estimate and self.total and 0 < self.done < self.total:
            rate = (self.at - self.started) / self.done  # seconds a unit, as last reported
            remaining = rate * (self.total - self.done) - (now - self.at)
            if remaining >= 0.5:
                left = f", about {remaining:.0f} s left"
        more = f", {self.also(spent)}" if self.also is not None else ""
        return f"{work}{more}, {spent:.0f} s{left}"

    def step(self, n: int = 1) -> None:
        """``n`` more units of work done."""
        with _REPORTER.lock:
            self.done += n
            self.at = time.monotonic()

    def reached(self, done: int, total: int | None = None, at: float | None = None) -> None:
        """The work done so far (and the total, once known), at ``at`` (now by default)."""
        with _REPORTER.lock:
            self.at = time.monotonic() if at is None else at
            self.done = done
            if total is not None:
                self.total = total

    def stage(self, what: str, total: int | None = None) -> None:
        """The phase moves on to its next step, ``what`` (the one before it done); ``total``:
        the steps it has, once known."""
        with _REPORTER.lock:
            if self.what:
                self.done += 1
                self.at = time.monotonic()
            self.what = what
            if total is not None:
                self.total = max(total + self.extra, self.done + 1)

    def close(self) -> None:
        if self._closed:
            return
        with _REPORTER.lock:
            self._closed = True
            if self.what:
                self.done += 1
                self.what = ""
            if self.enabled:
                if self.tty:
                    with contextlib.suppress(OSError, ValueError):
                        self.stream.write("\r\x1b[K")
                        self.stream.flush()
                elif self.spoke and time.monotonic() - self.started >= self.every:
                    self.line(f"{self.label}: done, {self.body(time.monotonic())}")
        if self.enabled:
            _REPORTER.pop(self)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def phase(label: str, total: int = 0, unit: str = "", estimate: bool = True,
          also: Callable[[float], str] | None = None) -> Progress:
    """A phase of the command's reporter (:func:`reporting`): it speaks where the command's
    progress is shown, and is silent otherwise (``--quiet``, a library call, a worker
    process). Use it as a context manager, or close it."""
    active = _REPORTER.active()
    stream = _REPORTER.open[0].stream if active else None
    return Progress(label, total, active, stream, unit=unit, estimate=estimate, also=also)


@contextlib.contextmanager
def reporting(label: str, enabled: bool, stream: TextIO | None = None) -> Iterator[Progress]:
    """A command's progress: its steps (:func:`stage`), and every phase opened meanwhile."""
    root = Progress(label, 0, enabled, stream, unit="steps", estimate=False)
    try:
        yield root
    finally:
        root.close()


def stage(what: str, total: int | None = None) -> None:
    """The command moves on to its next step (its reporter's, if one is open here)."""
    if _REPORTER.active():
        _REPORTER.open[0].stage(what, total)


def steps(total: int) -> None:
    """The number of steps the command has, once it knows it."""
    if _REPORTER.active():
        root = _REPORTER.open[0]
        with _REPORTER.lock:
            root.total = max(total + root.extra, root.done + 1)


def more_steps(n: int) -> None:
    """``n`` steps the command takes beyond those the step it runs now will count (a
    blueprint's site, after the check it runs as a step)."""
    if _REPORTER.active():
        root = _REPORTER.open[0]
        with _REPORTER.lock:
            root.extra += n
            root.total += n
