"""Benchmark: the exhaustive Pai Gow proof run (target: 30 s or less, cold, 2-core machine),
next to the implementation's evaluator throughput.

Prints the cold time of ``python -m casino_proofs check --only paigow`` in a new process
(interpreter start, Z3 import, the abstraction lemma, every hand of the deck through the
implementation, the specification once per class), and the evaluator's hands per second on
one core.

    python benchmarks/paigow_proofs.py [--runs N] [--quick]
"""

from __future__ import annotations

import statistics
import time
from itertools import combinations, islice

from cold_run import cold_run, left_out, options, parsed  # beside this script

TARGET_SECONDS = 30.0


def throughput(sample: int = 300_000) -> float:
    from casino_proofs.impl.cards import DECK
    from casino_proofs.impl.paigow import evaluate

    hands = list(islice(combinations(DECK, 5), 0, None, 9))[:sample]
    started = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    return len(hands) / (time.perf_counter() - started)


def main() -> None:
    args = parsed(options(__doc__, 3))
    rate = throughput(3_000 if args.quick else 300_000)
    print(f"Pai Gow proofs over 2,869,685 + 1,378 hands, median of {args.runs} runs")
    if args.quick:
        left_out("cold (new process, 2 workers)")
    else:
        c = statistics.median(cold_run(["check", "--only", "paigow"], args.runs))
        print(f"  cold (new process, 2 workers): {c:6.2f} s   {c / TARGET_SECONDS:5.2f} x "
              "target")
    print(f"  impl evaluator: {rate:,.0f} hands/s on one core "
          f"({2_869_685 / rate:.1f} s for every five-card hand)")
    if not args.quick:
        print(f"  target: {TARGET_SECONDS:.0f} s; {'MET' if c <= TARGET_SECONDS else 'MISSED'}")


if __name__ == "__main__":
    main()
