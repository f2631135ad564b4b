"""Writing a report: to standard output, or to a file whole or not at all, and only where a
file belongs.

``--output`` takes a regular file (replaced) or a new path in a writable directory; never a
directory, a device (``/dev/full``, ``/dev/sda``), a FIFO, a symbolic link (``/proc/self/fd/1``
is one), a name longer than the file system takes, a file system that is full, or a place
inside the audit bundle being written. Each is refused before any work, in one line. The
report is written to a temporary file beside the target and renamed into place; if writing
fails (the disk fills up meanwhile), nothing is left behind and the error is one line.

Everything written passes through :func:`casino_proofs.untrusted.printable.printable`: an
engine's message, a table's field or a bundle's file name quoted in a report cannot drive the
terminal that shows it.
"""

from __future__ import annotations

import contextlib
import fnmatch
import glob as globbing
import os
import stat
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from casino_proofs.command.arguments import UsageError
from casino_proofs.reports import registry
from casino_proofs.untrusted.printable import printable

#: the least free space a report's file system must have
MIN_FREE_BYTES = 1024 * 1024


def _inside(path: Path, directory: Path) -> bool:
    return path == directory or directory in path.parents


def check_output(output: str | None, bundle: str | None = None) -> None:
    """Refuse, before any work, a report path that is not a regular file or a new path."""
    if output is None:
        return
    if not output.strip():
        raise UsageError("--output needs a file name")
    target = Path(os.path.abspath(output))
    if bundle is not None and _inside(target, Path(os.path.abspath(bundle))):
        raise UsageError(f"--output {output}: it is in the --bundle directory, which holds "
                         "the bundle's files alone; write the report elsewhere")
    if len(os.fsencode(target.name)) > 255:
        raise UsageError(f"cannot write {output[:60]}...: its name is longer than the file "
                         "system's 255 bytes")
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise UsageError(f"cannot write {output[:200]}: {exc.strerror or exc}") from None
    if mode is not None and not stat.S_ISREG(mode):
        what = "a directory; give a file name" if stat.S_ISDIR(mode) else \
            "a symbolic link" if stat.S_ISLNK(mode) else "not a regular file (a device, a FIFO)"
        raise UsageError(f"--output {output} is {what}: a report goes to a regular file or a "
                         "new path")
    directory = target.parent
    if not directory.is_dir():
        raise UsageError(f"cannot write {output}: its directory does not exist")
    if not os.access(directory, os.W_OK):
        raise UsageError(f"cannot write {output}: its directory is not writable")
    try:
        longest = os.pathconf(directory, "PC_NAME_MAX")
        free = os.statvfs(directory)
    except OSError:
        longest, free = 255, None
    if len(os.fsencode(target.name)) > longest:
        raise UsageError(f"cannot write {output[:60]}...: its name is longer than the file "
                         f"system's {longest} bytes")
    if free is not None and free.f_bavail * free.f_frsize < MIN_FREE_BYTES:
        raise UsageError(f"cannot write {output}: its file system is full "
                         f"({free.f_bavail * free.f_frsize:,} bytes free)")


def check_bundle(bundle: str | None) -> None:
    """Refuse, before any work, a bundle directory that cannot be written: it is a new path or
    an empty directory (never a symbolic link), in a writable directory."""
    if bundle is None:
        return
    if not bundle.strip():
        raise UsageError("--bundle needs a directory name")
    target = Path(bundle)
    if target.is_symlink():
        raise UsageError(f"--bundle {bundle} is a symbolic link; give a new or empty directory")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"--bundle {bundle}: give a new or empty directory")
    parent = target.resolve().parent
    if not parent.is_dir():
        raise UsageError(f"--bundle {bundle}: its parent directory does not exist")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"--bundle {bundle}: its parent directory is not writable")


def check_output_paths(output: str | None, bundle: str | None,
                       reads: Sequence[tuple[str, str]] = ()) -> None:
    """``--output`` and ``--bundle`` checked before any work: each where a file belongs, and
    neither inside, holding or naming what the command reads (``reads``: what it is, and its
    path), which the command would otherwise change while it judges it."""
    check_bundle(bundle)
    check_output(output, bundle)
    for option, path in (("--output", output), ("--bundle", bundle)):
        refuse_inside(option, path, reads)


def refuse_inside(option: str, output: str | None, reads: Sequence[tuple[str, str]]) -> None:
    """An output that is, holds or lies inside an input of the command (a bundle, a report,
    a tests folder, a session log or its directory, or a path its glob matches) is refused in
    one line: nothing writes into what it reads. Links are followed, so another name of the
    same place is the same place."""
    if output is None or not output.strip():
        return
    written = Path(os.path.realpath(output))
    for what, path in reads:
        if _glob(path):
            if fnmatch.fnmatch(os.path.abspath(output), os.path.abspath(path)):
                raise UsageError(f"{option} {output}: the glob of {what} {path} names it; "
                                 "write it elsewhere, so nothing writes into what it reads")
            continue
        read = Path(os.path.realpath(path))
        if _inside(written, read) or _inside(read, written):
            where = "is" if written == read else "is inside" if _inside(written, read) \
                else "holds"
            raise UsageError(f"{option} {output}: it {where} {what} {path}, which this "
                             "command reads; write it elsewhere, so nothing writes into what "
                             "it reads")


def _glob(path: str) -> bool:
    return any(c in path for c in "*?[")


def engine_reads(target: str | None) -> list[tuple[str, str]]:
    """What an engine target has the command read: a table's file, a session log's files or
    directory or glob, a Python module's file (a program's files are its own)."""
    if target is None:
        return []
    kind, sep, rest = target.partition(":")
    if not sep or not rest.strip():
        return []
    if kind == "table" and _glob(rest):
        return [("the log", rest), *(("the log", p) for p in globbing.glob(rest))]
    if kind == "table":
        return [("the log" if os.path.isdir(rest) else "the table", rest)]
    if kind == "python" and rest.endswith(".py"):
        return [("the engine's module", rest)]
    return []


def write_text(text: str, output: str | None) -> None:
    """Write ``text`` to ``output`` atomically (a temporary file renamed into place), or to
    standard output when ``output`` is None; control characters escaped either way."""
    text = printable(text)
    if output is None:
        sys.stdout.write(text)
        return
    check_output(output)  # again: the path may have changed while the work ran
    directory = os.path.dirname(os.path.abspath(output))
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".casino-proofs-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would, not mkstemp's 0600
        os.replace(tmp, output)
    except BaseException as exc:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(exc, OSError):
            raise UsageError(f"cannot write {output}: {exc.strerror or exc}; nothing "
                             "written") from None
        raise


def write_report(doc: object, form: str, output: str | None) -> None:
    """A document rendered in the format ``form`` (``reports/registry.py``), written as
    :func:`write_text` writes."""
    write_text(registry.render(doc, form), output)
