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
import os
import stat
import sys
import tempfile
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


def check_output_paths(output: str | None, bundle: str | None) -> None:
    check_bundle(bundle)
    check_output(output, bundle)


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
