"""The readings the specification can be built under (see regulation/readings.toml).

The specification declares its own defaults; a test checks they match the registry and the
implementation's, so neither side borrows the other's choice.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

CombinedPayout = Literal["split", "whole"]
HopCall = Literal["combination", "total"]
HardWaysLoss = Literal["easy-way", "any-non-pair"]
AssociatePush = Literal["no-decision", "stake-returned"]
DontBar = Literal["12", "2"]
Joker = Literal["ace-or-completes", "ace-only"]
CombinedBasis = Literal["single-total", "any-craps"]
HardWaysPayout = Literal["either", "both"]
HardWaysOff = Literal["off", "loss-stands"]
InactiveOdds = Literal["returned", "follow"]
ComeOutScope = Literal["come-only", "all-associate"]
OddsNotation = Literal["to", "for"]
DontStandoff = Literal["no-decision", "push"]
PairConsisting = Literal["containing", "literal"]
RoyalFlush = Literal["separate", "also-straight-flush"]
AnyTime = Literal["always-working", "off-on-come-out"]
FirstTurn = Literal["every-come-out", "shooter-first-roll"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "combined-payout": ("split", "whole"),
    "hop-call": ("combination", "total"),
    "hard-ways-loss": ("easy-way", "any-non-pair"),
    "associate-push": ("no-decision", "stake-returned"),
    "dont-bar": ("12", "2"),
    "joker": ("ace-or-completes", "ace-only"),
    "combined-basis": ("single-total", "any-craps"),
    "hard-ways-payout": ("either", "both"),
    "hard-ways-off": ("off", "loss-stands"),
    "inactive-odds": ("returned", "follow"),
    "come-out-scope": ("come-only", "all-associate"),
    "odds-notation": ("to", "for"),
    "dont-standoff": ("no-decision", "push"),
    "pair-consisting": ("containing", "literal"),
    "royal-flush": ("separate", "also-straight-flush"),
    "any-time": ("always-working", "off-on-come-out"),
    "first-turn": ("every-come-out", "shooter-first-roll"),
}


@dataclass(frozen=True)
class Readings:
    """One value for every reading; field ``combined_payout`` is reading ``combined-payout``."""

    combined_payout: CombinedPayout = "split"
    hop_call: HopCall = "combination"
    hard_ways_loss: HardWaysLoss = "easy-way"
    associate_push: AssociatePush = "no-decision"
    dont_bar: DontBar = "12"
    joker: Joker = "ace-or-completes"
    combined_basis: CombinedBasis = "single-total"
    hard_ways_payout: HardWaysPayout = "either"
    hard_ways_off: HardWaysOff = "off"
    inactive_odds: InactiveOdds = "returned"
    come_out_scope: ComeOutScope = "come-only"
    odds_notation: OddsNotation = "to"
    dont_standoff: DontStandoff = "no-decision"
    pair_consisting: PairConsisting = "containing"
    royal_flush: RoyalFlush = "separate"
    any_time: AnyTime = "always-working"
    first_turn: FirstTurn = "every-come-out"

    def as_dict(self) -> dict[str, str]:
        return {f.name.replace("_", "-"): getattr(self, f.name) for f in fields(self)}

    @classmethod
    def choices(cls) -> dict[str, tuple[str, ...]]:
        return dict(_CHOICES)

    @classmethod
    def from_dict(cls, values: dict[str, str]) -> Readings:
        for name, value in values.items():
            if name not in _CHOICES:
                raise ValueError(f"unknown reading {name!r}")
            if value not in _CHOICES[name]:
                raise ValueError(f"reading {name!r} has no value {value!r}")
        return cls(**{k.replace("-", "_"): v for k, v in values.items()})  # type: ignore[arg-type]
