"""A session log judged in shards (issue 31): each shard, a run of lines of one file, is read
and judged on its own -- in this process, in worker processes, or on a Dask cluster
(:mod:`casino_proofs.scale`) -- and the shards' runs are merged in log order
(:meth:`~casino_proofs.craps.table.obligations.table_run.TableRun.merge`), exactly: the
report is the one a single process reading the whole log gives, byte for byte.

A worker rebuilds what it judges by from :class:`LogSetting` (the files, the readings, the
money and policies the log's hello declares), which pickles; what it sends back
(:class:`ShardResult`) is its census of the lines (sessions, events, wagers bet, unreadable
lines) and its run with the table's setting taken off.

Every wager the protocol knows is offered when a log is judged: a log's table offered what it
logged, and the wagers the check asks about are those some session bets (its census).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters import log_files
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.model.abstract import Key
from casino_proofs.craps.table.obligations.table_run import TableRun, read_run, setting_of
from casino_proofs.craps.table.scripts.planner import Bet, Script
from casino_proofs.craps.table.scripts.transitions import Transitions
from casino_proofs.protocol.money import Money
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads

#: unreadable lines named one by one (the rest are counted)
MAX_NOTED = 1000
#: a line's place in the log: its file's index times this, plus its number
PLACES = 10**12
SESSION = ("a session is {\"events\": [...], \"answers\": [...]} in protocol 2's events "
           "(other keys are read as metadata)")


@dataclass(frozen=True)
class LogSetting:
    """What a worker judges a shard by: the files (and the line of each that is its hello),
    the readings, and the money and policies the log's hello declares."""

    paths: tuple[str, ...]
    hellos: tuple[int, ...]  # each file's hello line (0: none)
    readings: tuple[tuple[str, str], ...]
    money: Money
    policies: Policies

    def name(self, file: int, number: int) -> str:
        """A line as a report names it: ``line 1,234``, or ``b.jsonl line 12`` in a log of
        several files."""
        if len(self.paths) == 1:
            return f"line {number:,}"
        return f"{self.paths[file].rsplit('/', 1)[-1]} line {number:,}"


@dataclass
class Census:
    """What the lines of a log hold: its sessions and their events, the wagers they bet,
    and the lines that cannot be read (the first ``MAX_NOTED`` named, by line and why)."""

    sessions: int = 0
    events: int = 0
    wagers: set[str] = field(default_factory=set)
    unreadable: list[tuple[int, str]] = field(default_factory=list)
    unreadable_count: int = 0

    def merge(self, later: Census) -> None:
        self.sessions += later.sessions
        self.events += later.events
        self.wagers |= later.wagers
        self.unreadable += later.unreadable[:MAX_NOTED - len(self.unreadable)]
        self.unreadable_count += later.unreadable_count


@dataclass
class ShardResult:
    """A shard's census, its run (the table's setting taken off: it does not pickle) and the
    transitions of the table model its sessions went through."""

    census: Census
    table_run: TableRun
    observed: set[Key]


def _event_ok(event: Any) -> bool:
    if not isinstance(event, dict):
        return False
    if "place" in event:
        return isinstance(event["place"], str) and isinstance(event.get("wager"), str) \
            and type(event.get("amount")) is int \
            and (event.get("on") is None or isinstance(event["on"], str)) \
            and (event.get("player") is None or isinstance(event["player"], str))
    if "roll" in event:
        roll = event["roll"]
        return isinstance(roll, list) and len(roll) == 2 and all(
            type(d) is int and 1 <= d <= 6 for d in roll)
    if "withdraw" in event:
        return isinstance(event["withdraw"], str)
    if "call" in event:
        return isinstance(event["call"], str) and isinstance(event.get("working"), bool)
    return False


def record(data: bytes) -> tuple[tuple[Any, ...], Any] | str:
    """A line as a session: its events and answers, or why it cannot be read."""
    try:
        parsed = loads(data, max_bytes=log_files.MAX_LINE)
    except UntrustedJSON as exc:
        return str(exc)
    if isinstance(parsed, dict) and set(parsed) == {"hello"}:
        return "a hello is the first line of its file"
    if not isinstance(parsed, dict) or not {"events", "answers"} <= set(parsed) \
            or not isinstance(parsed["events"], list) \
            or not all(_event_ok(e) for e in parsed["events"]):
        return SESSION
    return tuple(parsed["events"]), parsed["answers"]


def sessions(log: LogSetting, shard: log_files.Shard, census: Census
             ) -> Iterator[tuple[Script, Any, int]]:
    """Each session of a shard, its answers and its place in the log, line by line; the
    census counts them, and the lines that cannot be read (blank lines and the hello are no
    records)."""
    path = log.paths[shard.file]
    for line in log_files.lines(path, shard.start, shard.first, shard.stop):
        if line.data is not None and (not line.data.strip()
                                      or line.number == log.hellos[shard.file]):
            continue
        got = record(line.data) if line.data is not None else line.why
        if isinstance(got, str):
            census.unreadable_count += 1
            if len(census.unreadable) < MAX_NOTED:
                where = "" if len(log.paths) == 1 else f"in {path.rsplit('/', 1)[-1]}: "
                census.unreadable.append((line.number, where + got))
            continue
        events, answers = got
        bets = {e["place"]: Bet(e["place"], e["wager"], bool(e.get("working")), e.get("on"))
                for e in events if "place" in e}
        census.sessions += 1
        census.events += len(events)
        census.wagers.update(b.wager for b in bets.values())
        yield (Script(log.name(shard.file, line.number), "log", events, bets), answers,
               shard.file * PLACES + line.number)


@dataclass
class Context:
    """A worker's judging, made once: the log and its table's setting."""

    log: LogSetting
    setting: Any
    transitions: Transitions


def setup(log: LogSetting) -> Context:
    """Every wager offered (the log's table offered what it logged), under the readings."""
    names = spec.WAGER_NAMES
    specs = offered_specs(names, spec.Readings.from_dict(dict(log.readings)))
    setting = setting_of(specs, names, log.money, log.policies)
    return Context(log, setting, Transitions(setting, plan=False))  # played: none to plan


def teardown(_context: Context) -> None:
    """A worker holds no process of its own: nothing to end."""


def judge(context: Context, shard: log_files.Shard) -> ShardResult:
    """One shard read and judged, its run ready to send (no setting, no model)."""
    census = Census()
    transitions = context.transitions
    run = read_run((), context.setting, transitions, plans=False,
                   offset=shard.file * PLACES + shard.first)
    for script, answers, place in sessions(context.log, shard, census):
        run.read(script, answers, place)
    observed = set(transitions.observed)
    return ShardResult(census, detached(run), observed)


def detached(run: TableRun) -> TableRun:
    """A run without what does not pickle or need not travel: the table's setting, the
    model, the universe (the merging run has its own)."""
    return replace(run, setting=None, transitions=None, universe=frozenset(),  # type: ignore
                   excluded=frozenset())
