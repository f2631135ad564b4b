"""Says the point after a losing roll is 6.0, a float, where the protocol says null or an
integer (and a wager that has left the table has no point at all).

expect: exit=1 verdict=REFUTED says="point is the number 6.0 (a float)"
"""
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    out = any_7(item)
    if item["roll"] == [1, 1] and out.get("decision") == "lose":
        return {**out, "point": 6.0}
    return out


serve(answer)
