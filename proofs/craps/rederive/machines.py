"""A bundle's families' machines (``table-machines.json``), derived again and required
identical, whole: each is a function of the table's hello (its wagers, money and policies),
the check's wagers and a run's readings, all of which the manifest records
(docs/engine-protocol.md, "The fault domain"). A state, an input or a transition edited,
added or dropped is named; a bundle without the file takes its machines on record.
"""

from __future__ import annotations

from typing import Any

from casino_proofs.audit.bundle import MACHINES_FILE
from casino_proofs.audit.findings import Finding, OnRecord
from casino_proofs.audit.intact import MAX_FILE, Bundle
from casino_proofs.audit.manifest import BundleError
from casino_proofs.craps.table.judging.policies import PolicyError
from casino_proofs.protocol.money import MoneyError
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads

NONE_HELD = ("the table's families' machines", "the bundle holds no table-machines.json (a "
             "bundle written before the machines were stated): the suite's model is not "
             "derived again")


def derived(bundle: Bundle, readings: dict[str, str]) -> list[dict[str, Any]]:
    """The machines of the bundle's table under ``readings``, as the installed package
    reads them off its reference table."""
    from casino_proofs import spec
    from casino_proofs.craps.table.judging import policies as declared
    from casino_proofs.craps.table.judging.oracle import offered_specs
    from casino_proofs.craps.table.model.family_inputs import families
    from casino_proofs.craps.table.model.family_machine import FamilyMachine
    from casino_proofs.craps.table.obligations.table_run import setting_of
    from casino_proofs.craps.table.scripts.planner import ODDS_ON
    from casino_proofs.protocol.money import Money

    hello = bundle.manifest.hello
    scope = bundle.manifest.wagers
    wanted = None if scope is None else set(scope) | {ODDS_ON[w] for w in scope
                                                      if w in ODDS_ON}
    offered = [w for w in hello.wagers if wanted is None or w in wanted]
    specs = offered_specs(tuple(offered), spec.Readings.from_dict(dict(readings)))
    setting = setting_of(specs, offered, Money.read(hello.raw.get("money")),
                         declared.read(hello.raw.get("policies"), hello.raw.get("limits"),
                                       hello.wagers))
    return [FamilyMachine(setting, f).json() for f in families(setting.offered)]


def machines_findings(bundle: Bundle) -> tuple[list[Finding], list[OnRecord]]:
    """Each run's machines derived again, against the bundle's."""
    if MACHINES_FILE not in bundle.manifest.files:
        played = bundle.manifest.engine.get("kind") == "play"
        return [], [OnRecord(*NONE_HELD)] if played else []
    try:
        recorded = loads((bundle.root / MACHINES_FILE).read_bytes(), max_bytes=MAX_FILE)
    except UntrustedJSON as exc:
        raise BundleError(f"{MACHINES_FILE}: not valid JSON ({exc})") from None
    runs = recorded.get("runs") if isinstance(recorded, dict) else None
    if not isinstance(runs, list) or not runs:
        return [Finding(MACHINES_FILE, "rederived-otherwise",
                        "not a list of runs' machines")], []
    out = []
    for i, run in enumerate(runs):
        readings = run.get("readings") if isinstance(run, dict) else None
        if not isinstance(readings, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in readings.items()):
            out.append(Finding(MACHINES_FILE, "rederived-otherwise",
                               f"runs[{i}] names no readings"))
            continue
        if readings not in [r.readings for r in bundle.manifest.runs]:
            out.append(Finding(MACHINES_FILE, "rederived-otherwise",
                               f"runs[{i}]'s readings are no run's of the "
                               "manifest"))
            continue
        try:
            again = derived(bundle, readings)
        except (MoneyError, PolicyError) as exc:
            raise BundleError(f"manifest.json: the engine's hello: {exc}") from None
        if run.get("families") != again:
            out.append(Finding(MACHINES_FILE, "rederived-otherwise",
                               f"runs[{i}]'s machines differ from those "
                               f"derived again ({_first(run.get('families'), again)})"))
    return out, []


def _first(recorded: Any, again: list[dict[str, Any]]) -> str:
    """Where the recorded machines first differ from those derived again, in words."""
    if not isinstance(recorded, list) or len(recorded) != len(again):
        return f"{len(again)} families derived again"
    for got, want in zip(recorded, again, strict=True):
        if not isinstance(got, dict):
            return f"the machine of {want['family']} is not an object"
        for key in ("family", "states", "inputs", "outputs", "transitions"):
            if got.get(key) != want[key]:
                return f"{want['family']}: its {key}"
    return "the machines"
