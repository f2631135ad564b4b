"""Principle 3: every check can fail. Each wrong implementation must be REFUTED, on exactly
the obligations written beside it, with a replayed counterexample naming its clause."""

from __future__ import annotations

import pytest

from casino_proofs import impl, regulation, spec
from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.obligations.verdict import Verdict
from tests.mustfail.craps_mutants import MUTANTS, Mutant


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: f"{m.clause} {m.name}")
def test_mutant_is_refuted_on_exactly_its_obligations(mutant: Mutant) -> None:
    results = check_craps(settle=mutant.settle, wagers=[mutant.wager])
    failed = {r.obligation.id: r for r in results if r.verdict is not Verdict.PROVED}
    assert set(failed) == mutant.refuted
    for r in failed.values():
        assert r.verdict is Verdict.REFUTED
        assert mutant.clause in r.obligation.clauses, r.obligation.clauses
        cex = r.counterexample
        assert cex is not None
        if r.obligation.claim == "agrees":
            _replays(mutant, cex)


def _replays(mutant: Mutant, cex: dict[str, object]) -> None:
    """Replay the counterexample here too, independently of the proof engine."""
    d1, d2 = cex["roll"]  # type: ignore[misc]
    st = cex["state"]
    assert isinstance(st, dict)
    state = spec.ConcreteState(st["come_out"], st["point"] or 0, st["working"],
                               st["first_roll"])
    w = spec.wager(mutant.wager)
    wanted = {(s.decision, s.net, s.next_point, s.working)
              for _, s in spec.firing(w, state, d1, d2)}
    try:
        got = mutant.settle(mutant.wager, impl.State(st["point"], st["come_out"], st["working"],
                                                     st["first_roll"]),
                            impl.Roll(d1, d2), impl.Readings())
    except impl.CrapsError:
        return  # the mutant refuses a reachable state: a disagreement by itself
    carried = got.next_state(impl.State(st["point"], st["come_out"], st["working"],
                                        st["first_roll"]), come_out=False)
    working = carried.working if carried is not None else False
    assert (got.decision.value, got.net, got.point or 0, working) not in wanted


def test_every_clause_and_convention_has_a_mutant() -> None:
    named = {regulation.paragraph_of(m.clause) for m in MUTANTS}
    paragraphs = {p.id for p in regulation.paragraphs()
                  if p.section in ("95.15", "95.16") and not p.id.endswith("-intro")}
    conventions = {c for w in spec.wagers() for r in w.rules for c in r.clauses
                   if regulation.is_convention(c)}
    assert paragraphs <= named, paragraphs - named
    assert conventions <= named, conventions - named


def test_the_unmutated_implementation_is_proved() -> None:
    wagers = sorted({m.wager for m in MUTANTS})
    results = check_craps(wagers=wagers)
    assert all(r.verdict is Verdict.PROVED for r in results)
