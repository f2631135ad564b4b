"""The house's rules, read off the code of ``proofs/`` (installed as ``casino_proofs``): one
home per concept, no circle between any two modules, every room importing only the rooms
below it, classes and functions short enough to read in one sitting, and a tree that
CONTRIBUTING.md, docs/development.md and the package list describe as it is.

The floors, from the ground up (CONTRIBUTING.md, "Where things go"):

1. ``untrusted``, ``solving``, ``version``, ``progress``, ``kept``: bounded reading of outside
   bytes, solver plumbing, the tool's version, the progress meter, values kept while the code
   is the same;
2. ``protocol``: what passes between the checker and an engine; ``context``: what every
   report states besides its verdicts (the text, the readings and conventions in force);
   ``scale``: a task mapped over shards, on local processes or a Dask cluster;
3. ``obligations``: what is proved per game, from recorded answers;
4. ``table``: protocol 2, the table checked as it plays;
5. ``adapters``: every door to an engine, ``open_target``;
6. ``analyses``: readings, PAR, diff, assurance;
7. ``audit``: the bundle, its schema, replay;
8. ``reports``: every document in every format;
9. ``command``: the sub-commands (and ``__main__`` above it).

Each game has a room of its own (``craps/``, ``paigow/``, issue 46), cut into slices that sit
on the floors of the shared rooms they extend: a game's ``obligations/`` on floor 3, craps's
``table/`` on floor 4, its ``diff`` and ``par`` on floor 6 (with ``analyses``), its
``rederive`` on floor 7 (with ``audit``), its ``report`` on floor 8 (with ``reports``). A
game's room never imports another game's.
"""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "proofs"
NAMESPACE = "casino_proofs"
FLOORS = {
    "untrusted": 1, "solving": 1, "version": 1, "progress": 1, "kept": 1, "games": 1,
    "context": 2,
    "protocol": 2, "scale": 2, "obligations": 3, "table": 4, "adapters": 5, "analyses": 6,
    "audit": 7, "reports": 8, "command": 9, "__main__": 10, "__init__": 0, "craps": 0,
    "paigow": 0,
}
#: each game's room and the shared room whose floor each of its slices is on
GAME_ROOMS = ("craps", "paigow")
GAME_SLICES = {"obligations": "obligations", "table": "table", "diff": "analyses",
               "par": "analyses", "rederive": "audit", "report": "reports",
               "assurance": "analyses", "readings": "analyses", "adapters": "adapters",
               "command": "command"}
#: the parts installed beside the tool, which any room may import (impl: only the adapters)
BESIDE = {"spec", "impl", "regulation"}
MAX_CLASS, MAX_FUNCTION = 150, 60


def _module_of(path: Path) -> str:
    rel = path.relative_to(TOOL).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([NAMESPACE, *parts])


MODULES = {_module_of(p): p for p in sorted(TOOL.rglob("*.py"))}


def _resolve(name: str) -> str | None:
    """The tool's module an imported name lives in (a name in a package: the package)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _tree(path: Path) -> ast.Module:
    """``path`` parsed, each text once a test process (every rule below reads the same
    trees; a file written anew is parsed anew)."""
    return _parsed(path.read_text(encoding="utf-8"))


@functools.cache
def _parsed(source: str) -> ast.Module:
    return ast.parse(source)


def _imports(path: Path) -> set[str]:
    """Every module of the tool ``path`` imports, anywhere in the file (a function's own
    imports and TYPE_CHECKING ones included)."""
    tree = _tree(path)
    out: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            if name.split(".")[0] != NAMESPACE or (name.split(".")[1:2] and \
                    name.split(".")[1] in BESIDE):
                continue
            module = _resolve(name)
            if module is not None and module != _module_of(path):
                out.add(module)
    return out


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Every module's imports, parsed when a test first asks (not at collection, which each
    of pytest's processes does)."""
    return {m: _imports(p) for m, p in MODULES.items()}


def _room(module: str) -> str:
    """The room whose floor ``module`` is on: its top folder, or for a game's slice the shared
    room the slice extends (``casino_proofs.craps.diff.money``: ``analyses``)."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in GAME_ROOMS:
        return GAME_SLICES[parts[2]]
    return parts[1] if len(parts) > 1 else "__init__"


def _game_room(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in GAME_ROOMS else None


def test_no_two_modules_import_each_other_in_a_circle() -> None:
    """Tarjan's strongly connected components over every import of every module: each is a
    single module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    graph = _graph()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert not circles, f"modules that import each other in a circle: {circles}"


