"""Never answers a batch that holds any-7 on 6-6 off the come-out roll.

expect: exit=4 verdict=ERROR says="no answer within"
"""
import time
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    if item["roll"] == [6, 6] and not item["state"]["come_out"]:
        time.sleep(3600)
    return any_7(item)


serve(answer)
