"""Clause coverage: every sentence of the seeds is covered or scoped out, and the check can
fail both ways the issue names."""

from __future__ import annotations

from dataclasses import replace

import pytest

from casino_proofs import regulation, spec
from casino_proofs.analyses.assurance import coverage as cov


@pytest.fixture(autouse=True)
def _listed_once(obligations_listed_once: None) -> None:
    """Each test changes what it means to fail on top of the obligations listed once."""


@pytest.fixture
def result() -> tuple[list[cov.SentenceCoverage], list[str]]:
    return cov.coverage(cov.find_tests())


def test_every_sentence_is_covered_or_scoped_out(
        result: tuple[list[cov.SentenceCoverage], list[str]]) -> None:
    rows, uncited = result
    assert {r.id for r in rows} == set(regulation.sentences())
    assert all(r.covered for r in rows), [r.id for r in rows if not r.covered]
    assert uncited == []


def test_the_coverage_json_validates_against_its_schema(
        result: tuple[list[cov.SentenceCoverage], list[str]]) -> None:
    """Issue 44: coverage's JSON had no published schema."""
    import json
    from importlib import resources

    import jsonschema

    from casino_proofs.reports.documents import CoverageDocument

    schema = json.loads(resources.files("casino_proofs").joinpath(
        "schemas/coverage.schema.json").read_text(encoding="utf-8"))
    rows, uncited = result
    jsonschema.validate(CoverageDocument(tuple(rows), tuple(uncited), cov.find_tests()).json(),
                        schema)


def test_every_encoded_sentence_is_implemented_proved_and_tested(
        result: tuple[list[cov.SentenceCoverage], list[str]]) -> None:
    rows, _ = result
    for r in rows:
        if r.out_of_scope is None:
            assert r.impl and r.obligations and r.tests, r.id


def test_r3_95_16_placement_sentences_are_out_of_scope_with_a_reason(
        result: tuple[list[cov.SentenceCoverage], list[str]]) -> None:
    rows, _ = result
    scoped = {r.id: r.out_of_scope for r in rows if r.out_of_scope}
    assert set(scoped) == {"r3-95.16-intro.s2", "r3-95.16-1.s1", "r3-95.16-2.s1",
                           "r3-95.16-3.s1", "r3-95.16-4.s1"}
    assert all(reason for reason in scoped.values())


def test_a_sentence_covered_by_nothing_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cov, "_out_of_scope", lambda: {})
    rows, _ = cov.coverage(cov.find_tests())
    assert {r.id for r in rows if not r.covered} == {
        "r3-95.16-intro.s2", "r3-95.16-1.s1", "r3-95.16-2.s1", "r3-95.16-3.s1",
        "r3-95.16-4.s1"}


def test_r3_95_15_intro_and_r3_95_16_intro_are_covered_by_the_table_not_the_state_domain(
        result: tuple[list[cov.SentenceCoverage], list[str]]) -> None:
    """Issue 15: "can be played at any time", "cannot be played unless ... engaged", "follow
    the outcome", "may always be withdrawn" are about play at a table; a wager's state class
    citing them does not cover them, the table obligations do."""
    rows = {r.id: r for r in result[0]}
    for sid in ("r3-95.15-intro.s1", "r3-95.16-intro.s1"):
        assert not any("state class" in c for c in rows[sid].constraints), sid
    assert rows["r3-95.16-intro.s1"].table_obligations == [
        "craps/table/follow", "craps/table/history", "craps/table/placement",
        "craps/table/table-coverage", "craps/table/withdrawal"]
    assert "craps/table/any-time" in rows["r3-95.15-intro.s1"].table_obligations
    assert rows["r3-95.15-1.s5"].table_obligations == ["craps/table/withdrawal"]


def test_without_the_table_obligations_the_table_sentences_are_uncovered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cov, "_table_obligations", lambda: {})
    rows, _ = cov.coverage(None)
    assert {r.id for r in rows if not r.covered} == {"r3-95.15-intro.s1",
                                                     "r3-95.16-intro.s1"}


def test_a_constraint_citing_no_clause_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    real = spec.wagers

    def with_an_uncited_rule(readings: spec.Readings | None = None) -> tuple[spec.WagerSpec,
                                                                            ...]:
        first, *rest = real(readings)
        bad = replace(first.rules[0], clauses=("r3-95.15-99.s1",))
        return (replace(first, rules=(bad, *first.rules[1:])), *rest)

    monkeypatch.setattr(spec, "wagers", with_an_uncited_rule)
    _rows, uncited = cov._spec_constraints()
    assert uncited and "hard-4 rule #0" in uncited[0]


def test_an_ordering_statement_the_spec_drops_is_a_coverage_failure() -> None:
    """s. 40's ordering phrases are registered beside the text (``orders``); a specification
    that no longer states one of them fails coverage."""
    from casino_proofs.paigow.obligations.scope_spec import SPEC_MUTATION
    from casino_proofs.spec.paigow import PaiGowSpec

    def drop(s: PaiGowSpec) -> None:
        original = s.statements
        s.statements = lambda: [st for st in original()  # type: ignore[method-assign]
                                if st.id != "r3-40-7:second"]

    SPEC_MUTATION.append(drop)
    try:
        assert cov.ordering_gaps() == ["high: r3-40-7:second (r3-40-7.s1)"]
    finally:
        SPEC_MUTATION.remove(drop)
    assert cov.ordering_gaps() == []
