"""A table engine: a program speaking protocol 2 (``play:COMMAND``, docs/engine-protocol.md,
"Protocol 2: the table interface").

The channel is protocol 1's (:class:`~casino_proofs.adapters.exec_engine.ExecEngine`: a
process group of its own, bounded lines, a hello after every request as a fence, a request
that breaks narrowed down to the script that breaks it and never forgotten), with the hello of
protocol 2. Each script carries an ID its answers must echo: answers that belong to another
script break the request, which is then asked again in pieces. The engine is played scripts
(:mod:`casino_proofs.craps.table.obligations.table_check`); what the obligations ask as
protocol-1 questions is answered from what the scripts showed
(:mod:`casino_proofs.craps.table.obligations.table_run`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from casino_proofs.adapters.exec_engine import ExecEngine
from casino_proofs.adapters.program.channel import Broken
from casino_proofs.adapters.program.narrowing import MAX_RESTARTS
from casino_proofs.craps.table.judging import policies as declared
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty
from casino_proofs.protocol.channel_log import ChannelFault
from casino_proofs.protocol.engine import Capability
from casino_proofs.protocol.hello import EngineUnavailable, Hello
from casino_proofs.protocol.money import Money, MoneyError
from casino_proofs.protocol.play_budget import PlayBudget
from casino_proofs.untrusted.printable import one_line

HELLO_REQUEST = {"op": "hello", "protocol": 2}
#: scripts per play request (a request that breaks is asked again script by script)
PLAY_BATCH = 64
#: asked of a table whose hello names no version, before anything is judged: one script of
#: protocol 2.0 (a bare list of events), a roll on a fresh table with no bet
VERSION_PROBE = {"op": "play", "scripts": [[{"roll": [1, 2]}]]}
#: where a table's author reads the fix
VERSIONS_SECTION = 'docs/engine-protocol.md, "Protocol versions"'


def version_trap(answer: Any) -> str | None:
    """How a table answered :data:`VERSION_PROBE` if not as protocol 2.0 asks (a list of
    answers for the script), in words, or None: it speaks 2.0."""
    scripts = answer.get("scripts") if isinstance(answer, dict) else None
    if isinstance(scripts, list) and len(scripts) == 1 and isinstance(scripts[0], list):
        return None
    if isinstance(answer, dict) and "error" in answer:
        return f"refused it ({one_line(str(answer['error']))[:80]!r})"
    if isinstance(scripts, list) and scripts and isinstance(scripts[0], dict):
        if "error" in scripts[0]:
            return f"refused it ({one_line(str(scripts[0]['error']))[:80]!r})"
        return "answered it in 2.1's shape ({\"id\": ..., \"answers\": [...]})"
    return None  # anything else is judged as 2.0, by the check itself


def _ids_echoed(scripts: Sequence[Any], answers: list[Any]) -> str | None:
    """Why a play request's answers are not its scripts' (an ID not echoed), or None."""
    for i, (script, answer) in enumerate(zip(scripts, answers, strict=True), start=1):
        said = answer.get("id") if isinstance(answer, dict) else None
        sent = script.wire()["id"]
        if said == sent:
            continue
        if not isinstance(said, str):
            return (f"answer {i} of the request gives the script's id as "
                    f"{json_type(said)} {json.dumps(said)[:40]}, where the string "
                    f"{sent!r} was sent (an id is echoed as the string it was sent)")
        if sent.startswith(said):
            return (f"answer {i} of the request gives the script's id {sent!r} cut to "
                    f"{len(said)} characters (an id is echoed whole)")
        return (f"answer {i} of the request names script {said[:40]!r}, where "
                f"script {sent!r} was asked (an answer of another script)")
    return None


def json_type(value: Any) -> str:
    """A JSON value's type in words: ``a number``, ``null``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "a number", float: "a number", list: "an array", dict: "an object"}.get(
        type(value), "a value")


