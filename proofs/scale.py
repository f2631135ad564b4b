"""Judging as a map over shards and a merge (shared/ARCHITECTURE.md, "Where scale fits"): one
task function over the same shards, in this process, in worker processes forked from it, or
on the workers of a Dask cluster (``distributed``, the optional extra ``distributed``), and
every result handed back in shard order, whatever order the shards finished in, so that a
merge over them is the same wherever they ran (docs/scale.md).

- **Where** (:class:`Scheduler`): ``workers`` processes forked from this one (one: this
  process), or a Dask cluster: ``local``, a ``LocalCluster`` of ``workers`` processes of one
  thread each, started for the run and ended with it; or ``tcp://HOST:PORT``, a scheduler
  already running, whose workers have this very casino-proofs installed (the same source
  hash, checked on each worker before its first shard).
- **What a worker holds** (:class:`Work`): ``setup(state)`` makes, once per worker and before
  its first shard, the context every shard of it runs with (``state`` reaches a forked worker
  through the fork, a Dask worker pickled and sent once); ``teardown(context)`` ends what the
  worker started (an engine's process) when the run ends, however it ends. A Dask worker of a
  ``LocalCluster`` exits within a moment of the checker's death (as a local worker does); on
  a cluster of its own, a job left with no shard for ``IDLE`` seconds (its checker gone) is
  torn down by the worker itself.
- **A shard not answered** (:class:`NotAnswered`): a worker that dies leaves its shard not
  answered, with why: on a Dask cluster, the shards it was running (a ``LocalCluster``
  retries none elsewhere: ``allowed-failures`` 0); on local processes, every shard not yet
  finished. The caller makes that ERROR for what the shard held, never a verdict on it.
- **Shards that stay here** (``Work.here``): work whose result depends on the process that
  runs it (Z3's resource counts and models depend on the terms its process made before) runs
  on one process forked from this one even when the rest goes to a cluster, exactly as it
  runs in the local pool.

Dask is imported only when a run asks for it; without it, ``--scheduler`` says in one line how
to install it (:func:`check_scheduler`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.util
import logging
import multiprocessing
import multiprocessing.util
import os
import queue
import re
import socket
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, CancelledError, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from casino_proofs.untrusted import processes
from casino_proofs.untrusted.bounds import BOUNDS, SCHEDULER_TIMEOUT_MS
from casino_proofs.version import source_sha256

S = TypeVar("S")
R = TypeVar("R")

#: ``--scheduler local``: a Dask ``LocalCluster`` started for the run
LOCAL = "local"
#: how to get Dask, as the one-line error says it
INSTALL = "pip install 'casino-proofs[distributed]'"
#: seconds a Dask worker keeps a job's context with no shard of it running, before ending it
IDLE = 60.0
#: milliseconds to wait for a Dask scheduler at tcp://HOST:PORT to connect and answer its
#: handshake (``--scheduler-timeout-ms``)
CONNECT_MS = SCHEDULER_TIMEOUT_MS
_ADDRESS = re.compile(r"tcp://(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?"
                      r"|\[[0-9A-Fa-f:.]+\]):(?P<port>[0-9]{1,5})")


class SchedulerError(ValueError):
    """A ``--scheduler`` that cannot be used: one line, exit 2, before any work."""


@dataclass(frozen=True)
class Scheduler:
    """Where the shards run: ``address`` None, ``workers`` processes forked from this one
    (one: this process); ``local``, a Dask ``LocalCluster`` of ``workers`` processes; else the
    Dask scheduler at ``tcp://HOST:PORT`` (``workers`` is then the cluster's own), waited for
    at most ``timeout_ms`` to connect and answer."""

    workers: int = 2
    address: str | None = None
    timeout_ms: int = CONNECT_MS

    @property
    def dask(self) -> bool:
        return self.address is not None


@dataclass(frozen=True)
class NotAnswered:
    """A shard whose result never came back: ``why`` says what happened to its worker."""

    why: str


def _nowhere(_shard: Any) -> bool:
    return False


@dataclass(frozen=True)
class Work(Generic[S, R]):
    """What runs on each worker. ``on_shard(context, shard)``, ``setup`` and ``teardown`` are
    module-level functions (a Dask worker imports them by name); ``state`` is what ``setup``
    makes a worker's context from; ``here(shard)``: the shard runs on a process forked from
    this one, also when the others go to a cluster."""

    on_shard: Callable[[Any, S], R]
    state: Any
    setup: Callable[[Any], Any]
    teardown: Callable[[Any], None]
    here: Callable[[S], bool] = _nowhere


# -- what the user gives ------------------------------------------------------------------


def dask_installed() -> bool:
    """Whether ``distributed`` can be imported (looked up, not imported: that takes a second)."""
    try:
        return importlib.util.find_spec("distributed") is not None
    except (ImportError, ValueError):
        return False


def check_scheduler(address: str, timeout_ms: int = CONNECT_MS) -> str:
    """``--scheduler ADDRESS`` checked before any work (SchedulerError, one line): Dask
    installed, the address ``local`` or ``tcp://HOST:PORT``, and a Dask scheduler there that
    connects, answers Dask's handshake and says it is a scheduler, all within
    ``timeout_ms`` (a listener that accepts and never speaks is refused when it is up)."""
    if not dask_installed():
        raise SchedulerError(f"--scheduler needs Dask, which is not installed: {INSTALL}")
    if address == LOCAL:
        return address
    form = _ADDRESS.fullmatch(address)
    if form is None or not 0 < int(form["port"]) < 65536:
        raise SchedulerError(f"--scheduler takes {LOCAL} (a Dask LocalCluster of --workers "
                             f"processes) or tcp://HOST:PORT (a running Dask scheduler), not "
                             f"{address[:80]!r}")
    host = form["host"].strip("[]")
    seconds = timeout_ms / 1000
    try:
        with socket.create_connection((host, int(form["port"])), timeout=seconds):
            pass
    except OSError as exc:
        raise SchedulerError(f"--scheduler {address}: no Dask scheduler answers there "
                             f"({exc.strerror or exc}); start one with `dask scheduler`, or "
                             f"use --scheduler {LOCAL}") from None
    try:
        said = asyncio.run(asyncio.wait_for(_identity(address, seconds), seconds))
    except TimeoutError:
        raise SchedulerError(f"--scheduler {address}: something accepts the connection there "
                             f"but does not answer Dask's handshake within {timeout_ms:,} ms "
                             f"({BOUNDS['scheduler_timeout_ms'].option} raises the bound); "
                             f"start a scheduler with `dask scheduler`, or use --scheduler "
                             f"{LOCAL}") from None
    except Exception as exc:  # whatever the other end sent: not a scheduler's handshake
        raise SchedulerError(f"--scheduler {address}: what answers there is not a Dask "
                             f"scheduler ({type(exc).__name__}); start one with `dask "
                             f"scheduler`, or use --scheduler {LOCAL}") from None
    if not isinstance(said, dict) or said.get("type") != "Scheduler":
        raise SchedulerError(f"--scheduler {address}: what answers there is not a Dask "
                             f"scheduler; start one with `dask scheduler`, or use "
                             f"--scheduler {LOCAL}")
    return address


async def _identity(address: str, seconds: float) -> Any:
    """What the Dask server at ``address`` says it is, after Dask's handshake (each step
    bounded by the caller's wait: Dask's own ``connect`` waits for the handshake forever)."""
    from distributed.comm import core

    connect: Callable[..., Any] = core.connect  # distributed carries no type hints
    comm = await connect(address, timeout=seconds)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


# -- the map ----------------------------------------------------------------------------------


def map_shards(work: Work[S, R], shards: Sequence[S], where: Scheduler,
               done: Callable[[int], None] | None = None) -> Iterator[R | NotAnswered]:
    """``work.on_shard`` over every shard, the results in shard order; ``done(i)`` is called as
    shard ``i`` finishes (in whatever order they finish: progress)."""
    if not where.dask and (where.workers <= 1 or len(shards) <= 1):  # nothing to share out
        yield from _in_process(work, shards, done)
        return
    here = [i for i, s in enumerate(shards) if not where.dask or work.here(s)]
    there = [i for i in range(len(shards)) if i not in set(here)]
    finished: queue.Queue[int] = queue.Queue()
    futures: dict[int, Any] = {}
    with contextlib.ExitStack() as stack:
        if here:  # forked first: a fork after Dask's threads start could inherit a held lock
            pool = stack.enter_context(_local_pool(work, 1 if where.dask else
                                                   min(where.workers, len(here))))
            for i in here:
                futures[i] = pool.submit(_on_local_worker, work.on_shard, shards[i])
                futures[i].add_done_callback(lambda _f, i=i: finished.put(i))
        if there:
            submit = stack.enter_context(_dask(work, where))
            for i in there:
                futures[i] = submit(shards[i])
                futures[i].add_done_callback(lambda _f, i=i: finished.put(i))
        yield from _in_order(futures, finished, done)


def _in_process(work: Work[S, R], shards: Sequence[S],
                done: Callable[[int], None] | None) -> Iterator[R | NotAnswered]:
    context = work.setup(work.state)
    try:
        for i, shard in enumerate(shards):
            got = work.on_shard(context, shard)
            if done is not None:
                done(i)
            yield got
    finally:
        work.teardown(context)


def _in_order(futures: dict[int, Any], finished: queue.Queue[int],
              done: Callable[[int], None] | None) -> Iterator[Any]:
    """Each future's result (NotAnswered if its worker died), in index order, as soon as it and
    every one before it is in. A future is also looked at every second, whatever its callback
    did."""
    results: dict[int, Any] = {}
    pending = set(futures)
    following, total = 0, len(futures)
    while following < total:
        try:
            ready = {finished.get(timeout=1.0)}
        except queue.Empty:
            ready = {i for i in pending if futures[i].done()}
        for i in sorted(ready & pending):
            pending.discard(i)
            results[i] = _outcome(futures.pop(i))  # the future let go: its result is held once
            if done is not None:
                done(i)
        while following in results:
            yield results.pop(following)
            following += 1


def _outcome(future: Any) -> Any:
    """A finished future's result; NotAnswered where its worker died (a task that raised
    raises here: a defect of the task, not of a worker)."""
    try:
        return future.result()
    except BrokenExecutor as exc:
        return NotAnswered(f"a worker process ended before answering ({exc})")
    except CancelledError:
        return NotAnswered("the shard was cancelled before it was answered")
    except Exception as exc:
        if type(exc).__name__ in ("KilledWorker", "FutureCancelledError", "CommClosedError"):
            return NotAnswered(f"the Dask worker running it died before answering "
                               f"({type(exc).__name__})")
        raise


# -- local worker processes ---------------------------------------------------------------

_LOCAL_CONTEXT: list[Any] = []


def _local_start(parent: int, setup: Callable[[Any], Any], state: Any,
                 teardown: Callable[[Any], None]) -> None:
    """A forked worker: it ends with the checker, makes its context, and tears it down when it
    exits (a pool's worker exits when the pool is shut down)."""
    processes.exit_with_parent(parent)
    context = setup(state)
    _LOCAL_CONTEXT[:] = [context]
    multiprocessing.util.Finalize(None, teardown, (context,), exitpriority=10)


def _on_local_worker(run: Callable[[Any, S], R], shard: S) -> R:
    return run(_LOCAL_CONTEXT[0], shard)


@contextlib.contextmanager
def _local_pool(work: Work[Any, Any], workers: int) -> Iterator[ProcessPoolExecutor]:
    """Worker processes forked from this one (``state`` is not pickled: the fork copies it),
    each watching for the checker; a worker that dies breaks the pool, and every shard not
    finished is not answered. However the run ends, no worker outlives it."""
    pool = ProcessPoolExecutor(workers, multiprocessing.get_context("fork"), _local_start,
                               (os.getpid(), work.setup, work.state, work.teardown))
    ended = False
    try:
        yield pool
        ended = True
    finally:
        if not ended:  # interrupted, or the consumer stopped: end the workers now
            for process in list(getattr(pool, "_processes", {}).values()):
                with contextlib.suppress(OSError):
                    process.kill()
        pool.shutdown(wait=True, cancel_futures=True)


# -- a Dask cluster -------------------------------------------------------------------------


@contextlib.contextmanager
def _dask(work: Work[Any, Any], where: Scheduler) -> Iterator[Callable[[Any], Any]]:
    """A client of the cluster (a ``LocalCluster`` started here for ``local``), and a way to
    submit a shard to it. Every worker's context of this job is torn down at the end, and a
    cluster started here is closed."""
    import dask
    import distributed

    # distributed's constructors carry no type hints
    local_cluster: Callable[..., Any] = distributed.LocalCluster
    connect: Callable[..., Any] = distributed.Client
    job = uuid.uuid4().hex
    with contextlib.ExitStack() as stack:
        if where.address == LOCAL:
            # a worker that dies fails its shards at once (never retried on another worker);
            # a worker holds only the shard it runs
            with dask.config.set({"distributed.scheduler.allowed-failures": 0,
                                  "distributed.scheduler.worker-saturation": 1.0}), \
                    warnings.catch_warnings():
                # its HTTP server (for metrics) takes another port if 8787 is taken: say nothing
                warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
                cluster = stack.enter_context(local_cluster(
                    n_workers=where.workers, threads_per_worker=1, processes=True,
                    dashboard_address=None, memory_limit=0, silence_logs=logging.CRITICAL))
            client = stack.enter_context(connect(cluster))
            parent: int | None = os.getpid()
        else:  # Dask's own connect waits for the handshake forever: asked first, bounded
            check_scheduler(str(where.address), where.timeout_ms)
            client = stack.enter_context(connect(where.address,
                                                 timeout=where.timeout_ms / 1000))
            parent = None
        submitted: list[Any] = []
        stack.callback(_end_job, client, job, submitted)
        state = client.scatter(work.state, broadcast=True, hash=False)
        check = (source_sha256(), parent)

        def submit(shard: Any) -> Any:
            future = client.submit(_on_dask_worker, job, check, work.setup, work.teardown,
                                   work.on_shard, state, shard, pure=False)
            submitted.append(future)
            return future

        yield submit


def _end_job(client: Any, job: str, submitted: list[Any]) -> None:
    """Cancel what has not run, and end the job's context on every worker."""
    with contextlib.suppress(Exception):
        client.cancel(submitted)
    with contextlib.suppress(Exception):
        client.run(_dask_teardown, job, on_error="ignore")


class _Held:
    """A job's context on one Dask worker: its teardown, the shards of it running, and when
    the last one ended."""

    def __init__(self, context: Any, teardown: Callable[[Any], None]) -> None:
        self.context, self.teardown = context, teardown
        self.running = 0
        self.last = time.monotonic()


_HELD: dict[str, _Held] = {}
_ENDED: set[str] = set()
_HELD_LOCK = threading.Lock()


def _on_dask_worker(job: str, check: tuple[str, int | None], setup: Callable[[Any], Any],
                    teardown: Callable[[Any], None], run: Callable[[Any, S], R], state: Any,
                    shard: S) -> R:
    """A shard on a Dask worker: the job's context made on its first shard (after checking
    that this worker runs the checker's own source), then ``run``."""
    with _HELD_LOCK:
        held = _HELD.get(job)
        if held is None:
            if job in _ENDED:
                raise RuntimeError("the run this shard belongs to has ended")
            source, parent = check
            if source_sha256() != source:
                raise RuntimeError("this Dask worker runs another casino-proofs than the "
                                   "checker (its source hash differs): install the same one")
            if parent is not None and os.getppid() == parent:
                processes.exit_with_parent(parent)  # a LocalCluster's: ends with the checker
            held = _HELD[job] = _Held(setup(state), teardown)
            # What the worker holds now (its imports, the job's state) is left out of the
            # collector's passes: a worker process has a small heap, so its full collections
            # come often, and each went over all of it (a fifth of a shard's time)
            gc.collect()
            gc.freeze()
            threading.Thread(target=_idle_watch, args=(job,), name="job-idle",
                             daemon=True).start()
        held.running += 1
    try:
        return run(held.context, shard)
    finally:
        with _HELD_LOCK:
            held.running -= 1
            held.last = time.monotonic()


def _dask_teardown(job: str) -> None:
    """On a Dask worker: the job's context ended (its engines stopped), now and for good."""
    with _HELD_LOCK:
        held = _HELD.pop(job, None)
        _ENDED.add(job)
        if not _HELD:
            gc.unfreeze()
    if held is not None:
        held.teardown(held.context)


def _idle_watch(job: str, every: float = 1.0) -> None:
    """On a Dask worker: the job torn down once no shard of it has run for ``IDLE`` seconds
    (its checker is gone without ending it)."""
    while True:
        time.sleep(every)
        with _HELD_LOCK:
            held = _HELD.get(job)
            if held is None:
                return
            idle = held.running == 0 and time.monotonic() - held.last > IDLE
        if idle:
            _dask_teardown(job)
            return


__all__ = ["INSTALL", "LOCAL", "NotAnswered", "Scheduler", "SchedulerError", "Work",
           "check_scheduler", "dask_installed", "map_shards"]
