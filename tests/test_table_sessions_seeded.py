"""The random sessions are a function of the seed alone (principle 6): the same scripts
whatever other modules the process has loaded. Hypothesis draws now and then a constant it
finds in the source of local modules; craps/table/scripts/seeded.py takes them to be none while the
sessions are drawn."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_proofs import spec
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.obligations.table_run import setting_of
from casino_proofs.craps.table.scripts import long_sessions
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.protocol.answers import Faulty
from casino_proofs.protocol.money import Money
from casino_proofs.protocol.play_budget import PlayBudget


def _scripts() -> list[tuple[Any, ...]]:
    names = ("pass", "pass-odds", "hard-6", "any-7")
    specs = offered_specs(names, spec.Readings.from_dict({}))
    setting = setting_of(specs, names, Money.read({"unit": "1", "rounding": "exact"}),
                         Policies())
    seen: list[tuple[Any, ...]] = []

    def play(scripts: list[Script]) -> list[Any]:
        seen.extend(script.events for script in scripts)
        return [Faulty("timeout", "no answer: every session is drawn, none shrunk")
                for _ in scripts]
    long_sessions.run(setting, play, PlayBudget(30, 40))
    return seen


def test_the_sessions_do_not_depend_on_the_local_modules_loaded(tmp_path: Path) -> None:
    before = _scripts()
    module = tmp_path / "many_constants.py"
    module.write_text("CONSTANTS = [\n" + "".join(
        f"    {bytes([i, 255 - i, i ^ 0x5A])!r}, {bytes([i, i + 1])!r},\n"
        for i in range(0, 250, 3)) + "]\n")
    spec_ = importlib.util.spec_from_file_location("many_constants", module)
    assert spec_ is not None and spec_.loader is not None
    loaded = importlib.util.module_from_spec(spec_)
    sys.modules["many_constants"] = loaded
    try:
        spec_.loader.exec_module(loaded)
        after = _scripts()
    finally:
        del sys.modules["many_constants"]
    assert after == before


def test_the_sessions_refuse_to_run_if_hypothesis_moved_its_internals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from hypothesis.internal.conjecture import providers

    from casino_proofs.craps.table.scripts.seeded import Unseeded, seed_alone
    monkeypatch.delattr(providers, "_get_local_constants")
    with pytest.raises(Unseeded), seed_alone():
        pass