class PlayEngine(ExecEngine):
    """A program that plays scripts on fresh tables. It answers no question of protocol 1:
    a check is handed it played, as a
    :class:`~casino_proofs.craps.table.obligations.played.PlayedTable`."""

    kind = "play"
    #: a program of protocol 1's channel, but played scripts, never asked an input it chose:
    #: what it can be asked is its played table's (``PlayedTable``)
    capabilities = Capability(0)
    hello_line = json.dumps(HELLO_REQUEST, separators=(",", ":")).encode() + b"\n"
    interface = 2
    protocol_version = "2.0"

    def __init__(self, command: str, timeout_ms: int, target: str | None = None,
                 argv: list[str] | None = None, budget: PlayBudget | None = None,
                 restarts: int = MAX_RESTARTS) -> None:
        super().__init__(command, timeout_ms, target or f"play:{command}", argv, restarts)
        self.money: Money | None = None
        self.policies = declared.Policies()
        self.budget = budget or PlayBudget()

    def _start(self) -> Hello:
        hello = super()._start()
        if hello.raw.get("interface") != "table":
            raise EngineUnavailable(f"{self.target}: its hello does not say \"interface\": "
                                    "\"table\" (a play: engine speaks protocol 2; an engine "
                                    "of protocol 1 is exec:COMMAND)")
        try:
            self.money = Money.read(hello.raw.get("money"))
            self.policies = declared.read(hello.raw.get("policies"), hello.raw.get("limits"),
                                          hello.wagers)
        except (MoneyError, declared.PolicyError) as exc:
            raise EngineUnavailable(f"{self.target}: its hello's {exc}") from None
        if not isinstance(hello.raw.get("protocol"), str):
            self._probe_version()
        return hello

    def _probe_version(self) -> None:
        """A hello that names no version speaks 2.0 (docs/engine-protocol.md, "Protocol
        versions"). A table written to 2.1's page without naming it refuses 2.0's scripts,
        or answers them in 2.1's shape, and every obligation would then fail for that one
        reason: asked one script of 2.0 first, such a table stops the check in one line
        naming the fix, before anything is judged."""
        try:
            how = version_trap(self.channel.exchange(VERSION_PROBE))
        except Broken as exc:
            how = f"exited on it ({one_line(exc.problem)[:120]})" if exc.fault == "crash" \
                else None
        self.channel.requests = 0  # the probe is no request of the check
        if how is not None:
            self.channel.kill()
            raise EngineUnavailable(
                f"{self.target}: its hello names no protocol version, so it was spoken to in "
                f"2.0 (each script a bare list of events), and it {how}; a table that reads "
                "scripts {\"id\": ..., \"events\": [...]} speaks 2.1: add \"protocol\": "
                f"\"2.1\" to its hello ({VERSIONS_SECTION})")

    def fresh(self) -> PlayEngine:
        twin = super().fresh()
        assert isinstance(twin, PlayEngine)
        twin.money, twin.policies, twin.budget = self.money, self.policies, self.budget
        return twin

    @property
    def with_ids(self) -> bool:
        """Protocol 2.1 and later: a script is ``{"id", "events"}`` and its answer echoes the
        id; 2.0 (casino-proofs 0.1.0): a script is the list of its events, its answer the
        list of its answers (docs/engine-protocol.md, "Protocol versions")."""
        return self.protocol_version != "2.0"

    def _wire(self, op: str, item: Any) -> Any:
        if op == "play":
            return item.wire() if self.with_ids else list(item.events)
        return super()._wire(op, item)

    def play(self, scripts: Sequence[Script], readings: Mapping[str, str]) -> list[Any]:
        """Each script's answers (a list, read by the caller) or the fault that stopped it."""
        def read(answer: Any, _i: int) -> Any:
            if isinstance(answer, dict) and set(answer) == {"id", "answers"} \
                    and isinstance(answer["answers"], list):
                return answer["answers"]
            return Faulty("malformed", "a script's answer is {\"id\": ..., \"answers\": "
                                       "[...]} and nothing else, one answer per event "
                                       f"(protocol {self.protocol_version})")

        def read_list(answer: Any, _i: int) -> Any:
            if isinstance(answer, list):
                return answer
            return Faulty("malformed", "a script's answer is the list of its answers, one "
                                       "per event (protocol 2.0; a table that answers "
                                       "{\"id\": ..., \"answers\": [...]} says \"protocol\": "
                                       "\"2.1\" in its hello)")
        if not self.with_ids:
            return self._answers("play", scripts, readings, PLAY_BATCH, read_list)
        return self._answers("play", scripts, readings, PLAY_BATCH, read, _ids_echoed)

    def blame(self, script: Script, problem: str) -> None:
        """A script answered rightly alone and wrongly in a request of many: the channel's."""
        self.channel.log.faults.append(ChannelFault(
            "play", PLAY_BATCH, "malformed", f"{script.label} was answered otherwise "
            f"in a request of up to {PLAY_BATCH} scripts than alone ({problem[:200]})",
            False, True))

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        raise TypeError(f"{self.target}: a table engine is played scripts, never asked "
                        "protocol 1's questions (PlayedTable settles from what it played)")

    def describe(self) -> dict[str, Any]:
        out = super().describe()
        if self.money is not None:
            out["money"] = self.money.json()
        if self.policies.json():
            out["policies"] = self.policies.json()
        if self.policies.max_stake is not None:
            out["limits"] = {"max_stake": self.policies.max_stake}
        return out

    def policies_in_force(self) -> tuple[str, ...]:
        return tuple(self.policies.declared())
