"""Exits, now and then, instead of answering: on every fifth line it reads. Restarted, it
answers again, and every input gets its answer in the end.

expect: exit=1 verdict=REFUTED says="exited with code 0 after its answer" input=no
"""
import os
from typing import Any

from _engine import serve


def before(_request: dict[str, Any], number: int) -> None:
    if number % 5 == 0:
        os._exit(0)


serve(before=before)
