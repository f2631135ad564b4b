"""Every game of the by-law the tool checks, in one place (issue 46), in the pattern of
``reports/registry.py``.

Each game has one entry: its name (the word its obligation IDs, ``--only``, a hello and a
bundle's fields use), its title and its label (as a sentence and a progress bar name it), the
clause an engine that does not offer it refutes, the sections of the by-law it is, and its
entry points, each a ``module:attribute`` of ``casino_proofs`` resolved when it is used: what
proves the game, derives a bundle of it again, writes its PAR sheet and its diff, and the
lines a report says of it. A game's code lives in its own room (``proofs/<name>/``), above
every shared floor: nothing outside the room imports it, and nothing of it is loaded before a
command asks for it. Every command's games, ``--only`` choices and per-game step come from
here; no shared module names a game (``tests/test_architecture.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Game:
    """One game: what it is called, the clause that offers it, the sections of the by-law it
    is (the prefixes of its clause IDs), the unit its proof's progress counts, whether
    ``--wagers`` chooses among its wagers (the specification's catalogue), whether its proof
    has a pass spread over processes or a cluster (``--workers``, ``--scheduler``), its
    entry points (``module:attribute`` in ``casino_proofs``), and whether it is played as a
    table too."""

    name: str
    title: str
    label: str
    offered: str
    sections: tuple[str, ...]
    unit: str
    wagers: bool = False
    spreads: bool = False
    entries: Mapping[str, str] = field(default_factory=dict)
    #: whether the game is also checked as a table played event by event (protocol 2), whose
    #: fault domain a report states with the game's obligations
    tables: bool = False


GAMES: tuple[Game, ...] = (
    Game("craps", "craps", "craps", "r3-95.15-intro.s1", ("r3-95.15", "r3-95.16"),
         "wagers checked", True, False,
         {"prove": "craps.obligations.game:prove",
          "diff": "craps.diff.section:craps_section",
          "diff_report": "craps.report.diff:REPORT",
          "par": "craps.par.sheet:sheet",
          "par_report": "craps.report.par:REPORT",
          "run_summary": "craps.report.check:run_summary",
          "rederive": "craps.rederive.answers:rederive",
          "again": "craps.rederive.again:again",
          "rederive_par": "craps.rederive.par:rows",
          "table_policies": "craps.table.judging.policies:read",
          "mutants": "craps.assurance.mutants:mutants",
          "run_mutant": "craps.assurance.mutants:run",
          "bundle_answers": "craps.rederive.bundle:bundle_answers",
          "held": "craps.rederive.answers:held",
          "rederive_files": "craps.rederive.machines:machines_findings",
          "run_record": "craps.rederive.record:run_record",
          "answers_file": "craps.rederive.bundle:answers_file",
          "manifest_left_out": "craps.rederive.manifest:left_out",
          "run_findings": "craps.rederive.manifest:run_findings",
          "left_out_on_record": "craps.rederive.manifest:left_out_on_record",
          "engine_on_record": "craps.rederive.manifest:engine_on_record",
          "coverage_constraints": "craps.assurance.coverage:constraints",
          "coverage_obligations": "craps.assurance.coverage:obligations",
          "coverage_table": "craps.assurance.coverage:table_obligations",
          "blueprint_constraints": "craps.assurance.blueprint:constraints",
          "blueprint_par": "craps.assurance.blueprint:par",
          "ambiguity_deciders": "craps.readings.ambiguities:deciders",
          "ambiguity_reading": "craps.readings.ambiguities:reading_decider",
          "commands": "craps.command:sub_commands",
          "play_door": "craps.adapters.played:open_table",
          "played_engine": "craps.table.obligations.played:PlayedTable",
          "log_door": "craps.adapters.session_log:SessionLog",
          "settlement_door": "craps.adapters.settlement_table:SettlementTable",
          "is_log": "craps.adapters.session_log:is_session_log"},
         tables=True),
    Game("paigow", "Pai Gow Poker", "Pai Gow", "r3-40-intro.s1", ("r3-40",), "hands", False, True,
         {"prove": "paigow.obligations.game:prove",
          "diff": "paigow.diff.section:paigow_section",
          "diff_report": "paigow.report.diff:REPORT",
          "par": "paigow.par:sheet",
          "par_report": "paigow.report.par:REPORT",
          "run_summary": "paigow.report.check:run_summary",
          "rederive": "paigow.rederive:rederive",
          "again": "paigow.rederive:again",
          "rederive_par": "paigow.rederive:par_tables",
          "figures": "paigow.obligations.report:figure_lines",
          "mutants": "paigow.assurance.mutants:mutants",
          "run_mutant": "paigow.assurance.mutants:run",
          "run_record": "paigow.rederive:run_record",
          "manifest_left_out": "paigow.rederive:manifest_left_out",
          "run_findings": "paigow.rederive:run_findings",
          "runs_on_record": "paigow.rederive:runs_on_record",
          "coverage_constraints": "paigow.assurance.coverage:constraints",
          "coverage_obligations": "paigow.assurance.coverage:obligations",
          "coverage_gaps": "paigow.assurance.coverage:ordering_gaps",
          "blueprint_constraints": "paigow.assurance.blueprint:constraints",
          "blueprint_par": "paigow.assurance.blueprint:par",
          "ambiguity_deciders": "paigow.readings.ambiguities:deciders",
          "commands": "paigow.command:sub_commands",
          "comparing_door": "paigow.adapters.comparing:ComparingEngine"}),
)


def names() -> tuple[str, ...]:
    """Every game's name, in the order every list, report and run takes them."""
    return tuple(g.name for g in GAMES)


def game(name: str) -> Game:
    """The entry of the game ``name`` (KeyError naming the games otherwise)."""
    for g in GAMES:
        if g.name == name:
            return g
    raise KeyError(f"no game {name!r} in games.py; games: {', '.join(names())}")


def of_clause(clause_id: str) -> str | None:
    """The game a clause or paragraph of the by-law belongs to (None: none of them)."""
    return next((g.name for g in GAMES if clause_id.startswith(g.sections)), None)


def has_wagers(name: str) -> bool:
    """Whether the game ``name`` has wagers ``--wagers`` chooses among (False: no such game)."""
    return any(g.name == name and g.wagers for g in GAMES)


def played_as_table(name: str) -> bool:
    """Whether the game ``name`` is checked as a table played too (False: no such game)."""
    return any(g.name == name and g.tables for g in GAMES)


def the_one(point: str) -> Any:
    """The entry point ``point`` of the one game that has it, imported now: a door only one
    game opens (``play_door``, ``log_door``, ``comparing_door``), or how the game played as
    a table reads a table's declared policies and limits (``table_policies``: ValueError,
    naming what is valid, if unusable)."""
    (name,) = [g.name for g in GAMES if point in g.entries]
    return entry(name, point)


def each(point: str, *args: Any, among: Iterable[str] | None = None) -> list[Any]:
    """What the entry point ``point`` gives, called with ``args``, for each game that has it
    (of ``among``, if given), in the registry's order."""
    chosen = names() if among is None else tuple(among)
    return [entry(g.name, point)(*args) for g in GAMES
            if g.name in chosen and point in g.entries]


def has(name: str, point: str) -> bool:
    """Whether the game has the entry point ``point``."""
    return point in game(name).entries


def entry(name: str, point: str) -> Any:
    """The game's entry point ``point``, imported now (KeyError if the game has none)."""
    where = game(name).entries.get(point)
    if where is None:
        raise KeyError(f"the game {name!r} has no entry point {point!r} in games.py")
    module, _, attribute = where.partition(":")
    return getattr(importlib.import_module(f"casino_proofs.{module}"), attribute)
