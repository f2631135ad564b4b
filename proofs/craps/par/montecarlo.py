"""A seeded Monte Carlo run of the craps PAR sheet: a check on its arithmetic, never a source
of its figures.

Each wager is played from its start, ``trials`` times, along the very chain the exact figures
were solved on (36 equally likely rolls a step, drawn from a seeded generator), until it
leaves the table. Every exact figure -- the probability of each way the wager ends, the hit
frequency, the expected net, the variance of the net and the expected number of rolls -- must
lie inside its confidence interval at a confidence of 99.99 % (z = 3.8906; the variance's,
built from two such intervals, at 99.98 %): an interval that misses means the exact
arithmetic, or the chain, is wrong. With a fixed seed the run, and so
its verdict, is the same on every machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_proofs.analyses.readings.chain import Chain
from casino_proofs.craps.par.edges import Figures

SEED = 2026
CONFIDENCE = "99.99%"
Z = 3.8906  # two-sided normal quantile of 99.99 %
MAX_ROLLS = 100_000  # a wager that has not left the table by then is a defect of the chain


@dataclass(frozen=True)
class Check:
    """One exact figure against its interval."""

    figure: str
    exact: Fraction
    low: float
    high: float

    @property
    def inside(self) -> bool:
        return self.low <= float(self.exact) <= self.high


def _mean_interval(total: float, squares: float, n: int) -> tuple[float, float, float]:
    mean = total / n
    variance = max(squares / n - mean * mean, 0.0)
    half = Z * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def _proportion_interval(hits: int, n: int) -> tuple[float, float]:
    """Wilson's interval (it stays sound for a proportion near 0 or 1)."""
    p = hits / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def simulate(path: Chain, exact: Figures, trials: int, seed: int = SEED) -> list[Check]:
    """Play the wager ``trials`` times and set each exact figure against its interval."""
    rng = random.Random(seed)
    rolls_of = path.rolls
    ends: dict[tuple[str, Fraction], int] = {}
    nets: list[float] = []
    total_rolls = squares_rolls = 0
    for _ in range(trials):
        state, rolls = 0, 0
        while True:
            rolls += 1
            step = rolls_of[state][rng.randrange(36)]
            if isinstance(step, tuple):
                ends[step] = ends.get(step, 0) + 1
                nets.append(float(step[1]))
                break
            state = step
            if rolls > MAX_ROLLS:
                raise RuntimeError("a wager that never leaves the table")
        total_rolls += rolls
        squares_rolls += rolls * rolls
    n = trials
    out = []
    for decision, net, p in exact.ends:
        low, high = _proportion_interval(ends.get((decision, net), 0), n)
        out.append(Check(f"P({decision} {net})", p, low, high))
    hits = sum(c for (_d, net), c in ends.items() if net > 0)
    low, high = _proportion_interval(hits, n)
    out.append(Check("hit frequency", exact.hit_frequency, low, high))
    total = sum(nets)
    squares = sum(x * x for x in nets)
    _m, low, high = _mean_interval(total, squares, n)
    out.append(Check("expected net", exact.expected_net, low, high))
    # The variance is E[net^2] - E[net]^2: each moment gets its interval, and the variance's
    # interval is the widest the two allow (sound where a delta-method interval is not: a
    # wager that always nets +1 or -1 has E[net^2] = 1 exactly).
    _m, low_m, high_m = _mean_interval(total, squares, n)
    fourth = sum(x ** 4 for x in nets)
    _s, low_s, high_s = _mean_interval(squares, fourth, n)
    lowest_m2 = 0.0 if low_m <= 0 <= high_m else min(low_m * low_m, high_m * high_m)
    highest_m2 = max(low_m * low_m, high_m * high_m)
    out.append(Check("variance", exact.variance, low_s - highest_m2, high_s - lowest_m2))
    _m, low, high = _mean_interval(total_rolls, squares_rolls, n)
    out.append(Check("expected rolls", exact.expected_rolls, low, high))
    return out


def checks_json(trials: int, checks: list[Check]) -> dict[str, Any]:
    return {"trials": trials, "seed": SEED, "confidence": CONFIDENCE,
            "inside": all(c.inside for c in checks),
            "figures": [{"figure": c.figure, "exact": str(c.exact),
                         "interval": [round(c.low, 9), round(c.high, 9)], "inside": c.inside}
                        for c in checks]}
