"""A table's session log as an engine (``table:PATH`` whose lines are table sessions,
docs/engine-protocol.md, "Session logs"): a file, a directory of them or a glob, plain or gzip.

Each line is one session an electronic table exported: ``{"events": [...], "answers":
[...]}``, in protocol 2's events and answers; the first line of a file may be its hello,
``{"hello": {...}}``, declaring the table's money (every file's the same). The log is hashed
and cut into shards in one pass over its bytes (:mod:`.log_files`), then judged shard by shard
(:mod:`.log_shards`) -- here, in worker processes or on a Dask cluster -- and the shards merged
in order: the same report whatever ran where. Every observation is checked, and every input of
the universe the log never exercised is a gap that ``table-coverage`` lists.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from casino_proofs import scale, spec
from casino_proofs.adapters import log_files
from casino_proofs.craps.adapters import log_shards
from casino_proofs.craps.table.judging import policies as declared
from casino_proofs.craps.table.obligations.table_run import TableRun, notes, read_run, readings_key
from casino_proofs.progress import Progress
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty, RankAnswer
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import (
    EngineUnavailable,
    Hello,
    protocol_version,
    read_claims,
)
from casino_proofs.protocol.money import Money, MoneyError
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads
from casino_proofs.untrusted.bounds import Bounds

EXACT_UNIT = {"unit": "1", "rounding": "exact"}
#: the longest session line (a longer one is an unreadable record)
MAX_SESSION = log_files.MAX_LINE


#: a line that opens as a hello (``{"hello": ...``), whether or not the rest can be read
_OPENS_AS_HELLO = re.compile(rb'\A\s*\{\s*"hello"\s*:')


@dataclass(frozen=True)
class UnreadHello:
    """A first line that opens as a hello and cannot be read as JSON, and why."""

    why: str


def _first_record(path: str, bounds: Bounds | None = None) -> tuple[int, Any]:
    """A file's first non-blank line, parsed (0 and None when it has none or it is not
    JSON; an :class:`UnreadHello` when it opens as a hello and is not JSON); the blank lines
    before it are read under the log's bounds."""
    for line in log_files.lines(path, guard=log_files.Guard(bounds)):
        if line.data is None:
            return line.number, None
        if line.data.strip():
            try:
                return line.number, loads(line.data, max_bytes=MAX_SESSION)
            except UntrustedJSON as exc:
                hello = _OPENS_AS_HELLO.match(line.data) is not None
                return line.number, UnreadHello(str(exc)) if hello else None
    return 0, None


def is_session_log(path: str, bounds: Bounds | None = None) -> bool:
    """Whether a ``table:`` file is a session log (its first non-blank line a JSON object
    holding a session or a hello, or a line that opens as a hello), not a protocol-1
    settlement table."""
    try:
        _number, first = _first_record(path, bounds)
    except OSError:
        return False
    return isinstance(first, UnreadHello) or (isinstance(first, dict)
                                              and bool({"events", "hello"} & set(first)))


@dataclass(frozen=True)
class Declaration:
    """What the hellos of a log's files declare (the same in every file): the table's money,
    the readings it claims, its policies, its protocol; ``lines``: each file's hello line
    (0: the file has none)."""

    money: Money
    claims: dict[str, tuple[str, ...]] | None
    policies: declared.Policies
    protocol_version: str
    lines: tuple[int, ...]


DEFAULT = Declaration(Money.read(EXACT_UNIT), None, declared.Policies(), "2.0", ())


