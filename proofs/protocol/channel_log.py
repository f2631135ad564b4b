"""What an engine's channel went through: the requests it was sent and every one it did not
answer properly (the ``channel`` obligation reads it; an audit bundle records it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ChannelFault:
    """A request the engine did not answer properly: ``fault`` is ``crash`` (it exited or closed
    its output), ``timeout``, ``malformed`` (a line that is not the answer's shape) or
    ``desync`` (a line too many: the channel out of step). ``explained``: some input of the
    request fails when asked alone, and that input's own answer says so (never for a desync,
    which is the channel's fault whatever the input); ``settled``: every input of the request
    was answered in the end (none given up)."""

    op: str
    size: int
    fault: str
    problem: str
    explained: bool
    settled: bool

    def json(self) -> dict[str, Any]:
        return {"op": self.op, "batch_size": self.size, "fault": self.fault,
                "problem": self.problem, "explained": self.explained}


@dataclass
class ChannelLog:
    """What an engine's channel went through: how many requests it was sent, of what sizes,
    and every one it did not answer properly."""

    requests: int = 0
    largest: int = 0
    faults: list[ChannelFault] = field(default_factory=list)
    #: why the engine was given up on (every input not yet asked then went unasked), or ""
    gave_up: str = ""

    def merge(self, other: ChannelLog) -> None:
        self.requests += other.requests
        self.largest = max(self.largest, other.largest)
        self.faults += other.faults
        self.gave_up = self.gave_up or other.gave_up

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"requests": self.requests, "largest": self.largest,
                               "faults": [{**f.json(), "settled": f.settled}
                                          for f in self.faults]}
        if self.gave_up:
            out["gave_up"] = self.gave_up
        return out

    @staticmethod
    def from_json(raw: Any) -> ChannelLog:
        """A log as a bundle records it, read strictly (ValueError saying what is wrong)."""
        if not isinstance(raw, dict) or set(raw) - {"gave_up"} != {"requests", "largest",
                                                                   "faults"}:
            raise ValueError("a channel log has requests, largest and faults (and gave_up)")
        gave_up = raw.get("gave_up", "")
        if not isinstance(gave_up, str) or ("gave_up" in raw and not gave_up):
            raise ValueError("a channel log's gave_up says why, as a string")
        counts = (raw["requests"], raw["largest"])
        if not all(type(n) is int and n >= 0 for n in counts) or not isinstance(
                raw["faults"], list):
            raise ValueError("a channel log's requests and largest are counts, its faults a "
                             "list")
        faults = []
        for f in raw["faults"]:
            keys = {"op", "batch_size", "fault", "problem", "explained", "settled"}
            if not isinstance(f, dict) or set(f) != keys or type(f["batch_size"]) is not int \
                    or not all(isinstance(f[k], str) for k in ("op", "fault", "problem")) \
                    or not all(isinstance(f[k], bool) for k in ("explained", "settled")):
                raise ValueError("a channel fault has op, batch_size, fault, problem, "
                                 "explained and settled")
            faults.append(ChannelFault(f["op"], f["batch_size"], f["fault"], f["problem"],
                                       f["explained"], f["settled"]))
        return ChannelLog(counts[0], counts[1], faults, gave_up)

    def unexplained(self) -> list[ChannelFault]:
        """Requests that broke although each of their inputs, asked in smaller requests, was
        answered: a fault of the engine that no input's answer shows."""
        return [f for f in self.faults if not f.explained and f.settled]


