"""The engine's hello: who it says it is and what it offers (docs/engine-protocol.md,
"hello"), read strictly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from casino_proofs import games as registry

#: every published version of each interface (protocol 1: one wager at a time; protocol 2:
#: a table), and the release that published it (docs/engine-protocol.md, "Protocol
#: versions"). A hello that names none speaks the first: the page of 0.1.0 asked no version.
VERSIONS = {1: {"1.0": "0.1.0"}, 2: {"2.0": "0.1.0", "2.1": "0.2.0"}}
#: versions whose shapes were retired, each with the change and the page's section that
#: says it: such a hello is refused in one line naming both (none yet)
RETIRED: dict[str, tuple[str, str]] = {}
PAGE = "docs/engine-protocol.md"
#: bounds on a hello: the longest name or version, the longest list
HELLO_TEXT = 200
HELLO_LIST = 400


class EngineUnavailable(Exception):
    """The engine cannot be started or identified at all (no program, no module, no file, or
    a hello that is not one); the message says why in one line."""


@dataclass(frozen=True)
class Hello:
    """Who the engine says it is and what it offers."""

    name: str
    version: str
    games: tuple[str, ...]
    wagers: tuple[str, ...]
    lower_is_better: bool = False
    #: the readings it can settle under, each with the values it implements; None if it lists
    #: none (it is then told nothing about readings)
    readings: dict[str, tuple[str, ...]] | None = None
    raw: dict[str, Any] = field(default_factory=dict)

    def claims(self, reading: str, value: str) -> bool:
        return self.readings is not None and value in self.readings.get(reading, ())

    def json(self) -> dict[str, Any]:
        return dict(self.raw) if self.raw else {
            "name": self.name, "version": self.version, "games": list(self.games),
            "wagers": list(self.wagers),
            **({"order": "lower-is-better"} if self.lower_is_better else {}),
            **({"readings": {k: list(v) for k, v in self.readings.items()}}
               if self.readings is not None else {}),
        }


def read_hello(raw: Any) -> Hello:
    """The protocol's hello answer, read strictly (EngineUnavailable naming what is wrong)."""
    if not isinstance(raw, dict):
        raise EngineUnavailable("the engine's hello is not a JSON object")
    if "name" not in raw and isinstance(raw.get("error"), str):
        # a refusal, not a hello: say what the engine said (a protocol-1 engine asked as a
        # table says it speaks protocol 1)
        raise EngineUnavailable(f"the engine answered its hello with an error: "
                                f"{raw['error'][:HELLO_TEXT]!r}")
    for key in ("name", "version"):
        if not isinstance(raw.get(key), str) or not 0 < len(raw[key]) <= HELLO_TEXT:
            raise EngineUnavailable(f"the engine's hello has no string {key!r} of 1 to "
                                    f"{HELLO_TEXT} characters")
    games, wagers = raw.get("games"), raw.get("wagers", [])
    if not isinstance(games, list) or not all(g in registry.names() for g in games):
        raise EngineUnavailable("the engine's hello lists its games as a list among "
                                + ", ".join(f'"{g}"' for g in registry.names()))
    if not isinstance(wagers, list) or len(wagers) > HELLO_LIST or not all(
            isinstance(w, str) and len(w) <= HELLO_TEXT for w in wagers):
        raise EngineUnavailable(f"the engine's hello lists its wagers as a list of at most "
                                f"{HELLO_LIST} names")
    order = raw.get("order", "higher-is-better")
    if order not in ("higher-is-better", "lower-is-better"):
        raise EngineUnavailable("the engine's hello gives order as \"higher-is-better\" or "
                                "\"lower-is-better\"")
    return Hello(raw["name"], raw["version"], tuple(games), tuple(wagers),
                 order == "lower-is-better", read_claims(raw.get("readings")), dict(raw))


def read_claims(readings: Any) -> dict[str, tuple[str, ...]] | None:
    """A hello's ``readings``: each reading it claims, with the values it implements (None
    when it lists none), read strictly."""
    if readings is not None and (not isinstance(readings, dict) or len(readings) > HELLO_LIST
                                 or not all(isinstance(k, str) and isinstance(v, list)
                                            and len(v) <= HELLO_LIST
                                            and all(isinstance(x, str) for x in v)
                                            for k, v in readings.items())):
        raise EngineUnavailable("the engine's hello gives readings as an object of lists of "
                                "values")
    return None if readings is None else {k: tuple(v) for k, v in readings.items()}


def protocol_version(raw: Any, interface: int) -> str:
    """The protocol version a hello says it speaks (its ``"protocol"``: a string
    ``"MAJOR.MINOR"``, or the interface's number for its first version; absent, the first
    version), read strictly: EngineUnavailable in one line for a version this checker does
    not speak or has retired."""
    said = raw.get("protocol") if isinstance(raw, dict) else None
    known = VERSIONS[interface]
    if said is None or (type(said) is int and said == interface):
        said = next(iter(known))
    speaks = " and ".join(v for v in known if v not in RETIRED)
    if isinstance(said, str) and said in RETIRED:  # a key of ours: printable
        change, section = RETIRED[said]
        raise EngineUnavailable(f"the engine's hello names protocol version {said}, retired: "
                                f"{change} ({PAGE}, \"{section}\"); this checker speaks "
                                f"{speaks}")
    if not isinstance(said, str) or said not in known:
        shown = json.dumps(said, ensure_ascii=True)[:60]  # escaped: it is the engine's
        raise EngineUnavailable(f"the engine's hello names protocol version {shown}, which "
                                f"this checker does not speak: it speaks {speaks} ({PAGE}, "
                                "\"Protocol versions\")")
    return said
