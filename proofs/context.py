"""What every report states besides its verdicts: the text checked, the readings and
conventions in force, and the versions that produced it."""

from __future__ import annotations

import platform
from collections.abc import Sequence
from typing import Any

import z3

from casino_proofs import games, regulation
from casino_proofs.version import tool_version


def parse_readings(pairs: list[str]) -> dict[str, str]:
    """``["hop-call=total"]`` -> ``{"hop-call": "total"}``, checked against the registry.

    Raises ValueError with a one-line message naming what is valid.
    """
    known = regulation.readings()
    chosen: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--reading takes NAME=VALUE, not {pair!r}; readings: "
                             + ", ".join(known))
        if name not in known:
            raise ValueError(f"unknown reading {name!r}; readings: {', '.join(known)}")
        values = [v.name for v in known[name].values]
        if value not in values:
            raise ValueError(f"reading {name} is one of {', '.join(values)}, not {value!r}")
        if name in chosen and chosen[name] != value:
            raise ValueError(f"reading {name} given twice")
        chosen[name] = value
    return chosen


def readings_in_force(chosen: dict[str, str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for rid, reading in regulation.readings().items():
        value = chosen.get(rid, reading.default)
        out[rid] = {
            "value": value,
            "default": value == reading.default,
            "description": reading.value(value).description,
            "clauses": list(reading.clauses),
        }
    return out


def game_of(clause_id: str) -> str:
    """The game a clause or paragraph belongs to (by the sections of each game's entry in
    ``games.py``: s. 40 is Pai Gow Poker, s. 95 craps); a convention or policy, the game of
    the clauses that need it; anything else, the first game's."""
    if regulation.is_convention(clause_id):
        needed = regulation.conventions()[clause_id].needed_by
        return game_of(needed[0]) if needed else games.names()[0]
    return games.of_clause(clause_id) or games.names()[0]


def in_scope(clauses: Sequence[str], chosen: Sequence[str]) -> bool:
    """Whether a reading or convention resting on ``clauses`` concerns one of the games
    ``chosen``."""
    return not clauses or any(game_of(c) in chosen for c in clauses)


def report_context(chosen: dict[str, str], policies: Sequence[str] = (),
                   scope: Sequence[str] | None = None) -> dict[str, Any]:
    """What every report shows of the run: the tool, the regulation, and the readings and
    conventions in force for the games checked (``scope``; None: every game), with the table
    policies the engine declared (``policies``)."""
    games_checked = games.names() if scope is None else scope
    return {
        "tool": {"name": "casino-proofs", "version": tool_version(),
                 "z3": z3.get_version_string(), "python": platform.python_version()},
        "regulation": dict(regulation.REGULATION),
        "readings": {rid: r for rid, r in readings_in_force(chosen).items()
                     if in_scope(r["clauses"], games_checked)},
        "conventions": [
            {"id": c.id, "title": c.title, "text": c.text}
            for c in regulation.conventions_in_force(policies).values()
            if in_scope(c.needed_by, games_checked)
        ],
    }
