"""Issue 42, item 4: replay re-derives what it can and refuses what it cannot read. A
manifest field that names something that does not exist -- a protocol version, an engine
kind, a game, a reading or its value, a convention, a wager, a money rule -- is refused in one
line naming the field (exit 2), never taken on record; every other field is derived again
and compared, or named among what is taken on record.

The default run forges, in a bundle of a ``play:`` table (the issue's case: ``engine.protocol``
9.9 replayed with exit 5), each field that names something; ``-m exhaustive`` builds a bundle
of each engine kind, changes each manifest field in turn and replays it whole."""

from __future__ import annotations

import fnmatch
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from casino_proofs.command.main import main

ROOT = Path(__file__).resolve().parents[2]
TABLE = f"play:{sys.executable} {ROOT / 'tests' / 'engines' / 'table' / 'impl_table.py'}"
SCOPE = ("--only", "craps", "--wagers", "any-7", "--sessions", "1")


def _bundle(target: Path, *engine: str) -> Path:
    """A bundle of a check of the engine (``--engine TARGET`` and its options)."""
    assert main(["check", "--quiet", *SCOPE, *engine, "--bundle", str(target)]) in (0, 1, 4)
    return target


@pytest.fixture(scope="module")
def play_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _bundle(tmp_path_factory.mktemp("play") / "bundle", "--engine", TABLE)


