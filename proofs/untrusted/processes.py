"""Nothing an engine starts outlives the check (Linux).

A program under test runs in a session of its own, and ending its process group ends what it
left there. But a helper may leave the group (``setsid()``), and a checker may be killed from
outside. So:

- the checker is a **child subreaper** (``PR_SET_CHILD_SUBREAPER``): a descendant whose parent
  dies is re-parented to the checker, not to init, so every descendant stays known;
- every engine gets a **parent-death signal** (``PR_SET_PDEATHSIG``, SIGKILL): even a SIGKILL
  of the checker ends it. The signal follows the *thread* that started the engine, so every
  engine is started by one long-lived launcher thread (or the main thread). The checker's
  own pool workers are forked by whatever thread a pool uses, so they watch for the checker
  instead (``exit_with_parent``);
- ending an engine ends its descendants found under ``/proc`` (whatever their group), then
  every stray: a child of the checker in a session other than the checker's that is not a
  running engine (a helper re-parented to it); each is killed and reaped.

Elsewhere (no ``/proc``, no ``prctl``) only the process group is ended.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
#: the engines running in this process, by pid: never taken for strays
RUNNING: dict[int, subprocess.Popen[bytes]] = {}
_LOCK = threading.Lock()


def _prctl() -> Callable[..., int] | None:
    if not Path("/proc/self/stat").exists():
        return None
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name, use_errno=True)
    except OSError:
        return None
    function: Callable[..., int] = libc.prctl
    return function


PRCTL = _prctl()
_SUBREAPER = [False]


def become_subreaper() -> None:
    """Make this process the reaper of every orphaned descendant (idempotent)."""
    if PRCTL is not None and not _SUBREAPER[0]:
        PRCTL(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        _SUBREAPER[0] = True


def exit_with_parent(parent: int, every: float = 0.2) -> None:
    """In a pool worker: SIGTERM at its default (the command's handler is not a worker's),
    and exit within ``every`` seconds of the process that started it being gone (even
    killed). Not a parent-death signal: Linux sends that when the *thread* that forked the
    worker ends, and a pool forks the workers it replaces from a thread of its own that ends
    with the pool, which could kill a worker inside the pool's queue lock and leave the pool
    waiting for ever."""
    with contextlib.suppress(ValueError):  # not the main thread: leave it
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def die_with_parent(parent: int, sig: int = signal.SIGKILL) -> None:
    """In a new process: be sent ``sig`` when the thread that started it ends (and exit now
    if it has already ended)."""
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


# -- starting ---------------------------------------------------------------------------------

_REQUESTS: queue.Queue[tuple[Callable[[], Any], queue.Queue[Any]]] = queue.Queue()
_LAUNCHER: list[threading.Thread] = []


def _launcher_loop() -> None:
    while True:
        start, reply = _REQUESTS.get()
        try:
            reply.put((True, start()))
        except BaseException as exc:  # handed back to the caller, raised there
            reply.put((False, exc))


def start(argv: list[str]) -> subprocess.Popen[bytes]:
    """The program started in a session of its own, with a parent-death signal, by a thread
    that lives as long as this process."""
    become_subreaper()
    parent = os.getpid()

    def launch() -> subprocess.Popen[bytes]:
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, start_new_session=True,
                                   preexec_fn=lambda: die_with_parent(parent))
        with _LOCK:
            RUNNING[process.pid] = process
        return process

    if threading.current_thread() is threading.main_thread():
        return launch()
    with _LOCK:
        if not _LAUNCHER or not _LAUNCHER[0].is_alive():
            thread = threading.Thread(target=_launcher_loop, name="engine-launcher",
                                      daemon=True)
            thread.start()
            _LAUNCHER[:] = [thread]
    reply: queue.Queue[Any] = queue.Queue()
    _REQUESTS.put((launch, reply))
    ok, value = reply.get()
    if not ok:
        raise value
    assert isinstance(value, subprocess.Popen)
    return value


# -- ending ---------------------------------------------------------------------------------


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent, session) of a process, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[0], int(fields[1]), int(fields[3])


def _processes() -> dict[int, tuple[str, int, int]]:
    out = {}
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                stat = _stat(int(entry))
                if stat is not None:
                    out[int(entry)] = stat
    return out


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` by parenthood, whatever its group or session."""
    table = _processes()
    children: dict[int, list[int]] = {}
    for p, (_state, parent, _sid) in table.items():
        children.setdefault(parent, []).append(p)
    out: set[int] = set()
    todo = list(children.get(pid, ()))
    while todo:
        p = todo.pop()
        if p not in out:
            out.add(p)
            todo += children.get(p, ())
    return out


def _strays() -> set[int]:
    """Children of this process in another session that are not running engines."""
    me, mine = os.getpid(), os.getsid(0)
    with _LOCK:
        running = set(RUNNING)
    return {p for p, (_state, parent, sid) in _processes().items()
            if parent == me and sid != mine and p not in running}


def _kill(pids: set[int]) -> None:
    for p in pids:
        with contextlib.suppress(OSError):
            os.kill(p, signal.SIGKILL)


def _reap(pids: set[int]) -> None:
    """Collect the exit of those of ``pids`` that are this process's children."""
    for p in pids:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(p, os.WNOHANG)


def end(process: subprocess.Popen[bytes]) -> None:
    """End an engine now: its whole group, every descendant of it wherever it went, and (when
    no other engine of this process runs) every stray left re-parented here."""
    below = descendants(process.pid)
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        os.killpg(process.pid, signal.SIGKILL)
    _kill(below)
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.kill()
        process.wait(timeout=5)
    with _LOCK:
        RUNNING.pop(process.pid, None)
        others = bool(RUNNING)
    if not others:
        sweep()


def sweep() -> None:
    """Kill and reap every stray: a child of this process in another session that is not a
    running engine (a helper of an engine, re-parented here when its parent died)."""
    if PRCTL is None:
        return
    for _ in range(20):  # a killed stray's own children are re-parented here in turn
        strays = _strays()
        if not strays:
            return
        _kill(strays | {d for s in strays for d in descendants(s)})
        time.sleep(0.01)
        _reap(strays)


def end_all() -> None:
    """Every running engine of this process ended, with everything it started (on exit, on
    SIGTERM or SIGINT)."""
    with _LOCK:
        running = list(RUNNING.values())
    for process in running:
        end(process)
    sweep()
