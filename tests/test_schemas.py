"""Every JSON report validates against its published schema (proofs/schemas/)."""

from __future__ import annotations

import json
from importlib import resources
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


def test_check_json_validates(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _run(capsys, "check", "--only", "craps", "--format", "json")
    jsonschema.validate(doc, _schema("check"))


def test_check_json_with_failures_validates(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _run(capsys, "check", "--only", "craps", "--format", "json", "--reading",
               "hard-ways-payout=both")
    assert doc["summary"]["verdict"] == "REFUTED"
    jsonschema.validate(doc, _schema("check"))


def test_check_json_with_paigow_validates(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch,
                                         paigow_outcome: object) -> None:
    monkeypatch.setattr("casino_proofs.command.check.check_paigow", lambda *a, **k: paigow_outcome)
    jsonschema.validate(_run(capsys, "check", "--only", "paigow", "--format", "json"),
                        _schema("check"))


def test_edge_json_validates(capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema.validate(_run(capsys, "edge", "--format", "json"), _schema("edge"))


def test_ambiguities_json_validates(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch,
                                    ambiguity_findings: object) -> None:
    monkeypatch.setattr("casino_proofs.analyses.ambiguities.find_all",
                        lambda *_a: ambiguity_findings)
    jsonschema.validate(_run(capsys, "ambiguities", "--format", "json"),
                        _schema("ambiguities"))


def test_a_document_breaking_the_schema_is_caught() -> None:
    bad = {"schema": "casino-proofs/check", "schema_version": 1, "obligations": [
        {"id": "x", "verdict": "MAYBE"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, _schema("check"))
