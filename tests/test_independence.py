"""Principle 1 and the architecture's rules, read off the imports of every module.

- ``spec`` and ``impl`` are written independently: neither imports the other, nor the
  regulation registry, nor the proof tool; ``impl`` does not even import Z3.
- The regulation registry imports nothing of the project.
- Analyses, reports and the audit never import the command.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from tests import test_architecture as architecture

ROOT = Path(__file__).resolve().parent.parent
NAMESPACE = "casino_proofs"

#: folder -> the package it installs as
PACKAGES = {"spec": "spec", "impl": "impl", "regulation": "regulation"}
FORBIDDEN_TOP = {
    "spec": {"impl", "regulation", "proofs"},
    "impl": {"spec", "regulation", "proofs", "z3"},
    "regulation": {"spec", "impl", "proofs"},
}


def _imports(path: Path) -> frozenset[str]:
    """Every module named by an absolute import in ``path``."""
    return _imported(path.read_text(encoding="utf-8"))


@functools.cache
def _imported(source: str) -> frozenset[str]:
    """The modules a text imports (each text parsed once a test process)."""
    tree = ast.parse(source)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return frozenset(names)


def _part(module: str) -> str | None:
    """Which part of the project a module belongs to: spec, impl, regulation, proofs (the
    tool), or None outside the project (z3, the standard library)."""
    parts = module.split(".")
    if parts[0] == "z3":
        return "z3"
    if parts[0] != NAMESPACE:
        return None
    if len(parts) > 1 and parts[1] in PACKAGES:
        return parts[1]
    return "proofs"


@pytest.mark.parametrize("folder", sorted(FORBIDDEN_TOP))
def test_spec_impl_and_regulation_do_not_import_each_other_or_the_tool(folder: str) -> None:
    for path in sorted((ROOT / folder).rglob("*.py")):
        parts = {_part(m) for m in _imports(path)} - {None, folder}
        bad = parts & FORBIDDEN_TOP[folder]
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(p for p in bad if p)}"


@pytest.mark.parametrize("folder", ["analyses", "reports", "audit", "obligations", "solving",
                                    "craps", "paigow"])
def test_nothing_below_the_command_imports_the_command(folder: str) -> None:
    """(A game's own sub-commands, ``proofs/<game>/command/``, are on the command's floor.)"""
    for path in sorted((ROOT / "proofs" / folder).rglob("*.py")):
        if path.parent == ROOT / "proofs" / folder / "command":
            continue
        bad = {m for m in _imports(path) if m.startswith(f"{NAMESPACE}.command")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


#: the games' rooms, cut into slices that each belong with the shared part they extend
#: (tests/test_architecture.py's map, one for both files): a game's diff with ``analyses``,
#: its obligations with ``obligations``; craps's table is a part of its own here
GAME_SLICES = {**architecture.GAME_SLICES, "table": "craps.table"}


def _part_of(parts: tuple[str, ...] | list[str]) -> str:
    """The part of proofs/ a module's path (below proofs/, or its dotted name below the
    namespace) is in: its subpackage, or for a game's slice the part the slice extends."""
    if parts[0] in architecture.GAME_ROOMS and len(parts) > 1 and parts[1] != "__init__.py":
        return GAME_SLICES[Path(parts[1]).stem]
    return parts[0]


def _subpackage_imports() -> dict[str, set[str]]:
    """For each part of proofs/ (a subpackage, a game's slice, or "(root)"), the other parts
    it imports."""
    edges: dict[str, set[str]] = {}
    for path in (ROOT / "proofs").rglob("*.py"):
        rel = path.relative_to(ROOT / "proofs").parts
        me = _part_of(rel) if len(rel) > 1 else "(root)"
        for module in _imports(path):
            parts = module.split(".")
            if parts[0] != NAMESPACE or len(parts) < 2 or \
                    (ROOT / "proofs" / f"{parts[1]}.py").is_file():
                continue
            them = _part_of(parts[1:])
            if them != me:
                edges.setdefault(me, set()).add(them)
    return edges


def test_only_the_adapters_import_the_implementation() -> None:
    """One door: the obligations, analyses, reports and the command reach the implementation
    under test through an engine, never by importing ``impl``."""
    for path in sorted((ROOT / "proofs").rglob("*.py")):
        if path.parent.name == "adapters":
            continue
        bad = {m for m in _imports(path) if _part(m) == "impl"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_parts_of_the_tool_import_each_other_without_cycles() -> None:
    edges = _subpackage_imports()
    visiting: set[str] = set()
    done: set[str] = set()

    def visit(node: str, trail: list[str]) -> None:
        if node in done:
            return
        assert node not in visiting, f"import cycle: {' -> '.join([*trail, node])}"
        visiting.add(node)
        for nxt in sorted(edges.get(node, ())):
            visit(nxt, [*trail, node])
        visiting.discard(node)
        done.add(node)

    for node in sorted(edges):
        visit(node, [])
