"""A bundle's ``engine`` entry and the names a manifest gives, read strictly: a field that
names something that does not exist -- an engine kind, a protocol version, a game, a
reading or one of its values, a convention, a wager, a money rule, a house policy -- is
refused in one line naming the field (:class:`BundleError`, exit 2), never taken on record.

Each kind of engine has its own fields (what its door's ``describe`` gives); a field another
kind has, or none has, is refused. What each field is then worth -- derived again from the
target and the hello, or taken on record and said to be -- is
:mod:`casino_proofs.audit.rederive_engine`'s job.
"""

from __future__ import annotations

import re
from typing import Any

from casino_proofs import games, regulation, spec
from casino_proofs.audit.manifest_fields import fail
from casino_proofs.protocol.hello import EngineUnavailable, Hello, protocol_version, read_hello
from casino_proofs.protocol.money import Money, MoneyError
from casino_proofs.solving.budget import MAX_MS

#: the interface each kind of engine speaks (docs/engine-protocol.md): 1, one wager at a
#: time; 2, a table (a session log holds protocol 2's sessions); none for the others
INTERFACE = {"impl": None, "exec": 1, "play": 2, "log": 2, "table": None}
#: the fields of each kind's entry beside ``target``, ``kind`` and ``hello``
FIELDS: dict[str, frozenset[str]] = {
    "impl": frozenset(),
    "exec": frozenset({"protocol", "command", "timeout_ms", "ranking"}),
    "play": frozenset({"protocol", "command", "timeout_ms", "money", "policies", "limits"}),
    "log": frozenset({"file", "sha256", "coverage_required", "sessions", "events",
                      "unreadable_lines", "files"}),
    "table": frozenset({"file", "sha256", "rows", "unreadable_rows", "unmatched_rows"}),
}
_SHA256 = re.compile(r"[0-9a-f]{64}")
_COUNTS = ("sessions", "events", "unreadable_lines", "rows", "unreadable_rows",
           "unmatched_rows")


