"""Every JSON report validates against its published schema (proofs/schemas/)."""

from __future__ import annotations

import json
import shutil
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from casino_proofs.command.main import main


def _schema(name: str) -> dict[str, Any]:
    text = resources.files("casino_proofs").joinpath(f"schemas/{name}.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    main(list(argv))
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


def test_check_json_validates(capsys: pytest.CaptureFixture[str],
                              same_craps_run: object) -> None:
    doc = _run(capsys, "check", "--only", "craps", "--format", "json")
    jsonschema.validate(doc, _schema("check"))


def test_check_json_with_failures_validates(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _run(capsys, "check", "--only", "craps", "--format", "json", "--reading",
               "hard-ways-payout=both")
    assert doc["summary"]["verdict"] == "REFUTED"
    jsonschema.validate(doc, _schema("check"))


def test_check_json_with_paigow_validates(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch,
                                         paigow_small_outcome: object) -> None:
    monkeypatch.setattr("casino_proofs.paigow.obligations.game.prove_paigow",
                        lambda *a, **k: paigow_small_outcome)
    jsonschema.validate(_run(capsys, "check", "--only", "paigow", "--format", "json"),
                        _schema("check"))


def test_edge_json_validates(capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema.validate(_run(capsys, "edge", "--format", "json"), _schema("edge"))


def test_ambiguities_json_validates(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch,
                                    ambiguity_findings: object) -> None:
    monkeypatch.setattr("casino_proofs.analyses.readings.ambiguities.find_all",
                        lambda *_a: ambiguity_findings)
    jsonschema.validate(_run(capsys, "ambiguities", "--format", "json"),
                        _schema("ambiguities"))


def test_a_document_breaking_the_schema_is_caught() -> None:
    bad = {"schema": "casino-proofs/check", "schema_version": 1, "obligations": [
        {"id": "x", "verdict": "MAYBE"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, _schema("check"))


def test_the_engine_protocol_messages_validate(tmp_path: Any) -> None:
    """Every request the checker sends, and every answer of the example engine, validate
    against the published schemas of the protocol (docs/engine-protocol.md)."""
    from casino_proofs.adapters.targets import open_target
    from casino_proofs.protocol.answers import CrapsInput

    if shutil.which("node") is None:
        pytest.skip("node is not installed (.ci/run installs it)")
    root = Path(__file__).resolve().parent.parent
    log = tmp_path / "wire.jsonl"
    engine = open_target(f"exec:{sys.executable} {root / 'tests/engines/tee.py'} {log} "
                         f"node {root / 'examples/engines/engine.js'} --names")
    engine.settle([CrapsInput("hard-6", False, None, False, False, 3, 3),
                   CrapsInput("pass", False, 6, False, False, 3, 4),
                   CrapsInput("pass", True, None, False, False, 2, 2),
                   CrapsInput("any-7", False, 6, False, False, 3, 4)], {})
    engine.rank([(0, 4, 8, 12, 52), (48, 52), (0, 1, 2, 3, 4)], {})
    engine.close()
    exchanges = [json.loads(line) for line in log.read_text().splitlines()]
    # every request is fenced by a hello (docs/engine-protocol.md, "Transport")
    assert [e["request"]["op"] for e in exchanges] == ["hello", "settle", "hello", "rank",
                                                       "hello"]
    exchanges = [e for e in exchanges if e["request"]["op"] != "hello"] + exchanges[:1]
    answers = {"hello": "engine-hello", "settle": "engine-settle", "rank": "engine-rank"}
    for e in exchanges:
        jsonschema.validate(e["request"], _schema("engine-request"))
        jsonschema.validate(e["answer"], _schema(answers[e["request"]["op"]]))
    settled = exchanges[0]["answer"]["batch"]
    assert settled[3] == {"error": settled[3]["error"]}  # any-7 with a point: refused


def test_a_recorded_settlement_validates() -> None:
    record = {"wager": "hard-6", "state": {"come_out": False, "point": None, "working": False,
                                           "first_roll": False},
              "roll": [3, 3], "decision": "win", "net": "9", "point": None}
    jsonschema.validate(record, _schema("settlement-record"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**record, "net": 9.0}, _schema("settlement-record"))


def test_protocol_2_messages_on_the_wire_validate(tmp_path: Path) -> None:
    """What the checker sends a table engine, and what the example table answers, validate
    against the published protocol-2 schemas (docs/engine-protocol.md, Protocol 2)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed (.ci/run installs it)")
    from casino_proofs import spec
    from casino_proofs.craps.adapters.play_engine import PlayEngine
    from casino_proofs.craps.table.judging.policies import Policies
    from casino_proofs.craps.table.obligations.table_run import setting_of
    from casino_proofs.craps.table.scripts.scripts import plan

    root = Path(__file__).resolve().parent.parent
    log = tmp_path / "wire.jsonl"
    engine = PlayEngine(f"{sys.executable} {root / 'tests/engines/tee.py'} {log} "
                        f"node {root / 'examples/engines/table.js'}", 60_000)
    names = ("pass", "pass-odds", "come", "come-odds", "hard-6", "any-7")  # every kind of event
    specs = [spec.wager(n) for n in names]
    assert engine.hello.wagers and engine.money is not None
    scripts = plan(specs, setting_of(specs, names, engine.money, Policies())).scripts
    engine.play(scripts[:70], {})
    engine.close()
    exchanges = [json.loads(line) for line in log.read_text().splitlines()]
    assert [e["request"]["op"] for e in exchanges] == ["hello", "play", "hello", "play",
                                                       "hello"]
    jsonschema.validate(exchanges[0]["answer"], _schema("engine-table-hello"))
    for e in exchanges[1::2]:
        jsonschema.validate(e["request"], _schema("engine-play"))
        jsonschema.validate(e["answer"], _schema("engine-play-answer"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"scripts": [{"id": "s1", "answers": [{"point": 7, "bets": []}]}]},
                            _schema("engine-play-answer"))


@pytest.mark.parametrize("options", [
    # refuted, with a maximum stake below the scripts' (policy-max-stake)
    ("--max-stake", "100", "--fault", "half-up-paid"),
    # proved, its fault domain in the JSON (table_domain; its words in every format are the
    # default run's, tests/test_table_fault_domain.py)
    pytest.param(("--policy", "one-odds"), marks=pytest.mark.exhaustive),
])
def test_a_table_check_json_validates(capsys: pytest.CaptureFixture[str],
                                      options: tuple[str, ...]) -> None:
    """A ``play:`` check's JSON validates: its engine kind, the policies its obligations rest
    on, its fault domain (the audit found the schema refused all three)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed (.ci/run installs it)")
    table = Path(__file__).resolve().parent.parent / "examples/engines/table.js"
    code = main(["check", "--quiet", "--only", "craps", "--sessions", "2", "--wagers",
                 "pass,pass-odds,any-craps", "--format", "json", "--engine",
                 f"play:node {table} {' '.join(options)}"])
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == (1 if "--fault" in options else 0)
    assert doc["engine"]["kind"] == "play" and "table_domain" in doc
    jsonschema.validate(doc, _schema("check"))


# -- issue 44: every JSON report a sub-command writes validates against its schema -----------

@pytest.mark.parametrize("argv", [
    ("settle", "hard-6", "--roll", "3,3"),
    ("settle", "pass", "--roll", "3,4", "--point", "4"),
    ("rank", "Ah Kh Qh Jh Th"), ("rank", "2c Jk"),
    ("compare", "Ah Kh Qh Jh Th", "2c 3d 5h 7s 9c"), ("compare", "2c 2d", "3h 4s"),
])
def test_settle_rank_and_compare_json_validate(capsys: pytest.CaptureFixture[str],
                                               argv: tuple[str, ...]) -> None:
    doc = _run(capsys, *argv, "--format", "json")
    assert doc["schema"] == f"casino-proofs/{argv[0]}"
    jsonschema.validate(doc, _schema(argv[0]))


def test_mutants_json_validates(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    from casino_proofs.analyses.assurance import mutants

    every = mutants.generate("craps")
    few = [next(m for m in every if m.id.startswith("craps/impl/any-7/payout"))]
    monkeypatch.setattr(mutants, "generate", lambda *_a: few)
    doc = _run(capsys, "mutants", "--quiet", "--format", "json")
    assert doc["total"] == 1
    jsonschema.validate(doc, _schema("mutants"))


def test_replay_json_validates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A bundle of its own (one wager: a shared one may be another run's), replayed."""
    bundle = tmp_path / "bundle"
    assert main(["check", "--only", "craps", "--wagers", "any-7", "--quiet", "--bundle",
                 str(bundle)]) == 0
    capsys.readouterr()
    doc = _run(capsys, "replay", str(bundle), "--solver", "z3", "--quiet", "--format", "json")
    assert doc["exit_code"] == 0
    jsonschema.validate(doc, _schema("replay"))
