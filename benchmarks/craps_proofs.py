"""Benchmark: how long the whole craps proof run takes (target: 2 s or less, 2-core machine).

Prints the cold time (a new process running ``python -m casino_proofs check --only craps``, as an
auditor or CI would: interpreter start, Z3 import, every query) and the warm time (the same
proofs again in this process), as medians over several runs, with their ratio to the target.

    python benchmarks/craps_proofs.py [--runs N] [--quick]
"""

from __future__ import annotations

import statistics
import time

from cold_run import QUICK_WAGERS, cold_run, options, parsed  # beside this script

TARGET_SECONDS = 2.0


def warm(runs: int, wagers: list[str] | None = None) -> tuple[list[float], int]:
    from casino_proofs.craps.assurance.ours import check_craps

    times, count = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        count = len(check_craps(wagers=wagers))
        times.append(time.perf_counter() - started)
    return times, count


def main() -> None:
    args = parsed(options(__doc__, 5))
    wagers = ["--wagers", QUICK_WAGERS] if args.quick else []
    c = statistics.median(cold_run(["check", "--only", "craps", *wagers], args.runs))
    w_times, obligations = warm(args.runs, [QUICK_WAGERS] if args.quick else None)
    w = statistics.median(w_times)
    print(f"craps proofs: {obligations} obligations, median of {args.runs} runs")
    print(f"  cold (new process): {c:6.3f} s   {c / TARGET_SECONDS:5.2f} x target")
    print(f"  warm (in process):  {w:6.3f} s   {w / TARGET_SECONDS:5.2f} x target")
    print(f"  target: {TARGET_SECONDS:.1f} s; {'MET' if c <= TARGET_SECONDS else 'MISSED'}")


if __name__ == "__main__":
    main()
