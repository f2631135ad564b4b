"""Counts in words, with their nouns agreeing: ``1 event``, ``2 events``, never ``1 events``
or ``event(s)`` (a vendor reads a message once)."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str = "") -> str:
    """``n`` and its noun, singular for one: ``counted(1, "kind")`` is ``1 kind``;
    ``plural`` where adding an "s" is not the plural (``counted(2, "was", "were")``)."""
    return f"{n:,} {noun if n == 1 else plural or f'{noun}s'}"
