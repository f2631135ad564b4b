"""Timing ``python -m casino_proofs`` in a new process, as an auditor or CI runs it."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

#: the craps wager a smoke run (``--quick``) proves, where a benchmark proves every one
QUICK_WAGERS = "any-7"


def options(doc: str, runs: int) -> argparse.ArgumentParser:
    """A benchmark's options: ``--runs N`` and ``--quick``, a smoke run (each part once, at
    its smallest; what needs every Pai Gow hand is left out, and said to be)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: each part once, at its smallest (its figures say "
                             "nothing of the targets)")
    return parser


def parsed(parser: argparse.ArgumentParser) -> argparse.Namespace:
    """The options, ``--runs 1`` under ``--quick``; a smoke run says so first."""
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
        print("quick: a smoke run, each part once at its smallest; the figures say nothing "
              "of the targets")
    return args


def left_out(what: str) -> None:
    """A part a smoke run leaves out, said."""
    print(f"  {what}: left out by --quick (it needs every Pai Gow hand)")


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
