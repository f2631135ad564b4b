"""Craps's own sub-commands: ``settle`` (one wager on one roll, by both sides) and ``edge``
(each wager's house edge under each reading). ``command/main.py`` lists them through the
registry (``commands``)."""

from __future__ import annotations

from types import ModuleType


def sub_commands() -> tuple[ModuleType, ...]:
    """The modules of craps's sub-commands (each registers its parser)."""
    from casino_proofs.craps.command import edge, settle

    return (settle, edge)