def read_hellos(paths: Sequence[str], bounds: Bounds | None = None) -> Declaration:
    """The hellos of a log's files, each only as its own file's first line; a file with none
    is read at ``DEFAULT`` ({unit 1, exact}). Every file must declare the same table: two
    hellos that differ, or a hello that differs from the default a file without one is read
    at, are refused in one line naming both files (never one file judged by another's)."""
    found: Declaration | None = None
    canonical: tuple[str, str] | None = None  # (the hello's text, its file)
    bare: str | None = None  # the first file with no hello
    lines: list[int] = []
    for path in paths:
        number, first = _first_record(path, bounds)
        if isinstance(first, UnreadHello):
            raise EngineUnavailable(f"table:{path}: line {number}, the hello, is {first.why}")
        if not (isinstance(first, dict) and set(first) == {"hello"}):
            lines.append(0)
            bare = bare or path
            continue
        hello = first["hello"]
        where = f"table:{path}: line {number}, the hello"
        if not isinstance(hello, dict):
            raise EngineUnavailable(f"{where}: a hello is a JSON object")
        text = json.dumps(hello, sort_keys=True)
        if canonical is not None and canonical[0] != text:
            raise EngineUnavailable(f"{where}: differs from the hello of "
                                    f"{os.path.basename(canonical[1])}; the files of one "
                                    "log declare one table")
        canonical = canonical or (text, path)
        try:
            found = Declaration(Money.read(hello.get("money", EXACT_UNIT)),
                                read_claims(hello.get("readings")),
                                declared.read(hello.get("policies"), hello.get("limits"),
                                              spec.WAGER_NAMES),
                                protocol_version(hello, 2), ())
        except (MoneyError, EngineUnavailable, declared.PolicyError) as exc:
            raise EngineUnavailable(f"{where}: {exc}") from None
        lines.append(number)
    if found is None:
        return replace(DEFAULT, lines=tuple(lines))
    if bare is not None and canonical is not None and found != DEFAULT:
        raise EngineUnavailable(
            f"table:{bare}: has no hello, so it is read at the default "
            f"{json.dumps(EXACT_UNIT)}, which differs from the hello of "
            f"{os.path.basename(canonical[1])}; the files of one log declare one table: "
            "give every file the same hello")
    return replace(found, lines=tuple(lines))


