"""Exits, without a word, on a batch of more than 100 items; answers smaller ones.

expect: exit=1 verdict=REFUTED says="a settle batch of 150 inputs broke off" input=no
"""
import os
from typing import Any

from _engine import batch_size, serve


def before(request: dict[str, Any], _number: int) -> None:
    if batch_size(request) > 100:
        os._exit(1)


serve(before=before)