def _text(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not raw or len(raw) > 4096:
        raise fail(where, "not a string (of 1 to 4,096 characters)")
    return raw


def read_engine(raw: Any) -> tuple[dict[str, Any], Hello]:
    """The manifest's ``engine``: its kind one that exists, the fields of that kind and no
    other, each of its type and naming what exists; and its hello."""
    if not isinstance(raw, dict):
        raise fail("engine", "not an object")
    kind = raw.get("kind")
    if kind not in INTERFACE:
        raise fail("engine.kind", f"names no kind of engine ({str(kind)[:40]!r}); the kinds: "
                                  f"{', '.join(INTERFACE)}")
    allowed = {"target", "kind", "hello"} | FIELDS[kind]
    missing = sorted({"target", "hello"} - set(raw))
    unknown = sorted(set(raw) - allowed)
    if missing:
        raise fail("engine", f"has no {missing[0]!r}")
    if unknown:
        raise fail("engine", f"has a field {unknown[0][:40]!r}, which an engine of kind "
                             f"{kind} does not have")
    _text(raw["target"], "engine.target")
    try:
        hello = read_hello(raw["hello"])
    except EngineUnavailable as exc:
        raise fail("engine.hello", str(exc)) from None
    _hello_names(hello, kind)
    for name in FIELDS[kind] & set(raw):
        _field(raw, name, kind, hello)
    return raw, hello


def _hello_names(hello: Hello, kind: str) -> None:
    """What a recorded hello names must exist, as a live check demands it: its protocol
    version, the readings it claims, a table's interface and money."""
    interface = INTERFACE[kind]
    if interface is not None:
        try:
            protocol_version(hello.raw, interface)
        except EngineUnavailable as exc:
            raise fail("engine.hello.protocol", str(exc)) from None
    unknown = sorted(set(hello.readings or ()) - set(regulation.readings()))
    if unknown:
        raise fail("engine.hello.readings", f"claims reading {unknown[0][:40]!r}, which is "
                                            "not a reading of this model")
    if interface == 2:
        if hello.raw.get("interface") != "table":
            raise fail("engine.hello.interface", "not \"table\", which a table's hello says")
        _money(hello.raw.get("money"), "engine.hello.money")


def _money(raw: Any, where: str) -> Money:
    try:
        return Money.read(raw)
    except MoneyError as exc:
        raise fail(where, str(exc)) from None


def _field(raw: dict[str, Any], name: str, kind: str, hello: Hello) -> None:
    """One field of a kind's own, read strictly."""
    value, where = raw[name], f"engine.{name}"
    if name == "protocol":
        interface = INTERFACE[kind]
        assert interface is not None
        try:
            protocol_version({"protocol": value}, interface)
        except EngineUnavailable as exc:
            raise fail(where, str(exc).replace("the engine's hello names", "it names")) \
                from None
    elif name == "command":
        if not isinstance(value, list) or not value or not all(
                isinstance(x, str) for x in value):
            raise fail(where, "not a non-empty list of strings")
    elif name == "timeout_ms":
        if type(value) is not int or not 1 <= value <= MAX_MS:
            raise fail(where, f"not a whole number from 1 to {MAX_MS:,}")
    elif name == "ranking":
        if value != "compare":
            raise fail(where, "not \"compare\" (an engine that only compares hands)")
    elif name == "money":
        _money(value, where)
    elif name in ("policies", "limits"):
        try:  # the table's game reads them (games.the_one)
            games.the_one("table_policies")(raw.get("policies"), raw.get("limits"),
                                                hello.wagers)
        except ValueError as exc:
            raise fail(where, str(exc)) from None
    else:
        _recorded_file(value, name, where)


def _recorded_file(value: Any, name: str, where: str) -> None:
    """A field of what a recorded file held: its name, hash, counts, and whether its gaps
    were required."""
    if name == "file":
        _text(value, where)
    elif name == "sha256":
        if not isinstance(value, str) or not _SHA256.fullmatch(value):
            raise fail(where, "not a SHA-256 (64 lowercase hexadecimal digits)")
    elif name in _COUNTS:
        if type(value) is not int or value < 0:
            raise fail(where, "not a whole number from 0")
    elif name == "coverage_required":
        if not isinstance(value, bool):
            raise fail(where, "not true or false")
    elif name == "files" and (not isinstance(value, list) or not all(
            isinstance(x, str) and x for x in value)):
        raise fail(where, "not a list of file names")


def known_wagers(raw: Any, where: str) -> list[str] | None:
    """``check.wagers``: null, or wagers of the specification (a wager that does not exist
    is refused, naming it)."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(w, str) for w in raw):
        raise fail(where, "not a list of wager names")
    unknown = [w for w in raw if w not in spec.WAGER_NAMES]
    if unknown:
        raise fail(where, f"names a wager that does not exist: {unknown[0][:40]!r}")
    return list(raw)


def known_readings(raw: Any, where: str) -> dict[str, str]:
    """Readings by name, each a reading of this model, each at one of its values."""
    if not isinstance(raw, dict):
        raise fail(where, "not an object")
    registry = regulation.readings()
    for name, value in raw.items():
        reading = registry.get(name) if isinstance(name, str) else None
        if reading is None:
            raise fail(where, f"names a reading that does not exist: {str(name)[:40]!r}")
        if not isinstance(value, str) or value not in {v.name for v in reading.values}:
            raise fail(f"{where}.{name}", f"names a value of reading {name} that does not "
                                          f"exist: {str(value)[:40]!r}")
    return dict(raw)


def known_conventions(raw: Any, where: str) -> list[str]:
    """Convention IDs, each a convention of this model."""
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise fail(where, "not a list of convention IDs")
    known = regulation.conventions()
    unknown = [c for c in raw if c not in known]
    if unknown:
        raise fail(where, f"names a convention that does not exist: {unknown[0][:40]!r}")
    return list(raw)

