"""Says hello, then answers nothing at all: every request waits out its time limit. An engine
that has answered nothing for 3 requests in a row is given up on within 3 time limits: ERROR,
every input not yet asked named as not asked, one finding that says why.

expect: exit=4 verdict=ERROR says="answered nothing for 3 requests in a row" input=no
"""
import time
from typing import Any

from _engine import serve


def before(request: dict[str, Any], _number: int) -> None:
    if request.get("op") == "settle":
        time.sleep(3600)


serve(before=before)
