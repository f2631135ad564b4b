"""A table engine's whole run: its scripts planned, played, and read beside the reference table;
a script that breaks the rules in a request of many asked again alone (a fault that depends on
the request's size is the channel's, never the script's); then the long random sessions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.observe import Played, read_script
from casino_proofs.craps.table.obligations.clauses import Judge
from casino_proofs.craps.table.obligations.table_run import TableRun, read_run
from casino_proofs.craps.table.scripts import field_domains, long_sessions, recipes, suite
from casino_proofs.craps.table.scripts.fault_domain import fault_domain
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.craps.table.scripts.scripts import plan
from casino_proofs.craps.table.scripts.shrink import reproducer
from casino_proofs.progress import Progress, phase
from casino_proofs.protocol.answers import Faulty
from casino_proofs.protocol.play_budget import PlayBudget

#: plays scripts on the engine, one answer list (or a Faulty) per script
Player = Callable[[Sequence[Script]], list[Any]]
#: says that a script was answered otherwise in a request of many than alone (channel fault)
Blame = Callable[[Script, str], None]
#: failing scripts asked alone in a round, at most
ALONE = 64


def failing(setting: Setting, script: Script, answers: Any) -> str | None:
    """The first rule of the table a script's answers break (None: none)."""
    played = Played()
    read_script(script, answers, played, setting)
    judge = Judge(setting.money, setting.policies.per_player, every=True)
    judge.session(script.label, played)
    return judge.first_failure()


def _first_failing(run: TableRun) -> list[str]:
    """The scripts that hold the first failure of each kind of each obligation, and those
    whose first observation of an input the specification settles otherwise."""
    names = []
    for tally in run.judge.tallies.values():
        names += [group.script for group in tally.groups.values() if group.script]
    return list(dict.fromkeys([*names, *run.suspects]))


def run_table(play: Player, specs: Sequence[spec.WagerSpec], setting: Setting,
              budget: PlayBudget, blame: Blame) -> TableRun:
    """Plan the scripts, play them, and read what the table did. If a script that broke the
    rules in a request of many is answered rightly alone, the fault is the request's size:
    the channel's, named with it; every script is then asked again alone, and judged so. Its
    progress is a phase of the command's, one part after another (:data:`PARTS`)."""
    with phase("table", len(PARTS), "parts", estimate=False) as bar:
        return _run_table(play, specs, setting, budget, blame, bar)


#: the parts of a table's run, in order, as its progress names them
PARTS = ("the planned scripts", "the second pass", "the sessions", "the history scripts",
         "the shortest scripts")


def _run_table(play: Player, specs: Sequence[spec.WagerSpec], setting: Setting,
               budget: PlayBudget, blame: Blame, bar: Progress) -> TableRun:
    """:func:`run_table`'s work, each part a stage of ``bar``."""
    bar.stage(PARTS[0])
    the_plan = plan(specs, setting, budget.table_k)
    scripts = list(the_plan.scripts)
    answers = play(scripts)
    run = read_run(zip(scripts, answers, strict=True), setting, the_plan.transitions)
    by_label = {s.label: i for i, s in enumerate(scripts)}
    assert len(by_label) == len(scripts), "every script of a plan has its own id"
    for i in [by_label[n] for n in _first_failing(run) if n in by_label][:ALONE]:
        alone = play([scripts[i]])[0]
        if failing(setting, scripts[i], alone) is None:
            blame(scripts[i], failing(setting, scripts[i], answers[i]) or "")
            answers = [play([s])[0] for s in scripts]
            run = read_run(zip(scripts, answers, strict=True), setting,
                           the_plan.transitions)
            break
    bar.stage(PARTS[1])
    again = the_plan.transitions.second_pass(setting)
    if again:  # the table refused withdrawals it may refuse: what lies past them, otherwise
        for script, answer in zip(again, play(again), strict=True):
            run.read(script, answer)
    bar.stage(PARTS[2])
    outcome = long_sessions.run(setting, play, budget,
                           lambda s, p: run.pairs.hear(setting, s, p, run.plans))
    run.extra.append(long_sessions.result(outcome, budget))
    bar.stage(PARTS[3])
    wanted = [replace(s, id=f"h{i}") for i, s in
              enumerate(recipes.wanted(setting, run.pairs.observed), start=1)]
    for script, answer in zip(wanted, play(wanted), strict=True):
        run.read(script, answer)
    by_label.update({s.label: i for i, s in enumerate(again + wanted, start=len(scripts))})
    played = [*scripts, *again, *wanted]
    answered = {s.label for s, a in zip(scripts, answers, strict=True)
                if not (isinstance(a, Faulty) and a.fault in Faulty.UNANSWERED)}
    refused = {name: at for name, (at, _key) in the_plan.transitions.refused_at.items()}
    proved, mutants = suite.judge(the_plan.suite, answered,
                                  [s for s in scripts if s.purpose == "suite"], refused)
    run.extra.append(proved)
    run.fault_domain = fault_domain(the_plan.suite, mutants, the_plan.transitions,
                              long_sessions.figures(outcome), run.pairs,
                              setting.policies.stake_ceiling, field_domains.unplayed(setting))
    bar.stage(PARTS[4])
    for kind, tally in run.judge.tallies.items():
        first = tally.ranked()[0][1].script if tally.groups else ""
        if first in by_label and kind != "scripts":
            run.shortest[kind] = reproducer(setting, played[by_label[first]], kind, play)
    return run
