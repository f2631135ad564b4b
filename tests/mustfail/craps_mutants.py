"""Deliberately wrong implementations of the craps wagers, each paired with the obligations
the proofs must refute (transcribed by hand: which rule of which state class it breaks).

Obligation IDs read ``craps/WAGER/STATE-CLASS/KIND/CLAUSE#RULE``; the rule numbers are the
order of the rules in the wager's specification.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from casino_proofs import impl
from casino_proofs.impl import Decision, Roll, Settlement, State

Settle = Callable[..., Settlement]
#: A wrong implementation is called as the library is: without readings (its defaults), or
#: with them.
DEFAULTS = impl.Readings()


@dataclass(frozen=True)
class Mutant:
    name: str
    wager: str
    clause: str  # the clause every counterexample must name
    refuted: frozenset[str]  # every obligation that must come out REFUTED, and no other
    settle: Settle


def _mutant(name: str, wager: str, clause: str, refuted: set[str],
            when: Callable[[State, Roll, Settlement], bool],
            then: Callable[[State, Roll, Settlement], Settlement]) -> Mutant:
    def settle(w: str, state: State, roll: Roll,
               readings: impl.Readings = DEFAULTS) -> Settlement:
        real = impl.settle(w, state, roll, readings)  # refuses bad states as the real one does
        if impl.canonical(w) == wager and when(state, roll, real):
            return then(state, roll, real)
        return real

    return Mutant(name, wager, clause, frozenset(refuted), settle)


def _paid(x: int, y: int = 1) -> Callable[[State, Roll, Settlement], Settlement]:
    return lambda _s, _r, real: replace(real, net=Fraction(x, y))


def _wins(_s: State, _r: Roll, real: Settlement) -> bool:
    return real.decision is Decision.WIN


LOSES = Settlement(Decision.LOSE, Fraction(-1))


def _total(*totals: int) -> Callable[[State, Roll, Settlement], bool]:
    return lambda _s, roll, _real: roll.total in totals


def _agrees(wager: str, cls: str, *rules: str) -> set[str]:
    return {f"craps/{wager}/{cls}/agrees/{rule}" for rule in rules}


def _both_active(wager: str, rule: str) -> set[str]:
    return _agrees(wager, "not-come-out", rule) | _agrees(wager, "come-out-working", rule)


MUTANTS: list[Mutant] = [
    _mutant("hard-6 paid 7 to 1", "hard-6", "r3-95.15-1.s4",
            _both_active("hard-6", "r3-95.15-1.s1#0"), _wins, _paid(7)),
    _mutant("hard-4 paid 9 to 1", "hard-4", "r3-95.15-1.s3",
            _both_active("hard-4", "r3-95.15-1.s1#0"), _wins, _paid(9)),
    _mutant("hard-8 survives the easy eight", "hard-8", "r3-95.15-1.s2",
            _both_active("hard-8", "r3-95.15-1.s2#1"),
            lambda s, r, _x: r.total == 8 and not r.is_pair,
            lambda _s, _r, _x: Settlement(Decision.NONE, Fraction(0))),
    _mutant("hard-10 works on the come-out unasked", "hard-10", "conv-first-turn-is-come-out",
            _agrees("hard-10", "come-out-off", "r3-95.15-1.s6#3"),
            lambda s, _r, _x: s.come_out and not s.working,
            lambda s, r, _x: impl.settle("hard-10", State(), r)),
    _mutant("hard-4 settled as a one-roll wager", "hard-4", "r3-95.15-1.s5",
            _both_active("hard-4", "r3-95.15-1.s5#2"),
            lambda s, _r, real: real.decision is Decision.NONE and not (s.come_out
                                                                       and not s.working),
            lambda _s, _r, _x: LOSES),
    _mutant("any-7 paid 5 to 1", "any-7", "r3-95.15-2.s2",
            _agrees("any-7", "any-roll", "r3-95.15-2.s1#0"), _wins, _paid(5)),
    _mutant("eleven also wins on 12", "eleven", "r3-95.15-3.s1",
            _agrees("eleven", "any-roll", "r3-95.15-3.s1#1"), _total(12),
            lambda _s, _r, _x: Settlement(Decision.WIN, Fraction(15))),
    _mutant("any-craps wins on 11", "any-craps", "r3-95.15-4.s2",
            _agrees("any-craps", "any-roll", "r3-95.15-4.s2#1"), _total(11),
            lambda _s, _r, _x: Settlement(Decision.WIN, Fraction(7))),
    _mutant("craps-2 paid 30 for 1", "craps-2", "r3-95.15-5.s2",
            _agrees("craps-2", "any-roll", "r3-95.15-5.s1#0"), _wins, _paid(29)),
    _mutant("craps-3 paid 30 to 1", "craps-3", "r3-95.15-6.s2",
            _agrees("craps-3", "any-roll", "r3-95.15-6.s1#0"), _wins, _paid(30)),
    _mutant("craps-12 loses on 12", "craps-12", "r3-95.15-7.s1",
            _agrees("craps-12", "any-roll", "r3-95.15-7.s1#0"), _wins,
            lambda _s, _r, _x: LOSES),
    _mutant("horn pays the whole stake under the split reading", "horn", "r3-95.15-8.s2",
            _agrees("horn", "any-roll", *(f"r3-95.15-8.s1#{i}" for i in range(4))), _wins,
            lambda _s, r, _x: Settlement(Decision.WIN,
                                         Fraction(30 if r.total in (2, 12) else 15))),
    _mutant("hop-2-4 paid as a pair", "hop-2-4", "r3-95.15-9.s2",
            _agrees("hop-2-4", "any-roll", "r3-95.15-9.s1#0"), _wins, _paid(30)),
    _mutant("hop-1-5 wins on any 6 under the combination reading", "hop-1-5", "r3-95.15-9.s1",
            _agrees("hop-1-5", "any-roll", "r3-95.15-9.s1#1"), _total(6),
            lambda _s, r, _x: Settlement(Decision.WIN, Fraction(30 if r.is_pair else 15))),
    _mutant("world pays 4 to 1 on 7", "world", "r3-95.15-10.s2",
            _agrees("world", "any-roll", "r3-95.15-10.s1#2"), _total(7), _paid(4)),
    _mutant("three-way-craps pays 3 as if it were 2", "three-way-craps", "r3-95.15-11.s2",
            _agrees("three-way-craps", "any-roll", "r3-95.15-11.s1#1"), _total(3),
            _paid(28, 3)),
    _mutant("pass-odds pays 6 to 5 on 5 and 9", "pass-odds", "r3-95.16-1.s4",
            _agrees("pass-odds", "point", "r3-95.16-1.s2#1"),
            lambda s, r, _x: s.point in (5, 9) and r.total == s.point, _paid(6, 5)),
    _mutant("dont-pass-odds pays 1 to 2 on a 6", "dont-pass-odds", "r3-95.16-2.s4",
            _agrees("dont-pass-odds", "point", "r3-95.16-2.s2#2"),
            lambda s, _r, real: s.point == 6 and real.decision is Decision.WIN, _paid(1, 2)),
    _mutant("come-odds active on the come-out unasked", "come-odds", "r3-95.16-3.s3",
            _agrees("come-odds", "come-out-off", "r3-95.16-3.s3#5"),
            lambda s, _r, _x: s.come_out and not s.working,
            lambda s, r, _x: impl.settle("come-odds", State(point=s.point), r)),
    _mutant("come-odds off on the come-out loses on 7", "come-odds",
            "conv-inactive-odds-returned",
            _agrees("come-odds", "come-out-off", "r3-95.16-3.s3#5"),
            lambda s, r, _x: s.come_out and not s.working and r.total == 7,
            lambda _s, _r, _x: LOSES),
    _mutant("dont-come-odds settled as a one-roll wager", "dont-come-odds", "r3-95.16-4.s2",
            _agrees("dont-come-odds", "come-point", "r3-95.16-4.s2#4"),
            lambda _s, _r, real: real.decision is Decision.NONE, lambda _s, _r, _x: LOSES),
    _mutant("pass-odds push returns the stake under the no-decision reading", "pass-odds",
            "r3-95.16-1.s3", _agrees("pass-odds", "point", "r3-95.16-1.s3#4"),
            lambda _s, _r, real: real.decision is Decision.NONE,
            lambda _s, _r, _x: Settlement(Decision.PUSH, Fraction(0))),
    _mutant("pass wins on 12 on the come-out", "pass", "conv-single-chance-pass",
            _agrees("pass", "come-out", "conv-single-chance-pass#1"),
            lambda s, r, _x: s.point is None and r.total == 12,
            lambda _s, _r, _x: Settlement(Decision.WIN, Fraction(1))),
    _mutant("dont-pass loses on 12 on the come-out", "dont-pass",
            "conv-single-chance-dont-pass",
            _agrees("dont-pass", "come-out", "conv-single-chance-dont-pass#6"),
            lambda s, r, _x: s.point is None and r.total == 12, lambda _s, _r, _x: LOSES),
    _mutant("come forgets its come point", "come", "conv-single-chance-come",
            _agrees("come", "come-roll", "conv-single-chance-come#2"),
            lambda s, _r, real: s.point is None and real.decision is Decision.NONE,
            lambda _s, _r, real: replace(real, point=None)),
    _mutant("dont-come wins on 11 on its come roll", "dont-come", "conv-single-chance-dont-come",
            _agrees("dont-come", "come-roll", "conv-single-chance-dont-come#1"),
            lambda s, r, _x: s.point is None and r.total == 11,
            lambda _s, _r, _x: Settlement(Decision.WIN, Fraction(1))),
]


def _pass_odds_without_point(w: str, state: State, roll: Roll,
                             readings: impl.Readings = DEFAULTS) -> Settlement:
    if impl.canonical(w) == "pass-odds" and state.point is None and not state.come_out:
        return LOSES  # accepts a state 95.16 does not allow: the point is not known
    return impl.settle(w, state, roll, readings)


def _hard_6_refuses_working_call(w: str, state: State, roll: Roll,
                                 readings: impl.Readings = DEFAULTS) -> Settlement:
    if impl.canonical(w) == "hard-6" and state.working and not state.come_out:
        raise impl.InvalidState("hard-6: a working call only on the come-out roll")
    return impl.settle(w, state, roll, readings)


@dataclass(frozen=True)
class _ForgetsTheCall(Settlement):
    """A settlement whose next state drops the player's working call."""

    def next_state(self, state: State, come_out: bool, first_roll: bool = False) -> State | None:
        following = super().next_state(state, come_out, first_roll)
        return None if following is None else replace(following, working=False)


def _hard_6_forgets_the_call(w: str, state: State, roll: Roll,
                             readings: impl.Readings = DEFAULTS) -> Settlement:
    real = impl.settle(w, state, roll, readings)
    if impl.canonical(w) == "hard-6" and real.stays:
        return _ForgetsTheCall(real.decision, real.net, real.point)
    return real


MUTANTS += [
    Mutant("hard-6 forgets the working call after an inconclusive roll", "hard-6",
           "conv-call-stands",
           _agrees("hard-6", "not-come-out", "r3-95.15-1.s5#2")
           | _agrees("hard-6", "come-out-working", "r3-95.15-1.s5#2"),
           _hard_6_forgets_the_call),
    Mutant("pass-odds accepted before the point is known", "pass-odds", "r3-95.16-intro.s1",
           frozenset({"craps/pass-odds/all-states/domain"}), _pass_odds_without_point),
    Mutant("hard-6 refuses a working call off the come-out", "hard-6", "r3-95.15-intro.s1",
           frozenset({"craps/hard-6/all-states/domain"})
           | _agrees("hard-6", "not-come-out", "r3-95.15-1.s1#0", "r3-95.15-1.s2#1",
                     "r3-95.15-1.s5#2"),
           _hard_6_refuses_working_call),
]
