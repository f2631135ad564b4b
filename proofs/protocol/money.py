"""Money at a table: the smallest amount an engine pays, and how it pays a fraction of it.

An engine's hello declares ``"money": {"unit": "0.01", "rounding": "floor"}``. Every amount
is a whole number of units. The exact winnings of a stake of A units at a net of X/Y per unit
are A·X/Y units, rounded once by the declared rule (convention ``conv-money-round-once``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

ROUNDINGS = ("floor", "half-up", "half-even", "exact")
#: the longest unit string read
_UNIT_TEXT = 20


class MoneyError(ValueError):
    """A money declaration that cannot be used; the message names what is valid."""


@dataclass(frozen=True)
class Money:
    """A table's unit (in the currency, exact), its rounding rule, and the unit it takes
    stakes in (a whole multiple of the unit; the unit itself by default)."""

    unit: Fraction
    rounding: str
    stake_unit: Fraction | None = None

    @staticmethod
    def read(raw: object) -> Money:
        """The hello's ``money`` object, read strictly (MoneyError naming what is valid)."""
        valid = ("money is {\"unit\": a positive decimal string such as \"0.01\", "
                 f"\"rounding\": one of {', '.join(ROUNDINGS)}, optionally \"stake_unit\": "
                 "a whole multiple of the unit such as \"1\"}")
        if not isinstance(raw, dict) or not {"unit", "rounding"} <= set(raw) \
                or not set(raw) <= {"unit", "rounding", "stake_unit"}:
            raise MoneyError(valid)
        unit, rounding = _decimal_text(raw["unit"], valid), raw["rounding"]
        if rounding not in ROUNDINGS:
            raise MoneyError(valid)
        stake = _decimal_text(raw["stake_unit"], valid) if "stake_unit" in raw else None
        if stake is not None and (stake / unit).denominator != 1:
            raise MoneyError(valid)
        return Money(unit, rounding, stake)

    @property
    def per_stake_unit(self) -> int:
        """Units in a stake unit (1 unless the table takes stakes in a larger unit)."""
        return 1 if self.stake_unit is None else int(self.stake_unit / self.unit)

    def json(self) -> dict[str, str]:
        out = {"unit": _decimal(self.unit), "rounding": self.rounding}
        if self.stake_unit is not None:
            out["stake_unit"] = _decimal(self.stake_unit)
        return out

    def pays(self, exact: Fraction) -> int | None:
        """The whole units the engine pays for winnings of ``exact`` units; None under
        ``exact`` rounding when it is not whole (the stake is then to be refused)."""
        if exact.denominator == 1:
            return exact.numerator
        if self.rounding == "exact":
            return None
        down = math.floor(exact)
        if self.rounding == "floor":
            return down
        rest = exact - down
        if rest > Fraction(1, 2):
            return down + 1
        if rest < Fraction(1, 2):
            return down
        return down + 1 if self.rounding == "half-up" or down % 2 else down

    def kept(self, exact: Fraction) -> Fraction:
        """What the rounding keeps of winnings of ``exact`` units (the breakage), in units."""
        paid = self.pays(exact)
        return Fraction(0) if paid is None else exact - paid

    def text(self, units: Fraction | int) -> str:
        """An amount of units in the currency, exactly (``1234`` at 0.01: ``12.34``)."""
        value = Fraction(units) * self.unit
        return _decimal(value) if _terminates(value) else str(value)


def _decimal_text(text: object, valid: str) -> Fraction:
    """A positive decimal string, read exactly."""
    if not isinstance(text, str) or not 0 < len(text) <= _UNIT_TEXT \
            or not all(c.isdigit() or c == "." for c in text) or not text.isascii():
        raise MoneyError(valid)
    try:
        value = Fraction(Decimal(text))
    except (InvalidOperation, ValueError):
        raise MoneyError(valid) from None
    if value <= 0:
        raise MoneyError(valid)
    return value


def _terminates(value: Fraction) -> bool:
    """Whether the fraction has a finite decimal expansion."""
    d = value.denominator
    for prime in (2, 5):
        while d % prime == 0:
            d //= prime
    return d == 1


def _decimal(value: Fraction) -> str:
    """A fraction with a finite decimal expansion, as a decimal string."""
    places = 0
    while (value * 10 ** places).denominator != 1:
        places += 1
    scaled = abs(value * 10 ** places)
    text = str(scaled.numerator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return sign + (text if places == 0 else f"{text[:-places]}.{text[-places:]}")
