"""Clause coverage: for every sentence of the seeds, what encodes, implements, proves and tests
it, or why it is out of scope.

- constraints: the specification's rules, state classes and ordering statements that cite the
  sentence (or, for s. 40's combinations, the paragraph whose description it is);
- impl: the implementation's functions whose docstrings cite the sentence or its paragraph;
- obligations: the proof obligations resting on it (craps: from a proof run; Pai Gow: the
  obligations its combinations and statements give rise to);
- tests: the test functions and test data that name it (``r3-95.15-1.s4`` or
  ``r3_95_15_1``), found in a ``tests/`` folder: the one given (``coverage --tests DIR``),
  else ``./tests`` under the current directory, else the source checkout the package was
  installed from. When none is visible the report says so instead of counting zero tests.

A sentence with no constraint and no out-of-scope reason, or a constraint that cites no
registered clause, is a failure.
"""

from __future__ import annotations

import ast
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from casino_proofs import games, regulation
from casino_proofs.untrusted.bounds import TEST_FILE_BYTES
from casino_proofs.untrusted.files import FolderRefused, folder_files, read_text

#: The implementation's source files, wherever the package is installed.
IMPL_DIR = Path(str(resources.files("casino_proofs.impl")))


@dataclass
class SentenceCoverage:
    id: str
    text: str
    constraints: list[str] = field(default_factory=list)
    impl: list[str] = field(default_factory=list)
    obligations: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    out_of_scope: str | None = None
    #: the table obligations (protocol 2) that judge it
    table_obligations: list[str] = field(default_factory=list)

    @property
    def covered(self) -> bool:
        return bool(self.constraints) or bool(self.table_obligations) \
            or self.out_of_scope is not None


def _out_of_scope() -> dict[str, str]:
    text = resources.files("casino_proofs.regulation").joinpath("coverage.toml").read_text("utf-8")
    return {e["id"]: e["reason"] for e in tomllib.loads(text)["out_of_scope"]}


def _spec_constraints() -> tuple[dict[str, list[str]], list[str]]:
    """Constraints by the sentence they cite, and constraints that cite nothing registered
    (each game's constraints told by its room: the registry's ``coverage_constraints``)."""
    by_sentence: dict[str, list[str]] = {}
    uncited: list[str] = []

    def note(where: str, clauses: tuple[str, ...], leave: tuple[str, ...] = ()) -> None:
        """A constraint at ``where`` citing ``clauses`` (``leave``: sentences it does not
        cover, though it cites them)."""
        known = [c for c in clauses if registered(c)]
        if not known:
            uncited.append(where)
        for c in known:
            for s in sentences_of(c):
                if s not in leave:
                    by_sentence.setdefault(s, []).append(where)

    games.each("coverage_constraints", note)
    return by_sentence, uncited


def registered(clause: str) -> bool:
    """Whether ``clause`` is a clause, sentence or convention of the registry."""
    try:
        regulation.lookup(clause)
    except KeyError:
        return False
    return True


def sentences_of(clause: str) -> list[str]:
    """A sentence ID is itself; a paragraph ID stands for its sentences."""
    entry = regulation.lookup(clause)
    if isinstance(entry, regulation.Paragraph):
        return [s.id for s in entry.sentences]
    if isinstance(entry, regulation.Sentence):
        return [entry.id]
    return []


