"""A bundle's ``engine`` entry, field by field: derived again from the recorded target and
hello and compared, or taken on record and named (every field is one or the other; what
names something that does not exist was refused when the manifest was read,
:mod:`casino_proofs.audit.manifest_engine`).

- ``command``: the words of the target, as its door splits them (a ``python:`` module's
  interpreter, the first word, is the machine's: on record);
- ``protocol``: the version the recorded hello speaks; ``money``, ``policies``, ``limits``:
  what the recorded hello declares;
- a file's ``file``: the target's path; the hello's ``name``, ``version``, ``sessions`` or
  ``rows``: the file's name, its hash and its count, as its door gives them;
- on record, and named: the hello itself (what the engine said it is), the time limit per
  request, and what a file held that the bundle does not (its hash, its counts).
"""

from __future__ import annotations

import os
import shlex
from typing import Any

from casino_proofs import games
from casino_proofs.audit.findings import Finding, OnRecord
from casino_proofs.audit.manifest import Manifest
from casino_proofs.audit.manifest_engine import INTERFACE
from casino_proofs.protocol.hello import protocol_version
from casino_proofs.protocol.money import Money

#: the module a ``python:`` target runs in (adapters/targets.py)
PYTHON_HOST = ["-m", "casino_proofs.adapters.python_host"]


def field_finding(name: str, recorded: Any, expected: Any) -> list[Finding]:
    """A field derived again: nothing if it is as recorded, else a finding naming it."""
    if recorded == expected:
        return []
    return [Finding(f"manifest/{name}", "rederived-otherwise",
                    f"manifest.json: {name} is {str(recorded)[:100]}; derived again, "
                    f"{str(expected)[:100]}")]


def _command(engine: dict[str, Any]) -> list[Finding]:
    door, _, rest = str(engine["target"]).partition(":")
    recorded = engine["command"]
    if door == "python":
        return field_finding("engine.command[1:]", recorded[1:], [*PYTHON_HOST, rest])
    try:
        words = shlex.split(rest)
    except ValueError:
        words = []
    return field_finding("engine.command", recorded, words)


def _declared(m: Manifest) -> list[Finding]:
    """A table's protocol, money, policies and limits, as its recorded hello declares them."""
    engine, raw = m.engine, m.hello.raw
    out: list[Finding] = []
    interface = INTERFACE[engine["kind"]]
    if "protocol" in engine and interface is not None:
        out += field_finding("engine.protocol", engine["protocol"],
                             protocol_version(raw, interface))
    if "money" in engine:
        out += field_finding("engine.money", Money.read(engine["money"]).json(),
                             Money.read(raw.get("money")).json())
    if engine["kind"] == "play":
        policies = games.the_one("table_policies")(raw.get("policies"),
                                                       raw.get("limits"), m.hello.wagers)
        out += field_finding("engine.policies", engine.get("policies"),
                             policies.json() or None)
        out += field_finding("engine.limits", engine.get("limits"),
                             None if policies.max_stake is None
                             else {"max_stake": policies.max_stake})
    return out


def _file(m: Manifest) -> list[Finding]:
    """A recorded file's entry: its path the target's, its hello's name, hash and count its
    own."""
    engine, raw = m.engine, m.hello.raw
    path = str(engine["target"]).partition(":")[2]
    out = field_finding("engine.file", engine.get("file"), path)
    out += field_finding("engine.hello.name", raw.get("name"),
                         os.path.basename(path.rstrip("/")) or path)
    if "sha256" in engine:
        out += field_finding("engine.hello.version", raw.get("version"),
                             f"sha256:{engine['sha256'][:16]}")
    count = "sessions" if engine["kind"] == "log" else "rows"
    if count in engine:
        out += field_finding(f"engine.hello.{count}", raw.get(count), engine[count])
    return out


#: what of each kind's entry is taken on record, beside its hello
ON_RECORD = {
    "exec": ("engine.timeout_ms", "the time limit per request the run had"),
    "play": ("engine.timeout_ms", "the time limit per request the run had"),
    "log": ("engine.sha256, engine.sessions, engine.events, engine.unreadable_lines, "
            "engine.files",
            "what the log held and how its gaps were judged: the log is not in the bundle"),
    "table": ("engine.sha256, engine.rows, engine.unreadable_rows, engine.unmatched_rows",
              "what the file held: the file is not in the bundle"),
}


def engine_findings(m: Manifest) -> tuple[list[Finding], list[OnRecord]]:
    """Every field of the engine's entry derived again, or named as taken on record."""
    engine, kind = m.engine, m.engine["kind"]
    out: list[Finding] = []
    on_record: list[OnRecord] = []
    if "command" in engine:
        out += _command(engine)
        if str(engine["target"]).startswith("python:"):
            on_record.append(OnRecord("engine.command[0]", "the Python the module ran in"))
    out += _declared(m)
    if kind in ("log", "table"):
        out += _file(m)
    if kind in ON_RECORD:
        on_record.append(OnRecord(*ON_RECORD[kind]))
    return out, on_record
