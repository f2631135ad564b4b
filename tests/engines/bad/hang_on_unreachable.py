"""Never answers any-7 with a point of 4 on 1-1, a state any-7 cannot be in (it must refuse it).

No answer is no evidence: the domain is not established (ERROR), never "accepts an unreachable
state" (REFUTED), never PROVED.

expect: exit=4 verdict=ERROR says="no answer in 3 state(s)" not="accepts an unr" exhaustive=yes
"""
import time
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    if item["roll"] == [1, 1] and item["state"]["point"] == 4 and not item["state"]["working"]:
        time.sleep(3600)
    return any_7(item)


serve(answer)
