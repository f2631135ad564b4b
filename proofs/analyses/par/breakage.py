"""Breakage: what a table's rounding keeps of the exact winnings, per wager, at a stake the
user names (``par --stake UNITS --rounding RULE``).

The text gives every payout as odds and says nothing of a payout that is not a whole number of
units (ambiguity ``silence-payout-units``; convention ``conv-money-round-once``). A stake of S
units winning at a net of X/Y wins S·X/Y exactly; the table pays it rounded once by its rule.
The breakage of a wager is the expected difference, per bet made, from its exact PAR outcomes:
the sum over its winning outcomes of probability × (exact − paid). Positive: the house keeps
it; negative: the rounding gives it to the player. Under ``exact`` rounding a stake that some
winning outcome would pay a fraction of a unit cannot be placed, and is named.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino_proofs.protocol.money import Money


def breakage(outcomes: list[dict[str, Any]], stake: int, rounding: str) -> dict[str, Any]:
    """The breakage of one PAR row's outcomes (its ``figures.outcomes``) at ``stake`` units."""
    money = Money(Fraction(1), rounding)
    kept = Fraction(0)
    fractional = []
    for o in outcomes:
        net = Fraction(o["net"])
        if net <= 0:
            continue
        exact = stake * net
        paid = money.pays(exact)
        if paid is None:
            fractional.append(str(net))
            continue
        kept += Fraction(o["probability"]) * (exact - paid)
    out: dict[str, Any] = {"stake": stake, "rounding": rounding,
                           "kept_per_bet": str(kept), "kept_per_unit": str(kept / stake),
                           "kept_per_unit_decimal": f"{float(kept / stake):.12g}"}
    if fractional:
        out["refused"] = (f"under exact rounding a stake of {stake} is refused: it wins a "
                          f"fraction of a unit at {', '.join(sorted(set(fractional)))}")
    return out


def add_breakage(rows: list[dict[str, Any]], stake: int, rounding: str) -> None:
    """Every craps PAR row with figures gains its breakage."""
    for row in rows:
        if "figures" in row:
            row["breakage"] = breakage(row["figures"]["outcomes"], stake, rounding)
