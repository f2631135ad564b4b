"""The PAR sheet (probability accounting report) of the craps wagers, exact.

For every wager of 95.15 and 95.16 and the Single Chance conventions, under the base readings
and under each other reading that changes the wager, followed from the start states the house
edge uses (:func:`casino_proofs.analyses.readings.edge.starts`) through the absorbing chain of
:mod:`casino_proofs.analyses.readings.chain`:

- every distinct way the wager ends -- a win and what it nets, a loss, a push (the stake
  returned) -- with its exact probability;
- the **hit frequency**: the probability the wager pays something (a net above 0: a World
  that "wins" on 7 and nets 0 pays nothing);
- the **expected net** per unit staked and the **return** (RTP), 1 + expected net;
- the **house edge** three ways: per bet made (-expected net); per bet resolved (the same
  over the probability that the bet is not a push: ties, the stake returned, left out); per
  roll (-expected net over the expected number of rolls the wager is in action);
- the **variance** of the net per unit staked, E[net^2] - E[net]^2, and the **standard
  deviation**, each exact (the deviation as a surd, a sqrt(b)/c) and as a decimal;
- the expected number of **rolls to a decision**;
- the **volatility index** VI = z * sigma at 90 % (z = 1.645) and 95 % (z = 1.960).

Every figure is computed from the specification's settlements and again from the
implementation's, and a row where they differ is flagged. A seeded Monte Carlo run
(:mod:`casino_proofs.craps.par.montecarlo`) can confirm the arithmetic; it is never the source
of a figure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from fractions import Fraction
from math import gcd, isqrt
from typing import Any

from casino_proofs.adapters.ours import LIBRARY_FIGURES, figure_rows
from casino_proofs.analyses.par.decimals import DIGITS, decimal, sqrt_decimal
from casino_proofs.analyses.readings import chain as chains
from casino_proofs.analyses.readings.chain import Chain, Undefined
from casino_proofs.analyses.readings.edge import (
    engine_settle,
    every_wager,
    reading_variants,
    spec_settle,
    starts,
)
from casino_proofs.kept import Kept
from casino_proofs.protocol.engine import Engine

#: z of the volatility index at each confidence (two-sided normal quantiles).
VOLATILITY_Z = {"90%": Decimal("1.645"), "95%": Decimal("1.960")}


@dataclass(frozen=True)
class Figures:
    """The PAR figures of one wager from one start, all exact."""

    ends: tuple[tuple[str, Fraction, Fraction], ...]  # (decision, net, probability)
    expected_net: Fraction
    expected_square: Fraction
    expected_rolls: Fraction

    @property
    def hit_frequency(self) -> Fraction:
        return sum((p for _d, net, p in self.ends if net > 0), Fraction(0))

    @property
    def push(self) -> Fraction:
        return sum((p for d, _n, p in self.ends if d == "push"), Fraction(0))

    @property
    def variance(self) -> Fraction:
        return self.expected_square - self.expected_net ** 2

    @property
    def edge_per_bet(self) -> Fraction:
        return -self.expected_net

    @property
    def edge_per_resolved(self) -> Fraction:
        return -self.expected_net / (1 - self.push)

    @property
    def edge_per_roll(self) -> Fraction:
        return -self.expected_net / self.expected_rolls


def figures(path: Chain) -> Figures:
    """Every figure of the chain, from one elimination: the probability of each end, and the
    expected number of rolls."""
    outcomes = path.outcomes()
    columns = [[row.get(e, Fraction(0)) for row in path.ends] for e in outcomes]
    *probabilities, rolls = chains.solve(path, [*columns, [Fraction(1)] * len(path.states)])
    ends = tuple((d, net, x[0]) for (d, net), x in zip(outcomes, probabilities, strict=True))
    mean = sum((p * net for _d, net, p in ends), Fraction(0))
    square = sum((p * net * net for _d, net, p in ends), Fraction(0))
    return Figures(ends, mean, square, rolls[0])


@dataclass(frozen=True)
class ParRow:
    wager: str
    start: str
    reading: str  # "base" or NAME=VALUE
    spec: Figures | None
    impl: Figures | None
    note: str = ""
    chain: Chain | None = field(default=None, compare=False)  # the specification's
    #: False: the engine does not claim this reading (its hello), so has no figures under it
    implemented: bool = True

    @property
    def agree(self) -> bool:
        """The implementation's figures are the specification's; a reading the engine does
        not implement is no disagreement (the sheet gives the specification's alone)."""
        return not self.implemented or self.spec == self.impl


def _figures(settle: chains.Settle, start: chains.Start) -> tuple[Figures | None, Chain | None,
                                                                   str]:
    try:
        path = chains.build(settle, start)
        return figures(path), path, ""
    except Undefined as exc:
        return None, None, str(exc)


def par_rows(base: Mapping[str, str] | None = None, wagers: list[str] | None = None,
             engine: Engine | None = None) -> list[ParRow]:
    """Every wager under the base readings, and under each other value of each reading that
    changes it; the implementation's figures from ``engine`` (our implementation by default,
    whose rows are kept while the code is the same: every audit bundle holds them)."""
    return figure_rows(_OURS, _rows, base, wagers, engine)


#: the rows of our own implementation, by readings and wagers
_OURS: Kept[list[ParRow]] = Kept(LIBRARY_FIGURES)


def _wager_rows(name: str, base: dict[str, str], engine: Engine) -> list[ParRow]:
    """One wager's rows: from each start, under the base readings and each that changes it,
    the implementation's figures beside the specification's where it implements them."""
    claimed = engine.hello.readings or {}
    rows: list[ParRow] = []
    offered = set(engine.hello.wagers)
    for label, chosen, w in reading_variants(name, base):
        rid, _sep, value = label.partition("=")
        implemented = name in offered and (label == "base" or value in claimed.get(rid, ()))
        why_not = NOT_OFFERED if name not in offered else NOT_CLAIMED
        spec_fn = spec_settle(w)
        impl_fn = engine_settle(name, engine, chosen)
        for start in starts(name):
            made, path, note = _figures(spec_fn, start)
            if not implemented:
                rows.append(ParRow(name, start.label, label, made, None, note or why_not,
                                   path, implemented=False))
                continue
            got, _path, impl_note = _figures(impl_fn, start)
            rows.append(ParRow(name, start.label, label, made, got, note or impl_note,
                               path))
    return rows


_rows = every_wager(_wager_rows, "PAR sheet, craps")

#: a PAR row under a reading the engine does not claim
NOT_CLAIMED = "the implementation does not implement this reading: specification only"
#: ... and of a wager it does not offer (a session log: no session bets it)
NOT_OFFERED = ("the engine does not offer this wager (a session log: no session bets it): "
               "specification only")


# -- exact figures as text -------------------------------------------------------------------


def _square_part(n: int) -> tuple[int, int]:
    """n = a^2 * b with b as small as trial division by primes up to 10,000 (and a final
    perfect square) finds: (a, b)."""
    a, b = 1, n
    p = 2
    while p * p <= b and p <= 10_000:
        while b % (p * p) == 0:
            a *= p
            b //= p * p
        p += 1 if p == 2 else 2
    root = isqrt(b)
    if root * root == b:
        a, b = a * root, 1
    return a, b


def surd(value: Fraction) -> str:
    """The exact square root of a non-negative fraction, as ``a*sqrt(b)/c`` (or a fraction
    when it is rational)."""
    if value < 0:
        raise ValueError("no real square root of a negative variance")
    p, q = value.numerator, value.denominator
    a, b = _square_part(p * q)  # sqrt(p/q) = sqrt(p*q)/q = a*sqrt(b)/q
    g = gcd(a, q)
    a, c = a // g, q // g
    if b == 1:
        return str(Fraction(a, c))
    text = f"sqrt({b})" if a == 1 else f"{a}*sqrt({b})"
    return text if c == 1 else f"{text}/{c}"


def figures_json(f: Figures) -> dict[str, Any]:
    sigma = sqrt_decimal(f.variance)

    def exact(v: Fraction) -> dict[str, str]:
        return {"exact": str(v), "decimal": decimal(v)}

    with localcontext() as ctx:
        ctx.prec = DIGITS
        volatility = {level: str(+(z * sigma)) for level, z in VOLATILITY_Z.items()}
    return {
        "outcomes": [{"decision": d, "net": str(net), "probability": str(p),
                      "probability_decimal": decimal(p)} for d, net, p in f.ends],
        "hit_frequency": exact(f.hit_frequency),
        "expected_net": exact(f.expected_net),
        "return": exact(1 + f.expected_net),
        "house_edge": {"per_bet_made": exact(f.edge_per_bet),
                       "per_bet_resolved": exact(f.edge_per_resolved),
                       "per_roll": exact(f.edge_per_roll)},
        "variance": exact(f.variance),
        "standard_deviation": {"exact": surd(f.variance), "decimal": str(sigma)},
        "expected_rolls": exact(f.expected_rolls),
        "volatility_index": volatility,
    }


def row_json(row: ParRow) -> dict[str, Any]:
    out: dict[str, Any] = {"wager": row.wager, "start": row.start, "reading": row.reading,
                           "agree": row.agree, "implemented": row.implemented}
    if row.spec is not None:
        out["figures"] = figures_json(row.spec)
    if row.note:
        out["note"] = row.note
    if not row.agree:
        out["impl_figures"] = figures_json(row.impl) if row.impl is not None else None
    return out
