"""The table as the conventions move it: its point and its shooter.

The checker derives each bet's state from the dice it rolled, never from what the engine says
its point is (the engine's point is checked against this, obligation ``table-point``).

- ``conv-single-chance-pass``: on a come-out roll, 4, 5, 6, 8, 9 or 10 sets the table's
  point; while a point is on, the point or a 7 turns it off;
- ``conv-table-shooter``: a 7 while the point is on (a seven-out) ends the shooter's turn; the
  next roll is a new shooter's first come-out roll. Each script starts with a new shooter.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino_proofs.protocol.answers import POINTS

#: the conventions the table's movement rests on
CONVENTIONS = ("conv-single-chance-pass", "conv-table-shooter")


@dataclass(frozen=True)
class Table:
    """Where the table stands before a roll."""

    point: int | None = None
    #: no roll yet since the shooter began
    shooter_first: bool = True
    #: which shooter this is (1 for the script's first) and how many points they have set
    shooter: int = 1
    points_set: int = 0

    @property
    def come_out(self) -> bool:
        return self.point is None

    def after(self, total: int) -> Table:
        """The table after a roll of ``total``."""
        if self.point is None:
            if total in POINTS:
                return Table(total, False, self.shooter, self.points_set + 1)
            return Table(None, False, self.shooter, self.points_set)
        if total == 7:
            return Table(None, True, self.shooter + 1, 0)  # a seven-out: a new shooter
        return Table(None if total == self.point else self.point, False, self.shooter,
                     self.points_set)
