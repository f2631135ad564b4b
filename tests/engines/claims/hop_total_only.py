"""A Python engine (``python:`` target) that settles the Hop wagers under reading
hop-call=total alone, and says so in its hello: {"readings": {"hop-call": ["total"]}}.
It is checked under hop-call=total, with a note, never refuted under the default it does not
claim. (It settles by this project's own implementation: only its claim is under test.)"""

from __future__ import annotations

from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.protocol.answers import CrapsInput

HOPS = [w for w in spec.WAGER_NAMES if w.startswith("hop-")]
_OURS = OurImplementation()


def hello() -> dict[str, Any]:
    return {"name": "hop-call=total only", "version": "1", "games": ["craps"],
            "wagers": HOPS, "readings": {"hop-call": ["total"]}}


def settle(batch: list[dict[str, Any]], readings: dict[str, str] | None = None) -> list[Any]:
    inputs = [CrapsInput(i["wager"], i["state"]["come_out"], i["state"]["point"],
                         i["state"]["working"], i["state"]["first_roll"], *i["roll"])
              for i in batch]
    return [a.json() for a in _OURS.settle(inputs, {"hop-call": "total"})]
