"""The checker's own worker processes (the Pai Gow pass, the seven-card count, a Pai Gow
diff): they end with the checker however it ends, and never before it. A CI run once stood
for an hour on a pool whose replacement worker had been sent its parent-death signal when
the pool's own thread ended, inside the pool's queue lock."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time

from casino_proofs.command.main import main
from casino_proofs.untrusted import processes


def test_a_pool_worker_outlives_the_thread_that_forked_it() -> None:
    """A worker forked by a thread that then ends keeps working (a parent-death signal
    follows the forking thread: the pool would lose the worker, maybe inside its lock)."""
    made: dict[str, object] = {}

    def start() -> None:
        pool = multiprocessing.get_context("fork").Pool(
            1, processes.exit_with_parent, (os.getpid(),))
        made["pool"], made["pid"] = pool, pool.apply(os.getpid)

    thread = threading.Thread(target=start)
    thread.start()
    thread.join()
    time.sleep(0.5)
    pool = made["pool"]
    assert isinstance(pool, multiprocessing.pool.Pool)
    try:
        # the same worker, still there (a lost worker leaves the pool waiting: say so in 10 s)
        assert pool.apply_async(os.getpid).get(timeout=10) == made["pid"]
    finally:
        pool.terminate()
        pool.join()


_KILLED_PARENT = """
import multiprocessing, os, sys, time
from casino_proofs.untrusted import processes
pool = multiprocessing.get_context("fork").Pool(1, processes.exit_with_parent, (os.getpid(),))
print(pool.apply(os.getpid), flush=True)
time.sleep(60)
"""


def test_a_pool_worker_ends_when_the_checker_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", _KILLED_PARENT], stdout=subprocess.PIPE,
                              text=True)
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=10)
    deadline = time.monotonic() + 30  # at once when idle; a loaded machine may take longer
    while time.monotonic() < deadline:
        if _ended(worker):
            return
        time.sleep(0.05)
    raise AssertionError(f"worker {worker} outlived its killed parent")


def _ended(pid: int) -> bool:
    """Gone, or a zombie: once this test process has run a command it is a child subreaper,
    so the orphaned worker is its child, and waits here to be reaped."""
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_a_child_forked_under_the_command_takes_sigterm_at_its_default() -> None:
    """The command takes SIGTERM as an interrupt; a forked worker must not (a Python handler
    runs only between bytecodes, so a pool's terminate() could not end a worker waiting in a
    lock)."""
    assert main(["settle", "any-7", "--roll", "3,4", "--format", "json"]) == 0
    previous = signal.signal(signal.SIGTERM, lambda *_: None)  # as while a command runs
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report its handler, and go
        os.write(write, b"1" if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL else b"0")
        os._exit(0)
    signal.signal(signal.SIGTERM, previous)
    os.close(write)
    said = os.read(read, 1)
    os.waitpid(pid, 0)
    assert said == b"1"
