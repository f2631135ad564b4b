"""What a check's report says of craps in a run (the registry's ``run_summary`` entry): the
hash of the engine's answers and how many inputs were asked."""

from __future__ import annotations

from typing import Any


def run_summary(record: dict[str, Any], asked: str) -> str:
    """The craps answers of a run, in a phrase; ``asked``: how each input was asked (twice,
    or read at its first observation)."""
    return (f"craps answers sha256:{record['answers_sha256'][:16]} "
            f"({record['questions']:,} inputs, {asked})")
