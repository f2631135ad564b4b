"""Benchmark: the README's commands, each timed in a new process as a newcomer runs them
(interpreter start and imports included), wall clock and CPU (the process and its children),
with the machine's yardstick. The README and docs/performance.md quote these figures.

    python benchmarks/quick_start.py [--runs N] [--quick]

Run it from the root of a fresh clone with the package installed as the README says
(``pip install .``, not editable). ``--quick`` leaves out the full check (both games).
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cold_run import example_engine, options, parsed  # beside this script
from yardstick import line as yardstick_line  # beside this script


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(arguments: list[str]) -> tuple[float, float, int]:
    """Wall and CPU seconds of ``casino-proofs ARGUMENTS`` in a new process, and its exit."""
    cpu, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "casino_proofs", *arguments],
                          capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(arguments)} failed ({done.returncode}): "
                         f"{done.stderr[-800:]}")
    return time.perf_counter() - wall, _children_cpu() - cpu, done.returncode


def main() -> None:
    args = parsed(options(__doc__ or "", 1))
    fault = f"{example_engine()} --fault come-odds-working".removeprefix("exec:")
    with tempfile.TemporaryDirectory(prefix="quick-start-bench-") as folder:
        commands = {
            "check --only craps": ["check", "--only", "craps", "--quiet"],
            "settle hard-6 --roll 3,3": ["settle", "hard-6", "--roll", "3,3"],
            "check --only craps --engine exec:(fault)": [
                "check", "--only", "craps", "--quiet", "--engine", f"exec:{fault}"],
            "blueprint --only craps --engine exec:(fault)": [
                "blueprint", "--only", "craps", "--quiet", "--engine", f"exec:{fault}",
                "--output", str(Path(folder) / "site")],
        }
        if not args.quick:
            commands["check (both games)"] = ["check", "--quiet"]
        print(yardstick_line())
        print(f"quick start, median of {args.runs} run(s) each, in new processes:")
        for label, arguments in commands.items():
            runs = [timed(arguments) for _ in range(args.runs)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            print(f"  casino-proofs {label}: {wall:6.2f} s wall, {cpu:6.2f} s CPU, "
                  f"exit {runs[-1][2]}")


if __name__ == "__main__":
    main()