def _forged(bundle: Path, into: Path, path: tuple[str | int, ...], value: Any) -> Path:
    """A copy of the bundle whose manifest holds ``value`` at ``path`` (the manifest lists
    no hash of its own: nothing to make match again)."""
    copied = shutil.copytree(bundle, into)
    manifest = json.loads((copied / "manifest.json").read_text())
    place = manifest
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    (copied / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return copied


def _replay(bundle: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["replay", str(bundle), "--quiet", "--solver", "z3", "--format", "json"])
    out, err = capsys.readouterr()
    return code, out, err


#: each field that names something, the forgery, and what the one line says
NAMING = [
    (("engine", "protocol"), "9.9", "engine.protocol: it names protocol version \"9.9\""),
    (("engine", "hello", "protocol"), "9.9", "engine.hello.protocol"),
    (("engine", "kind"), "vendor", "engine.kind: names no kind of engine"),
    (("engine", "hello", "games"), ["craps", "baccarat"], "engine.hello"),
    (("engine", "hello", "readings"), {"hop-call": ["total"], "no-such": ["x"]},
     "engine.hello.readings: claims reading 'no-such'"),
    (("engine", "money"), {"unit": "0.01", "rounding": "sideways"}, "engine.money"),
    (("engine", "hello", "interface"), "wager", "engine.hello.interface"),
    (("engine", "policies"), {"no-such-policy": True}, "engine.policies"),
    (("engine", "debug"), "on", "has a field 'debug', which an engine of kind play"),
    (("engine", "sha256"), "0" * 64, "has a field 'sha256', which an engine of kind play"),
    (("check", "wagers"), ["any-7", "any-8"], "check.wagers: names a wager that does not "
                                              "exist: 'any-8'"),
    (("readings", "hop-call"), "sum", "readings.hop-call: names a value of reading "
                                      "hop-call that does not exist: 'sum'"),
    (("readings", "no-such"), "x", "readings: names a reading that does not exist"),
    (("conventions",), ["conv-no-such"], "conventions: names a convention that does not "
                                         "exist: 'conv-no-such'"),
    (("check", "runs", 0, "games"), ["craps", "baccarat"], "check.runs[0].games"),
]


@pytest.mark.parametrize(("path", "value", "says"), NAMING,
                         ids=[".".join(map(str, p)) for p, _v, _s in NAMING])
def test_a_manifest_field_naming_what_does_not_exist_is_refused_naming_it(
        play_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        path: tuple[str | int, ...], value: Any, says: str) -> None:
    code, out, err = _replay(_forged(play_bundle, tmp_path / "forged", path, value), capsys)
    assert (code, out) == (2, ""), (code, out)
    assert err.count("\n") == 1 and err.startswith("casino-proofs: error: manifest.json: "), err
    assert says in err, err


def test_the_issue_s_forged_protocol_is_refused_where_it_was_taken_on_record(
        play_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42: a play: bundle naming engine.protocol 9.9 replayed with exit 5."""
    code, _out, _err = _replay(play_bundle, capsys)
    assert code == 5  # a table's own obligations: on record, and said to be
    forged = _forged(play_bundle, tmp_path / "forged", ("engine", "protocol"), "9.9")
    code, out, err = _replay(forged, capsys)
    assert (code, out) == (2, "") and "engine.protocol" in err, err


def test_a_run_s_readings_naming_a_value_that_does_not_exist_are_refused(
        play_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The plan's readings and the run's recorded beside it, forged alike."""
    forged = _forged(play_bundle, tmp_path / "plan", ("check", "runs", 0, "readings"),
                     {"hop-call": "sum"})
    manifest = json.loads((forged / "manifest.json").read_text())
    manifest["runs"][0]["readings"] = {"hop-call": "sum"}
    (forged / "manifest.json").write_text(json.dumps(manifest))
    code, _out, err = _replay(forged, capsys)
    assert code == 2 and "check.runs[0].readings.hop-call: names a value" in err, err


def test_the_engine_s_command_and_money_are_derived_again(
        play_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Fields that name what exists, but not what the target and hello say: re-derived, and
    each difference named (exit 1)."""
    for path, value, field in (
            (("engine", "command"), ["sh", "-c", "true"], "manifest/engine.command"),
            (("engine", "money"), {"unit": "1", "rounding": "exact"}, "manifest/engine.money"),
            (("engine", "protocol"), "2.0", "manifest/engine.protocol")):
        code, out, _err = _replay(_forged(play_bundle, tmp_path / field.replace("/", "-"),
                                          path, value), capsys)
        findings = json.loads(out)["findings"]
        assert code == 1 and any(f["obligation"] == field for f in findings), (field, out)


# -- every field of a bundle of every kind, changed in turn (exhaustive) ---------------------


def _leaves(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int,
                                                                                 ...], Any]]:
    """Every field to change: each scalar, each list of scalars, and ``left_out`` whole."""
    if isinstance(value, dict) and value:
        for key, inner in value.items():
            yield from _leaves(inner, (*path, key))
    elif isinstance(value, list) and value and path != ("left_out",) \
            and all(isinstance(x, dict) for x in value):
        for i, inner in enumerate(value):
            yield from _leaves(inner, (*path, i))
    else:
        yield path, value


def _changed(path: tuple[str | int, ...], value: Any) -> Any:
    """Another value of the same type: a version that does not exist, a name that does
    not, one more, the other truth value, one more entry."""
    if path == ("left_out",):
        return [{"what": "every forged obligation", "why": "forged"}, *value]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return "9.9" if path[-1] in ("protocol", "version") else value + "-forged"
    if isinstance(value, list):
        return [*value, "forged" if not value or isinstance(value[0], str) else 1]
    return "forged"


def _dotted(path: tuple[str | int, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _named_on_record(field: str, on_record: list[dict[str, str]]) -> bool:
    """Whether an entry of what is taken on record names the field (``runs[].*.channel``
    names every run's channel; the table's events name what its own obligations left out)."""
    plain = field.replace("[", "<").replace("]", ">")
    for entry in on_record:
        for name in entry["what"].split(", "):
            pattern = name.replace("[]", "<*>").replace("[", "<").replace("]", ">")
            if fnmatch.fnmatchcase(plain, pattern) or fnmatch.fnmatchcase(plain, pattern + ".*"):
                return True
    return field == "left_out" and any(e["what"] == "the table's events" for e in on_record)


def _kinds(tmp_path: Path) -> dict[str, list[str]]:
    """A check of each kind of engine (and two ways of a log), each with what it needs."""
    from tests.test_engines import MODULE, _record, _rows
    from tests.test_hostile_records import SESSION

    module = tmp_path / "any7.py"
    module.write_text(MODULE.replace("NET", '"4"'))
    csv, log = tmp_path / "settled.csv", tmp_path / "log.jsonl"
    _record(csv, _rows())
    log.write_text(json.dumps(SESSION) + "\n")
    bad = ROOT / "tests" / "engines" / "bad" / "_engine.py"
    return {"impl": ["--engine", "impl"],
            "exec": ["--engine", f"exec:{sys.executable} {bad}"],
            "python": ["--engine", f"python:{module}"],
            "play": ["--engine", TABLE],
            "log": ["--engine", f"table:{log}"],
            "log-requiring-coverage": ["--engine", f"table:{log}", "--require-coverage"],
            "settlement-table": ["--engine", f"table:{csv}"]}


def _outcome(bundle: Path, field: str, capsys: pytest.CaptureFixture[str],
             claims: bool) -> str:
    """How replay took the change: refused, re-derived otherwise, named on record, or a
    change that changes nothing (--all-readings of an engine that claims no readings)."""
    code, out, err = _replay(bundle, capsys)
    if code == 2:
        assert err.count("\n") == 1 and "manifest.json" in err, (field, err)
        return "refused"
    doc = json.loads(out)
    if any(f["status"] not in ("same", "on-record") for f in doc["findings"]):
        assert code == 1, (field, code)
        return "re-derived"
    if field == "check.all_readings" and not claims:
        return "no change: the engine claims no readings, so check.runs is the same"
    assert _named_on_record(field, doc["taken_on_record"]), (field, code, out)
    return "on record"


@pytest.mark.exhaustive
@pytest.mark.parametrize("kind", ["impl", "exec", "python", "play", "log",
                                  "log-requiring-coverage", "settlement-table"])
def test_every_manifest_field_of_every_kind_is_refused_re_derived_or_named_on_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    engine = _kinds(tmp_path)[kind]
    bundle = _bundle(tmp_path / "bundle", *engine)
    manifest = json.loads((bundle / "manifest.json").read_text())
    claims = "readings" in manifest["engine"]["hello"]
    seen: dict[str, str] = {}
    for path, value in _leaves(manifest):
        if path[0] == "files":  # the hashes: a bundle that is not intact (tests/forgeries)
            continue
        forged = tmp_path / f"forged-{len(seen)}"
        field = _dotted(path)
        seen[field] = _outcome(_forged(bundle, forged, path, _changed(path, value)), field,
                               capsys, claims)
        shutil.rmtree(forged)
    assert seen["engine.kind"] == "refused"
    if "protocol" in manifest["engine"]:
        assert seen["engine.protocol"] == "refused"


def test_the_issue_s_forged_fields_are_named_on_record_only_where_the_bundle_cannot_hold_them(
) -> None:
    """The naming rule the exhaustive test applies, on the entries replay gives."""
    on_record = [{"what": "engine.hello"}, {"what": "runs[].*.channel"},
                 {"what": "engine.sha256, engine.sessions"}, {"what": "budget"}]
    assert _named_on_record("engine.hello.name", on_record)
    assert _named_on_record("runs[0].craps.channel", on_record)
    assert _named_on_record("engine.sessions", on_record)
    assert _named_on_record("budget.z3_rlimit", on_record)
    assert not _named_on_record("engine.protocol", on_record)
    assert not _named_on_record("engine.sha2", on_record)
    assert not _named_on_record("check.wagers", on_record)
