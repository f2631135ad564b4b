"""Says "won" for a winning any-7.

expect: exit=1 verdict=REFUTED says="decision is the string 'won'"
"""
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    out = any_7(item)
    if out.get("decision") == "win":
        out["decision"] = "won"
    return out


serve(answer)
