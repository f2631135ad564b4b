"""Settles a roll with a die of 0 as a loss (it should refuse it), on every wager it offers:
one fact, one finding, counted -- not one refutation per wager in among the real ones.

expect: exit=1 verdict=REFUTED says="one finding for 2 wagers" args="--wagers any-7,eleven"
"""
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    if 0 in item.get("roll", []):
        return {"decision": "lose", "net": "-1", "point": None}
    return _eleven(item) if item.get("wager") == "eleven" else any_7(item)


def _eleven(item: dict[str, Any]) -> Any:
    state, roll = item["state"], item["roll"]
    if state.get("point") is not None or state.get("working"):
        return {"error": "eleven has no point and takes no working call"}
    if state.get("first_roll") and not state.get("come_out"):
        return {"error": "a shooter's first roll is a come-out roll"}
    if len(roll) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in roll):
        return {"error": "a die shows 1 to 6"}
    if sum(roll) == 11:
        return {"decision": "win", "net": "15", "point": None}
    return {"decision": "lose", "net": "-1", "point": None}


serve(answer, wagers=("any-7", "eleven"))
