"""Engines told apart by what they can be asked (issue 33, item 2): every door declares its
capabilities and has the hooks they add; a check that needs a capability the engine lacks
says so in one line, exit 2, before any work; no logic of the tool branches on a kind."""

from __future__ import annotations

import ast
import contextlib
import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from casino_proofs import adapters, games
from casino_proofs.command import arguments
from casino_proofs.command.main import main
from casino_proofs.obligations import capabilities as hooks
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty, RankAnswer
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import Hello

ROOT = Path(__file__).resolve().parent.parent


def _door_packages() -> list[Any]:
    """``proofs/adapters``, each game's doors (``proofs/<game>/adapters``) and its table's
    obligations (where a played table is the engine its door opens)."""
    out = [adapters]
    for name in games.names():
        for part in ("adapters", "table.obligations"):
            with contextlib.suppress(ModuleNotFoundError):
                out.append(importlib.import_module(f"casino_proofs.{name}.{part}"))
    return out


#: engines no door hands a check as they are: our mutants (made by the mutation run), and a
#: table engine's program (its door hands the check the table played, ``PlayedTable``)
NOT_HANDED = ("Mutated", "PlayEngine")


def _doors() -> list[type[Engine]]:
    """Every Engine subclass of the packages of :func:`_door_packages` (every module
    imported)."""
    packages = _door_packages()
    for package in packages:
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if not info.name.endswith("python_host"):  # a program's entry point, run alone
                importlib.import_module(info.name)
    out: list[type[Engine]] = []
    todo = list(Engine.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith(tuple(f"{p.__name__}." for p in packages)):
            out.append(cls)
    return sorted(set(out), key=lambda c: c.__qualname__)


def test_every_door_has_the_hooks_of_what_it_declares() -> None:
    doors = _doors()
    assert len(doors) >= 9  # ours, mutated, exec, play, played, comparing, table, log, recorded
    for cls in doors:
        assert not hooks.missing_hooks(cls), cls.__qualname__
        assert cls.kind or cls.__name__ == "ComparingEngine", cls  # its kind is its program's


def test_each_door_opens_the_kinds_of_engine_it_says_with_what_it_promises() -> None:
    """``DOORS`` is the one mapping from a target's prefix to the kinds of engine it opens
    (issue 46): every kind a door names is an engine's, every engine's kind but a bundle's
    answers' (``recorded``, opened by no door) has a door, and each engine of a door's kinds
    has every capability the door promises (but :data:`NOT_HANDED`)."""
    from casino_proofs.adapters.targets import DOORS, kind_of

    engines = [cls for cls in _doors() if cls.kind]
    named = {k for door in DOORS.values() for k in door.kinds}
    assert named == {cls.kind for cls in engines} - {"recorded"}
    for door in DOORS.values():
        for cls in engines:
            if cls.kind in door.kinds and cls.__name__ not in NOT_HANDED:
                assert door.promised & ~cls.capabilities == Capability(0), (door, cls)
    assert kind_of("table:x.jsonl", "log") == "log"
    assert kind_of("table:x.csv", "exec") == "table"  # a forged kind is not believed
    assert kind_of("python:m.py", "exec") == "exec" and kind_of("nope:x", "exec") == "?"


def test_every_capability_of_hooks_names_them() -> None:
    for capability in hooks.HOOKS:
        assert hooks.hook_names(capability), capability
    assert hooks.hook_names(Capability.PLAYS_TABLES) == (
        "table_run", "table_domain", "focus", "policies_in_force")


class _Fake(Engine):
    """An engine that answers nothing, for what a door declares and lacks."""

    kind = "play"

    def _start(self) -> Hello:
        return Hello("fake", "1", ("craps",), ("pass",), raw={"interface": "table"})

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        return [Faulty("missing", "fake")] * len(batch)

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        return [Faulty("missing", "fake")] * len(hands)


class _ForgetfulTable(_Fake):
    """A table door that declares it plays tables and forgot ``table_domain``."""

    capabilities = Capability.PLAYS_TABLES

    def table_run(self, readings: Mapping[str, str]) -> Any:
        raise AssertionError("never reached: the door is refused first")

    def focus(self, wagers: Sequence[str]) -> None:
        return None

    def policies_in_force(self) -> tuple[str, ...]:
        return ()


def test_a_door_missing_a_hook_it_declares_fails_loudly() -> None:
    assert hooks.missing_hooks(_ForgetfulTable) == ["plays-tables: table_domain"]
    with pytest.raises(hooks.MissingHooks, match="table_domain"):
        hooks.table_player(_ForgetfulTable("play:forgetful"))


def test_a_hook_asked_of_an_engine_without_the_capability_fails_loudly() -> None:
    with pytest.raises(hooks.MissingHooks, match="plays-tables"):
        hooks.table_player(_Fake("play:fake"))


def test_a_play_target_whose_engine_cannot_play_tables_is_one_usage_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[bool] = []

    class Closing(_Fake):
        def close(self) -> None:
            closed.append(True)

    monkeypatch.setattr(arguments, "open_target", lambda target, *a, **k: Closing(target))
    code = main(["check", "--engine", "play:fake-table", "--only", "craps"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and closed
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "play:fake-table" in lines[0] and "plays-tables" in lines[0]
    assert "a target is one of impl, exec:COMMAND" in lines[0]  # what is valid


def test_no_logic_branches_on_an_engine_kind() -> None:
    """``kind`` is a label for reports: no ``engine.kind`` compared, no hook reached by
    ``getattr``, anywhere in the tool."""
    for path in sorted((ROOT / "proofs").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                for side in (node.left, *node.comparators):
                    assert not (isinstance(side, ast.Attribute) and side.attr == "kind"
                                and isinstance(side.value, ast.Name)
                                and "engine" in side.value.id), f"{path}:{node.lineno}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("getattr", "hasattr") and node.args \
                    and isinstance(node.args[0], ast.Name) and "engine" in node.args[0].id:
                raise AssertionError(f"{path}:{node.lineno}: a hook reached by {node.func.id}")


@pytest.mark.parametrize(("door", "spreads"), [
    ("adapters.exec_engine.ExecEngine", True), ("craps.adapters.session_log.SessionLog", True),
    ("craps.adapters.play_engine.PlayEngine", False), ("adapters.ours.OurImplementation", False),
    ("craps.adapters.settlement_table.SettlementTable", False)])
def test_scheduler_only_a_program_or_a_session_log_spreads_over_workers(
        door: str, spreads: bool) -> None:
    """``--scheduler`` takes the doors whose work a cluster's workers can share: a program
    (each worker starts its own) and a session log (each judges its shards); the merge of the
    capabilities left the session log out, and every ``table:LOG --scheduler`` was refused."""
    module, _, name = door.rpartition(".")
    cls = getattr(importlib.import_module(f"casino_proofs.{module}"), name)
    assert bool(cls.capabilities & Capability.SPREADS_OVER_WORKERS) is spreads
