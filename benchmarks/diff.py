"""Benchmark: ``casino-proofs diff`` (issue: "every input on which two implementations, two
readings or two engine versions disagree").

Prints, from one run of this script, in new processes as an auditor or CI runs them:

- the craps diff of two versions of the example JavaScript engine over ``exec:`` (one with the
  fault dont-bar-2): every input asked of both, the list replayed and proved complete, the
  house edges (target: 3 s or less);
- the Pai Gow diff over every hand of our implementation and the JavaScript engine with the
  fault wheel-lowest, beside one ``check --only paigow`` of each side, the slower taken, as a
  ratio pair by pair (target: 2 or less).

    python benchmarks/diff.py [--runs N] [--quick]
"""

from __future__ import annotations

import statistics

from cold_run import cold_run, example_engine, left_out, options, parsed  # beside this script

CRAPS_TARGET = 3.0
RATIO_TARGET = 2.0
DIFFERENT = (0, 1)  # diff exits 1 when it finds differences, as these do


def main() -> None:
    args = parsed(options(__doc__, 3))
    engine = example_engine()
    wagers = ["--wagers", "dont-pass"] if args.quick else []  # where dont-bar-2 shows
    craps = cold_run(["diff", engine, f"{engine} --fault dont-bar-2", "--only", "craps",
                      "--quiet", *wagers], args.runs, DIFFERENT)
    c = statistics.median(craps)
    print(f"craps diff, two engines over exec (median of {args.runs}): {c:6.2f} s   "
          f"target {CRAPS_TARGET:.1f} s: {'MET' if c <= CRAPS_TARGET else 'MISSED'}")
    print(f"Pai Gow diff over every hand (median of {args.runs} pairs):")
    if args.quick:
        left_out("diff impl exec beside check --only paigow")
    else:
        paigow(engine, args.runs)


def paigow(engine: str, runs: int) -> None:
    """The Pai Gow diff beside one check of each side, the slower taken, pair by pair."""
    ratios, diffs, checks = [], [], []
    for _ in range(runs):  # one after the other, pair by pair: the ratio survives drift
        (d,) = cold_run(["diff", "impl", f"{engine} --fault wheel-lowest", "--only", "paigow",
                         "--quiet"], 1, DIFFERENT)
        (c_impl,) = cold_run(["check", "--only", "paigow", "--quiet"], 1)
        (c_exec,) = cold_run(["check", "--only", "paigow", "--quiet", "--engine", engine], 1)
        slower = max(c_impl, c_exec)
        diffs.append(d)
        checks.append(slower)
        ratios.append(d / slower)
    ratio = statistics.median(ratios)
    print(f"  diff impl exec (wheel-lowest):     {statistics.median(diffs):6.2f} s")
    print(f"  check --only paigow, slower side:  {statistics.median(checks):6.2f} s")
    print(f"  ratio diff / check:                {ratio:6.2f}   target {RATIO_TARGET:.1f}: "
          f"{'MET' if ratio <= RATIO_TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
