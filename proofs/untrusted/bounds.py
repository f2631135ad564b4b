"""The bounds on what is read from outside (docs/commands.md, "Bounds"): each one's default,
the option that raises it, and the largest value that option takes.

Every input from outside has a bound on the work it can cause, so that no log, engine,
cluster or folder makes a command run for hours or fill the memory: past its bound, an input
is refused in one line (exit 2) or given up on with a verdict that names the bound. A bound
raised by its option is stated on the command line, never found out by the run.
"""

from __future__ import annotations

from dataclasses import dataclass

#: a session log's lines, blank lines included, all its files together
LOG_LINES = 10_000_000
#: a gzip log file's inflated bytes, at most this many times its compressed size...
GZIP_RATIO = 100
#: ...once past this many inflated bytes (a small file may compress better)
GZIP_GRACE = 16 * 1024 * 1024
#: milliseconds to wait for a Dask scheduler to connect and answer its handshake
SCHEDULER_TIMEOUT_MS = 10_000
#: restarts of an engine that keeps breaking its channel, before it is given up on
RESTARTS = 256
#: the bytes of one file that ``blueprint`` and ``coverage`` read of a tests folder
TEST_FILE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class Bound:
    """One bound: its option, its default, the largest value the option takes, what it
    bounds and what happens past it (as docs/commands.md lists them)."""

    option: str
    default: int
    most: int
    what: str
    past: str


#: every bound, by the field of :class:`Bounds` that holds it
BOUNDS = {
    "log_lines": Bound("--max-log-lines", LOG_LINES, 10**12,
                       "the lines of a session log, blank lines included",
                       "the log is refused (exit 2)"),
    "gzip_ratio": Bound("--max-gzip-ratio", GZIP_RATIO, 1_000_000,
                        "a gzip log file's inflated bytes over its compressed bytes (past "
                        "its first 16 MiB)", "the file is refused (exit 2)"),
    "scheduler_timeout_ms": Bound("--scheduler-timeout-ms", SCHEDULER_TIMEOUT_MS, 3_600_000,
                                  "the wait for a Dask scheduler's connection and handshake",
                                  "--scheduler is refused (exit 2)"),
    "restarts": Bound("--max-restarts", RESTARTS, 1_000_000,
                      "the restarts of an engine that keeps breaking its channel",
                      "it is given up on, and what it left unanswered is ERROR"),
    "test_file_bytes": Bound("--max-test-file-bytes", TEST_FILE_BYTES, 2**40,
                             "the bytes of one file of the tests folder read",
                             "the folder is refused (exit 2)"),
}


@dataclass(frozen=True)
class Bounds:
    """The bounds a command runs under (each its default unless an option raised it)."""

    log_lines: int = LOG_LINES
    gzip_ratio: int = GZIP_RATIO
    scheduler_timeout_ms: int = SCHEDULER_TIMEOUT_MS
    restarts: int = RESTARTS
    test_file_bytes: int = TEST_FILE_BYTES

    def inflated_most(self, compressed: int) -> int:
        """The most inflated bytes a gzip file of ``compressed`` bytes is read to."""
        return max(GZIP_GRACE, self.gzip_ratio * compressed)
