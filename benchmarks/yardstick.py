"""The machine's yardstick: the CPU time of a fixed pure-Python loop (ten million additions),
printed beside every figure this project quotes, so that a figure measured on one machine can
be scaled to another (docs/performance.md).

    python benchmarks/yardstick.py

The loop is the same everywhere and does no I/O: its time measures the interpreter on this
CPU, at this moment's load (a shared machine's other work slows it too).
"""

from __future__ import annotations

import time

ITERATIONS = 10_000_000


def yardstick() -> float:
    """CPU seconds of the fixed loop (the best of three, to read the machine, not a hiccup)."""
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        total = 0
        for i in range(ITERATIONS):
            total += i
        best = min(best, time.process_time() - started)
    return best


def line() -> str:
    """The yardstick as every benchmark prints it."""
    return f"yardstick: a {ITERATIONS:,}-iteration Python loop in {yardstick():.2f} s of CPU"


if __name__ == "__main__":
    print(line())
