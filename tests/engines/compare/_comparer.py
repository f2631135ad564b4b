"""A compare-only Pai Gow evaluator over the protocol ("ranking": "compare"), right unless a
file beside this one changes its comparison: it ranks by this project's own implementation."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

from casino_proofs.impl import paigow
from casino_proofs.impl.cards import parse_hand

RANKS = "23456789TJQKA"
HELLO = {"name": "test comparer", "version": "1", "games": ["paigow"], "wagers": [],
         "ranking": "compare"}


@cache
def strength_of(hand: str) -> tuple[int, ...]:
    value = paigow.evaluate(parse_hand(hand))
    return (value.strength, *value.tiebreak)


def serve(compare: Callable[[str, str], int]) -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        request: dict[str, Any] = json.loads(line)
        op = request.get("op")
        if op == "bye":
            return
        if op == "hello":
            out: Any = HELLO
        elif op == "compare":
            out = {"batch": [compare(a, b) for a, b in request["batch"]]}
        else:
            out = {"error": f"unknown op {op}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
