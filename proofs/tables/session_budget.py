"""How much random play a table gets after its scripts: so many sessions of so many events
(``--sessions``, ``--session-events``; docs/engine-protocol.md, "Long sessions"). Kept apart
from :mod:`.sessions` so that the command line reads its defaults without loading the
stateful-testing machinery."""

from __future__ import annotations

from dataclasses import dataclass

SESSIONS = 25
EVENTS = 400
#: the most either option takes
MAX_SESSIONS = 100_000
MAX_EVENTS = 10_000


@dataclass(frozen=True)
class Budget:
    """The random sessions played: how many, and the events each holds at most."""

    sessions: int = SESSIONS
    events: int = EVENTS
