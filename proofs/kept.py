"""Values worked out once in a process and kept while the code that worked them out is the
same: the specification of a Pai Gow scope (``rank``, ``compare``), the house edges and the
PAR figures of our own implementation (every HTML report and audit bundle shows them).

A value is kept with the code it was computed by: every value named by each module of the
packages it depends on that was loaded when it had been computed (a class's own attributes
too), and each function's code object. It is served again only while each of those modules
names the very same values; a module changed by any means (a patched function, a replaced
class attribute, a mutation hook) makes it be computed again, never served from before
(issue 34: one process gave two answers to one question). A module loaded only later was
not used by the computation. The values are held with it, so no identity is reused while
it is kept. What is changed inside a value, in place (an item set in a dictionary a module
names), is not seen: the tool never changes its modules so, and a caller that does must give
the change in the key (``rank`` keys on the Pai Gow mutation hook's list so).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from types import ModuleType
from typing import Generic, TypeVar

V = TypeVar("V")


def _named_by(module: ModuleType) -> tuple[object, ...]:
    """What ``module`` names, its classes' own attributes, and every function's code; not
    the modules it names (a package names each of its modules once it is loaded, late ones
    too: each is read on its own)."""
    values: list[object] = []
    for value in list(vars(module).values()):
        if isinstance(value, ModuleType):
            continue
        values.append(value)
        if isinstance(value, type) and value.__module__ == module.__name__:
            for attribute in list(vars(value).values()):
                values += [attribute, getattr(attribute, "__code__", None)]
        else:
            values.append(getattr(value, "__code__", None))
    return tuple(values)


def _modules(packages: tuple[str, ...]) -> dict[str, tuple[object, ...]]:
    """Every loaded module of ``packages`` (a package and the modules under it), by name."""
    prefixes = tuple(f"{p}." for p in packages)
    return {name: _named_by(module) for name, module in sorted(sys.modules.items())
            if module is not None and (name in packages or name.startswith(prefixes))}


def _same(kept: tuple[object, ...], now: tuple[object, ...]) -> bool:
    return len(kept) == len(now) and all(a is b for a, b in zip(kept, now, strict=True))


#: what the loaded modules of some packages name, by module (:func:`code_of`)
Code = dict[str, tuple[object, ...]]


def code_of(packages: tuple[str, ...]) -> Code:
    """The code a value computed now is computed by: what every loaded module of
    ``packages`` names (held: no identity is reused while it is kept)."""
    return _modules(packages)


def unchanged(code: Code) -> bool:
    """Whether every module of ``code`` still names the very same values."""
    for name, values in code.items():
        module = sys.modules.get(name)
        if module is None or not _same(values, _named_by(module)):
            return False
    return True


@dataclass(frozen=True)
class _Entry(Generic[V]):
    key: Hashable
    code: Code
    value: V


class Kept(Generic[V]):
    """The last ``size`` values computed, by key, each kept while its code is the same."""

    def __init__(self, packages: tuple[str, ...], size: int = 4) -> None:
        self.packages = packages
        self.size = size
        self._entries: list[_Entry[V]] = []

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The value kept under ``key`` if its code is unchanged, else ``compute()``'s."""
        for entry in self._entries:
            if entry.key == key and unchanged(entry.code):
                self._entries.remove(entry)
                self._entries.append(entry)
                return entry.value
        value = compute()
        self._entries = [e for e in self._entries if e.key != key]
        self._entries.append(_Entry(key, code_of(self.packages), value))
        del self._entries[:-self.size]
        return value
