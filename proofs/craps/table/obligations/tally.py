"""One table obligation's cases: how many, how many fail, grouped by kind of failure, each
kind with its count and its first case (its witness made only for that one).

Each kind's case shown is the one met earliest in its script (the shortest failing prefix of
any script; among equals, the first met). A report then shows every kind, the most telling
first: a breach of a clause of the text before a breach of a convention, and, among equals, the
kind met first. So three odds wrongly
accepted are never hidden behind 432 calls refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

#: kinds of failure named in a result's detail (the JSON lists every one)
SHOWN = 4


#: where a case was met: the session's place in the log (or the run), and the case's place
#: in it -- the same whether the log is judged in one process or in shards (:meth:`merge`)
At = tuple[int, int]


@dataclass
class Group:
    """One kind of failure: its clause, how many cases, the first."""

    clause: str
    order: At  # where its first case was met
    count: int = 0
    first: dict[str, Any] | None = None
    script: str = ""  # the script the first case is in
    #: the shown case's event number in its script: a later case shows only if it is earlier
    length: int = 0
    shown_at: At = (0, 0)


@dataclass
class Tally:
    total: int = 0
    failing: int = 0
    groups: dict[str, Group] = field(default_factory=dict)
    #: cases with no answer (a script the engine hung on): no evidence either way
    unanswered: int = 0
    unanswered_first: str = ""
    #: sessions never judged (a shard whose worker died), and why the first was not
    lost: int = 0
    lost_first: str = ""
    #: the session being judged (its place in the log), and the cases met in it so far
    session: int = 0
    seq: int = 0
    _pending: At = (0, 0)

    def begin(self, session: int) -> None:
        """The cases that follow are of the session at this place in the log."""
        self.session, self.seq = session, 0

    def count(self, holds: bool, kind: str = "", clause: str = "", length: int = 0,
              at: At | None = None) -> bool:
        """Count a case; True when it is the failure of its kind to show: the first, or one
        at an earlier event of its script (``length``) than the one shown (among equals, the
        one met first: ``at``, by default the next place in the session). Its witness is then
        wanted, and only then made: give it to :meth:`witness`."""
        if at is None:
            at = (self.session, self.seq)
            self.seq += 1
        self.total += 1
        if holds:
            return False
        self.failing += 1
        group = self.groups.get(kind)
        if group is None:
            group = self.groups[kind] = Group(clause, at)
        group.count += 1
        if group.first is None or (length, at) < (group.length, group.shown_at):
            self._pending = at
            return True
        return False

    def witness(self, kind: str, first: dict[str, Any], script: str = "",
                length: int = 0) -> None:
        group = self.groups[kind]
        group.first, group.script, group.length = first, script, length
        group.shown_at = self._pending

    def lose(self, why: str) -> None:
        self.lost += 1
        self.lost_first = self.lost_first or why

    def merge(self, later: Tally) -> None:
        """Add the cases of ``later`` (a shard of the same log): the counts add up, each kind
        keeps the place it was first met at and the case it shows, whichever shard met it --
        what one process judging the whole log would have."""
        self.total += later.total
        self.failing += later.failing
        self.unanswered += later.unanswered
        self.unanswered_first = self.unanswered_first or later.unanswered_first
        self.lost += later.lost
        self.lost_first = self.lost_first or later.lost_first
        for kind, g in later.groups.items():
            mine = self.groups.get(kind)
            if mine is None:
                self.groups[kind] = replace(g)
                continue
            mine.count += g.count
            mine.order = min(mine.order, g.order)
            if g.first is not None and (mine.first is None or (g.length, g.shown_at)
                                        < (mine.length, mine.shown_at)):
                mine.first, mine.script = g.first, g.script
                mine.length, mine.shown_at = g.length, g.shown_at

    def ranked(self) -> list[tuple[str, Group]]:
        """The kinds of failure, the most telling first: a clause of the text before a
        convention, then the order they were met in."""
        return sorted(self.groups.items(),
                      key=lambda kv: (not kv[1].clause.startswith("r3-"), kv[1].order))

    @property
    def first(self) -> dict[str, Any] | None:
        ranked = self.ranked()
        return ranked[0][1].first if ranked else None
