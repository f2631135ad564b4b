"""The forgery corpus: every file of tests/forgeries/ takes a bundle that replays clean, edits
it as a forger would, rewrites the manifest's hashes to match (unless the forgery says not
to), and names what replay must say: refused with the file named (exit 2, one line), or the
obligation, field or file that does not re-derive (exit 1). A new kind of forgery is one file.

A forgery is ``{"what", "bundle", "edits", "exit", "names"}``; each edit names a ``file`` of
the bundle and an ``op``: ``set`` (a JSON ``path``, or the entries ``where`` fields match, to a
value), ``delete``, ``copy`` (an entry, changed), ``swap-queries``, ``take`` (the file from
another base, keeping some fields), ``write``, ``replace`` (text), ``replace-line``,
``remove``, ``unlist``, ``symlink-out``, ``truncate``, ``nest``; ``list`` adds a new file to
the manifest, ``rehash: false`` leaves the hashes as they were. ``"exhaustive": true`` keeps a
forgery for ``pytest -m exhaustive`` (every one on the Pai Gow base: its replay re-derives the
specification's side over every hand, about 20 s).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from casino_proofs.command.main import main
from tests.conftest import Bundles

CORPUS = sorted((Path(__file__).parent / "forgeries").glob("*.json"))


def _load(path: Path) -> Any:
    return json.loads(path.read_text())


def _dump(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def _at(doc: Any, path: list[Any]) -> tuple[Any, Any]:
    for key in path[:-1]:
        doc = doc[key]
    return doc, path[-1]


def _matches(entry: Any, where: dict[str, Any]) -> bool:
    return isinstance(entry, dict) and all(entry.get(k) == v for k, v in where.items())


def _unlist(bundle: Path, names: list[str]) -> None:
    manifest = _load(bundle / "manifest.json")
    for name in names:
        manifest["files"].pop(name, None)
    _dump(bundle / "manifest.json", manifest)


def _json_edit(bundle: Path, edit: dict[str, Any], bases: Bundles) -> None:
    file = bundle / edit["file"]
    doc = _load(file)
    op = edit["op"]
    if "where" in edit:
        chosen = [o for o in doc if _matches(o, edit["where"])]
        assert chosen, edit
        chosen = chosen if edit.get("all") else chosen[:1]
        if edit.get("with_queries"):  # the queries go with the entries
            files = [q["file"] for o in chosen for q in o["queries"]]
            for name in files:
                (bundle / name).unlink()
            _unlist(bundle, files)
        for entry in chosen:
            if op == "set" and edit["path"] == []:
                for key, value in edit["to"].items():
                    if value is None:
                        entry.pop(key, None)
                    else:
                        entry[key] = value
                if "smt_verdict" not in edit["to"] and entry.get("smt_verdict") is not None \
                        and "verdict" in edit["to"] and not edit.get("verdict_alone"):
                    entry["smt_verdict"] = edit["to"]["verdict"]
            elif op == "set":
                parent, key = _at(entry, edit["path"])
                parent[key] = edit["to"]
            elif op == "delete":
                doc.remove(entry)
            elif op == "copy":
                doc.append({**entry, **edit["to"], "queries": []})
    elif op == "set":
        parent, key = _at(doc, edit["path"])
        parent[key] = edit["to"]
    elif op == "delete":
        parent, key = _at(doc, edit["path"])
        del parent[key]
    elif op == "swap-queries":
        a, b = (next(o for o in doc if o["id"] == edit[k]) for k in ("a", "b"))
        a["queries"], b["queries"] = b["queries"], a["queries"]
    elif op == "take":
        other = _load(bases[edit["from"]] / edit["file"])
        for path in edit.get("keep", []):
            parent, key = _at(other, path)
            mine, _ = _at(doc, path)
            parent[key] = mine[key]
        doc = other
    elif op == "unlist":
        doc["files"] = {k: v for k, v in doc["files"].items()
                        if not k.startswith(edit["prefix"])}
    _dump(file, doc)


def _edit(bundle: Path, edit: dict[str, Any], bases: Bundles, outside: Path) -> None:
    file = bundle / edit["file"]
    op = edit["op"]
    if op == "write":
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(edit["text"])
    elif op == "replace":
        text = file.read_text()
        assert edit["find"] in text, edit
        file.write_text(text.replace(edit["find"], edit["with"], 1))
    elif op == "replace-line":
        lines = file.read_text().splitlines()
        lines[edit["line"] - 1] = edit["text"]
        file.write_text("\n".join(lines) + "\n")
    elif op == "remove":
        shutil.rmtree(file) if file.is_dir() else file.unlink()
    elif op == "symlink-out":
        copy = outside / edit["file"]
        shutil.move(str(file), str(copy))
        os.symlink(copy, file)
    elif op == "truncate":
        with file.open("wb") as f:
            f.truncate(edit["size"])
    elif op == "nest":
        file.write_text("[" * edit["depth"] + "]" * edit["depth"])
    else:
        _json_edit(bundle, edit, bases)
    if edit.get("list"):
        manifest = _load(bundle / "manifest.json")
        manifest["files"][edit["file"]] = "0" * 64
        _dump(bundle / "manifest.json", manifest)


def _rehash(bundle: Path) -> None:
    """What a forger does: make the manifest's hashes match the files again."""
    manifest = _load(bundle / "manifest.json")
    for name in manifest["files"]:
        path = bundle / name
        if path.is_file():
            manifest["files"][name] = hashlib.sha256(path.read_bytes()).hexdigest()
    _dump(bundle / "manifest.json", manifest)


@pytest.mark.parametrize("forgery", [
    pytest.param(p, marks=(pytest.mark.exhaustive,) if _load(p).get("exhaustive") else ())
    for p in CORPUS], ids=lambda p: p.stem)
def test_a_forged_bundle_is_refused_or_named(forgery: Path, bundles: Bundles,
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    spec = _load(forgery)
    bundle = tmp_path / "bundle"
    shutil.copytree(bundles[spec["bundle"]], bundle)
    outside = tmp_path / "outside"
    outside.mkdir()
    for edit in spec["edits"]:
        _edit(bundle, edit, bundles, outside)
    if all(edit.get("rehash", True) for edit in spec["edits"]):
        _rehash(bundle)
    code = main(["replay", str(bundle), "--solver", "z3", "--quiet", *spec.get("options", [])])
    out, err = capsys.readouterr()
    assert code == spec["exit"], out + err
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", out + err)  # nothing drives a terminal
    if spec["exit"] == 2:
        assert out == "" and len(err.strip().splitlines()) == 1, err
        assert spec["names"] in err, err
    else:  # the text wraps an entry: its lines joined again
        assert spec["names"] in re.sub(r"\n +", " ", out), out


@pytest.mark.parametrize("base", ["craps", "any7", "any7-overpay"])
def test_every_base_of_the_corpus_replays_clean(base: str, bundles: Bundles,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Each forgery fails for its edit alone: unedited, its bundle replays with exit 0 (the
    Pai Gow base is replayed clean in tests/test_bundle.py)."""
    code = main(["replay", str(bundles[base]), "--solver", "z3", "--quiet"])
    out, _ = capsys.readouterr()
    assert code == 0, out
