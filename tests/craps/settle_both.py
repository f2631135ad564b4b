"""Settle one roll with both sides, in a form a hand-written expectation can be compared to."""

from __future__ import annotations

from fractions import Fraction

from casino_proofs import impl, spec

Outcome = tuple[str, Fraction, int | None]  # decision, net, the wager's point after the roll


def spec_outcome(wager: str, roll: tuple[int, int], point: int | None = None,
                 come_out: bool = False, working: bool = False,
                 readings: dict[str, str] | None = None) -> Outcome:
    w = spec.wager(wager, spec.Readings.from_dict(readings or {}))
    state = spec.ConcreteState(come_out=come_out, point=point or 0, working=working)
    fired = {(s.decision, s.net, s.next_point or None) for _, s in spec.firing(w, state, *roll)}
    assert len(fired) == 1, f"spec gives {len(fired)} settlements: {fired}"
    return fired.pop()


def impl_outcome(wager: str, roll: tuple[int, int], point: int | None = None,
                 come_out: bool = False, working: bool = False,
                 readings: dict[str, str] | None = None) -> Outcome:
    s = impl.settle(wager, impl.State(point=point, come_out=come_out, working=working),
                    impl.Roll(*roll), impl.Readings.from_dict(readings or {}))
    return s.decision.value, s.net, s.point
