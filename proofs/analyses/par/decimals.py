"""The decimals a PAR figure is shown with beside its exact value: so many significant digits,
worked out from the exact fraction (never through a float)."""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

DIGITS = 12  # significant digits of the decimals shown beside exact figures


def decimal(value: Fraction, digits: int = DIGITS) -> str:
    """``value`` to ``digits`` significant digits."""
    with localcontext() as ctx:
        ctx.prec = digits
        return str(Decimal(value.numerator) / Decimal(value.denominator))


def sqrt_decimal(value: Fraction, digits: int = DIGITS) -> Decimal:
    """The square root of ``value`` to ``digits`` significant digits."""
    with localcontext() as ctx:
        ctx.prec = digits + 5
        root = (Decimal(value.numerator) / Decimal(value.denominator)).sqrt()
        ctx.prec = digits
        return +root
