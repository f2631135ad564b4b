"""Exits in the middle of a batch when asked about any-7 on a come-out 3-4.

expect: exit=1 verdict=REFUTED says="exited with code 3"
"""
import os
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    if item["roll"] == [3, 4] and item["state"]["come_out"]:
        os._exit(3)
    return any_7(item)


serve(answer)
