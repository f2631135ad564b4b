"""A Pai Gow evaluator with only compare(a, b) (hello: "ranking": "compare") whose answer is
not antisymmetric: a hand holding the ace of clubs and one without it each compare as the
higher, whichever is asked first. Written from the protocol page; it ranks by this project's
own implementation otherwise, so that its one fault is the only one."""

from __future__ import annotations

import json
import sys
from typing import Any

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent / "bad"))
from _ranker import strength

HELLO = {"name": "one-way comparer", "version": "1", "games": ["paigow"], "wagers": [],
         "ranking": "compare"}


def compare(a: str, b: str) -> int:
    if ("Ac" in a.split()) != ("Ac" in b.split()):
        return 1
    sa, sb = strength(a)["strength"], strength(b)["strength"]
    return (sa > sb) - (sa < sb)


def main() -> None:
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


main()
