"""Every script a table engine is played: the settle scripts (every situation the planner
writes, then every one of the 36 rolls), the placement and withdrawal scripts
(:mod:`.planner`), and the money scripts (:mod:`.payouts`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from casino_proofs import spec
from casino_proofs.tables.payouts import money_scripts
from casino_proofs.tables.planner import (
    DICE,
    Script,
    placement_scripts,
    placements,
    situations,
    universe_of,
    withdrawal_scripts,
)


@dataclass(frozen=True)
class Plan:
    """Every script, and the universe they are meant to reach."""

    scripts: tuple[Script, ...]
    universe: Mapping[str, frozenset[spec.ConcreteState]]


def plan(specs: Iterable[spec.WagerSpec], offered: Iterable[str], rounding: str) -> Plan:
    """The scripts for the wagers of ``specs`` that the engine offers (``rounding``: the
    engine's, for the money scripts)."""
    chosen = list(specs)
    universe = universe_of(chosen)
    names = [w.name for w in chosen if w.name in set(offered)]
    scripts: list[Script] = []
    for name, prefix in situations(names, universe):
        t = prefix.copy()
        placements(t, names, universe)
        for d1, d2 in DICE:
            final = t.copy()
            final.events.append({"roll": [d1, d2]})
            scripts.append(Script(f"{name}, then {d1}-{d2}", "settle", tuple(final.events),
                                  dict(final.bets), dict(final.expect)))
    scripts += placement_scripts(names)
    scripts += withdrawal_scripts(names)
    scripts += money_scripts(chosen, names, universe, rounding)
    return Plan(tuple(scripts), universe)
