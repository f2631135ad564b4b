"""One table obligation's cases: how many, how many fail, grouped by kind of failure, each
kind with its count and its first case (its witness made only for that one).

Each kind's case shown is the one met earliest in its script (the shortest failing prefix of
any script; among equals, the first met). A report then shows every kind, the most telling
first: a breach of a clause of the text before a breach of a convention, and, among equals, the
kind met first. So three odds wrongly
accepted are never hidden behind 432 calls refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: kinds of failure named in a result's detail (the JSON lists every one)
SHOWN = 4


@dataclass
class Group:
    """One kind of failure: its clause, how many cases, the first."""

    clause: str
    order: int
    count: int = 0
    first: dict[str, Any] | None = None
    script: str = ""  # the script the first case is in
    #: the shown case's event number in its script: a later case shows only if it is earlier
    length: int = 0


@dataclass
class Tally:
    total: int = 0
    failing: int = 0
    groups: dict[str, Group] = field(default_factory=dict)
    #: cases with no answer (a script the engine hung on): no evidence either way
    unanswered: int = 0
    unanswered_first: str = ""

    def count(self, holds: bool, kind: str = "", clause: str = "", length: int = 0) -> bool:
        """Count a case; True when it is the failure of its kind to show: the first, or one
        at an earlier event of its script (``length``) than the one shown. Its witness is then
        wanted, and only then made: give it to :meth:`witness`."""
        self.total += 1
        if holds:
            return False
        self.failing += 1
        group = self.groups.get(kind)
        if group is None:
            group = self.groups[kind] = Group(clause, len(self.groups))
        group.count += 1
        return group.first is None or length < group.length

    def witness(self, kind: str, first: dict[str, Any], script: str = "",
                length: int = 0) -> None:
        group = self.groups[kind]
        group.first, group.script, group.length = first, script, length

    def ranked(self) -> list[tuple[str, Group]]:
        """The kinds of failure, the most telling first: a clause of the text before a
        convention, then the order they were met in."""
        return sorted(self.groups.items(),
                      key=lambda kv: (not kv[1].clause.startswith("r3-"), kv[1].order))

    @property
    def first(self) -> dict[str, Any] | None:
        ranked = self.ranked()
        return ranked[0][1].first if ranked else None
