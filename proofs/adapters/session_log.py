"""A table's session log as an engine (``table:FILE`` whose lines are table sessions,
docs/engine-protocol.md, "Session logs").

Each line is one session an electronic table exported: ``{"events": [...], "answers":
[...]}``, in protocol 2's events and answers; a first line ``{"hello": {...}}`` may declare
the table's money. The sessions are read as played scripts are (:mod:`casino_proofs.tables`):
every observation is checked, and every input of the universe the log never exercised is a
gap that ``table-coverage`` lists. The file is read line by line, each line bounded.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from casino_proofs import spec
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty, RankAnswer
from casino_proofs.protocol.engine import Engine
from casino_proofs.protocol.hello import EngineUnavailable, Hello, read_claims
from casino_proofs.protocol.money import Money, MoneyError
from casino_proofs.tables import policies as declared
from casino_proofs.tables.oracle import offered_specs
from casino_proofs.tables.planner import Bet, Script
from casino_proofs.tables.session import TableRun, read_run, readings_key, setting_of
from casino_proofs.tables.transitions import Transitions
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads

#: bounds: the largest log, and the longest session line
MAX_LOG = 1024 * 1024 * 1024
MAX_SESSION = 8 * 1024 * 1024
#: unreadable lines named one by one (the rest are counted)
MAX_NOTED = 1000
EXACT_UNIT = {"unit": "1", "rounding": "exact"}


def is_session_log(path: str) -> bool:
    """Whether a ``table:`` file is a session log (its first non-blank line a JSON object
    holding a session or a hello), not a protocol-1 settlement table."""
    try:
        with open(path, "rb") as f:
            for line in f:
                if line.strip():
                    try:
                        first = loads(line, max_bytes=MAX_SESSION)
                    except UntrustedJSON:
                        return False
                    return isinstance(first, dict) and bool({"events", "hello"} & set(first))
    except OSError:
        return False
    return False


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


class SessionLog(Engine):
    """The sessions a table logged, read as played scripts: once to learn what the log holds
    (its money, its wagers), then once per run of the obligations, a session at a time."""

    kind = "log"

    def __init__(self, path: str, target: str | None = None,
                 require_coverage: bool = False) -> None:
        super().__init__(target or f"table:{path}")
        #: a log's claim is about the settlements it holds (--require-coverage: about the
        #: whole universe, its gaps ERROR)
        self.observed_only = not require_coverage
        file = Path(path)
        if not file.is_file():
            raise EngineUnavailable(f"table:{path}: no such file")
        if file.stat().st_size > MAX_LOG:
            raise EngineUnavailable(f"table:{path}: over {MAX_LOG:,} bytes")
        self.path = path
        self.money = Money.read(EXACT_UNIT)
        self.claims: dict[str, tuple[str, ...]] | None = None
        self.policies = declared.Policies()
        self.wagers: set[str] = set()
        self.unreadable: list[tuple[int, str]] = []
        self.unreadable_count = 0
        self.sessions = self.events = 0
        digest = hashlib.sha256()
        for script, _ in self._sessions(digest):
            self.sessions += 1
            self.events += len(script.events)
            self.wagers.update(b.wager for b in script.bets.values())
        self.digest = digest.hexdigest()
        self._runs: dict[tuple[tuple[str, str], ...], TableRun] = {}

    def _sessions(self, digest: Any = None) -> Iterator[tuple[Script, Any]]:
        """Each session of the log and its answers, line by line (the hello, blank lines and
        lines that cannot be read are skipped; the first reading, the one given ``digest``,
        notes the unreadable ones)."""
        first_pass = digest is not None
        seen_session = False
        with open(self.path, "rb") as f:
            for number, line in enumerate(f, start=1):
                if digest is not None:
                    digest.update(line)
                if not line.strip():
                    continue
                session = self._session(number, line, first_pass, seen_session)
                if session is not None:
                    seen_session = True
                    yield session

    def _session(self, number: int, line: bytes, note: bool,
                 seen_session: bool) -> tuple[Script, Any] | None:
        def unreadable(why: str) -> None:
            if note:
                self.unreadable_count += 1
                if len(self.unreadable) < MAX_NOTED:
                    self.unreadable.append((number, why))
        try:
            record = loads(line, max_bytes=MAX_SESSION)
        except UntrustedJSON as exc:
            unreadable(str(exc))
            return None
        if isinstance(record, dict) and set(record) == {"hello"} and not seen_session:
            if note:
                self._hello_line(number, record["hello"])
            return None
        if not isinstance(record, dict) or not {"events", "answers"} <= set(record) \
                or not isinstance(record["events"], list) \
                or not all(_event_ok(e) for e in record["events"]):
            unreadable("a session is {\"events\": [...], \"answers\": [...]} in protocol "
                       "2's events (other keys are read as metadata)")
            return None
        events = record["events"]
        bets = {e["place"]: Bet(e["place"], e["wager"], bool(e.get("working")), e.get("on"))
                for e in events if "place" in e}
        return Script(f"line {number:,}", "log", tuple(events), bets), record["answers"]

    def _hello_line(self, number: int, hello: Any) -> None:
        """The log's hello: its money, and the readings its table claims."""
        where = f"table:{self.path}: line {number}, the hello"
        if not isinstance(hello, dict):
            raise EngineUnavailable(f"{where}: a hello is a JSON object")
        try:
            self.money = Money.read(hello.get("money", EXACT_UNIT))
            self.claims = read_claims(hello.get("readings"))
            self.policies = declared.read(hello.get("policies"), hello.get("limits"),
                                          spec.WAGER_NAMES)
        except (MoneyError, EngineUnavailable, declared.PolicyError) as exc:
            raise EngineUnavailable(f"{where}: {exc}") from None

    def unreadable_records(self) -> tuple[int, int, list[tuple[int, str]]]:
        """(lines read, lines unreadable, the first of them with why)."""
        return self.sessions + self.unreadable_count, self.unreadable_count, self.unreadable

    def _start(self) -> Hello:
        wagers = sorted(self.wagers)
        name, version = Path(self.path).name, f"sha256:{self.digest[:16]}"
        raw: dict[str, Any] = {"name": name, "version": version, "games": ["craps"],
                               "wagers": wagers, "sessions": self.sessions,
                               "interface": "table", "money": self.money.json()}
        if self.claims is not None:
            raw["readings"] = {k: list(v) for k, v in self.claims.items()}
        return Hello(name, version, ("craps",), tuple(wagers), readings=self.claims, raw=raw)

    def table_run(self, readings: Mapping[str, str]) -> TableRun:
        key = readings_key(readings)
        if key not in self._runs:
            specs = offered_specs(self.hello.wagers, spec.Readings.from_dict(dict(readings)))
            setting = setting_of(specs, self.hello.wagers, self.money, self.policies)
            self._runs[key] = read_run(self._sessions(), setting, Transitions(setting))
        return self._runs[key]

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        return self.table_run(readings).answer(batch)

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        return [Faulty("missing", "a session log ranks no Pai Gow hands")] * len(hands)

    def notes(self) -> list[str]:
        return [n for run in self._runs.values() for n in run.notes()]

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "file": self.path, "sha256": self.digest,
                "coverage_required": not self.observed_only,
                "sessions": self.sessions, "events": self.events,
                "unreadable_lines": self.unreadable_count}

    def policies_in_force(self) -> tuple[str, ...]:
        return tuple(self.policies.declared())