def test_a_module_that_imports_a_module_of_its_own_is_found_in_a_circle() -> None:
    """The circle test can fail: two modules made to import each other are one component."""
    names = sorted(_graph())[:2]
    fake = {**_graph(), names[0]: {names[1]}, names[1]: {names[0]}}
    assert names[1] in fake[names[0]] and names[0] in fake[names[1]]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_room_imports_only_the_rooms_below_it(module: str) -> None:
    room = _room(module)
    assert room in FLOORS, f"{module}: room {room!r} has no floor (add it to FLOORS and to " \
                           "CONTRIBUTING.md)"
    upward = sorted(m for m in _graph()[module]
                    if _room(m) != room and FLOORS[_room(m)] >= FLOORS[room])
    assert not upward, f"{module} (floor {FLOORS[room]}) imports {upward}, on its floor or above"


def test_a_game_room_never_imports_another_game() -> None:
    """Craps's room and Pai Gow's know nothing of each other (issue 46)."""
    crossing = sorted((m, i) for m, imports in _graph().items() for i in imports
                      if _game_room(m) and _game_room(i) and _game_room(i) != _game_room(m))
    assert not crossing


def test_a_game_slice_is_on_the_floor_of_the_room_it_extends() -> None:
    assert _room("casino_proofs.craps.diff.money") == "analyses"
    assert _room("casino_proofs.craps.table.judging.reference") == "table"
    assert _room("casino_proofs.paigow.obligations.run") == "obligations"
    assert _game_room("casino_proofs.paigow.par") == "paigow"
    assert _game_room("casino_proofs.analyses.par.sheet") is None


def _checks_imported(imports: set[str]) -> list[str]:
    """What of a table's check (its obligations: planning, judging, the run) ``imports``
    names."""
    return sorted(m for m in imports
                  if _game_room(m) and ".table.obligations" in m)


def test_a_table_engine_s_door_opens_it_and_plays_nothing_else() -> None:
    """The ``play:`` door opens the program and plays the scripts it is handed; the table's
    check (planned, played, judged) is the played table's, on the table's floor, and control
    runs one way: obligations, the played table, the program (issue 46)."""
    door = f"{NAMESPACE}.craps.adapters.play_engine"
    assert door in MODULES
    assert not _checks_imported(_graph()[door]), _checks_imported(_graph()[door])
    # must-fail: the door as it was, running the table's check itself
    assert _checks_imported({f"{NAMESPACE}.craps.table.obligations.table_check"})


def test_the_obligations_and_tables_never_talk_to_an_engine_door() -> None:
    """The obligations and the table checks read recorded answers through the protocol's
    Engine interface; they never open or import a door."""
    for module, imports in _graph().items():
        if _room(module) in ("obligations", "table", "protocol"):
            doors = sorted(m for m in imports if _room(m) == "adapters")
            assert not doors, f"{module} imports {doors}"


def _long(path: Path) -> list[str]:
    out = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            assert node.end_lineno is not None
            n = node.end_lineno - node.lineno + 1
            limit = MAX_CLASS if isinstance(node, ast.ClassDef) else MAX_FUNCTION
            reason = "Longer than" in (ast.get_docstring(node) or "")
            if n > limit and not reason:
                out.append(f"{node.name} ({n} lines)")
    return out


def test_no_class_over_150_lines_and_no_function_over_60_without_a_reason() -> None:
    """A class reads in one sitting; a longer function says why in its docstring ("Longer
    than 60 lines: ..."): in the tool, the specification and the implementation alike."""
    paths = [*MODULES.values(), *sorted((ROOT / "spec").rglob("*.py")),
             *sorted((ROOT / "impl").rglob("*.py"))]
    long = {str(p.relative_to(ROOT)): _long(p) for p in paths}
    assert not {k: v for k, v in long.items() if v}


#: the one table of the planner, where the wagers' roles are named (derived from spec's
#: families, and the one pair of one-roll wagers the domain scripts prefer)
NAMING_TABLE = TOOL / "craps" / "table" / "scripts" / "planner.py"


