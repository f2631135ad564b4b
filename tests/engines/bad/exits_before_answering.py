"""Exits now and then before it answers: on every fourth line it reads, whatever the line.
Each input it exits on answers rightly when asked again: an exit is the channel's fault,
never the input in flight's. REFUTED by the channel obligation alone; no input is blamed (no
obligation of the wager refuted, no state taken for one it "accepts").

expect: exit=1 verdict=REFUTED says="exited with code 3" not="accepts a" input=no exhaustive=yes
"""
import os
from typing import Any

from _engine import serve


def before(_request: dict[str, Any], number: int) -> None:
    if number % 4 == 0:
        os._exit(3)


serve(before=before)
