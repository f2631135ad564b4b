"""Kills the worker process that started it (SIGKILL) on the batch that holds the hand: a worker
that dies mid-shard. Expected: that shard's hands are ERROR (not answered), never PROVED."""

import os
import signal

from _worker_fault import serve_with


def kill_worker() -> None:
    os.kill(os.getppid(), signal.SIGKILL)


serve_with(kill_worker)
