"""An engine that answers from a recording: the craps answers an audit bundle holds.

``replay`` re-derives a bundle's craps verdicts by running the obligations again against what
the engine under test answered then, without the engine. Each input is answered as the engine
answered it the first time, and, asked again, as it answered the second time (so the
determinism obligation is re-derived too). An input the recording lacks is a fault. The
channel's log, as recorded, gives the ``channel`` obligation again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty, RankAnswer
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import Hello


class BundleAnswers(Engine):
    """The answers of a recording, first and second asking. ``capabilities``: those of the
    engine recorded that say how its answers are judged (an engine asked, by default); its
    hooks stay with it (a table's scripts and sessions are taken on record)."""

    kind = "recorded"
    capabilities = Capability.ANSWERS_ANY_INPUT | Capability.ANSWERS_AGAIN

    def __init__(self, hello: Hello, first: dict[CrapsInput, CrapsAnswer],
                 second: dict[CrapsInput, CrapsAnswer], target: str = "recorded",
                 channel: ChannelLog | None = None,
                 capabilities: Capability | None = None) -> None:
        super().__init__(target)
        if capabilities is not None:
            self.capabilities = capabilities
        self._hello = hello
        self.first = first
        self.second = second
        self.asked: set[CrapsInput] = set()
        #: the channel's log as recorded (taken on record: no recording can re-derive it)
        self.channel = channel

    def take_channel(self) -> ChannelLog | None:
        return self.channel

    def _start(self) -> Hello:
        return self._hello if self._hello is not None else Hello("recorded", "", (), ())

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        out: list[CrapsAnswer] = []
        for q in batch:
            table = self.second if q in self.asked else self.first
            self.asked.add(q)
            out.append(table.get(q, Faulty("missing", "the recording has no answer to this "
                                                      "input")))
        return out

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        return [Faulty("missing", "a recording of craps answers ranks no hands")] * len(hands)
