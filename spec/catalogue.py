"""Every craps wager of the specification, by name, with its family (:mod:`.families`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from casino_proofs.spec import families as fam
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

Builder = Callable[[Readings], WagerSpec]


def _builders() -> dict[str, tuple[Builder, fam.Family]]:
    table: dict[str, tuple[Builder, fam.Family]] = {}
    for n in HARD_WAYS_NUMBERS:
        table[f"hard-{n}"] = (lambda r, n=n: hard_way(n, r),  # type: ignore[misc]
                              fam.Family(fam.Kind.HARD_WAY, number=n))
    for name in ("any-7", "eleven", "any-craps", "craps-2", "craps-3", "craps-12"):
        table[name] = (lambda r, name=name: one_roll(name, r),  # type: ignore[misc]
                       fam.Family(fam.Kind.ONE_ROLL))
    for name in ("horn", "world", "three-way-craps"):
        table[name] = (lambda r, name=name: combined(name, r),  # type: ignore[misc]
                       fam.Family(fam.Kind.ONE_ROLL, combined=True))
    for a, b in HOP_CALLS:
        table[f"hop-{a}-{b}"] = (lambda r, a=a, b=b: hop(a, b, r),  # type: ignore[misc]
                                 fam.Family(fam.Kind.HOP, dice=(a, b)))
    lines = {"pass": (pass_line, fam.line("come-out", False)),
             "dont-pass": (dont_pass, fam.line("come-out", True)),
             "come": (come, fam.line("point", False)),
             "dont-come": (dont_come, fam.line("point", True))}
    table.update(lines)
    for name, build in (("pass", pass_odds), ("dont-pass", dont_pass_odds),
                        ("come", come_odds), ("dont-come", dont_come_odds)):
        table[f"{name}-odds"] = (build, fam.odds(lines[name][1], name))
    return table


_BUILDERS = _builders()

#: Every wager name, in the order of the regulation (95.15, then the conventions, then 95.16).
WAGER_NAMES: tuple[str, ...] = tuple(_BUILDERS)


def wager(name: str, readings: Readings | None = None) -> WagerSpec:
    """The specification of one wager under ``readings`` (the defaults if omitted)."""
    if name not in _BUILDERS:
        raise KeyError(name)
    return _built(name, readings or Readings())


def family(name: str) -> fam.Family:
    """A wager's family: its kind, and what it rests on (KeyError for no wager)."""
    return _BUILDERS[name][1]


def named(kind: fam.Kind, **fields: object) -> tuple[str, ...]:
    """The wagers of ``kind`` whose family has ``fields`` (``placed_on="come-out"``,
    ``dont=True``, ...), in the regulation's order."""
    return tuple(n for n, (_b, f) in _BUILDERS.items()
                 if f.kind is kind and all(getattr(f, k) == v for k, v in fields.items()))


@cache
def _built(name: str, readings: Readings) -> WagerSpec:
    """A wager's specification is a value (frozen rules over Z3 terms): built once per
    readings, shared by every proof, edge and PAR sheet that asks for it."""
    return _BUILDERS[name][0](readings)


def wagers(readings: Readings | None = None) -> tuple[WagerSpec, ...]:
    return tuple(wager(name, readings) for name in WAGER_NAMES)
