"""Benchmark: the PAR sheet (targets: the seven-card table in 60 s or less, cold, on 2 cores;
the craps sheet, every reading included, in 2 s or less).

Prints, in new processes as a user runs them:

- the exact seven-card Pai Gow table over all 154,143,080 hands, by the implementation's
  evaluator (interpreter start and imports included);
- ``casino-proofs par --only craps``: every wager under every reading that changes it, exact,
  from the specification and again from the implementation.

    python benchmarks/par_sheet.py [--runs N] [--quick]

``--quick`` tables the seven-card hands of the 21 cards A, K, Q, J, 10 of each suit and the
joker (116,280 hands) in place of the whole deck's.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from cold_run import cold_run, options, parsed  # beside this script

SEVEN_TARGET = 60.0
CRAPS_TARGET = 2.0
SEVEN = """
import sys
from math import comb
from casino_proofs import spec
from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.paigow.par import engine_rank
from casino_proofs.analyses.par.seven_cards import FULL_DECK, seven_card_counts
ranks = sys.argv[1]
deck = FULL_DECK if ranks == "all" else tuple(sorted(
    [spec.paigow.card_index(r + s) for r in ranks for s in "cdhs"] + [spec.paigow.JOKER_INDEX]))
counts = seven_card_counts(engine_rank(OurImplementation(), {}), deck, workers=2)
assert sum(counts.values()) == comb(len(deck), 7)
"""
#: the ranks of a smoke run's deck (with the joker)
QUICK_RANKS = "AKQJT"


def seven(runs: int, ranks: str = "all") -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", SEVEN, ranks], check=True)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    args = parsed(options(__doc__, 3))
    s = statistics.median(seven(args.runs, QUICK_RANKS if args.quick else "all"))
    c = statistics.median(cold_run(["par", "--only", "craps", "--format", "json"], args.runs))
    hands = "116,280 hands of 21 cards" if args.quick else "154,143,080 hands"
    print(f"PAR sheet, median of {args.runs} cold runs")
    table = f"seven-card table ({hands}, exact):"
    print(f"  {table:<45}{s:6.2f} s   target "
          f"{SEVEN_TARGET:.0f} s: {'MET' if s <= SEVEN_TARGET else 'MISSED'}")
    print(f"  craps sheet, every reading:                  {c:6.2f} s   target "
          f"{CRAPS_TARGET:.0f} s: {'MET' if c <= CRAPS_TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
