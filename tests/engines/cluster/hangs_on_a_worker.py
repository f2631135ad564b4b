"""Never answers the batch that holds the hand, in a worker: an engine that hangs on a worker.
Expected: the hand is ERROR (no answer within --engine-timeout-ms), never PROVED."""

import time

from _worker_fault import serve_with


def hang() -> None:
    time.sleep(3600)


serve_with(hang)
