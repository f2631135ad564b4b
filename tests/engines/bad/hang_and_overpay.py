"""Never answers a batch that holds any-7 on 6-6 off the come-out roll, and pays a 7 at 5 to 1.

The hang costs a few timeouts to find and proves nothing; it must neither hide the overpaid 7
(the engine is not given up on for one hanging input) nor be blamed as a second answer that
differs from the first.

expect: exit=1 verdict=REFUTED says="breaks r3-95.15-2.s1" not="non-deterministic" exhaustive=yes
"""
import time
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    if item["roll"] == [6, 6] and not item["state"]["come_out"]:
        time.sleep(3600)
    out = any_7(item)
    if out.get("decision") == "win":
        out = {"decision": "win", "net": "5", "point": None}
    return out


serve(answer)
