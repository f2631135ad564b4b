"""The page describes each family's machine from the data the check exports (issue 41): the
summary in docs/engine-protocol.md ("The fault domain") and each machine's states and inputs
in docs/table-machines.md are what a check of the example table states in its JSON report
(``table_domain.model``), for the example table's hello (every wager, money in units of 0.01
rounded down, no policy). A change to the model that the page does not show fails here;
``python tests/test_docs_machines.py --write`` writes the page again from the data."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.model.family_inputs import families
from casino_proofs.craps.table.model.family_machine import FamilyMachine
from casino_proofs.craps.table.obligations.table_run import setting_of
from casino_proofs.protocol.money import Money

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = ROOT / "docs" / "engine-protocol.md"
MACHINES = ROOT / "docs" / "table-machines.md"
BEGIN, END = "<!-- machines: begin -->", "<!-- machines: end -->"


def exported() -> list[dict[str, Any]]:
    """Each family's machine, as the JSON report exports it, for the example table."""
    names = tuple(spec.WAGER_NAMES)
    specs = offered_specs(names, spec.Readings.from_dict({}))
    setting = setting_of(specs, names, Money(Fraction(1, 100), "floor"), Policies())
    return [FamilyMachine(setting, f).json() for f in families(setting.offered)]


def summary(machines: list[dict[str, Any]]) -> str:
    """The table of docs/engine-protocol.md: each machine's size, and its inputs in words."""
    rows = ["| family | states | inputs | transitions | its inputs |", "|---|---|---|---|---|"]
    for m in machines:
        rows.append(f"| {m['family']} | {len(m['states'])} | {len(m['inputs'])} | "
                    f"{len(m['transitions'])} | {'; '.join(m['inputs'])} |")
    return "\n".join(rows)


def page(machines: list[dict[str, Any]]) -> str:
    """docs/table-machines.md: every machine's states, each with its access script's
    length, and its inputs."""
    out = ["# The families' machines", "",
           "Written from the data a check exports (`table_domain.model` in the JSON report, "
           "`table-machines.json` in an audit bundle), for the example table's hello: every "
           "wager, money in units of 0.01 rounded down, no policy. A table of other wagers, "
           "money or policies has machines read off its own reference table the same way; "
           "its report states them. What the machines are: "
           "[The fault domain](engine-protocol.md#the-fault-domain). "
           "(`python tests/test_docs_machines.py --write` writes this page again.)", ""]
    for m in machines:
        out += [f"## {m['family']}", "",
                f"{len(m['states'])} states, {len(m['inputs'])} inputs, "
                f"{len(m['transitions'])} transitions, {len(m['outputs'])} outputs.", "",
                "| state | access script (events) |", "|---|---|"]
        out += [f"| {s['says']} | {s['access']} |" for s in m["states"]]
        out += ["", "Inputs: " + "; ".join(m["inputs"]) + ".", ""]
    return "\n".join(out)


def _between(text: str) -> str:
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip()


def test_the_page_states_each_family_machine_as_the_check_exports_it() -> None:
    machines = exported()
    assert _between(PROTOCOL.read_text(encoding="utf-8")) == summary(machines)
    assert MACHINES.read_text(encoding="utf-8") == page(machines)


if __name__ == "__main__" and "--write" in sys.argv:
    made = exported()
    text = PROTOCOL.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    PROTOCOL.write_text(f"{head}{BEGIN}\n{summary(made)}\n{END}{rest.split(END, 1)[1]}",
                        encoding="utf-8")
    MACHINES.write_text(page(made), encoding="utf-8")
