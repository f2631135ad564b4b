"""Never answers a batch of more than 100 items; answers smaller ones. Slowness or a fault, a
batch without an answer is not established: ERROR, naming the batch size, never PROVED.

expect: exit=4 verdict=ERROR says="of 150 inputs got no answer in time" input=no exhaustive=yes
"""
import time
from typing import Any

from _engine import batch_size, serve


def before(request: dict[str, Any], _number: int) -> None:
    if batch_size(request) > 100:
        time.sleep(3600)


serve(before=before)
