"""Each craps wager's family: what kind of wager the text makes it, and what it rests on.

The tool derives what it needs of a wager from its family -- when a table takes it, what a
player may call or take down, which line bet its odds rest on -- and never from its name:

- a **line bet** is a Single Chance wager (``conv-single-chance-pass`` and its three
  siblings): Pass and Don't Pass are placed on a come-out roll, Come and Don't Come while a
  point is on (``placed_on``); the Don't bets play against the shooter (``dont``);
- an **odds bet** is an Associate Chance (s. 95.16) resting on its line bet (``rests_on``),
  "in addition to" it (r3-95.16-intro.s1); Come odds are "not active during a come out roll
  unless otherwise indicated by the player" (r3-95.16-3.s3: ``called``);
- a **Hard Way** (r3-95.15-1) is decided on its number (``number``) and "not applicable
  during a first turn unless indicated otherwise by the player" (r3-95.15-1.s6: ``called``);
  it may be withdrawn (r3-95.15-1.s5);
- a **one-roll** wager (r3-95.15-2 to 8) is decided on the next roll; a combined one (Horn,
  World, Three-Way Craps) is several of them at once (``combined``);
- a **hop** (r3-95.15-9) is decided on the next roll by the player's call (``dice``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from casino_proofs.spec.vocabulary import POINT_NUMBERS


class Kind(Enum):
    """The kinds of wager of s. 95.15 and 95.16 and the Single Chance conventions."""

    LINE = "line bet"
    ODDS = "odds bet"
    HARD_WAY = "Hard Way"
    ONE_ROLL = "one-roll wager"
    HOP = "hop"


@dataclass(frozen=True)
class Family:
    """A wager's family (see the module's docstring for each field's clause)."""

    kind: Kind
    #: a line bet's (and its odds'): "come-out" (Pass, Don't Pass) or "point" (Come, Don't
    #: Come), the roll a line bet is placed on
    placed_on: str | None = None
    #: a Don't bet or its odds: against the shooter
    dont: bool = False
    #: an odds bet's line bet
    rests_on: str | None = None
    #: a Hard Way's number
    number: int | None = None
    #: a hop's call, the lower die first
    dice: tuple[int, int] | None = None
    #: a one-roll wager made of several (Horn, World, Three-Way Craps)
    combined: bool = False

    @property
    def called(self) -> bool:
        """The player may say it works on a come-out roll (r3-95.15-1.s6, r3-95.16-3.s3)."""
        return self.kind is Kind.HARD_WAY or (self.kind is Kind.ODDS and self.placed_on == "point"
                                              and not self.dont)

    @property
    def decided_on(self) -> int | None:
        """The point number it is decided on while the table's point may be that number: a
        Hard Way's, or a hop's whose total is a point number."""
        if self.number is not None:
            return self.number
        if self.dice is not None and sum(self.dice) in POINT_NUMBERS:
            return sum(self.dice)
        return None


def line(placed_on: str, dont: bool) -> Family:
    return Family(Kind.LINE, placed_on=placed_on, dont=dont)


def odds(on: Family, rests_on: str) -> Family:
    return Family(Kind.ODDS, placed_on=on.placed_on, dont=on.dont, rests_on=rests_on)
