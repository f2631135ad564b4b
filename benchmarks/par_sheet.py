"""Benchmark: the PAR sheet (targets: the seven-card table in 60 s or less, cold, on 2 cores;
the craps sheet, every reading included, in 2 s or less).

Prints, in new processes as a user runs them:

- the exact seven-card Pai Gow table over all 154,143,080 hands, by the implementation's
  evaluator (interpreter start and imports included);
- ``casino-proofs par --only craps``: every wager under every reading that changes it, exact,
  from the specification and again from the implementation.

    python benchmarks/par_sheet.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from cold_run import cold_run  # beside this script

SEVEN_TARGET = 60.0
CRAPS_TARGET = 2.0
SEVEN = """
from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.analyses.par.paigow import engine_rank
from casino_proofs.analyses.par.seven_cards import seven_card_counts
counts = seven_card_counts(engine_rank(OurImplementation(), {}), workers=2)
assert sum(counts.values()) == 154_143_080
"""


def seven(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", SEVEN], check=True)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    s = statistics.median(seven(args.runs))
    c = statistics.median(cold_run(["par", "--only", "craps", "--format", "json"], args.runs))
    print(f"PAR sheet, median of {args.runs} cold runs")
    print(f"  seven-card table (154,143,080 hands, exact): {s:6.2f} s   target "
          f"{SEVEN_TARGET:.0f} s: {'MET' if s <= SEVEN_TARGET else 'MISSED'}")
    print(f"  craps sheet, every reading:                  {c:6.2f} s   target "
          f"{CRAPS_TARGET:.0f} s: {'MET' if c <= CRAPS_TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
