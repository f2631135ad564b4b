"""Forks a child that holds its standard output open and sleeps, then exits when asked to
settle: without its process group ended, the checker would wait on the child for the time
limit, and every restart would leave another child behind. (Given a file name, it writes its
children's process IDs there, for the test that no process outlives the run.)

expect: exit=1 verdict=REFUTED says="exited with code 5" exhaustive=yes
"""
import os
import sys
import time
from typing import Any

from _engine import serve


def before(request: dict[str, Any], _number: int) -> None:
    if request.get("op") != "settle":
        return
    child = os.fork()
    if child == 0:  # the child: keeps the pipes, and sleeps
        time.sleep(3600)
        os._exit(0)
    if len(sys.argv) > 1:
        with open(sys.argv[1], "a") as f:
            f.write(f"{child}\n")
    os._exit(5)


serve(before=before)
