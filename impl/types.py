"""Types of the craps implementation: rolls, wager states, decisions and settlements."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

POINTS = (4, 5, 6, 8, 9, 10)


class CrapsError(ValueError):
    """Bad input to the implementation; the message names what is valid."""


class InvalidRoll(CrapsError):
    pass


class InvalidWager(CrapsError):
    pass


class InvalidState(CrapsError):
    pass


class Decision(Enum):
    """How a roll leaves a wager. ``PUSH`` returns the stake and the wager leaves the table;
    ``NONE`` is no decision: the wager stays."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    NONE = "none"


@dataclass(frozen=True)
class Roll:
    """One roll of two dice (ordered: ``Roll(2, 5)`` and ``Roll(5, 2)`` are distinct outcomes)."""

    die_1: int
    die_2: int

    def __post_init__(self) -> None:
        for die in (self.die_1, self.die_2):
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise InvalidRoll(f"a die shows 1, 2, 3, 4, 5 or 6, not {die!r}")

    @property
    def total(self) -> int:
        return self.die_1 + self.die_2

    @property
    def is_pair(self) -> bool:
        """Formed by two identical numbers (a “double”)."""
        return self.die_1 == self.die_2

    @classmethod
    def parse(cls, text: str) -> Roll:
        """``"3,4"`` -> ``Roll(3, 4)``. Only the ASCII digits 1 to 6 are dice."""
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != 2 or not all(len(p) == 1 and p in "123456" for p in parts):
            raise InvalidRoll(
                f"a roll is two dice D1,D2, each 1, 2, 3, 4, 5 or 6 (e.g. 3,4), not {text!r}"
            )
        return cls(int(parts[0]), int(parts[1]))

    def __str__(self) -> str:
        return f"{self.die_1},{self.die_2}"


@dataclass(frozen=True)
class State:
    """What a wager's settlement depends on besides the dice.

    ``point``: the wager's point (the table point for Pass / Don't Pass and their Associate
    Chances, the come point for Come / Don't Come and theirs), or None.
    ``come_out``: the roll is a come-out roll of the table.
    ``working``: the player has said the wager works on a come-out roll (Hard Ways, Come
    Associate Chance), where it otherwise would not.
    """

    point: int | None = None
    come_out: bool = False
    working: bool = False
    first_roll: bool = False  # the come-out roll is a shooter's first (reading first-turn)


@dataclass(frozen=True)
class Settlement:
    """The result of one roll for one wager.

    ``net`` is the exact return per unit staked beyond the stake: +X for a win at X to 1,
    -1 for a loss, 0 for a push or no decision. When ``decision`` is ``NONE`` the wager stays on
    the table and ``point`` is its point for the next roll (None if it has none); otherwise it
    has left the table and ``point`` is None.
    """

    decision: Decision
    net: Fraction
    point: int | None = None

    @property
    def stays(self) -> bool:
        return self.decision is Decision.NONE

    def next_state(self, state: State, come_out: bool, first_roll: bool = False) -> State | None:
        """The wager's state for the next roll (None once it has left the table): its point
        after this roll, and the player's working call, which stays with the wager
        (conv-call-stands, r3-95.15-1.s6, r3-95.16-3.s3).

        Whether the next roll is a come-out roll, and a new shooter's first, is the table's
        business, given by the caller.
        """
        if not self.stays:
            return None
        return State(point=self.point, come_out=come_out, working=state.working,
                     first_roll=first_roll)


WIN_EVEN = Fraction(1)
LOST = Fraction(-1)
NOTHING = Fraction(0)


def win(x: int, y: int = 1, notation: str = "to") -> Settlement:
    """A win paid at odds of x to y: the stake back and x/y per unit staked
    (conv-odds-net). ``notation`` is reading ``odds-notation`` for a payout the regulation
    states: under ``for`` the stake is part of the payment, a net of x/y - 1."""
    return Settlement(Decision.WIN, paid_at(Fraction(x, y), notation))


def paid_at(odds: Fraction, notation: str) -> Fraction:
    """The net of a win the text states at ``odds`` to 1, under reading ``odds-notation``."""
    return odds if notation == "to" else odds - 1


def lose() -> Settlement:
    return Settlement(Decision.LOSE, LOST)


def no_decision(point: int | None = None) -> Settlement:
    return Settlement(Decision.NONE, NOTHING, point)


def push() -> Settlement:
    return Settlement(Decision.PUSH, NOTHING)
