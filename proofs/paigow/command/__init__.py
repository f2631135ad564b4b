"""Pai Gow's own sub-commands: ``rank`` (one hand's combination, by both sides) and
``compare`` (which of two hands ranks higher), both on :mod:`.hands`. ``command/main.py``
lists them through the registry (``commands``)."""

from __future__ import annotations

from types import ModuleType


def sub_commands() -> tuple[ModuleType, ...]:
    """The modules of Pai Gow's sub-commands (each registers its parser)."""
    from casino_proofs.paigow.command import compare, rank

    return (rank, compare)
