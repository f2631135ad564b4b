"""Benchmark: a session log judged at scale (issue 31), in new processes as an auditor runs
``casino-proofs check --only craps --engine table:LOG``. Prints, from one run of this script:

- a log of 1,000,000 events judged on two local worker processes (``--workers 2``): wall,
  CPU of every process and peak memory (target: 10 s wall or less on two cores);
- a log of ten times the events (``--large``), and the ratio of its wall time to the first
  (target: 10.5 or less; memory flat: the ratio of the peaks near 1);
- the first log on a Dask ``LocalCluster`` of two workers (``--scheduler local``) beside the
  two local processes, as a ratio taken pair by pair (target: 1.3 or less).

    python benchmarks/log_scale.py [--runs N] [--events N] [--large N] [--quick]

``--quick``: logs of about 2,000 and 20,000 events (one wager's scripts), one run each (the
LocalCluster part needs the ``distributed`` extra; without it, it is left out and said to be).
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import tempfile
from pathlib import Path

from cold_run import QUICK_WAGERS, options, parsed  # beside this script
from table_engine import measured, write_log

WALL_TARGET = 10.0
GROWTH_TARGET = 10.5
CLUSTER_TARGET = 1.3


def judged(log: Path, *where: str) -> tuple[float, float, int]:
    """Wall s, CPU s and peak RSS (KiB) of the check of ``log``; stops on a failed check."""
    code, cpu, wall, peak = measured([sys.executable, "-m", "casino_proofs", "check",
                                      "--quiet", "--only", "craps", "--engine",
                                      f"table:{log}", *where])
    if code:
        raise SystemExit(f"the session log check failed (exit {code}): {log}")
    return wall, cpu, peak


def verdict(value: float, target: float) -> str:
    return f"target at most {target:g}: {'MET' if value <= target else 'MISSED'}"


def main() -> None:
    parser = options(__doc__, 3)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--large", type=int, default=10_000_000)
    args = parsed(parser)
    if args.quick:
        args.events, args.large = 2_000, 20_000
    local = ("--workers", "2")
    with tempfile.TemporaryDirectory() as tmp:
        small, large = Path(tmp) / "small.jsonl", Path(tmp) / "large.jsonl"
        wagers = [QUICK_WAGERS] if args.quick else None  # every wager's scripts, by default
        held = {log: write_log(log, size, wagers)
                for log, size in ((small, args.events), (large, args.large))}
        figures = {}
        for log in (small, large):
            runs = [judged(log, *local) for _ in range(1 if log is large else args.runs)]
            wall, cpu, peak = (statistics.median(x) for x in zip(*runs, strict=True))
            figures[log] = (wall, peak)
            print(f"session log of {held[log]:,} events ({log.stat().st_size / 2**20:,.0f} "
                  f"MiB), 2 local workers: {wall:.1f} s wall, {cpu:.1f} s CPU, peak "
                  f"{peak / 1024:.0f} MiB, {held[log] / wall:,.0f} events/s")
        wall = figures[small][0]
        print(f"  {held[small]:,} events in {wall:.1f} s wall ({verdict(wall, WALL_TARGET)})")
        growth = figures[large][0] / wall
        print(f"  ratio {args.large // args.events}x the events: {growth:.2f}x the wall "
              f"({verdict(growth, GROWTH_TARGET)}); peak memory "
              f"x{figures[large][1] / figures[small][1]:.2f} (flat: near 1)")
        if importlib.util.find_spec("distributed") is None:
            print("LocalCluster (2 workers): left out: pip install 'casino-proofs[distributed]'")
            return
        ratios = []
        for _ in range(args.runs):  # A then B, pair by pair: the ratio survives a drift
            a = judged(small, *local)[0]
            b = judged(small, *local, "--scheduler", "local")[0]
            ratios.append(b / a)
        ratio = statistics.median(ratios)
        print(f"LocalCluster (2 workers) / 2 local workers, {held[small]:,} events: pair by "
              f"pair {', '.join(f'{r:.2f}' for r in ratios)}")
        print(f"  ratio LocalCluster / local: {ratio:.2f} ({verdict(ratio, CLUSTER_TARGET)})")


if __name__ == "__main__":
    main()
