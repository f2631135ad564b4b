"""A third game costs its own room, one entry in the registry and its section of the by-law
(issue 46, "Done when"): a copy of the installed tool gets a stub game that proves one trivial
obligation, and ``casino-proofs check --only stub`` runs it, PROVED, exit 0, with a JSON report
the published schema accepts once it names the game. The test lists the files the game
needed, and fails if the tool asks for one more.

The published schemas name every game (``"game"``, a hello's ``"games"``): that is a wire
format, so a real new game adds its name there too and says so in the CHANGELOG; the test
adds it to its copy of the schema in memory, to validate the report.
"""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema

import casino_proofs
from casino_proofs import impl, regulation, spec

#: the stub game: its room, its entry in the registry, its section of the by-law
STUB: dict[str, str] = {
    "stub/__init__.py": '"""A third game: a stub with one trivial obligation."""\n',
    "stub/obligations/__init__.py": '"""The stub game\'s obligations."""\n',
    "stub/obligations/game.py": '''"""The stub game's one obligation, r3-99-1.s1, proved by Z3."""

from __future__ import annotations

import time
from collections.abc import Mapping

import z3

from casino_proofs.obligations.game import Asked, GameRun
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.engine import Engine


def prove(engine: Engine, chosen: Mapping[str, str], asked: Asked) -> GameRun:
    """x + 0 is x, for every integer x."""
    start = time.perf_counter()
    x = z3.Int("x")
    solver = z3.Solver()
    solver.add(z3.Not(x + 0 == x))
    verdict = Verdict.PROVED if solver.check() == z3.unsat else Verdict.REFUTED
    obligation = Obligation("stub/identity", "identity", "r3-99-1.s1", ("r3-99-1.s1",),
                            "identity", "all", "x + 0 is x", game="stub")
    return GameRun([Result(obligation, verdict, time.perf_counter() - start)], {})
''',
    "regulation/stub.toml": '''[[paragraph]]
id = "r3-99-intro"
section = "99"
title = "The stub game (opening words)"
[[paragraph.sentence]]
id = "r3-99-intro.s1"
en = "99. The stub game is played as follows:"

[[paragraph]]
id = "r3-99-1"
section = "99"
title = "Identity"
[[paragraph.sentence]]
id = "r3-99-1.s1"
en = "(1) A number plus nothing is that number."
''',
}
REGISTRY_ENTRY = '''
GAMES = (*GAMES, Game("stub", "the stub game", "stub", "r3-99-intro.s1", ("r3-99",),
                      "obligations", entries={"prove": "stub.obligations.game:prove"}))
'''
ENGINE = '''def hello():
    return {"name": "stub engine", "version": "1", "games": ["stub"], "protocol": 1}
def settle(batch):
    return []
def rank(batch):
    return []
'''


def _installed_copy(into: Path) -> Path:
    """The tool as it is installed (``casino_proofs`` with ``spec``, ``impl`` and
    ``regulation`` inside it), copied to ``into``."""
    ignore = shutil.ignore_patterns("__pycache__")
    tool = into / "casino_proofs"
    shutil.copytree(Path(casino_proofs.__file__).parent, tool, ignore=ignore)
    for part in (spec, impl, regulation):
        where = tool / part.__name__.rpartition(".")[2]
        if not where.exists():
            shutil.copytree(Path(part.__file__).parent, where, ignore=ignore)
    return tool


def _changed(before: Path, after: Path) -> list[str]:
    """Every file of ``after`` that is new or differs from ``before``, relative."""
    out = []
    for path in sorted(after.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            rel = path.relative_to(after)
            if not (before / rel).is_file() or not filecmp.cmp(before / rel, path, False):
                out.append(rel.as_posix())
    return out


def _schema_naming(schema: Any, game: str) -> Any:
    """The schema with ``game`` added to every list of the games (an ``enum`` holding
    ``"craps"``)."""
    if isinstance(schema, dict):
        out = {k: _schema_naming(v, game) for k, v in schema.items()}
        if isinstance(out.get("enum"), list) and "craps" in out["enum"]:
            out["enum"] = [*out["enum"], game]
        return out
    if isinstance(schema, list):
        return [_schema_naming(v, game) for v in schema]
    return schema


def test_a_third_game_needs_its_room_the_registry_and_its_section_only(tmp_path: Path) -> None:
    before = _installed_copy(tmp_path / "before")
    after = _installed_copy(tmp_path / "after")
    for rel, text in STUB.items():
        (after / rel).parent.mkdir(parents=True, exist_ok=True)
        (after / rel).write_text(text, encoding="utf-8")
    with (after / "games.py").open("a", encoding="utf-8") as registry:
        registry.write(REGISTRY_ENTRY)
    assert _changed(before, after) == sorted([*STUB, "games.py"])
    (tmp_path / "stub_engine.py").write_text(ENGINE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(after.parent), "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "casino_proofs", "check", "--only", "stub", "--engine",
         f"python:{tmp_path / 'stub_engine.py'}", "--format", "json"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [(o["id"], o["verdict"], o["game"]) for o in report["obligations"]] == \
        [("stub/identity", "PROVED", "stub")]
    schema = json.loads((before / "schemas" / "check.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator(_schema_naming(schema, "stub")).validate(report)
    assert _changed(before, after) == sorted([*STUB, "games.py"])  # the run wrote nothing


def test_the_third_game_test_can_fail(tmp_path: Path) -> None:
    """A file the stub did not list is found, and a game the registry lacks is refused."""
    before = _installed_copy(tmp_path / "before")
    after = tmp_path / "after"
    shutil.copytree(before, after)
    (after / "reports" / "text.py").write_text("# changed\n", encoding="utf-8")
    assert _changed(before, after) == ["reports/text.py"]
    done = subprocess.run([sys.executable, "-m", "casino_proofs", "check", "--only", "stub"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(before.parent)}, check=False)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) <= 2
