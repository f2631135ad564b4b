"""The specification's bulk tables kept on disk, in the user's cache directory, between runs.

A table (what the specification says of every abstraction class: every Pai Gow class, every
craps wager, state and roll) depends on the specification, the regulation's text, the
readings in force and the code that builds it, never on the engine under test. It is kept
under ``$XDG_CACHE_HOME/casino-proofs`` (``~/.cache/casino-proofs`` by default), never where
the tool runs, keyed by the content hash of every file of ``spec/`` and ``regulation/`` as
installed, the tool's modules that build it, the versions of Z3 and numpy, and the readings.

Nothing read back is trusted: a file whose key or checksum is not the one expected, or that
cannot be read, is built again and written anew; and every run proves the table it uses equal
to the specification on every class (the ``bulk`` obligations). ``--no-cache`` or
``CASINO_PROOFS_NO_CACHE=1`` turns the cache off (built in memory, nothing read or written).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

#: the environment variable that turns the cache off (any value but empty or 0)
ENV_OFF = "CASINO_PROOFS_NO_CACHE"
#: the packages whose every file keys a table (as installed), beside the modules it names
KEYED_PACKAGES = ("casino_proofs.spec", "casino_proofs.regulation")
_SWITCH: dict[str, bool] = {"on": True}


def use(on: bool) -> None:
    """``--no-cache`` (``on`` false): nothing read or written until turned on again."""
    _SWITCH["on"] = on


def enabled() -> bool:
    """Whether tables are read from and written to the cache directory."""
    return _SWITCH["on"] and os.environ.get(ENV_OFF, "") in ("", "0")


def directory() -> Path:
    """``$XDG_CACHE_HOME/casino-proofs``, else ``~/.cache/casino-proofs``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "casino-proofs"


@functools.cache
def _files_hash(modules: tuple[str, ...]) -> str:
    """SHA-256 of every file of the keyed packages and of ``modules``, by name and content."""
    h = hashlib.sha256()
    for name in (*KEYED_PACKAGES, *modules):
        module = sys.modules.get(name) or importlib.import_module(name)
        where = Path(module.__file__ or "")
        files = sorted(p for p in where.parent.rglob("*") if p.is_file()
                       and p.suffix in (".py", ".toml")) if where.name == "__init__.py" \
            else [where]
        for path in files:
            h.update(f"{name}:{path.name}:{path.stat().st_size}\n".encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def key(kind: str, modules: tuple[str, ...], *parts: str) -> str:
    """The key of one table: its kind, the content of the specification, the regulation and
    ``modules`` (the code that builds it), the solver's and numpy's versions, and ``parts``
    (the readings)."""
    import numpy
    import z3

    h = hashlib.sha256()
    for part in (kind, _files_hash(modules), z3.get_version_string(), numpy.__version__,
                 *parts):
        h.update(part.encode() + b"\0")
    return h.hexdigest()


def _checksum(arrays: dict[str, Any]) -> str:
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = arrays[name]
        h.update(f"{name}:{a.dtype.str}:{a.shape}\n".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def _path(kind: str, table_key: str) -> Path:
    return directory() / f"{kind}-{table_key[:40]}.npz"


def load(kind: str, table_key: str) -> dict[str, Any] | None:
    """The arrays kept under ``table_key``, or None: no cache, no file, or a file that is not
    what was written under that key (another key, a checksum that fails, unreadable)."""
    if not enabled():
        return None
    import numpy as np

    try:
        with np.load(_path(kind, table_key), allow_pickle=False) as kept:
            arrays = {name: kept[name] for name in kept.files}
    except Exception:  # a damaged file fails in any way (zip, zlib, numpy): not read
        return None
    stamp = arrays.pop("_stamp", None)
    if stamp is None or stamp.shape != (2,) or stamp.dtype.kind != "U":
        return None
    if str(stamp[0]) != table_key or str(stamp[1]) != _checksum(arrays):
        return None
    return arrays


def store(kind: str, table_key: str, arrays: dict[str, Any]) -> None:
    """Keep ``arrays`` under ``table_key`` (written whole, then moved into place; a cache
    directory that cannot be written leaves the run as it is)."""
    if not enabled():
        return
    import numpy as np

    stamp = np.array([table_key, _checksum(arrays)])
    folder = directory()
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        fd, partial = tempfile.mkstemp(prefix=f".{kind}-", suffix=".npz", dir=folder)
        try:
            with os.fdopen(fd, "wb") as out:
                np.savez_compressed(out, _stamp=stamp, **arrays)
            os.replace(partial, _path(kind, table_key))
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)
