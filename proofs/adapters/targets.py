"""``--engine TARGET``: from what the user wrote to the engine under test, the one place a
target is opened.

``impl`` (the default), ``exec:COMMAND``, ``play:COMMAND`` (a table engine, protocol 2),
``python:MODULE`` or ``python:path/to/file.py``, and ``table:FILE`` (a recorded settlement
table, or a table's session log). A target that cannot be used (no such program, module or
file) is a one-line error naming what is valid.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from casino_proofs import games
from casino_proofs.adapters import log_files
from casino_proofs.adapters.exec_engine import DEFAULT_TIMEOUT_MS, ExecEngine
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import EngineUnavailable
from casino_proofs.protocol.play_budget import PlayBudget
from casino_proofs.scale import Scheduler
from casino_proofs.untrusted.bounds import Bounds

VALID = ("impl, exec:COMMAND (a program speaking docs/engine-protocol.md), play:COMMAND (a "
         "table engine speaking its protocol 2), python:MODULE or "
         "python:path/to/file.py, table:FILE (a recorded craps settlement table, .csv or JSON "
         "lines)")

@dataclass(frozen=True)
class Door:
    """One way to name an engine (``--engine DOOR:...``): what it opens, in a line; the kinds
    of engine it opens (``Engine.kind``, what a report and a bundle record: a Python module is
    spoken to as a program, ``exec``; a file may be a settlement table or a session log,
    which only its contents tell); and what the engine is sure to be asked, whatever it
    opens: a check counts on it (a ``play:`` engine that could not play tables would leave
    the table's obligations out)."""

    name: str
    what: str
    kinds: tuple[str, ...]
    promised: Capability


#: every door, the one mapping from a target to the kind of engine it opens
DOORS = {d.name: d for d in (
    Door("impl", "our implementation", ("impl",), Capability.ANSWERS_ANY_INPUT
         | Capability.ANSWERS_AGAIN | Capability.EXPLICIT_DEFAULTS | Capability.COMPARES_HANDS),
    Door("exec", "a program of protocol 1", ("exec",),
         Capability.ANSWERS_ANY_INPUT | Capability.ANSWERS_AGAIN),
    Door("python", "a Python module of protocol 1", ("exec",),
         Capability.ANSWERS_ANY_INPUT | Capability.ANSWERS_AGAIN),
    Door("play", "a table engine of protocol 2", ("play",), Capability.PLAYS_TABLES),
    Door("table", "a recorded craps table", ("table", "log"),
         Capability.RECORDED | Capability.READS_RECORDS),
)}


def promised(target: str) -> tuple[str, Capability]:
    """The door a target names (``play``), and the capabilities its engine is sure to have
    (none for a target that names no door)."""
    door = DOORS.get(target.partition(":")[0])
    return (door.name, door.promised) if door else (target.partition(":")[0], Capability(0))


def kind_of(target: str, recorded: str) -> str:
    """The kind of engine a target opens (``?``: none): its door's, or, for a door that opens
    several (a file: a settlement table or a session log), the kind ``recorded`` if it is one
    of them."""
    door = DOORS.get(target.partition(":")[0])
    if door is None:
        return "?"
    return recorded if recorded in door.kinds else door.kinds[0]


def open_target(target: str, timeout_ms: int = DEFAULT_TIMEOUT_MS,
                sessions: PlayBudget | None = None, require_coverage: bool = False,
                scheduler: Scheduler | None = None, bounds: Bounds | None = None) -> Engine:
    """The engine TARGET names (EngineUnavailable, naming what is valid, if none);
    ``sessions``: the random play a ``play:`` table gets after its scripts;
    ``require_coverage``: a session log's gaps are ERROR, not listed; ``scheduler``: where a
    session log's shards are judged (one process by default); ``bounds``: what is read from
    outside is bounded by (docs/commands.md, "Bounds")."""
    bounds = bounds or Bounds()
    kind, sep, rest = target.partition(":")
    if kind == "play" and sep and rest.strip():  # the door of the game played as a table
        play: Engine = games.the_one("play_door")(rest, timeout_ms, budget=sessions,
                                                  restarts=bounds.restarts)
        return play
    if kind == "table" and sep and rest.strip():
        paths = log_files.resolve(rest)  # a file; or a directory, or a glob, of session logs
        is_session_log = games.the_one("is_log")
        if len(paths) > 1 or paths[0] != rest or is_session_log(rest, bounds):
            bad = next((p for p in paths if not is_session_log(p, bounds)), None)
            if bad is not None:
                raise EngineUnavailable(f"table:{rest}: {bad} is not a session log (its first "
                                        "line is a session or a hello); a settlement table "
                                        "is one file")
            log: Engine = games.the_one("log_door")(
                rest, target=target, require_coverage=require_coverage, scheduler=scheduler,
                bounds=bounds)
            return log
    engine = _protocol_one(target, timeout_ms, bounds.restarts)
    if isinstance(engine, ExecEngine) and engine.hello.raw.get("ranking") == "compare":
        comparing: Engine = games.the_one("comparing_door")(engine)  # only compare(a, b)
        return comparing
    return engine


def _protocol_one(target: str, timeout_ms: int, restarts: int) -> Engine:
    """The targets of protocol 1: ours, a program, a Python module, a settlement table."""
    kind, sep, rest = target.partition(":")
    if target == "impl":
        from casino_proofs.adapters.ours import ours

        return ours()
    if not sep or not rest.strip():
        raise EngineUnavailable(f"--engine {target!r}: a target is one of {VALID}")
    if kind == "exec":
        return ExecEngine(rest, timeout_ms, restarts=restarts)
    if kind == "python":
        if rest.endswith(".py") and not Path(rest).is_file():
            raise EngineUnavailable(f"--engine {target}: no such file {rest}")
        host = [sys.executable, "-m", "casino_proofs.adapters.python_host", rest]
        return ExecEngine(rest, timeout_ms, target=target, argv=host, restarts=restarts)
    if kind == "table":  # the door of the game whose settlements a table records
        table: Engine = games.the_one("settlement_door")(rest, target=target)
        return table
    raise EngineUnavailable(f"--engine {target!r}: a target is one of {VALID}")
