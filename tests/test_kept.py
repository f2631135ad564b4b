"""``casino_proofs.kept``: a value worked out once in a process is served again only while
the code that worked it out is the same (issue 34: one process gave two answers to one
question), and the house edges and PAR figures of our own library are so kept (every HTML
report and audit bundle shows them)."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from casino_proofs.kept import Kept


@pytest.fixture()
def module() -> Iterator[types.ModuleType]:
    """A module of a package of its own, holding one function and one class."""
    made = types.ModuleType("kept_example.rules")
    exec("def payout():\n    return 30\n\nclass Table:\n    def limit(self):\n"
         "        return 5\n", made.__dict__)
    sys.modules[made.__name__] = made
    yield made
    del sys.modules[made.__name__]


def _computed(module: types.ModuleType, calls: list[int]) -> int:
    calls.append(1)
    return int(module.payout() + module.Table().limit())


def test_conv_kept_a_value_is_served_again_while_its_code_is_the_same(
        module: types.ModuleType) -> None:
    kept: Kept[int] = Kept(("kept_example",))
    calls: list[int] = []
    assert kept.get("k", lambda: _computed(module, calls)) == 35
    assert kept.get("k", lambda: _computed(module, calls)) == 35
    assert len(calls) == 1
    assert kept.get("other", lambda: _computed(module, calls)) == 35 and len(calls) == 2


def test_conv_kept_a_patched_function_or_method_is_computed_again(
        module: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    kept: Kept[int] = Kept(("kept_example",))
    calls: list[int] = []
    kept.get("k", lambda: _computed(module, calls))
    monkeypatch.setattr(module, "payout", lambda: 29)
    assert kept.get("k", lambda: _computed(module, calls)) == 34
    monkeypatch.setattr(module.Table, "limit", lambda _self: 1)
    assert kept.get("k", lambda: _computed(module, calls)) == 30
    monkeypatch.undo()
    assert kept.get("k", lambda: _computed(module, calls)) == 35
    assert len(calls) == 4


def test_conv_kept_a_module_loaded_after_is_not_part_of_the_code(
        module: types.ModuleType) -> None:
    kept: Kept[int] = Kept(("kept_example",))
    calls: list[int] = []
    kept.get("k", lambda: _computed(module, calls))
    later = types.ModuleType("kept_example.later")
    sys.modules[later.__name__] = later
    try:
        kept.get("k", lambda: _computed(module, calls))
    finally:
        del sys.modules[later.__name__]
    assert len(calls) == 1


def test_conv_kept_the_oldest_value_is_let_go(module: types.ModuleType) -> None:
    kept: Kept[int] = Kept(("kept_example",), size=2)
    calls: list[int] = []
    for key in ("a", "b", "c", "a"):
        kept.get(key, lambda: _computed(module, calls))
    assert len(calls) == 4


def test_our_house_edges_are_kept_and_computed_again_for_a_patched_library(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Our library's rows come back equal, the same rows; with the library's settlement
    replaced (patched where it lives) they are computed again, with its answers."""
    from dataclasses import replace
    from fractions import Fraction

    from casino_proofs import impl
    from casino_proofs.analyses.readings import edge

    first = edge.edge_rows(wagers=["any-7"])
    again = edge.edge_rows(wagers=["any-7"])
    assert again == first and all(a is b for a, b in zip(again, first, strict=True))
    # s. 95.15 (1) 7: Any 7 pays 4 to 1, so the house keeps 1/6 of a unit on each wager
    base = first[0]
    assert base.reading == "base" and base.house_edge == base.impl_edge == Fraction(1, 6)
    real = impl.settle

    def any_7_pays_5(*args: object, **kwargs: object) -> impl.Settlement:
        out = real(*args, **kwargs)  # type: ignore[arg-type]
        return replace(out, net=Fraction(5)) if out.decision is impl.Decision.WIN else out

    monkeypatch.setattr(impl, "settle", any_7_pays_5)
    patched = edge.edge_rows(wagers=["any-7"])[0]
    assert patched.reading == "base" and patched.impl_edge == 0  # 5 to 1 on a 1 in 6 chance
    monkeypatch.undo()
    assert edge.edge_rows(wagers=["any-7"]) == first
