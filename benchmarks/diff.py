"""Benchmark: ``casino-proofs diff`` (issue: "every input on which two implementations, two
readings or two engine versions disagree").

Prints, from one run of this script, in new processes as an auditor or CI runs them:

- the craps diff of two versions of the example JavaScript engine over ``exec:`` (one with the
  fault dont-bar-2): every input asked of both, the list replayed and proved complete, the
  house edges (target: 3 s or less);
- the Pai Gow diff over every hand of our implementation and the JavaScript engine with the
  fault wheel-lowest, beside one ``check --only paigow`` of each side, the slower taken, as a
  ratio pair by pair (target: 2 or less).

    python benchmarks/diff.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics

from cold_run import cold_run, example_engine  # beside this script

CRAPS_TARGET = 3.0
RATIO_TARGET = 2.0
DIFFERENT = (0, 1)  # diff exits 1 when it finds differences, as these do


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    engine = example_engine()
    craps = cold_run(["diff", engine, f"{engine} --fault dont-bar-2", "--only", "craps",
                      "--quiet"], args.runs, DIFFERENT)
    ratios, diffs, checks = [], [], []
    for _ in range(args.runs):  # one after the other, pair by pair: the ratio survives drift
        (d,) = cold_run(["diff", "impl", f"{engine} --fault wheel-lowest", "--only", "paigow",
                         "--quiet"], 1, DIFFERENT)
        (c_impl,) = cold_run(["check", "--only", "paigow", "--quiet"], 1)
        (c_exec,) = cold_run(["check", "--only", "paigow", "--quiet", "--engine", engine], 1)
        slower = max(c_impl, c_exec)
        diffs.append(d)
        checks.append(slower)
        ratios.append(d / slower)
    c = statistics.median(craps)
    ratio = statistics.median(ratios)
    print(f"craps diff, two engines over exec (median of {args.runs}): {c:6.2f} s   "
          f"target {CRAPS_TARGET:.1f} s: {'MET' if c <= CRAPS_TARGET else 'MISSED'}")
    print(f"Pai Gow diff over every hand (median of {args.runs} pairs):")
    print(f"  diff impl exec (wheel-lowest):     {statistics.median(diffs):6.2f} s")
    print(f"  check --only paigow, slower side:  {statistics.median(checks):6.2f} s")
    print(f"  ratio diff / check:                {ratio:6.2f}   target {RATIO_TARGET:.1f}: "
          f"{'MET' if ratio <= RATIO_TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