def _impl_functions() -> dict[str, list[str]]:
    """Implementation functions by the sentences their docstrings cite (a paragraph citation
    covers each of its sentences)."""
    found: dict[str, list[str]] = {}
    pattern = re.compile(r"r3-[0-9.]+-(?:intro|\d+)(?:\.s\d+)?")
    for path in sorted(IMPL_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                doc = ast.get_docstring(node) or ""
                for cid in set(pattern.findall(doc)):
                    if registered(cid):
                        for s in sentences_of(cid):
                            found.setdefault(s, []).append(f"impl/{path.name}:{node.name}")
    return found


def find_tests(given: str | None = None, most_bytes: int = TEST_FILE_BYTES) -> Path | None:
    """The ``tests/`` folder to search: ``given``, else ``./tests``, else the one beside the
    checkout the package was installed from (an editable install); None if none is visible.
    Every test file of it is looked at now, before any work: a ``ValueError`` in one line for
    one that is not a regular file (a FIFO, a device, a link out of the folder) or is over
    ``most_bytes``."""
    if given is not None:
        path = Path(given)
        if not path.is_dir():
            raise ValueError(f"--tests {given}: not a directory; give the project's tests/ "
                             "folder")
        return _readable(path, most_bytes, f"--tests {given}")
    candidates = [Path.cwd() / "tests", IMPL_DIR.resolve().parent / "tests"]
    for candidate in candidates:
        if (candidate / "test_independence.py").is_file():
            return _readable(candidate, most_bytes, f"the tests folder {candidate}")
    return None


def _readable(folder: Path, most_bytes: int, named: str) -> Path:
    try:
        folder_files(folder, ".py", most_bytes)
    except FolderRefused as exc:
        raise ValueError(f"{named}: {exc}; nothing was read") from None
    return folder


def _tests(folder: Path, most_bytes: int = TEST_FILE_BYTES) -> dict[str, list[str]]:
    """Test files and functions that name a sentence or its paragraph (regular files only,
    each to ``most_bytes``)."""
    found: dict[str, list[str]] = {}
    sentences = regulation.sentences()
    for path in folder_files(folder, ".py", most_bytes):
        text = read_text(path, folder, most_bytes)
        rel = f"tests/{path.relative_to(folder)}"
        for sid in sentences:
            paragraph = regulation.paragraph_of(sid)
            underscored = paragraph.replace("-", "_").replace(".", "_")
            if sid in text or f'"{paragraph}"' in text or underscored in text:
                found.setdefault(sid, []).append(rel)
    return found


def _each_game(point: str) -> dict[str, list[str]]:
    """What each game's room says by sentence under the entry point ``point``, merged."""
    found: dict[str, list[str]] = {}
    for part in games.each(point):
        for sid, ids in part.items():
            found.setdefault(sid, []).extend(ids)
    return found


def _obligations() -> dict[str, list[str]]:
    """Our own run's obligations by the sentences they rest on (each game's: the registry's
    ``coverage_obligations``)."""
    return _each_game("coverage_obligations")


def _table_obligations() -> dict[str, list[str]]:
    """The table obligations of protocol 2 by the sentences they rest on (the registry's
    ``coverage_table``)."""
    return _each_game("coverage_table")


def ordering_gaps() -> list[str]:
    """The ordering statements the text makes that the specification does not state (each
    game's: the registry's ``coverage_gaps``)."""
    return [gap for gaps in games.each("coverage_gaps") for gap in gaps]


def coverage(tests_folder: Path | None = None,
             obligations: dict[str, list[str]] | None = None,
             test_file_bytes: int = TEST_FILE_BYTES
             ) -> tuple[list[SentenceCoverage], list[str]]:
    """Every sentence's coverage, and the constraints citing no clause. ``tests_folder`` None:
    the tests are not visible, and each sentence's ``tests`` stays empty. ``obligations``: the
    obligations by sentence of a check already made (the blueprint's), else our own run's;
    ``test_file_bytes``: the bound on a test file read."""
    constraints, uncited = _spec_constraints()
    uncited += [f"ordering statement not stated by the spec: {gap}" for gap in ordering_gaps()]
    impl_functions = _impl_functions()
    obligations = _obligations() if obligations is None else obligations
    tests = _tests(tests_folder, test_file_bytes) if tests_folder is not None else {}
    scoped_out = _out_of_scope()
    table = _table_obligations()
    rows = []
    for sid, sentence in regulation.sentences().items():
        rows.append(SentenceCoverage(
            sid, sentence.en, sorted(set(constraints.get(sid, []))),
            sorted(set(impl_functions.get(sid, []))), sorted(set(obligations.get(sid, []))),
            sorted(set(tests.get(sid, []))), scoped_out.get(sid),
            sorted(set(table.get(sid, [])))))
    return rows, uncited


def coverage_json(rows: list[SentenceCoverage], uncited: list[str],
                  tests_folder: Path | None) -> dict[str, Any]:
    return {
        "schema": "casino-proofs/coverage", "schema_version": 1,
        "tests_folder": str(tests_folder) if tests_folder is not None else None,
        "sentences": [{
            "id": r.id, "text": r.text, "covered": r.covered,
            "constraints": r.constraints, "impl": r.impl, "obligations": r.obligations,
            "tests": r.tests, "table_obligations": r.table_obligations,
            **({"out_of_scope": r.out_of_scope} if r.out_of_scope else {}),
        } for r in rows],
        "constraints_citing_no_clause": uncited,
        "summary": {"sentences": len(rows), "covered": sum(r.covered for r in rows),
                    "out_of_scope": sum(r.out_of_scope is not None for r in rows),
                    "uncovered": [r.id for r in rows if not r.covered]},
    }
