"""The readings the implementation can settle under (see regulation/readings.toml).

Declared here independently of the specification; a test checks both sides and the registry
agree on names, values and defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_proofs.impl.types import CrapsError  # a ValueError; the message names what is valid

VALUES: dict[str, tuple[str, ...]] = {
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


#: The values the implementation settles under. It accepts every value of the registry but
#: implements only these; for the others it follows the default (pair-consisting, royal-flush:
#: the implementation always ranks as their defaults).
IMPLEMENTED: dict[str, tuple[str, ...]] = {
    **VALUES,
    "pair-consisting": ("containing",),
    "royal-flush": ("separate",),
}


@dataclass(frozen=True)
class Readings:
    """How to settle where the regulation text can be read more than one way."""

    combined_payout: str = "split"
    hop_call: str = "combination"
    hard_ways_loss: str = "easy-way"
    associate_push: str = "no-decision"
    dont_bar: str = "12"
    joker: str = "ace-or-completes"
    combined_basis: str = "single-total"
    hard_ways_payout: str = "either"
    hard_ways_off: str = "off"
    inactive_odds: str = "returned"
    come_out_scope: str = "come-only"
    odds_notation: str = "to"
    dont_standoff: str = "no-decision"
    pair_consisting: str = "containing"
    royal_flush: str = "separate"
    any_time: str = "always-working"
    first_turn: str = "every-come-out"

    def __post_init__(self) -> None:
        for name, allowed in VALUES.items():
            value = getattr(self, name.replace("-", "_"))
            if value not in allowed:
                raise CrapsError(f"reading {name} is one of {', '.join(allowed)}, not {value!r}")

    @classmethod
    def from_dict(cls, values: dict[str, str]) -> Readings:
        unknown = sorted(set(values) - set(VALUES))
        if unknown:
            raise CrapsError(f"unknown reading {unknown[0]!r}; readings: {', '.join(VALUES)}")
        return cls(**{k.replace("-", "_"): v for k, v in values.items()})

    def as_dict(self) -> dict[str, str]:
        return {name: getattr(self, name.replace("-", "_")) for name in VALUES}
