"""Benchmark: the exhaustive Pai Gow pass of the example JavaScript engine over ``exec:``, on
a Dask ``LocalCluster`` of two workers beside the local pool of two processes (issue 31:
within 1.2x), as a ratio taken pair by pair in one run.

Each side is ``python -m casino_proofs check --only paigow`` in a new process, as an auditor
runs it: ``--workers 2``, then ``--workers 2 --scheduler local`` (the cluster started and
ended inside the run, each worker starting its own engine; the queries stay on a process
forked from the checker). With ``--quick``, a smoke run: the same pass over 13 cards (A to 6
in two suits and the joker) in this process, once a side.

    python benchmarks/paigow_dask.py [--runs N] [--quick]
"""

from __future__ import annotations

import statistics
import time

from cold_run import cold_run, example_engine, options, parsed  # beside this script

RATIO_TARGET = 1.2
#: A to 6 in clubs and spades, and the joker: 1,287 + 78 hands
QUICK_DECK = (*(r * 4 + s for r in (*range(5), 12) for s in (0, 3)), 52)


def quick_pass(engine: str, scheduler: str | None) -> float:
    """Wall-clock seconds of the pass over ``QUICK_DECK`` in this process (no queries)."""
    from casino_proofs.adapters.targets import open_target
    from casino_proofs.paigow.obligations import prove_paigow

    opened = open_target(engine)
    started = time.perf_counter()
    try:
        prove_paigow(opened, workers=2, deck=QUICK_DECK, spec_checks=False,
                     scheduler=scheduler)
    finally:
        opened.close()
    return time.perf_counter() - started


def main() -> None:
    args = parsed(options(__doc__, 3))
    engine = example_engine()
    base = ["check", "--only", "paigow", "--quiet", "--engine", engine, "--workers", "2"]
    pool_times, dask_times, ratios = [], [], []
    for _ in range(args.runs):  # A then B, pair by pair: the ratio survives a drifting machine
        if args.quick:
            a, b = quick_pass(engine, None), quick_pass(engine, "local")
        else:
            (a,) = cold_run(base, 1)
            (b,) = cold_run([*base, "--scheduler", "local"], 1)
        pool_times.append(a)
        dask_times.append(b)
        ratios.append(b / a)
    what = "13 cards, in this process" if args.quick else "every hand, a new process each"
    print(f"Pai Gow exec pass ({what}), median of {args.runs} pairs:")
    print(f"  local pool (2 processes):  {statistics.median(pool_times):6.2f} s")
    print(f"  LocalCluster (2 workers):  {statistics.median(dask_times):6.2f} s")
    ratio = statistics.median(ratios)
    print(f"  pair by pair:              {', '.join(f'{r:.2f}' for r in ratios)}")
    print(f"  ratio Dask / local pool:   {ratio:6.2f}   target {RATIO_TARGET:.1f}: "
          f"{'MET' if ratio <= RATIO_TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