def judging_progress(paths: Sequence[str], scan: log_files.Scan, census: log_shards.Census,
                     show: bool) -> Callable[[log_files.Shard | None], None]:
    """What shows the judging's progress: the log's bytes judged, events, events a second,
    time left (nothing unless ``show``); called with each shard judged, then None."""
    total = sum(os.path.getsize(p) for p in paths)
    bar = Progress("judging the log", max(1, total // 2**20), show,
                   unit="MB", also=lambda s: f"{census.events:,} events"
                   + (f", {census.events / s:,.0f} events/s" if s >= 1 else ""))
    sizes = {i: os.path.getsize(p) for i, p in enumerate(paths)}
    done = [0]

    def step(shard: log_files.Shard | None) -> None:
        if shard is None:
            bar.close()
            return
        nexts = [s.start for s in scan.shards if s.file == shard.file
                 and s.start > shard.start]
        end = min(nexts) if nexts and not paths[shard.file].endswith(".gz") \
            else sizes[shard.file]
        done[0] += max(0, end - shard.start)
        bar.reached(done[0] // 2**20)
    return step


class SessionLog(Engine):
    """The sessions a table logged, read as played scripts, shard by shard (``scheduler``:
    where the shards are judged; one process by default)."""

    kind = "log"
    capabilities = (Capability.RECORDED | Capability.LOGS_SESSIONS | Capability.PLAYS_TABLES
                    | Capability.READS_RECORDS | Capability.SPREADS_OVER_WORKERS)

    def __init__(self, path: str, target: str | None = None,
                 require_coverage: bool = False,
                 scheduler: scale.Scheduler | None = None,
                 bounds: Bounds | None = None) -> None:
        super().__init__(target or f"table:{path}")
        #: a log's claim is about the settlements it holds (--require-coverage: about the
        #: whole universe, its gaps ERROR)
        self.observed_only = not require_coverage
        self.path = path
        self.paths = log_files.resolve(path)
        self.scheduler = scheduler or scale.Scheduler(workers=1)
        #: progress on standard error while the log is judged (the command turns it on)
        self.show_progress = False
        declaration = read_hellos(self.paths, bounds)
        self.money = declaration.money
        self.claims = declaration.claims
        self.policies = declaration.policies
        self.protocol_version = declaration.protocol_version
        self.hellos = declaration.lines
        self.scan = log_files.scan(self.paths, bounds=bounds)
        self.digest = self.scan.digest
        #: what the lines hold, from the first judging (the hello's wagers, the records)
        self.census: log_shards.Census | None = None
        self._runs: dict[tuple[tuple[str, str], ...], TableRun] = {}

    def _setting(self, readings: Mapping[str, str]) -> log_shards.LogSetting:
        return log_shards.LogSetting(tuple(self.paths), self.hellos,
                                     tuple(sorted(readings.items())), self.money,
                                     self.policies)

    def table_run(self, readings: Mapping[str, str]) -> TableRun:
        """The log judged under ``readings``, shard by shard, merged in order (kept)."""
        key = readings_key(readings)
        if key not in self._runs:
            self._runs[key] = self._judged(self._setting(readings))
        return self._runs[key]

    def _judged(self, log: log_shards.LogSetting) -> TableRun:
        context = log_shards.setup(log)
        run = read_run((), context.setting, context.transitions,  # the shards merge into it
                       plans=False)
        census = log_shards.Census()
        shards = self.scan.shards
        work = scale.Work(log_shards.judge, log, log_shards.setup, log_shards.teardown)
        progress = judging_progress(self.paths, self.scan, census, self.show_progress)
        try:
            results = scale.map_shards(work, shards, self.scheduler,
                                       done=lambda i: progress(shards[i]))
            for shard, got in zip(shards, results, strict=True):
                if isinstance(got, scale.NotAnswered):
                    run.lose(f"{log.name(shard.file, shard.first)} on: {got.why}")
                    continue
                census.merge(got.census)
                run.merge(got.table_run)
                context.transitions.observed |= got.observed
                context.transitions.unseen -= got.observed
        finally:
            progress(None)
        if self.census is None:
            self.census = census
        return run

    def unreadable_records(self) -> tuple[int, int, list[tuple[int, str]]]:
        """(lines read, lines unreadable, the first of them with why)."""
        census = self._census()
        return census.sessions + census.unreadable_count, census.unreadable_count, \
            census.unreadable

    def _census(self) -> log_shards.Census:
        if self.census is None:
            self.table_run({})
        assert self.census is not None
        return self.census

    def _start(self) -> Hello:
        census = self._census()
        # a log judged only in part bets what its lost parts bet too, for all that is known:
        # every wager is then asked, and none is said to be bet by no session
        lost = self._runs[readings_key({})].lost
        wagers = sorted(census.wagers) if not lost else list(spec.WAGER_NAMES)
        name = os.path.basename(self.path.rstrip("/")) or self.path
        version = f"sha256:{self.digest[:16]}"
        raw: dict[str, Any] = {"name": name, "version": version, "games": ["craps"],
                               "wagers": wagers, "sessions": census.sessions,
                               "interface": "table", "money": self.money.json()}
        if self.claims is not None:
            raw["readings"] = {k: list(v) for k, v in self.claims.items()}
        return Hello(name, version, ("craps",), tuple(wagers), readings=self.claims, raw=raw)

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        return self.table_run(readings).answer(batch)

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        return [Faulty("missing", "a session log ranks no Pai Gow hands")] * len(hands)

    def notes(self) -> list[str]:
        return [n for run in self._runs.values() for n in notes(run)]

    def describe(self) -> dict[str, Any]:
        census = self._census()
        out = {**super().describe(), "file": self.path, "sha256": self.digest,
               "coverage_required": not self.observed_only,
               "sessions": census.sessions, "events": census.events,
               "unreadable_lines": census.unreadable_count}
        if len(self.paths) > 1:
            out["files"] = [os.path.basename(p) for p in self.paths]
        return out

    def policies_in_force(self) -> tuple[str, ...]:
        return tuple(self.policies.declared())

    def focus(self, wagers: Sequence[str]) -> None:
        """Nothing to do: a log's sessions bet what they bet, whatever a check is about."""
        return None

    def table_domain(self) -> list[dict[str, Any]]:
        """None: a log is judged on the sessions it holds, not on scripts of a fault domain
        (docs/engine-protocol.md, "The fault domain")."""
        return []
