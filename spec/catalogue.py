"""Every craps wager of the specification, by name."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from casino_proofs.spec.associate_chances import (
    come_odds,
    dont_come_odds,
    dont_pass_odds,
    pass_odds,
)
from casino_proofs.spec.multiple_chances import (
    HARD_WAYS_NUMBERS,
    HOP_CALLS,
    combined,
    hard_way,
    hop,
    one_roll,
)
from casino_proofs.spec.readings import Readings
from casino_proofs.spec.rules import WagerSpec
from casino_proofs.spec.single_chance import come, dont_come, dont_pass, pass_line


def _builders() -> dict[str, Callable[[Readings], WagerSpec]]:
    table: dict[str, Callable[[Readings], WagerSpec]] = {}
    for n in HARD_WAYS_NUMBERS:
        table[f"hard-{n}"] = lambda r, n=n: hard_way(n, r)  # type: ignore[misc]
    for name in ("any-7", "eleven", "any-craps", "craps-2", "craps-3", "craps-12"):
        table[name] = lambda r, name=name: one_roll(name, r)  # type: ignore[misc]
    for name in ("horn", "world", "three-way-craps"):
        table[name] = lambda r, name=name: combined(name, r)  # type: ignore[misc]
    for a, b in HOP_CALLS:
        table[f"hop-{a}-{b}"] = lambda r, a=a, b=b: hop(a, b, r)  # type: ignore[misc]
    table.update({
        "pass": pass_line, "dont-pass": dont_pass, "come": come, "dont-come": dont_come,
        "pass-odds": pass_odds, "dont-pass-odds": dont_pass_odds,
        "come-odds": come_odds, "dont-come-odds": dont_come_odds,
    })
    return table


_BUILDERS = _builders()

#: Every wager name, in the order of the regulation (95.15, then the conventions, then 95.16).
WAGER_NAMES: tuple[str, ...] = tuple(_BUILDERS)


def wager(name: str, readings: Readings | None = None) -> WagerSpec:
    """The specification of one wager under ``readings`` (the defaults if omitted)."""
    if name not in _BUILDERS:
        raise KeyError(name)
    return _built(name, readings or Readings())


@cache
def _built(name: str, readings: Readings) -> WagerSpec:
    """A wager's specification is a value (frozen rules over Z3 terms): built once per
    readings, shared by every proof, edge and PAR sheet that asks for it."""
    return _BUILDERS[name](readings)


def wagers(readings: Readings | None = None) -> tuple[WagerSpec, ...]:
    return tuple(wager(name, readings) for name in WAGER_NAMES)
