"""How much random play a table engine of protocol 2 gets after its scripts: so many sessions
of so many events (``--sessions``, ``--session-events``; docs/engine-protocol.md, "Long
sessions"), and the k of the suite. Kept apart from the table's long sessions
(:mod:`casino_proofs.craps.table.scripts.long_sessions`) so that the command line and the
doors read its defaults without loading the stateful-testing machinery, nor a game's room."""

from __future__ import annotations

from dataclasses import dataclass

SESSIONS = 10
EVENTS = 400
#: the most either option takes (each is played at its maximum by a test; both at theirs
#: draw ten million moves: hours of play)
MAX_SESSIONS = 1_000
MAX_EVENTS = 10_000


#: the largest k of the suite's model the option takes (at k = 1 the suite of a table of
#: every wager holds about 800,000 events; at k = 2 it would hold some twenty million)
MAX_K = 1


@dataclass(frozen=True)
class PlayBudget:
    """The sessions played (how many, and the events each draws), and the k of the suite
    complete for the table model (None: the largest each family's budget allows)."""

    sessions: int = SESSIONS
    events: int = EVENTS
    table_k: int | None = None
