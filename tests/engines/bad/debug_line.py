"""Prints one debug line on its standard output, once, after its first settle answer: read as
the answer to the next request, it would put every later answer one request out of step.

expect: exit=1 verdict=REFUTED says="'DEBUG: settled 150 items' came after the answer" input=no
"""
import sys
from typing import Any

from _engine import batch_size, serve

_done: list[bool] = []


def after(request: dict[str, Any], _number: int) -> None:
    if request.get("op") == "settle" and not _done:
        _done.append(True)
        sys.stdout.write(f"DEBUG: settled {batch_size(request)} items\n")


serve(after=after)
