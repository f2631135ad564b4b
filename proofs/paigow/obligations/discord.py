"""Counting the ordered pairs of hands two orders disagree on, class by class, never pair by
pair: a sweep in one order with a Fenwick tree over the other's values.

A :class:`Level` is a group of hands both orders value alike (``a`` in the first, ``b`` in
the second), with how many hands it has. For each level of ``rows``, ``discordant_partners``
counts the hands of ``columns`` the two orders place differently against it (one says above,
below or level, the other not the same); ``inverted_partners`` only those they place on
opposite sides (one above, the other below: an inversion, not a tie made or broken). The
diff of two engines and the check's ``convention`` and ``order`` obligations count so.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field


@dataclass
class Level:
    """Hands that both sides value alike, of one combination of the grid."""

    combination: str
    a: tuple[int, ...]
    b: tuple[int, ...]
    hands: int
    hand: tuple[int, ...]  # the lowest
    discordant: dict[str, int] = field(default_factory=dict)  # combination -> partner hands


class _Fenwick:
    def __init__(self, n: int) -> None:
        self.tree = [0] * (n + 1)

    def add(self, i: int, v: int) -> None:
        i += 1
        while i < len(self.tree):
            self.tree[i] += v
            i += i & -i

    def prefix(self, i: int) -> int:
        """The sum of the first ``i`` entries."""
        s = 0
        while i > 0:
            s += self.tree[i]
            i -= i & -i
        return s


def discordant_partners(rows: list[Level], columns: list[Level]) -> list[int]:
    """For each level of ``rows``, how many hands of ``columns`` the two sides order it
    differently against: all of them, less those both rank below it, both rank above it, and
    both tie with it (a hand is never its own partner: it ties with itself on both sides, and is
    counted among the hands of ``columns`` as among those that tie)."""
    total = sum(c.hands for c in columns)
    bs = sorted({c.b for c in columns})
    same: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for c in columns:
        same[(c.a, c.b)] = same.get((c.a, c.b), 0) + c.hands
    below = _both_below(rows, columns, bs)
    above = _both_above(rows, columns, bs)
    return [total - lo - hi - same.get((r.a, r.b), 0)
            for r, lo, hi in zip(rows, below, above, strict=True)]


def _both_below(rows: list[Level], columns: list[Level], bs: list[tuple[int, ...]]) -> list[int]:
    order = sorted(range(len(rows)), key=lambda i: rows[i].a)
    cols = sorted(columns, key=lambda c: c.a)
    tree, j, out = _Fenwick(len(bs)), 0, [0] * len(rows)
    for i in order:
        while j < len(cols) and cols[j].a < rows[i].a:
            tree.add(bisect_left(bs, cols[j].b), cols[j].hands)
            j += 1
        out[i] = tree.prefix(bisect_left(bs, rows[i].b))
    return out


def _both_above(rows: list[Level], columns: list[Level], bs: list[tuple[int, ...]]) -> list[int]:
    order = sorted(range(len(rows)), key=lambda i: rows[i].a, reverse=True)
    cols = sorted(columns, key=lambda c: c.a, reverse=True)
    tree, j, inserted, out = _Fenwick(len(bs)), 0, 0, [0] * len(rows)
    for i in order:
        while j < len(cols) and cols[j].a > rows[i].a:
            tree.add(bisect_left(bs, cols[j].b), cols[j].hands)
            inserted += cols[j].hands
            j += 1
        out[i] = inserted - tree.prefix(bisect_right(bs, rows[i].b))
    return out




def inverted_partners(rows: list[Level], columns: list[Level]) -> list[int]:
    """For each level of ``rows``, how many hands of ``columns`` the two orders place on
    opposite sides of it: below in the first and above in the second, or the reverse."""
    bs = sorted({c.b for c in columns})
    order = sorted(range(len(rows)), key=lambda i: rows[i].a)
    out = [0] * len(rows)
    cols = sorted(columns, key=lambda c: c.a)
    tree, j, inserted = _Fenwick(len(bs)), 0, 0
    for i in order:  # first below, second above
        while j < len(cols) and cols[j].a < rows[i].a:
            tree.add(bisect_left(bs, cols[j].b), cols[j].hands)
            inserted += cols[j].hands
            j += 1
        out[i] += inserted - tree.prefix(bisect_right(bs, rows[i].b))
    cols.reverse()
    tree, j = _Fenwick(len(bs)), 0
    for i in reversed(order):  # first above, second below
        while j < len(cols) and cols[j].a > rows[i].a:
            tree.add(bisect_left(bs, cols[j].b), cols[j].hands)
            j += 1
        out[i] += tree.prefix(bisect_left(bs, rows[i].b))
    return out
