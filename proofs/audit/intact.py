"""Loading an audit bundle: intact, bounded and strictly read, or refused naming the file.

A bundle is untrusted: it may be forged, and built to crash or mislead the tool that reads it.
Before anything is solved or re-derived:

- the bundle is a directory of regular files and directories only: a symbolic link (to a file
  outside, or ``smt/`` itself), a device or a FIFO is refused; so are two names that differ
  only in case (``OBLIGATIONS.JSON`` beside ``obligations.json``), more than ``MAX_FILES``
  files, and a file over its size bound (checked before it is read);
- every JSON file is parsed with bounds (:mod:`casino_proofs.untrusted.bounded_json`): no
  duplicate key, no nesting past 64 levels;
- the manifest is read field by field (:mod:`casino_proofs.audit.manifest`); every file it
  lists is there with its SHA-256, and no other file is (``timings.json`` aside);
- ``obligations.json`` is a list of obligations, each with its fields and types, none listed
  twice; every query file it names is listed, claimed by one obligation;
- every line of the recorded craps answers is an input and its answers, read as strictly as an
  engine's, its errors naming the file and the line.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from casino_proofs.audit.manifest import BundleError, Manifest, read_manifest
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, read_recorded
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads

#: bounds: the number of files, the largest file, the largest manifest, the longest answer line
MAX_FILES = 100_000
MAX_FILE = 256 * 1024 * 1024
MAX_MANIFEST = 16 * 1024 * 1024
MAX_ANSWER_LINE = 64 * 1024
#: files of a bundle that its manifest does not hash: itself, and the timings
UNHASHED = ("manifest.json", "timings.json")
VERDICTS = {v.value for v in Verdict}
ANSWERS = ("sat", "unsat", "unknown")


@dataclass(frozen=True)
class RecordedAnswers:
    """One run's recorded craps answers: first asking, second, and (our implementation) the
    call with every reading passed explicitly."""

    first: dict[CrapsInput, CrapsAnswer]
    second: dict[CrapsInput, CrapsAnswer]
    explicit: dict[CrapsInput, CrapsAnswer]


@dataclass
class Bundle:
    root: Path
    manifest: Manifest
    obligations: list[dict[str, Any]]
    answers: dict[str, RecordedAnswers]  # run -> recorded craps answers

    def text(self, name: str) -> str:
        return (self.root / name).read_text(encoding="utf-8")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _safe(name: str) -> bool:
    if not name or "\\" in name or "\x00" in name:
        return False
    path = PurePosixPath(name)
    return not path.is_absolute() and ".." not in path.parts and "." not in path.parts


def _tree(root: Path) -> dict[str, int]:
    """Every regular file under ``root`` and its size; anything else refused, named."""
    files: dict[str, int] = {}
    folded: dict[str, str] = {}
    for here, dirs, names in os.walk(root, followlinks=False):
        for entry in sorted(dirs + names):
            path = Path(here) / entry
            rel = path.relative_to(root).as_posix()
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                raise BundleError(f"{rel}: a symbolic link; a bundle holds regular files only")
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                raise BundleError(f"{rel}: not a regular file (a device, a FIFO)")
            other = folded.setdefault(rel.casefold(), rel)
            if other != rel:
                raise BundleError(f"{rel}: its name differs from {other}'s only in case")
            if stat.S_ISREG(mode):
                size = os.lstat(path).st_size
                if size > MAX_FILE:
                    raise BundleError(f"{rel}: over {MAX_FILE:,} bytes; no file of a bundle is "
                                      "so large")
                files[rel] = size
                if len(files) > MAX_FILES:
                    raise BundleError(f"{root}: over {MAX_FILES:,} files; not a bundle")
    return files


def _json(root: Path, name: str, bound: int) -> Any:
    try:
        return loads((root / name).read_bytes(), max_bytes=bound)
    except FileNotFoundError:
        raise BundleError(f"{name}: missing from the bundle") from None
    except UntrustedJSON as exc:
        raise BundleError(f"{name}: not valid JSON ({exc})") from None


def _obligation(o: Any, i: int) -> dict[str, Any]:
    where = f"obligations.json: entry {i}"
    if not isinstance(o, dict):
        raise BundleError(f"{where}: not an object")
    for key in ("id", "game", "kind", "clause", "subject", "scope", "description", "verdict"):
        if not isinstance(o.get(key), str) or len(o[key]) > 4096:
            raise BundleError(f"{where}: no string {key!r}")
    where = f"obligations.json: {o['id'][:120]}"
    if o["verdict"] not in VERDICTS:
        raise BundleError(f"{where}: the verdict {o['verdict'][:20]!r} is none of "
                          f"{', '.join(sorted(VERDICTS))}")
    if o.get("smt_verdict") is not None and o["smt_verdict"] not in VERDICTS:
        raise BundleError(f"{where}: the SMT verdict is none of {', '.join(sorted(VERDICTS))}")
    for key in ("clauses", "readings"):
        if not isinstance(o.get(key), list) or not all(isinstance(c, str) for c in o[key]):
            raise BundleError(f"{where}: {key} is not a list of IDs")
    queries = o.get("queries")
    if not isinstance(queries, list) or not all(
            isinstance(q, dict) and set(q) == {"file", "expected"}
            and isinstance(q["file"], str) and q["expected"] in ANSWERS for q in queries):
        raise BundleError(f"{where}: its queries are not a list of files with the answer "
                          "each must get (sat, unsat or unknown)")
    cause = o.get("cause")
    if cause is not None and (not isinstance(cause, str) or len(cause) > 4096):
        raise BundleError(f"{where}: its cause is not a string")
    known = {"id", "game", "kind", "clause", "clauses", "subject", "scope", "description",
             "readings", "verdict", "queries", "smt_verdict", "under", "detail",
             "counterexample", "cause", "unsat_core", "resources", "evidence", "rests_on"}
    unknown = sorted(set(o) - known)
    if unknown:
        raise BundleError(f"{where}: an unknown field {unknown[0][:40]!r}")
    return o


def _input(raw: Any) -> CrapsInput:
    if not isinstance(raw, dict) or set(raw) != {"wager", "state", "roll"}:
        raise ValueError("an input has a wager, a state and a roll")
    state, roll, wager = raw["state"], raw["roll"], raw["wager"]
    if not isinstance(wager, str) or len(wager) > 40:
        raise ValueError("the wager is a name of at most 40 characters")
    if not isinstance(state, dict) or set(state) != {"come_out", "point", "working",
                                                     "first_roll"}:
        raise ValueError("a state has come_out, point, working and first_roll")
    flags = (state["come_out"], state["working"], state["first_roll"])
    if not all(isinstance(f, bool) for f in flags):
        raise ValueError("come_out, working and first_roll are true or false")
    point = state["point"]
    if point is not None and type(point) is not int:
        raise ValueError("the point is a whole number or null")
    if not isinstance(roll, list) or len(roll) != 2 or not all(type(d) is int for d in roll):
        raise ValueError("the roll is two whole numbers")
    return CrapsInput(wager, state["come_out"], point, state["working"], state["first_roll"],
                      roll[0], roll[1])


def _answers(root: Path, name: str) -> RecordedAnswers:
    first: dict[CrapsInput, CrapsAnswer] = {}
    second: dict[CrapsInput, CrapsAnswer] = {}
    explicit: dict[CrapsInput, CrapsAnswer] = {}
    with (root / name).open("rb") as f:
        for number, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                entry = loads(line, max_bytes=MAX_ANSWER_LINE)
                if not isinstance(entry, dict) or "input" not in entry or "first" not in entry \
                        or not set(entry) <= {"input", "first", "second", "explicit"}:
                    raise ValueError("a line has an input, its first answer, and optionally "
                                     "its second and explicit answers")
                q = _input(entry["input"])
            except ValueError as exc:
                raise BundleError(f"{name}: line {number}: {exc}") from None
            if q in first:
                raise BundleError(f"{name}: line {number}: the input {q.text()} is recorded "
                                  "twice")
            first[q] = read_recorded(entry["first"])
            if "second" in entry:
                second[q] = read_recorded(entry["second"])
            if "explicit" in entry:
                explicit[q] = read_recorded(entry["explicit"])
    return RecordedAnswers(first, second, explicit)


def load(directory: str) -> Bundle:
    """The bundle, checked intact (BundleError naming the file if it is not)."""
    root = Path(directory)
    if root.is_symlink():
        raise BundleError(f"{directory}: a symbolic link; replay reads a bundle's own "
                          "directory, never through a link (give the directory it points to)")
    if not root.is_dir():
        raise BundleError(f"{directory}: not a directory (write a bundle with "
                          "casino-proofs check --bundle DIR)")
    present = _tree(root)
    if "manifest.json" not in present:
        raise BundleError(f"{directory}: no manifest.json; not a bundle (write one with "
                          "casino-proofs check --bundle DIR)")
    if present["manifest.json"] > MAX_MANIFEST:
        raise BundleError(f"manifest.json: over {MAX_MANIFEST:,} bytes")
    manifest = read_manifest(_json(root, "manifest.json", MAX_MANIFEST))
    for name, digest in sorted(manifest.files.items()):
        if not _safe(name) or name in UNHASHED:
            raise BundleError(f"manifest.json: the entry {name[:120]!r} is not a bundle file")
        if name not in present:
            raise BundleError(f"{name}: listed in manifest.json but missing from the bundle")
        if sha256((root / name).read_bytes()) != digest:
            raise BundleError(f"{name}: changed since the run (its SHA-256 is not the "
                              "manifest's)")
    for name in sorted(set(present) - set(manifest.files) - set(UNHASHED)):
        raise BundleError(f"{name}: not part of the bundle (not listed in manifest.json)")
    if "obligations.json" not in manifest.files:
        raise BundleError("manifest.json: obligations.json is not listed")
    raw = _json(root, "obligations.json", MAX_FILE)
    if not isinstance(raw, list):
        raise BundleError("obligations.json: not a list of obligations")
    obligations = [_obligation(o, i) for i, o in enumerate(raw)]
    seen: set[str] = set()
    referenced: dict[str, str] = {}
    for o in obligations:
        if o["id"] in seen:
            raise BundleError(f"obligations.json: {o['id'][:120]} is listed twice")
        seen.add(o["id"])
        for q in o["queries"]:
            if q["file"] not in manifest.files:
                raise BundleError(f"obligations.json: {o['id'][:120]} names a query "
                                  f"{q['file'][:120]!r} the manifest does not list")
            if q["file"] in referenced:
                raise BundleError(f"{q['file']}: claimed by two obligations")
            referenced[q["file"]] = o["id"]
    for name in sorted(manifest.files):
        if name.startswith("smt/") and name not in referenced:
            raise BundleError(f"{name}: a query no obligation claims")
    answers: dict[str, RecordedAnswers] = {}
    for run, name in manifest.answers_files.items():
        if name not in manifest.files:
            raise BundleError(f"manifest.json: the answers of run {run[:40]} ({name[:80]}) are "
                              "not listed")
        answers[run] = _answers(root, name)
    return Bundle(root, manifest, obligations, answers)
