"""Mutation score: generated faults must all be caught. A representative subset by default,
every mutant under ``pytest -m exhaustive`` (CI runs both)."""

from __future__ import annotations

import pytest

from casino_proofs import regulation
from casino_proofs.analyses.assurance.mutants import generate, quick, report, run


def _score(mutants: list) -> dict:  # type: ignore[type-arg]
    return report([run(m) for m in mutants])


@pytest.mark.exhaustive  # 26 s; test_every_mutant_is_killed (CI) runs a superset
def test_quick_subset_is_all_killed() -> None:
    doc = _score(quick(generate()))
    assert doc["survivors"] == [], doc["survivors"]
    kinds = {m["kind"] for m in doc["mutants"]}
    assert kinds == {"payout", "decision", "total", "working", "dropped", "weakened",
                     "shifted", "category", "label", "tiebreak", "suits", "reversed",
                     "validation", "tied"}


def test_every_craps_paragraph_and_convention_has_mutants() -> None:
    clauses = {m.clause for m in generate("craps")}
    paragraphs = {p.id for p in regulation.paragraphs()
                  if p.section in ("95.15", "95.16") and not p.id.endswith("-intro")}
    assert paragraphs <= clauses
    assert {"conv-single-chance-pass", "conv-single-chance-dont-pass",
            "conv-single-chance-come", "conv-single-chance-dont-come"} <= clauses


def test_every_combination_of_section_40_has_mutants() -> None:
    clauses = {m.clause for m in generate("paigow")}
    assert {f"r3-40-{n}" for n in range(1, 11)} <= clauses


def test_a_surviving_mutant_is_reported() -> None:
    """An equivalent 'mutant' (the implementation itself) must show up as a survivor."""
    real = next(m for m in generate("craps") if m.id.startswith("craps/impl/any-7/payout"))
    from dataclasses import replace

    from casino_proofs.adapters.mutated import Mutated

    doc = _score([replace(real, id="craps/impl/any-7/none", engine=Mutated("any-7"))])
    assert doc["killed"] == 0 and doc["survivors"][0]["id"] == "craps/impl/any-7/none"
