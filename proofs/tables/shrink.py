"""A failing script shrunk to its shortest: delta debugging over its events (Zeller and
Hildebrandt 2002), the candidates of each round played in requests of many.

Every table refutation comes with the shortest script found that still breaks the same
obligation on the engine: the long session, the 100-roll battery or the planned script it was
first seen in, cut down. The result is a function of the script and the engine's answers
alone: the candidates are tried in a fixed order, and the first that still fails is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.tables.bets import Setting
from casino_proofs.tables.obligations import Judge
from casino_proofs.tables.observe import Played, read_script
from casino_proofs.tables.planner import Script

#: plays scripts on the engine: each one's answers, or a Faulty
PlayMany = Callable[[Sequence[Script]], list[Any]]
#: scripts played while shrinking one, at most, and in one request
MAX_PLAYS = 1_500
SLICE = 64


def failures(setting: Setting, script: Script, answers: Any) -> dict[str, tuple[str, str]]:
    """The table obligations a script's answers break, each with its first case in words and
    the clause it breaks (none when the script got no answer)."""
    played = Played(track=False)
    read_script(script, answers, played, setting)
    if played.unanswered:
        return {}
    judge = Judge(setting.money, setting.policies.per_player, every=True)
    judge.session(script.label, played)
    return judge.failures()


def shortest(setting: Setting, script: Script, kind: str, play: PlayMany
             ) -> tuple[Script, str, str]:
    """``script`` cut down to the fewest events that still break obligation ``kind``, that
    case in words and the clause it breaks: chunks of events dropped, halving the chunk each
    time none can be."""
    events = list(script.events)
    why = clause = ""
    plays = 0
    best = script

    def first_failing(cuts: list[tuple[int, int]]) -> Script | None:
        """The first of these cuts (start, width) that still breaks ``kind``."""
        nonlocal why, clause, plays
        candidates = [Script(f"{script.name}, shrunk", script.kind,
                             tuple(events[:i] + events[i + w:]), {},
                             id=f"shrink-{plays + n + 1}")
                      for n, (i, w) in enumerate(cuts) if 0 < w < len(events)]
        for at in range(0, len(candidates), SLICE):
            if plays >= MAX_PLAYS:
                return None
            part = candidates[at:at + SLICE]
            plays += len(part)
            for candidate, answers in zip(part, play(part), strict=True):
                broken = failures(setting, candidate, answers)
                if kind in broken:
                    why, clause = broken[kind]
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
    if not why:
        why, clause = failures(setting, best, play([best])[0]).get(kind, ("", ""))
    return best, why, clause


def with_shortest(r: Result, found: tuple[Script, str, str] | None) -> Result:
    """A refutation with the shortest script found that still breaks it."""
    if found is None or r.verdict is not Verdict.REFUTED:
        return r
    script, why, _clause = found
    cex = {**(r.counterexample or {}),
           "shortest": {"script": list(script.events), "events": len(script.events),
                        "why": why}}
    return replace(r, counterexample=cex,
                   detail=f"{r.detail}; the shortest script found that shows it: "
                          f"{len(script.events)} events ({why})")
