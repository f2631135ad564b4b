"""The files of a session log (docs/engine-protocol.md, "Session logs"): one file, a directory
of them, or a glob, each plain JSON lines or gzip (``.gz``), read as they stream, every line
bounded.

A first pass over the raw bytes (:func:`scan`) hashes every file, counts its lines and cuts
the log into shards of about ``SHARD_BYTES`` each at line boundaries, so that the sessions can
be judged in shards (:mod:`.log_shards`) and merged in order, in flat memory.
"""

from __future__ import annotations

import glob as globbing
import gzip
import hashlib
import os
import stat
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, cast

from casino_proofs.protocol.hello import EngineUnavailable
from casino_proofs.untrusted.bounds import BOUNDS, Bounds

#: the longest line read (a session): a longer one is unreadable, and never held whole
MAX_LINE = 8 * 1024 * 1024
#: the most bytes read of one file (decompressed): what lies past it is one unreadable record
MAX_FILE = 64 * 1024 * 1024 * 1024
#: about how many bytes a shard of the log holds
SHARD_BYTES = 8 * 1024 * 1024
#: the file names a directory's log is made of
SUFFIXES = (".jsonl", ".jsonl.gz", ".json", ".json.gz", ".log", ".log.gz")
_CHUNK = 1024 * 1024


def resolve(spec: str) -> list[str]:
    """The files ``spec`` names: a file, a directory (its files ending in ``SUFFIXES``), or a
    glob; in name order. Each a regular file (EngineUnavailable, one line, if none is)."""
    if any(c in spec for c in "*?["):
        paths = sorted(globbing.glob(spec))
        if not paths:
            raise EngineUnavailable(f"table:{spec}: the pattern matches no file")
    elif os.path.isdir(spec):
        paths = sorted(str(p) for p in Path(spec).iterdir() if p.name.endswith(SUFFIXES))
        if not paths:
            raise EngineUnavailable(f"table:{spec}: a directory with no log file in it (its "
                                    f"files end in {', '.join(SUFFIXES)})")
    else:
        paths = [spec]
    for path in paths:
        regular_file(path)
    return paths


def regular_file(path: str) -> None:
    """A log is read from regular files: a FIFO, a device or a directory is refused before
    anything opens it (opening a FIFO waits for a writer that may never come)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise EngineUnavailable(f"table:{path}: {exc.strerror or 'cannot be read'}; a table is "
                                "a regular file (.csv, or JSON lines)") from None
    if not stat.S_ISREG(mode):
        what = ("a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket"
                if stat.S_ISSOCK(mode) else "not a regular file")
        raise EngineUnavailable(f"table:{path}: {what}; a table is a regular file (.csv, or "
                                "JSON lines)")
    if path.endswith(".gz"):
        with open(path, "rb") as f:
            if f.read(2) != b"\x1f\x8b":
                raise EngineUnavailable(f"table:{path}: not gzip, though its name ends in .gz; "
                                        "name it without .gz, or gzip it")


def open_bytes(path: str) -> IO[bytes]:
    """The file's bytes, decompressed as they are read when it is gzip (``.gz``)."""
    if path.endswith(".gz"):
        return cast(IO[bytes], gzip.open(path, "rb"))
    return open(path, "rb")


@dataclass(frozen=True)
class Line:
    """One line of a file: its number, and its bytes (None: longer than ``MAX_LINE``, or past
    ``MAX_FILE``, and not read)."""

    number: int
    data: bytes | None
    why: str = ""


class Guard:
    """The bounds a log is read under (docs/commands.md, "Bounds"): its lines, blank lines
    included, all its files together, and each gzip file's inflated bytes against its
    compressed ones. Past either, :class:`EngineUnavailable` in one line naming the bound and
    the option that raises it: nothing of the log is judged."""

    def __init__(self, bounds: Bounds | None = None) -> None:
        self.bounds = bounds or Bounds()
        self.before = 0  # the lines of the files read before this one

    def most_inflated(self, path: str) -> int | None:
        """The most bytes a gzip file is read to (None: not gzip)."""
        if not path.endswith(".gz"):
            return None
        return self.bounds.inflated_most(os.path.getsize(path))

    def line(self, path: str, number: int) -> None:
        if self.before + number > self.bounds.log_lines:
            raise EngineUnavailable(
                f"table:{path}: the log has more than {self.bounds.log_lines:,} lines (blank "
                f"lines included); nothing of it was judged ({BOUNDS['log_lines'].option} "
                "raises the bound)")

    def inflated(self, path: str, read: int, most: int | None) -> None:
        if most is not None and read > most:
            raise EngineUnavailable(
                f"table:{path}: inflates to more than {self.bounds.gzip_ratio:,} times its "
                f"{os.path.getsize(path):,} compressed bytes (a gzip bomb?); nothing of the log "
                f"was judged ({BOUNDS['gzip_ratio'].option} raises the bound)")


