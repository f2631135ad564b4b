"""A Pai Gow engine over the protocol whose ranking is right: it asks this project's own
implementation. The faulty engines beside this file that start ``paigow_`` change how it
answers (its channel, its second askings), not what it ranks, so that each fault is the only
one; they are checked on a small deck (tests/test_engines.py).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from casino_proofs.impl import paigow
from casino_proofs.impl.cards import parse_hand

Hook = Callable[[dict[str, Any], int], None]
HELLO = {"name": "Pai Gow test engine", "version": "1", "games": ["paigow"], "wagers": []}


def strength(hand: str) -> Any:
    """The right answer to one hand: the strength and the combination."""
    value = paigow.evaluate(parse_hand(hand))
    return {"strength": [value.strength, *value.tiebreak],
            "combination": value.combination.value}


def serve(answer: Callable[[str], Any] = strength,
          batch_line: Callable[[list[Any]], str] | None = None,
          before: Hook | None = None) -> None:
    """Answer hello, rank and bye on standard input and output."""
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        if before is not None:
            before(request, number)
        if op == "bye":
            return
        if op == "hello":
            out = json.dumps(HELLO)
        elif op == "rank":
            answers = [answer(h) for h in request["batch"]]
            out = batch_line(answers) if batch_line else json.dumps({"batch": answers})
        else:
            out = json.dumps({"error": f"unknown op {op}"})
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
