"""Every script a table engine is played: the settle scripts (every situation the planner
writes, then every one of the 36 rolls), the placement and withdrawal scripts
(:mod:`.planner`), the money scripts (:mod:`.payouts`), the domain scripts (bet IDs of every
class, odds staked unlike their line bet: :mod:`.field_domains`) and the transition scripts
(:mod:`.transitions`), all within the table's declared policies. The long random sessions
(:mod:`.long_sessions`) are played after them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from casino_proofs import spec
from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.scripts import suite
from casino_proofs.craps.table.scripts.field_domains import SCRIPT_IDS, domain_scripts
from casino_proofs.craps.table.scripts.payouts import money_scripts
from casino_proofs.craps.table.scripts.planner import (
    Script,
    placement_scripts,
    placements,
    situations,
    universe_of,
    withdrawal_scripts,
)
from casino_proofs.craps.table.scripts.stakes import capped
from casino_proofs.craps.table.scripts.suite import FamilySuite
from casino_proofs.craps.table.scripts.transitions import Transitions
from casino_proofs.protocol.answers import DICE


@dataclass(frozen=True)
class Plan:
    """Every script, the universe they are meant to reach, the abstract model's transitions
    they are meant to cover, and the suite complete for the table model."""

    scripts: tuple[Script, ...]
    universe: Mapping[str, frozenset[spec.ConcreteState]]
    transitions: Transitions
    suite: tuple[FamilySuite, ...] = ()


def _within(universe: Mapping[str, frozenset[spec.ConcreteState]],
            policies: Policies) -> dict[str, frozenset[spec.ConcreteState]]:
    """The universe less the states a declared policy keeps the table from."""
    if not policies.no_working_call:
        return dict(universe)
    return {w: frozenset(st for st in sts if not st.working) for w, sts in universe.items()}


def plan(specs: Iterable[spec.WagerSpec], setting: Setting, table_k: int | None = None
         ) -> Plan:
    """The scripts for the wagers of ``specs`` the table offers, within its policies (the
    suite complete for the model at ``table_k``, or the largest the budget allows)."""
    chosen = list(specs)
    policies = setting.policies
    universe = _within(universe_of(chosen), policies)
    names = [w.name for w in chosen if w.name in setting.offered]
    scripts: list[Script] = []
    for name, prefix in situations(names, universe, policies.one_odds):
        for calls in ([(False,), (True,)] if policies.one_odds else [(False, True)]):
            t = prefix.copy()
            placements(t, names, universe, calls, policies.one_odds)
            # one_odds: the odds of a situation are placed with one call or the other, each
            # its own script (named apart: a report and the narrowing tell scripts by name)
            tag = f" (placed calls {calls[0]})" if policies.one_odds else ""
            for d1, d2 in DICE:
                final = t.copy()
                final.events.append({"roll": [d1, d2]})
                scripts.append(Script(f"{name}{tag}, then {d1}-{d2}", "settle",
                                      tuple(final.events), dict(final.bets)))
    scripts += placement_scripts(names)
    scripts += [s for s in withdrawal_scripts(names)
                if not any(e.get("withdraw") for e in s.events
                           if s.bets.get(e.get("withdraw", ""), None) is not None
                           and s.bets[e["withdraw"]].wager in policies.no_take_down)]
    scripts = [capped(s, setting) for s in scripts]
    scripts += money_scripts(chosen, names, universe, policies.stake_ceiling)
    scripts += [capped(s, setting) for s in domain_scripts(setting)]
    model = Transitions(setting)
    scripts += model.scripts
    complete = suite.build(setting, table_k)
    scripts += suite.scripts(complete)
    names = [s.name for s in scripts]
    assert len(set(names)) == len(names), "each script of a plan has a name of its own"
    return Plan(tuple(_named(scripts)), universe, model, tuple(complete))


def _named(scripts: list[Script]) -> Iterable[Script]:
    """Each script given its ID: ``s1``, ``s2``, ..., but for the first domain scripts, whose
    IDs are of each class of the protocol's domain (:data:`.field_domains.SCRIPT_IDS`)."""
    special = iter(SCRIPT_IDS)
    for i, s in enumerate(scripts, start=1):
        given = next(special, None) if s.purpose == "domain" else None
        yield replace(s, id=given[1] if given else f"s{i}")
