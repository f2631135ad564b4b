"""The PAR sheet of a run, game by game, as JSON data: each game's part from its room (the
registry's ``par`` entry: craps's rows, each wager from its start under every reading that
changes it, the implementation's figures beside the specification's, and optionally a seeded
Monte Carlo check of the arithmetic; Pai Gow's tables). ``par`` prints it; ``check --bundle``
puts it in the bundle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from casino_proofs import games
from casino_proofs.protocol.engine import Engine

SCHEMA = "casino-proofs/par"
SCHEMA_VERSION = 1


@dataclass(frozen=True)
class ParAsked:
    """What a game's part of the sheet is asked besides the readings and the engine: the
    wagers chosen (None: every one), the Monte Carlo trials (0: none), the processes of a
    count spread over them, the stake and rounding of the breakage (None: none), and the
    record of the check's first run, per game, when the sheet goes in a bundle (None: the
    ``par`` command's sheet)."""

    wagers: list[str] | None = None
    trials: int = 0
    workers: int = 2
    stake: int | None = None
    rounding: str = "floor"
    proof_record: Mapping[str, Any] | None = None


#: a game's part of the sheet: its rows (or tables), and its Monte Carlo run (None: none)
GameSheet = tuple[list[dict[str, Any]], dict[str, Any] | None]


def game_sheet(game: str, readings: dict[str, str], engine: Engine,
               asked: ParAsked) -> GameSheet:
    """The part of the sheet of ``game``, from its room."""
    made: GameSheet = games.entry(game, "par")(readings, engine, asked)
    return made


def document(context: dict[str, Any], sheets: Mapping[str, list[dict[str, Any]]],
             monte_carlo: dict[str, Any] | None) -> dict[str, Any]:
    """The PAR sheet as one JSON document (schema proofs/schemas/par.schema.json): each
    game's part under its name, in the registry's order."""
    doc: dict[str, Any] = {"schema": SCHEMA, "schema_version": SCHEMA_VERSION, **context}
    for name in games.names():
        if name in sheets:
            doc[name] = sheets[name]
    doc["monte_carlo"] = monte_carlo or {"run": False,
                                         "why": "not asked for (par --monte-carlo N)"}
    agree = all(r["agree"] for rows in sheets.values() for r in rows)
    inside = monte_carlo is None or not monte_carlo.get("run", True) or monte_carlo["inside"]
    doc["summary"] = {"spec_and_impl_agree": agree, "monte_carlo_inside": inside,
                      "exit_code": 0 if agree and inside else 1}
    return doc
