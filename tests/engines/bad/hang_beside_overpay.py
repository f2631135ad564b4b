"""Never answers any-7 on 3-4 off the come-out roll, and pays 6-1 in that state at 5 to 1.

The hang and the fault fall under one rule and one state class: the solver must look past the
unanswered input to the overpaid one (an unanswered input is no evidence either way).

expect: exit=1 verdict=REFUTED says="roll 6,1; not a" not="non-deterministic"
"""
import time
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    come_out = item["state"]["come_out"]
    if item["roll"] == [3, 4] and not come_out and item["state"]["point"] is None:
        time.sleep(3600)
    if item["roll"] == [6, 1] and not come_out:
        return {"decision": "win", "net": "5", "point": None}
    return any_7(item)


serve(answer)
