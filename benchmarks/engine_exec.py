"""Benchmark: the implementation under test over the engine protocol (issue: "check the engine
that takes the money").

Prints, from one run of this script, in new processes as an auditor or CI runs them:

- the full Pai Gow pass with the example JavaScript engine over ``exec:`` beside the same pass
  in process (our implementation), as a ratio taken pair by pair (target: 2 or less);
- the craps proofs with the JavaScript engine over ``exec:`` (target: 2 s or less).

    python benchmarks/engine_exec.py [--runs N] [--quick]
"""

from __future__ import annotations

import statistics

from cold_run import (  # beside this script
    QUICK_WAGERS,
    cold_run,
    example_engine,
    left_out,
    options,
    parsed,
)

RATIO_TARGET = 2.0
CRAPS_TARGET = 2.0


def main() -> None:
    args = parsed(options(__doc__, 3))
    engine = example_engine()
    print(f"Pai Gow, every hand (median of {args.runs} pairs):")
    if args.quick:
        left_out("exec beside in process")
    else:
        paigow(engine, args.runs)
    wagers = ["--wagers", QUICK_WAGERS] if args.quick else []
    craps = cold_run(["check", "--only", "craps", "--quiet", "--engine", engine, *wagers],
                     args.runs)
    c = statistics.median(craps)
    print(f"craps over exec (median of {args.runs}): {c:6.2f} s   target {CRAPS_TARGET:.1f} s: "
          f"{'MET' if c <= CRAPS_TARGET else 'MISSED'}")


def paigow(engine: str, runs: int) -> None:
    """The Pai Gow pass over exec beside in process, pair by pair."""
    ratios, exec_times, in_times = [], [], []
    for _ in range(runs):  # A then B, pair by pair: the ratio survives a drifting machine
        (a,) = cold_run(["check", "--only", "paigow", "--quiet", "--engine", engine], 1)
        (b,) = cold_run(["check", "--only", "paigow", "--quiet"], 1)
        exec_times.append(a)
        in_times.append(b)
        ratios.append(a / b)
    ratio = statistics.median(ratios)
    print(f"  exec (JavaScript engine): {statistics.median(exec_times):6.2f} s")
    print(f"  in process (impl):        {statistics.median(in_times):6.2f} s")
    print(f"  ratio exec / in process:  {ratio:6.2f}   target {RATIO_TARGET:.1f}: "
          f"{'MET' if ratio <= RATIO_TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
