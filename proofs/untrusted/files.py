"""A folder given from outside, read as regular files only, each to a bound.

A folder the tool reads (the tests folder of ``blueprint`` and ``coverage``) may hold what
is not a file to read: a FIFO (whose ``open`` waits for a writer that never comes), a device
(``/dev/zero`` never ends), a socket, a symbolic link out of the folder (a link git stores to
``/dev/zero`` or to a secret), or a file of gigabytes. Every entry is looked at before any is
opened (``lstat``: a link is never followed to find out), and refused in one line
(:class:`FolderRefused`, a ``ValueError``) naming it and what is valid; a file is then opened
without blocking, checked again once open, and read to the bound and no further.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from casino_proofs.untrusted.bounds import BOUNDS


class FolderRefused(ValueError):
    """An entry of a folder that is not a file to read, or too large: one line."""


def _kind(mode: int) -> str:
    return ("a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")


def _checked(path: Path, root: Path, most_bytes: int) -> Path:
    """The path to open for ``path``: itself, or the file inside ``root`` its link names."""
    shown = path.relative_to(root) if path.is_relative_to(root) else path
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        target = path.resolve()
        if not target.is_relative_to(root.resolve()):
            raise FolderRefused(f"{shown} is a symbolic link out of the folder; only "
                                "regular files, or links to them inside it, are read")
        path, mode = target, os.stat(target).st_mode
    if not stat.S_ISREG(mode):
        raise FolderRefused(f"{shown} is {_kind(mode)}; only regular files are read")
    size = os.stat(path).st_size
    if size > most_bytes:
        raise FolderRefused(f"{shown} is {size:,} bytes, over the bound of {most_bytes:,} "
                            f"({BOUNDS['test_file_bytes'].option} raises it)")
    return path


def folder_files(folder: Path, suffix: str, most_bytes: int) -> list[Path]:
    """Every file of ``folder`` and its subfolders whose name ends in ``suffix``, in name
    order, each checked before any is opened (:class:`FolderRefused`, naming the first that
    is not a regular file or a link to one inside the folder, or is over ``most_bytes``).
    A link to a folder is not walked into."""
    out: list[Path] = []
    for where, folders, names in os.walk(folder):
        folders.sort()
        for name in sorted(names):
            if name.endswith(suffix):
                out.append(Path(where) / name)
    for path in out:
        _checked(path, folder, most_bytes)
    return sorted(out)


def read_text(path: Path, root: Path, most_bytes: int) -> str:
    """A file of ``root`` checked and read as UTF-8 (a byte that is not becomes U+FFFD),
    opened without blocking and checked again once open, never read past ``most_bytes``."""
    opened = _checked(path, root, most_bytes)
    fd = os.open(opened, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(f.fileno()).st_mode
        if not stat.S_ISREG(mode):  # it changed after it was looked at
            raise FolderRefused(f"{path.name} is {_kind(mode)}; only regular files are read")
        data = f.read(most_bytes + 1)
    if len(data) > most_bytes:
        raise FolderRefused(f"{path.name} is over the bound of {most_bytes:,} bytes "
                            f"({BOUNDS['test_file_bytes'].option} raises it)")
    return data.decode("utf-8", "replace")
