"""What a check's report says of Pai Gow in a run (the registry's ``run_summary`` entry): the
hash of the engine's answers and how many hands were asked twice."""

from __future__ import annotations

from typing import Any


def run_summary(record: dict[str, Any], asked: str) -> str:
    """The Pai Gow answers of a run, in a phrase (every hand asked once, a sample twice)."""
    return (f"Pai Gow answers sha256:{record['answers_sha256'][:16]} "
            f"({record['determinism_sample']:,} hands asked twice)")
