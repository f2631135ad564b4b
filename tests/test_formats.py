"""Report formats for CI and auditors, validated against their structure: JUnit XML parsed,
SARIF 2.1.0 checked field by field, Markdown for a step summary."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from casino_proofs.context import report_context
from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.reports import formats
from tests.mustfail.craps_mutants import MUTANTS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def refuted() -> list[Result]:
    """A run with failures: hard-6 paid 7 to 1 (two obligations refuted)."""
    mutant = next(m for m in MUTANTS if m.name == "hard-6 paid 7 to 1")
    return check_craps(settle=mutant.settle, wagers=["hard-6", "any-7"])


def test_junit_one_testcase_per_obligation_failures_counted(refuted: list[Result]) -> None:
    root = ET.fromstring(formats.to_junit(refuted, 1.0))
    assert root.tag == "testsuites"
    cases = root.findall("./testsuite/testcase")
    assert len(cases) == len(refuted) == int(root.get("tests", "0"))
    failed = [c for c in cases if c.find("failure") is not None]
    assert len(failed) == 2 == int(root.get("failures", "0"))
    assert all(c.get("name", "").startswith("r3-95.15-1.s1: craps/hard-6/") for c in failed)
    assert "roll 3,3" in (failed[0].find("failure").text or "")  # type: ignore[union-attr]


def _check_sarif(doc: dict[str, Any]) -> list[dict[str, Any]]:
    assert doc["version"] == "2.1.0" and doc["$schema"].endswith("sarif-2.1.0.json")
    (run,) = doc["runs"]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
    fingerprints = set()
    for result in run["results"]:
        assert ids[result["ruleIndex"]] == result["ruleId"]
        assert result["kind"] in {"pass", "fail", "open", "review"}
        assert (result["level"] == "none") == (result["kind"] in {"pass", "review"})
        assert result["message"]["text"]
        (fp,) = result["partialFingerprints"].values()
        assert fp not in fingerprints
        fingerprints.add(fp)
        (loc,) = result["locations"]
        physical = loc["physicalLocation"]
        path = ROOT / physical["artifactLocation"]["uri"]
        line = path.read_text(encoding="utf-8").splitlines()[physical["region"]["startLine"] - 1]
        assert f'id = "{result["ruleId"]}"' in line
    return list(run["results"])


def test_sarif_rules_per_clause_results_located_in_the_text(refuted: list[Result]) -> None:
    results = _check_sarif(json.loads(formats.to_sarif(refuted, report_context({}))))
    failing = [r for r in results if r["kind"] == "fail"]
    assert len(failing) == 2 and all(r["level"] == "error" for r in failing)
    assert failing[0]["properties"]["counterexample"]["roll"] == [3, 3]


def test_sarif_fingerprints_are_stable_across_runs(refuted: list[Result]) -> None:
    again = check_craps(wagers=["hard-6", "any-7"])
    first = json.loads(formats.to_sarif(refuted, report_context({})))
    second = json.loads(formats.to_sarif(again, report_context({})))
    prints = [r["partialFingerprints"] for r in first["runs"][0]["results"]]
    assert prints == [r["partialFingerprints"] for r in second["runs"][0]["results"]]


def test_sarif_ambiguities_are_reviews(ambiguity_findings: list[Any]) -> None:
    from casino_proofs.analyses.readings.ambiguities import finding_json

    doc = json.loads(formats.to_sarif([], report_context({}),
                                      [finding_json(f) for f in ambiguity_findings]))
    results = _check_sarif(doc)
    assert results and all(r["kind"] == "review" for r in results)


def test_markdown_summary_lists_what_failed(refuted: list[Result]) -> None:
    text = formats.to_markdown(refuted, report_context({}), 1.0)
    assert text.startswith("## casino-proofs check: REFUTED ❌")
    assert "| REFUTED | 2 |" in text
    assert "- **REFUTED** `r3-95.15-1.s1` hard-6" in text
    ok = formats.to_markdown([r for r in refuted if r.verdict is Verdict.PROVED],
                             report_context({}), 1.0)
    assert "PROVED ✅" in ok and "not proved" not in ok
