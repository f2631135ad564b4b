"""Principle 1 and the architecture's rules, read off the imports of every module.

- ``spec`` and ``impl`` are written independently: neither imports the other, nor the
  regulation registry, nor the proof tool; ``impl`` does not even import Z3.
- The regulation registry imports nothing of the project.
- Analyses, reports and the audit never import the command.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAMESPACE = "casino_proofs"

#: folder -> the package it installs as
PACKAGES = {"spec": "spec", "impl": "impl", "regulation": "regulation"}
FORBIDDEN_TOP = {
    "spec": {"impl", "regulation", "proofs"},
    "impl": {"spec", "regulation", "proofs", "z3"},
    "regulation": {"spec", "impl", "proofs"},
}


def _imports(path: Path) -> set[str]:
    """Every module named by an absolute import in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


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


@pytest.mark.parametrize("folder", ["analyses", "reports", "audit", "obligations", "solving"])
def test_nothing_below_the_command_imports_the_command(folder: str) -> None:
    for path in sorted((ROOT / "proofs" / folder).rglob("*.py")):
        bad = {m for m in _imports(path) if m.startswith(f"{NAMESPACE}.command")}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
