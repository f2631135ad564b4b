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

POINTS = (4, 5, 6, 8, 9, 10)
#: the conventions the table's movement rests on
CONVENTIONS = ("conv-single-chance-pass", "conv-table-shooter")


@dataclass(frozen=True)
class Table:
    """Where the table stands before a roll."""

    point: int | None = None
    #: no roll yet since the shooter began
    shooter_first: bool = True

    @property
    def come_out(self) -> bool:
        return self.point is None

    def after(self, total: int) -> Table:
        """The table after a roll of ``total``."""
        if self.point is None:
            return Table(total if total in POINTS else None, False)
        if total == 7:
            return Table(None, True)  # a seven-out: a new shooter
        return Table(None if total == self.point else self.point, False)
