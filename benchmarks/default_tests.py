"""Benchmark: the default ``pytest``, its CPU as ``.ci/run`` measures it (every process it
started, engines and browsers included), against its budget of 240 s, with the machine's
yardstick before and after.

    python benchmarks/default_tests.py [--runs N] [--quick]

Run it from the root of a fresh clone installed as CI installs it (``pip install '.[test]'``,
a new virtual environment). ``--quick`` runs one small test file instead: a smoke run.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

from cold_run import options, parsed  # beside this script
from yardstick import line as yardstick_line  # beside this script

BUDGET = 240
ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    args = parsed(options(__doc__ or "", 1))
    print(yardstick_line())
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    if args.quick:
        command += ["-n", "0", "tests/test_kept.py"]
    for run in range(1, args.runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        closing = (done.stdout.strip().splitlines() or [""])[-1]
        print(f"  default pytest run {run}: {cpu:6.0f} s of CPU, {wall:6.0f} s wall, exit "
              f"{done.returncode} (budget {BUDGET} s: {'MET' if cpu <= BUDGET else 'MISSED'})"
              f"; {closing}")
    print(yardstick_line().replace("yardstick:", "yardstick after:"))


if __name__ == "__main__":
    main()
