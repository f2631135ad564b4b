"""Pays a winning any-7 with the number 4.0, where a fraction string is due.

expect: exit=1 verdict=REFUTED says="a float"
"""
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    out = any_7(item)
    if out.get("decision") == "win":
        out["net"] = 4.0
    return out


serve(answer)
