"""Pays Any 7 at 5 to 1 where 95.15 (2) says 4 to 1.

expect: exit=1 verdict=REFUTED says="the implementation breaks r3-95.15-2.s1: wins on 7"
"""
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    out = any_7(item)
    return {**out, "net": "5"} if out.get("decision") == "win" else out


serve(answer)
