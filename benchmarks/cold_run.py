"""Timing ``python -m casino_proofs`` in a new process, as an auditor or CI runs it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path


def cold_run(arguments: list[str], runs: int, ok: tuple[int, ...] = (0,)) -> list[float]:
    """Wall-clock seconds of ``runs`` runs of ``python -m casino_proofs ARGUMENTS``; stops the
    benchmark if one exits with a code not in ``ok``."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "casino_proofs", *arguments],
                              capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - started)
        if done.returncode not in ok:
            raise SystemExit(f"{' '.join(arguments)} failed (exit {done.returncode}):\n"
                             f"{done.stdout[-2000:]}")
    return times


def example_engine() -> str:
    """The ``exec:`` target of the JavaScript example engine; stops the benchmark if Node.js is
    missing."""
    if shutil.which("node") is None:
        raise SystemExit("node is not installed: the example engine is JavaScript")
    return f"exec:node {Path(__file__).resolve().parent.parent / 'examples/engines/engine.js'}"
