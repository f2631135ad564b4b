"""How a manifest's field is refused: one line naming the file and the field (exit 2)."""

from __future__ import annotations

from typing import Any

from casino_proofs.protocol.channel_log import ChannelLog


class BundleError(ValueError):
    """A bundle that is not intact, or not a bundle; the message names the file (and the
    field)."""


def fail(where: str, what: str) -> BundleError:
    """The refusal of the manifest's field ``where``, saying ``what`` is wrong with it."""
    return BundleError(f"manifest.json: {where}: {what}")


def read_object(raw: Any, where: str, required: set[str],
                optional: frozenset[str] | set[str] = frozenset()) -> dict[str, Any]:
    """``raw``, an object with every field of ``required`` and no field outside it and
    ``optional`` (refused otherwise, naming the first missing or unknown field)."""
    if not isinstance(raw, dict):
        raise fail(where, "not an object")
    missing, unknown = required - set(raw), set(raw) - required - optional
    if missing:
        raise fail(where, f"has no {sorted(missing)[0]!r}")
    if unknown:
        raise fail(where, f"has an unknown field {sorted(unknown)[0][:40]!r}")
    return raw


def read_string(raw: Any, where: str) -> str:
    """``raw``, a string of at most 4,096 characters (refused otherwise)."""
    if not isinstance(raw, str) or len(raw) > 4096:
        raise fail(where, "not a string (of at most 4,096 characters)")
    return raw


def read_count(raw: Any, where: str, most: int = 10**9) -> int:
    """``raw``, a whole number from 0 to ``most`` (refused otherwise)."""
    if type(raw) is not int or not 0 <= raw <= most:
        raise fail(where, f"not a whole number from 0 to {most:,}")
    return raw


def read_channel(raw: Any, where: str) -> ChannelLog:
    """``raw``, the log of an engine's channel (refused if it is not one)."""
    try:
        return ChannelLog.from_json(raw)
    except ValueError as exc:
        raise fail(where, str(exc)) from None