def lines(path: str, start: int = 0, first: int = 1, stop: int | None = None,
          guard: Guard | None = None) -> Iterator[Line]:
    """The lines of a file from byte ``start`` (of a gzip file, of its decompressed bytes: a
    seek there decompresses up to it, in zlib, with no line read), numbered from ``first``,
    up to line ``stop`` (excluded), each bounded; ``guard``: the log's bounds checked as the
    lines are read (a file read from its start)."""
    most = guard.most_inflated(path) if guard is not None else None
    with open_bytes(path) as f:
        number, read = 1, 0
        if start:
            f.seek(start)
            number, read = first, start
        while stop is None or number < stop:
            data = f.readline(MAX_LINE + 1)
            if not data:
                return
            read += len(data)
            if len(data) > MAX_LINE and not data.endswith(b"\n"):
                while data and not data.endswith(b"\n"):  # the rest of the long line, unread
                    data = f.readline(_CHUNK)
                    read += len(data)
                    if guard is not None:
                        guard.inflated(path, read, most)
                line = Line(number, None, f"a line over {MAX_LINE:,} bytes")
            elif read > MAX_FILE:
                line = Line(number, None, f"past the first {MAX_FILE:,} bytes of the file")
            else:
                line = Line(number, data)
            if guard is not None:
                guard.inflated(path, read, most)
                guard.line(path, number)
            if number >= first:
                yield line
            if line.data is None and read > MAX_FILE:
                return
            number += 1


@dataclass(frozen=True)
class Shard:
    """A run of lines of one file: from line ``first`` (at byte ``start``) to ``stop``
    (excluded; None: the end of the file)."""

    file: int
    first: int
    start: int
    stop: int | None


@dataclass
class Scan:
    """What the raw bytes of the log say: its digest, each file's lines, and the shards."""

    paths: list[str]
    digest: str = ""
    lines: list[int] = field(default_factory=list)
    shards: list[Shard] = field(default_factory=list)


def scan(paths: list[str], shard_bytes: int | None = None,
         bounds: Bounds | None = None) -> Scan:
    """The raw pass: each file hashed and its lines counted, the log cut into shards at line
    boundaries, under the log's bounds (:class:`Guard`). The log's digest is its one file's
    SHA-256 (as ``sha256sum`` gives it), or, for several, the SHA-256 of each file's name and
    digest, a line each, in order. The last shard of a file stops at the lines counted here:
    what a file gains after this pass is never judged."""
    shard_bytes = shard_bytes or SHARD_BYTES
    guard = Guard(bounds)
    out = Scan(paths)
    files = []
    for index, path in enumerate(paths):
        digest = hashlib.sha256()
        number, read, first, start = 0, 0, 1, 0
        most = guard.most_inflated(path)
        # the bounds as plain numbers: this loop runs once a line (ten million blank ones)
        inflated_most = most if most is not None else MAX_FILE + _CHUNK + 1
        lines_most = guard.bounds.log_lines - guard.before
        with open_bytes(path) as f:
            while read <= MAX_FILE:
                try:
                    data = f.readline(_CHUNK)
                except (EOFError, OSError, zlib.error) as exc:  # refused before any judging
                    raise EngineUnavailable(
                        f"table:{path}: the gzip data is cut short or corrupt after line "
                        f"{number:,} ({exc}); nothing of the log was judged") from None
                if not data:
                    break
                digest.update(data)
                read += len(data)
                if read > inflated_most:
                    guard.inflated(path, read, most)
                if data.endswith(b"\n") or len(data) < _CHUNK:  # a line ends here
                    number += 1
                    if number > lines_most:
                        guard.line(path, number)
                    if read - start >= shard_bytes:
                        out.shards.append(Shard(index, first, start, number + 1))
                        first, start = number + 1, read
        # past MAX_FILE, the rest is read by the judging as one unreadable record
        out.shards.append(Shard(index, first, start, number + 1 if read <= MAX_FILE else None))
        out.lines.append(number)
        guard.before += number
        files.append(f"{os.path.basename(path)}\0{digest.hexdigest()}\n")
        if len(paths) == 1:
            out.digest = digest.hexdigest()
    if len(paths) > 1:
        out.digest = hashlib.sha256("".join(files).encode()).hexdigest()
    return out
