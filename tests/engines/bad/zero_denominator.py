"""Nets a win "1/00": a fraction with a denominator of zero, written with two zeros.

expect: exit=1 verdict=REFUTED says="a denominator that is not zero"
"""
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    out = any_7(item)
    return {**out, "net": "1/00"} if out.get("decision") == "win" else out


serve(answer)
