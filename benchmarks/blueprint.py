"""Benchmark: the regulation blueprint (issue 32). Targets: built from a check report in 10 s or
less; built with the check it needs in at most 1.2 times that check alone.

Prints, in new processes as a user runs them (interpreter start and imports included), the
median of ``--runs`` runs of each:

- ``casino-proofs check --format json``: the check alone, its report written;
- ``casino-proofs blueprint --report``: the site from that report;
- ``casino-proofs blueprint``: the site with the check it needs, run by the blueprint;

and the ratio of the last to the first, wall clock and CPU (the processes' own and their
children's). The figures are printed, never asserted.

    python benchmarks/blueprint.py [--runs N] [--engine TARGET] [--quick]

``--quick`` checks two craps wagers only: a smoke run of the benchmark itself, whose ratio
says nothing of the target (the site's own work, the same whatever the check, outweighs so
small a check).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cold_run import options, parsed  # beside this script

REPORT_TARGET = 10.0
RATIO_TARGET = 1.2
SMALL = ["--only", "craps", "--wagers", "hard-4,any-7"]


def timed(arguments: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of ``python -m casino_proofs ARGUMENTS``; stops the
    benchmark if it exits with a usage or internal error."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "casino_proofs", *arguments],
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(arguments)} failed (exit {done.returncode}):\n"
                         f"{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def median(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    return (statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs))


def main() -> None:
    parser = options(__doc__ or "", runs=1)
    parser.add_argument("--engine", default="impl")
    args = parsed(parser)
    scope = [*(SMALL if args.quick else []), "--engine", args.engine, "--quiet"]
    with tempfile.TemporaryDirectory(prefix="blueprint-bench-") as folder:
        report = os.path.join(folder, "check.json")
        check, from_report, with_check = [], [], []
        for run in range(args.runs):
            check.append(timed(["check", *scope, "--format", "json", "--output", report]))
            from_report.append(timed(["blueprint", "--report", report, "--quiet", "--output",
                                      str(Path(folder) / f"from-report-{run}")]))
            with_check.append(timed(["blueprint", *scope, "--output",
                                     str(Path(folder) / f"with-check-{run}")]))
    (cw, cc), (rw, _rc), (ww, wc) = median(check), median(from_report), median(with_check)
    print(f"blueprint{' (--quick: two craps wagers)' if args.quick else ''}, "
          f"engine {args.engine}, median of {args.runs} cold run(s)")
    print(f"  check alone:                       {cw:6.2f} s wall, {cc:6.2f} s CPU")
    print(f"  blueprint from the check's report: {rw:6.2f} s wall   target {REPORT_TARGET:.0f} s:"
          f" {'MET' if rw <= REPORT_TARGET else 'MISSED'}")
    print(f"  blueprint with the check it needs: {ww:6.2f} s wall, {wc:6.2f} s CPU")
    print(f"  ratio to the check alone:          {ww / cw:6.2f}x wall, {wc / cc:6.2f}x CPU   "
          f"target {RATIO_TARGET}x: {'MET' if ww / cw <= RATIO_TARGET else 'MISSED'} (wall)")


if __name__ == "__main__":
    main()
