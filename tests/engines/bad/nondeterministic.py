"""Pays a come-out 5-2 at 4 to 1 the first time it is asked, and 5 to 1 after.

expect: exit=1 verdict=REFUTED says="non-deterministic"
"""
from typing import Any

from _engine import any_7, serve

ASKED: set[str] = set()


def answer(item: dict[str, Any]) -> Any:
    out = any_7(item)
    key = repr(item)
    if item["roll"] == [5, 2] and item["state"]["come_out"] and key in ASKED:
        out = {"decision": "win", "net": "5", "point": None}
    ASKED.add(key)
    return out


serve(answer)