def _wager_names_in(path: Path, root: Path = ROOT) -> list[str]:
    """The string constants of ``path`` that name a wager, or a family of them by prefix or
    suffix (``"hard-"``, ``"hop-"``, ``"-odds"``); docstrings aside, and a homonym on a line
    that says ``# not a wager``."""
    from casino_proofs import spec

    names = set(spec.WAGER_NAMES)
    source = path.read_text(encoding="utf-8")
    homonyms = {i + 1 for i, line in enumerate(source.splitlines()) if "# not a wager" in line}
    tree = _tree(path)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr)}
    return [f"{path.relative_to(root)}:{node.lineno}: {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings and node.lineno not in homonyms
            and (node.value in names or node.value in ("hard-", "hop-", "-odds"))]


def test_proofs_knows_a_wager_by_its_family_never_by_its_name() -> None:
    """Nothing in proofs/ names a wager (issue 33): it asks the specification's families
    (``spec.family``, ``spec.named``), through the planner's one table of roles."""
    found = [hit for p in MODULES.values() if p != NAMING_TABLE for hit in _wager_names_in(p)]
    assert not found


def test_the_naming_rule_can_fail(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text('"""Names hard-6 in prose."""\nX = ("pass", "hop-")\n'
                                   'Y = "pass"  # not a wager: a homonym\n')
    assert _wager_names_in(tmp_path / "m.py", tmp_path) == ["m.py:2: 'pass'", "m.py:2: 'hop-'"]


#: The modules of one game whose path does not say so (a module whose path names a game,
#: as ``craps/obligations/`` or ``paigow/rederive.py``, is that game's own): none since
#: every door and sub-command of one game moved into its room (issue 46).
GAME_OWN: dict[str, str] = {}
#: The shared modules that name a game, each with its reason; the list only shrinks (a module
#: listed that names no game any more fails the rule too). ``adapters.ours`` is the door of
#: this project's library (``impl``), an engine of every game it implements: the engine
#: interface asks each game by its own method (``settle``, ``rank``, ``compare``), and the
#: library is cut by game (``impl.paigow``); the door reads both, and says so in its hello.
SHARED_NAMING_A_GAME = frozenset({
    "adapters.ours",
})


def _games_named_in(path: Path) -> set[str]:
    """The games ``path`` names in its code: a string that is a game's name, title or label
    or an ID under it (``"craps/..."``), or an import of a module whose path names a game
    (prose in a message or a docstring aside)."""
    from casino_proofs import games

    words = {w: g.name for g in games.GAMES for w in (g.name, g.title, g.label)}
    tree = _tree(path)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            found |= {words[node.value]} if node.value in words else \
                {g for g in games.names() if node.value.startswith(f"{g}/")}
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names
                                      if f"{node.module}.{a.name}" in MODULES)]
        found |= {g for m in modules if m.startswith(f"{NAMESPACE}.")
                  for g in games.names() if g in m}
    return found


def _own_game(module: str) -> set[str]:
    """The games whose own module ``module`` is (``casino_proofs.`` left off)."""
    from casino_proofs import games

    parts = module.split(".")
    own = {g for g in games.names() if any(g in part for part in parts)}
    return own | {g for prefix, g in GAME_OWN.items()
                  if module == prefix or module.startswith(f"{prefix}.")}


def _naming_a_game_elsewhere() -> dict[str, set[str]]:
    """Every module but the registry naming a game it is not its own."""
    out = {}
    for module, path in MODULES.items():
        short = module.removeprefix(f"{NAMESPACE}.")
        if short != "games":
            named = _games_named_in(path) - _own_game(short)
            if named:
                out[short] = named
    return out


def test_a_game_is_named_only_in_the_registry_and_its_own_modules() -> None:
    """A game's name (``craps``, ``paigow``) is in ``proofs/games.py`` and the game's own
    modules only (issue 46), as a wager's is in the planner's table: nothing else branches on
    it, spells out the games, or imports a game's module; the shared modules that still do
    are today's, listed (:data:`SHARED_NAMING_A_GAME`), and the list only shrinks."""
    naming = _naming_a_game_elsewhere()
    assert sorted(set(naming) - SHARED_NAMING_A_GAME) == []
    assert sorted(SHARED_NAMING_A_GAME - set(naming)) == []


