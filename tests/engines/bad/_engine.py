"""A tiny engine for the wager any-7 (r3-95.15-2: wins on 7 at 4 to 1, loses otherwise),
speaking the protocol of docs/engine-protocol.md. Each faulty engine beside this file changes
one thing about it; the tests check that the fault gets a clear verdict naming the input.

Written from the protocol page alone, like a vendor's engine: it imports nothing of the
project.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

Answer = Callable[[dict[str, Any]], Any]
#: called with each request and its number (1 for the first line read): may exit, hang, or
#: write lines of its own, before the request is answered or after
Hook = Callable[[dict[str, Any], int], None]


def any_7(item: dict[str, Any]) -> Any:
    """The right answer to one item (the domain of any-7: no point, no working call)."""
    state, roll = item.get("state", {}), item.get("roll", [])
    if item.get("wager") != "any-7":
        return {"error": "this engine settles any-7 only"}
    if state.get("point") is not None or state.get("working"):
        return {"error": "any-7 has no point and takes no working call"}
    if state.get("first_roll") and not state.get("come_out"):
        return {"error": "a shooter's first roll is a come-out roll"}
    if len(roll) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in roll):
        return {"error": "a die shows 1 to 6"}
    if sum(roll) == 7:
        return {"decision": "win", "net": "4", "point": None}
    return {"decision": "lose", "net": "-1", "point": None}


def serve(answer: Answer = any_7, batch_line: Callable[[list[Any]], str] | None = None,
          before: Hook | None = None, after: Hook | None = None,
          wagers: tuple[str, ...] = ("any-7",), hello: dict[str, Any] | None = None) -> None:
    """Answer hello (its fields replaced by ``hello``'s), settle and bye on standard input
    and output."""
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
            out = {"name": "any-7 test engine", "version": "1", "games": ["craps"],
                   "wagers": list(wagers), **(hello or {})}
            sys.stdout.write(json.dumps(out) + "\n")
        elif op == "settle":
            answers = [answer(item) for item in request["batch"]]
            text = batch_line(answers) if batch_line else json.dumps({"batch": answers})
            sys.stdout.write(text + "\n")
        else:
            sys.stdout.write(json.dumps({"error": f"unknown op {op}"}) + "\n")
        sys.stdout.flush()
        if after is not None:
            after(request, number)
            sys.stdout.flush()


def batch_size(request: dict[str, Any]) -> int:
    """How many items a request holds (0 for one that is not a batch)."""
    batch = request.get("batch")
    return len(batch) if isinstance(batch, list) else 0


if __name__ == "__main__":
    serve()
