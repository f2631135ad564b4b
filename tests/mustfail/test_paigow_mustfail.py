"""Principle 3 for s. 40: each wrong evaluator is REFUTED, with hands that replay, on the
obligations written beside it. Three on a few cards by default; every one on its small deck
and on the whole deck with ``pytest -m exhaustive``."""

from __future__ import annotations

import pytest

from casino_proofs import regulation
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.assurance.ours import check_paigow
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK
from tests.decks import WHEEL_TWO_SUITS
from tests.mustfail.paigow_mutants import MUTANTS, PaiGowMutant


def _check(mutant: PaiGowMutant, deck: tuple[int, ...], workers: int) -> None:
    outcome = check_paigow(evaluate=mutant.evaluate, compare=mutant.compare, deck=deck,
                           workers=workers, spec_checks=False)
    refuted = {r.obligation.id for r in outcome.results if r.verdict is Verdict.REFUTED}
    others = {r.obligation.id: r.verdict for r in outcome.results
              if r.verdict not in (Verdict.PROVED, Verdict.REFUTED, Verdict.VACUOUS)}
    assert not others, others
    if mutant.exact:
        assert refuted == mutant.refuted
    else:
        assert mutant.refuted <= refuted
    named = [r for r in outcome.results if r.verdict is Verdict.REFUTED
             and mutant.clause in r.obligation.clauses]
    assert named, f"no refuted obligation names {mutant.clause}"
    for r in outcome.results:
        if r.verdict is Verdict.REFUTED and r.obligation.claim in ("order", "convention"):
            assert r.counterexample is not None and len(r.counterexample["hands"]) == 2


#: The default run keeps one mutant of each kind of fault (a paragraph's own order, a
#: tiebreak within a combination, a crash), each on the 13 cards of A to 6 in two suits and
#: the joker (1,287 five-card hands), where the fault shows: A-2-3-4-5 beside 2-3-4-5-6;
#: 4-4-2-2-3 beside 3-3-2-2-A; the ace of clubs, the ace of spades and the joker. Every
#: mutant runs on its own small deck (the refuted obligations pinned) and on the whole deck
#: under ``pytest -m exhaustive`` (CI runs both).
QUICK = {"A-2-3-4-5 ranked the lowest straight", "two pairs compared by the kicker first",
         "fails on the joker with two aces"}


@pytest.mark.parametrize("mutant", [m for m in MUTANTS if m.name in QUICK],
                         ids=lambda m: f"{m.clause} {m.name}")
def test_mutant_is_refuted_on_a_few_cards(mutant: PaiGowMutant) -> None:
    outcome = check_paigow(evaluate=mutant.evaluate, compare=mutant.compare,
                           deck=WHEEL_TWO_SUITS, workers=1, spec_checks=False)
    others = {r.obligation.id: r.verdict for r in outcome.results
              if r.verdict not in (Verdict.PROVED, Verdict.REFUTED, Verdict.VACUOUS)}
    assert not others, others
    named = [r for r in outcome.results if r.verdict is Verdict.REFUTED
             and mutant.clause in r.obligation.clauses]
    assert named, f"no refuted obligation names {mutant.clause}"
    assert all(r.counterexample is not None for r in named)


@pytest.mark.exhaustive
@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: f"{m.clause} {m.name}")
def test_mutant_is_refuted_on_a_small_deck(mutant: PaiGowMutant) -> None:
    _check(mutant, mutant.deck, workers=1)


def test_the_quick_mutants_are_mutants() -> None:
    assert QUICK <= {m.name for m in MUTANTS}


@pytest.mark.exhaustive
@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: f"{m.clause} {m.name}")
def test_mutant_is_refuted_on_the_whole_deck(mutant: PaiGowMutant) -> None:
    outcome = check_paigow(evaluate=mutant.evaluate, compare=mutant.compare, deck=FULL_DECK,
                           workers=2, spec_checks=False)
    refuted = {r.obligation.id for r in outcome.results if r.verdict is Verdict.REFUTED}
    assert mutant.refuted <= refuted
    assert all(r.verdict in (Verdict.PROVED, Verdict.REFUTED) for r in outcome.results)


def test_every_paragraph_of_section_40_has_a_mutant() -> None:
    named = {regulation.paragraph_of(c) for m in MUTANTS for c in (m.clause,)}
    caught_via = {c for m in MUTANTS for i in m.refuted for c in [i]}
    paragraphs = {p.id for p in regulation.paragraphs() if p.section == "40"}
    # r3-40-2 (royal flush) and r3-40-6 (flush) are caught through the order of the
    # combinations and the joker's completions.
    assert paragraphs - {"r3-40-2", "r3-40-6"} <= named | {"r3-40-intro"}, paragraphs - named
    assert any("royal-flush" in i for i in caught_via)
    assert any("flush>straight" in i for i in caught_via)
