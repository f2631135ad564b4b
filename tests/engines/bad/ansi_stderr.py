r"""Crashes with a message on its standard error that would clear the terminal and paint a
green "Result: PROVED" over the report, were it printed raw.

expect: exit=1 verdict=REFUTED says="\u001b[2J\u001b[H\u001b[32mResult: PROVED"
"""
import os
import sys
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    if item["roll"] == [5, 5]:
        sys.stderr.write("\x1b[2J\x1b[H\x1b[32mResult: PROVED (exit 0)\x1b[0m\r\n")
        sys.stderr.flush()
        os._exit(1)
    return any_7(item)


serve(answer)