def test_the_game_rule_can_fail(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        '"""Names craps in prose."""\nimport casino_proofs.paigow.obligations.run\n'
        'X = "craps" if True else "paigow/high/x"\nY = "Pai Gow Poker, s. 40"\n')
    assert _games_named_in(tmp_path / "m.py") == {"craps", "paigow"}
    (tmp_path / "m.py").write_text('"""Only prose: craps, paigow."""\nY = "Pai Gow, s. 40"\n')
    assert _games_named_in(tmp_path / "m.py") == set()
    assert _own_game("obligations.craps.run") == {"craps"}
    assert _own_game("craps.table.scripts.planner") == {"craps"}
    assert _own_game("context") == set()


def test_the_size_rule_can_fail(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(70))
    (tmp_path / "m.py").write_text(f"def f() -> None:\n{body}\n")
    assert _long(tmp_path / "m.py") == ["f (71 lines)"]


def _declarations(field: str, trees: dict[str, ast.Module]) -> list[tuple[str, str]]:
    """Each (class, what it is declared as) of a field named ``field``: its annotation or
    value in the class's body, or the value ``__init__`` gives it on ``self``."""
    out = []
    for tree in trees.values():
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for node in cls.body:
                if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                        and node.target.id == field:
                    out.append((cls.name, ast.unparse(node.annotation)))
                elif isinstance(node, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == field for t in node.targets):
                    out.append((cls.name, ast.unparse(node.value)))
            inits = [f for f in cls.body if isinstance(f, ast.FunctionDef)
                     and f.name == "__init__"]
            for node in (n for init in inits for n in ast.walk(init)):
                if isinstance(node, ast.Assign | ast.AnnAssign):
                    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                    if isinstance(target, ast.Attribute) and target.attr == field \
                            and isinstance(target.value, ast.Name) \
                            and target.value.id == "self" and node.value is not None:
                        out.append((cls.name, ast.unparse(node.value)))
    return out


def _fields_off_their_meaning(field: str, owner: str,
                              trees: dict[str, ast.Module]) -> list[str]:
    """The classes declaring ``field`` that are not ``owner`` nor derive from it."""
    bases = {cls.name: [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                        for b in cls.bases]
             for tree in trees.values() for cls in ast.walk(tree)
             if isinstance(cls, ast.ClassDef)}

    def derives(name: str, seen: frozenset[str] = frozenset()) -> bool:
        return name == owner or any(derives(b, seen | {name}) for b in
                                    bases.get(name, []) if b not in seen)
    return sorted({cls for cls, _what in _declarations(field, trees) if not derives(cls)})


def test_kind_means_one_thing_an_engine_s_kind() -> None:
    """``kind`` is a field of :class:`Engine` (and its doors) alone, the kind of engine a
    report records (issue 46, item 3): a fault is a ``fault``, what an obligation claims its
    ``claim``, a script's ``purpose``, a mutant's ``operator``, an ambiguity's ``origin``, a
    blueprint item's ``role``; a report still writes each as ``kind`` where it did."""
    trees = {m: _tree(p) for m, p in MODULES.items()}
    assert not _fields_off_their_meaning("kind", "Engine", trees)
    # must-fail: a class of another meaning that calls its field ``kind``
    fake = ast.parse("class Engine: kind = ''\nclass Door(Engine): kind = 'x'\n"
                     "class Fault:\n    kind: str\n")
    assert _fields_off_their_meaning("kind", "Engine", {"m": fake}) == ["Fault"]


def _words_off_their_meaning(trees: dict[str, ast.Module]) -> list[str]:
    """Fields named ``table``, ``domain`` or ``run`` that are not what CONTRIBUTING.md's
    words say: ``table`` alone is the craps table's state (a ``Table``); ``domain`` and
    ``run`` are always qualified (``fault_domain``, ``table_run``, ``field_domains``)."""
    off = [f"{cls}.table: {what}" for cls, what in _declarations("table", trees)
           if "Table" not in what]
    return off + [f"{cls}.{field}: {what}" for field in ("domain", "run")
                  for cls, what in _declarations(field, trees)]


