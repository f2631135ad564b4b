"""``casino-proofs diff``: every difference between two sides, as one document.

A side is the specification under readings, or an implementation under test under readings.
Each game's section comes from its room (the registry's ``diff`` entry): craps, every input on
which they settle differently, replayed on both sides, proved complete, with the house edge of
every wager that differs (:mod:`casino_proofs.craps.diff`); Pai Gow, every hand whose
combination they name differently, every ordered pair of hands they order differently,
counted by class, with the most numerous kinds of each cell of the grid replayed
(:mod:`casino_proofs.paigow.diff`). What they share is here: the sides, the run, a
difference's entry and fingerprint, and the expectations.

Every difference has an ID, stable from run to run, and a fingerprint of what it is, for
``--expect``: a previous run's differences (or a reviewed list of IDs) against this run's.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from casino_proofs import games, regulation, spec
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget

SCHEMA = "casino-proofs/diff"
SCHEMA_VERSION = 1


@dataclass
class Target:
    """What the user named as one side: ``spec``, or an engine, and its readings."""

    label: str
    readings: dict[str, str]
    engine: Engine | None  # None: the specification

    def games(self) -> tuple[str, ...]:
        return games.names() if self.engine is None else tuple(self.engine.hello.games)

    def wagers(self) -> tuple[str, ...]:
        return tuple(spec.WAGER_NAMES) if self.engine is None \
            else tuple(self.engine.hello.wagers)

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.label, "readings": self.readings}
        if self.engine is not None:
            out["engine"] = self.engine.describe()
            out["told"] = self.engine.told(self.readings)
            out["notes"] = self.engine.notes()
        defects = defective(self.readings)
        if defects and self.engine is None:
            out["text_defective"] = defects
        return out


@dataclass
class Asked:
    """What one game's section of a diff is asked besides its two sides (the wagers chosen,
    None: every one; the solver's budget; the processes of a pass and its progress), and
    where it tells what it found: the differences, the problems of the diff itself, and what
    a completeness query could not decide. A game's ``diff`` entry point (``games.py``) takes
    the two sides and this, and returns its section of the document."""

    wagers: list[str] | None
    budget: Budget
    workers: int = 2
    progress: Callable[[int, int], None] | None = None
    differences: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def defective(readings: dict[str, str]) -> list[str]:
    """The readings in force under which the text itself is defective, with why."""
    registry = regulation.readings()
    out = []
    for rid, value in sorted(readings.items()):
        defect = registry[rid].value(value).leaves_text_defective
        if defect:
            out.append(f"{rid}={value}: {defect}")
    return out


def channel_problems(tag: str, game: str, log: ChannelLog | None) -> list[str]:
    """An engine side's broken requests that no input explains (a batch it fails on as a
    whole, an exit now and then, a line too many): a fault of that engine no difference shows,
    so the diff is not established on it."""
    if log is None or not log.unexplained():
        return []
    shown = log.unexplained()[0]
    return [f"{game}: side {tag}'s engine broke {counted(len(log.unexplained()), 'request')} "
            f"that no input explains (the check's channel obligation), e.g. a {shown.op} batch "
            f"of {shown.size:,}: {shown.problem}"]


def fingerprint(content: Any) -> str:
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def add_difference(out: list[dict[str, Any]], game: str, id_: str, what: str,
                   content: Any) -> None:
    """A difference, with its ID, its game, what it is in words, and its fingerprint."""
    out.append({"id": id_, "game": game, "what": what, "fingerprint": fingerprint(content)})


def counted(n: int, noun: str) -> str:
    """``n`` of ``noun``, in words (``3 requests``)."""
    return f"{n:,} {noun}{'s' * (n != 1)}"


def run(a: Target, b: Target, chosen: tuple[str, ...], wagers: list[str] | None,
        budget: Budget, workers: int = 2,
        progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Every difference between ``a`` and ``b`` in the games ``chosen``, as the diff
    document: each game's section by its ``diff`` entry point (``games.py``)."""
    started = time.perf_counter()
    asked = Asked(wagers, budget, workers, progress)
    differences = asked.differences
    left_out: list[dict[str, str]] = []
    doc: dict[str, Any] = {"schema": SCHEMA, "schema_version": SCHEMA_VERSION}
    for game in chosen:
        have = [t for t in (a, b) if game in t.games()]
        if len(have) < 2:
            if len(have) == 1:
                side = "a" if have[0] is a else "b"
                add_difference(differences, game, f"{game}/offered",
                               f"{game}: offered by {side.upper()} only", side)
            left_out.append({"what": game, "why": "not offered by " + " and ".join(
                t.label for t in (a, b) if game not in t.games())})
            continue
        doc[game] = games.entry(game, "diff")(a, b, asked)
    doc.update(a=a.json(), b=b.json())  # after the run: what a table matched, its notes
    doc.update(differences=differences, problems=asked.problems, unknown=asked.unknown,
               left_out=left_out, seconds=round(time.perf_counter() - started, 2))
    doc["verdict"] = verdict(doc)
    return doc


def verdict(doc: dict[str, Any]) -> str:
    """DIFFERENT when some difference was found; else ERROR when the diff itself failed (a
    difference that did not replay, a list found incomplete), UNKNOWN when a completeness
    query ran out of budget, SAME otherwise."""
    if doc["differences"]:
        return "DIFFERENT"
    if doc["problems"]:
        return "ERROR"
    if doc["unknown"]:
        return "UNKNOWN"
    return "SAME"


# -- expectations -----------------------------------------------------------------------------


def in_scope(id_: str, chosen: tuple[str, ...], wagers: list[str] | None) -> bool:
    """Whether this run compared what the difference ``id_`` is about (an expected difference
    outside it is neither found nor gone: it was not looked for; ``--wagers`` chooses among
    the wagers of a game that has them)."""
    game, _, rest = id_.partition("/")
    if game not in chosen:
        return False
    return not games.game(game).wagers or wagers is None or rest.split("/", 1)[0] in wagers


def compare_expected(doc: dict[str, Any], expected: dict[str, str | None],
                     chosen: tuple[str, ...] | None = None,
                     wagers: list[str] | None = None) -> dict[str, Any]:
    """This run's differences against the expected ones (ID -> fingerprint, or None where
    only the ID was reviewed): new, gone and changed, each named; expected ones about what
    this run did not compare (``--only``, ``--wagers``) are counted apart."""
    found = {d["id"]: d for d in doc["differences"]}
    looked = {i: fp for i, fp in expected.items()
              if in_scope(i, games.names() if chosen is None else chosen, wagers)}
    new = [{"id": i, "what": d["what"]} for i, d in found.items() if i not in looked]
    gone = [{"id": i} for i in looked if i not in found]
    changed = [{"id": i, "what": found[i]["what"]} for i, fp in looked.items()
               if i in found and fp is not None and found[i]["fingerprint"] != fp]
    return {"expected": len(looked), "not_compared": len(expected) - len(looked), "new": new,
            "gone": gone, "changed": changed, "met": not (new or gone or changed)}
