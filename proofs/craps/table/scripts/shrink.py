"""A failing script shrunk to its shortest: delta debugging over its events (Zeller and
Hildebrandt 2002), the candidates of each round played in requests of many.

Every table refutation comes with the shortest script found that still breaks the same
obligation on the engine: the long session, the 100-roll battery or the planned script it was
first seen in, cut down. The result is a function of the script and the engine's answers
alone: the candidates are tried in a fixed order, and the first that still fails is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.observe import Played, read_script
from casino_proofs.craps.table.obligations.clauses import Judge
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.obligations.verdict import Result, Verdict

#: plays scripts on the engine: each one's answers, or a Faulty
PlayMany = Callable[[Sequence[Script]], list[Any]]
#: scripts played while shrinking one, at most, and in one request
MAX_PLAYS = 1_500
SLICE = 64


@dataclass(frozen=True)
class Shortest:
    """The shortest script found that still breaks an obligation: its events, the engine's
    answers to them, the case in words and the clause it breaks, the event it breaks it at
    (from 1), and the answer the rules demand there (in the protocol's shapes)."""

    script: Script
    why: str
    clause: str
    answers: Any = None
    event: int = 0
    due: Any = None

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"script": list(self.script.events),
                               "events": len(self.script.events), "why": self.why}
        if isinstance(self.answers, list):
            out["answers"] = self.answers
        if self.event:
            out.update(event=self.event, due=self.due)
        return out


def failures(setting: Setting, script: Script, answers: Any
             ) -> dict[str, tuple[str, str, int]]:
    """The table obligations a script's answers break, each with its first case in words,
    the clause it breaks and its event (none when the script got no answer)."""
    played = Played(track=False)
    read_script(script, answers, played, setting)
    if played.unanswered:
        return {}
    judge = Judge(setting.money, setting.policies.per_player, every=True)
    judge.session(script.label, played)
    return judge.failures()


def _shown(setting: Setting, script: Script, kind: str, answers: Any) -> Shortest:
    """A script and the engine's answers to it, as a report shows them: the case of
    ``kind`` it breaks, and the answer the rules demand at that event."""
    played = Played(track=False, dues=[])
    read_script(script, answers, played, setting)
    judge = Judge(setting.money, setting.policies.per_player, every=True)
    judge.session(script.label, played)
    why, clause, event = judge.failures().get(kind, ("", "", 0))
    dues = played.dues or []
    due = dues[event - 1] if 0 < event <= len(dues) else None
    return Shortest(script, why, clause, answers, event if due is not None else 0, due)


def shortest(setting: Setting, script: Script, kind: str, play: PlayMany
             ) -> tuple[Script, str, str]:
    """``script`` cut down to the fewest events that still break obligation ``kind``, that
    case in words and the clause it breaks."""
    found = reproducer(setting, script, kind, play)
    return found.script, found.why, found.clause


def reproducer(setting: Setting, script: Script, kind: str, play: PlayMany) -> Shortest:
    """``script`` cut down to the fewest events that still break obligation ``kind``, with
    the engine's answers and what the rules demand where it breaks it: chunks of events
    dropped, halving the chunk each time none can be, then every window of up to four."""
    events = list(script.events)
    plays = 0
    best = script
    kept: Any = None  # the engine's answers to ``best``, once it is a shrunk one

    def first_failing(cuts: list[tuple[int, int]]) -> Script | None:
        """The first of these cuts (start, width) that still breaks ``kind``."""
        nonlocal plays, kept
        candidates = [Script(f"{script.name}, shrunk", script.purpose,
                             tuple(events[:i] + events[i + w:]), {},
                             id=f"shrink-{plays + n + 1}")
                      for n, (i, w) in enumerate(cuts) if 0 < w < len(events)]
        for at in range(0, len(candidates), SLICE):
            if plays >= MAX_PLAYS:
                return None
            part = candidates[at:at + SLICE]
            plays += len(part)
            for candidate, answers in zip(part, play(part), strict=True):
                if kind in failures(setting, candidate, answers):
                    kept = answers
                    return candidate
        return None

    size = max(1, len(events) // 2)
    while size >= 1 and plays < MAX_PLAYS:  # chunks, halving
        found = first_failing([(i, size) for i in range(0, len(events), size)])
        if found is not None:
            events, best = list(found.events), found
            size = min(size, max(1, len(events) // 2))
        else:
            size //= 2
    shorter = True
    while shorter and plays < MAX_PLAYS:  # then every window of up to four events
        found = first_failing([(i, w) for w in (1, 2, 3, 4) for i in range(len(events))])
        shorter = found is not None
        if found is not None:
            events, best = list(found.events), found
    return _shown(setting, best, kind, kept if kept is not None else play([best])[0])


def with_shortest(r: Result, found: Shortest | None) -> Result:
    """A refutation with the shortest script found that still breaks it: its events and
    the engine's answers in the counterexample (``shortest``), every format showing them."""
    if found is None or r.verdict is not Verdict.REFUTED:
        return r
    n = len(found.script.events)
    return replace(r, counterexample={**(r.counterexample or {}), "shortest": found.json()},
                   detail=f"{r.detail}; the shortest script found that shows it: "
                          f"{n} event{'s' * (n != 1)}")