def test_table_domain_and_run_mean_one_thing_or_are_qualified() -> None:
    """Issue 46, item 3: a table engine, a settlement table, a session log, the reference
    table, the PAR tables, the fault domain, a field's domain, a table's run and a check's
    runs each carry their qualifier."""
    trees = {m: _tree(p) for m, p in MODULES.items()}
    assert not _words_off_their_meaning(trees)
    assert _declarations("table", trees)  # the rule is about something
    # must-fail: a table of Pai Gow classes, a bare domain, a run on self
    fake = ast.parse("class A:\n    table: dict[str, int]\n    domain: str\n"
                     "class B:\n    def __init__(self) -> None:\n        self.run = 1\n"
                     "class C:\n    table: Table\n")
    assert _words_off_their_meaning({"m": fake}) == [
        "A.table: dict[str, int]", "A.domain: str", "B.run: 1"]


def test_every_package_is_installed() -> None:
    """pyproject.toml lists every folder of proofs/ that holds an __init__.py."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    folders = {_module_of(p) for p in TOOL.rglob("__init__.py")}
    assert folders <= listed, f"not installed: {sorted(folders - listed)}"


def _development_tree() -> list[str]:
    """The tree drawn in docs/development.md, "How it works": the lines of the section's
    first code block."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    section = text.split("\n## How it works\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1].splitlines()


def _rooms_left_out(tree: list[str]) -> list[str]:
    """The top-level rooms of proofs/ (folders holding an __init__.py) that no line of the
    tree names under proofs/ (indented, as ``  NAME/``)."""
    drawn = {line.split()[0] for line in tree if line.startswith("  ") and line.split()}
    rooms = {p.parent.relative_to(TOOL).parts[0] for p in TOOL.rglob("__init__.py")
             if p.parent != TOOL}
    return sorted(room for room in rooms if f"{room}/" not in drawn)


def test_contributing_names_every_folder_of_the_tool() -> None:
    """CONTRIBUTING.md names every folder of the tool, and the tree of docs/development.md
    (moved there from the README, issue 34) every room, each on a line of its own under
    proofs/."""
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for folder in sorted(p.parent for p in TOOL.rglob("__init__.py")):
        rel = folder.relative_to(TOOL).as_posix()
        if rel == ".":
            continue
        assert f"{folder.name}/" in contributing, \
            f"CONTRIBUTING.md does not say what goes in {rel}/"
    tree = _development_tree()
    assert any(line.startswith("proofs/ ") for line in tree), tree
    assert _rooms_left_out(tree) == [], "docs/development.md's tree leaves them out"


def test_the_tree_check_can_fail() -> None:
    """A tree that lost a room's line is found out."""
    tree = [line for line in _development_tree() if not line.startswith("  craps/")]
    assert _rooms_left_out(tree) == ["craps"]
    assert _rooms_left_out([*tree, "  craps/          the game's room"]) == []


def _principles_cited(paths: list[Path]) -> set[int]:
    """Every principle number cited ("principle 6", any case) in ``paths``."""
    import re

    cited: set[int] = set()
    for path in paths:
        cited |= {int(n) for n in re.findall(r"[Pp]rinciple (\d+)",
                                            path.read_text(encoding="utf-8"))}
    return cited


def _principles_defined() -> set[int]:
    """The principles CONTRIBUTING.md numbers in "The rules that do not bend"."""
    import re

    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text.split("\n## The rules that do not bend\n", 1)[1].split("\n## ", 1)[0]
    return {int(n) for n in re.findall(r"^(\d+)\. \*\*", section, re.M)}


def test_every_principle_the_code_cites_is_defined_in_contributing() -> None:
    """A citation ("principle 6") names a principle a reader finds, numbered, in
    CONTRIBUTING.md (issue 46, item 3)."""
    paths = [p for d in ("proofs", "spec", "impl", "regulation", "tests", "benchmarks")
             for p in sorted((ROOT / d).rglob("*.py"))]
    defined = _principles_defined()
    assert defined == set(range(1, len(defined) + 1))
    assert _principles_cited(paths) - defined == set()


def test_the_principle_rule_can_fail(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text('"""As principle ' + '12 says, and Principle 3."""\n')
    assert _principles_cited([tmp_path / "m.py"]) - _principles_defined() == {12}

