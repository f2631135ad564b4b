"""The money scripts: each distinct payout played at stakes that hit every remainder of its
denominator, at a few magnitudes.

For every wager and every net X/Y it wins at under the specification, the first situation and
roll (in the planner's fixed order) where it wins so is played again with the wager at stakes
``Y·k + r``, r = 0 .. Y-1, k in ``MAGNITUDES``: all at once for a Multiple Chances wager, one
stake per script for an Associate Chance (one per Single Chance bet). The engine must pay
each the exact winnings rounded as its hello declares (``conv-money-round-once``); under
``exact`` rounding, a stake whose winnings are not whole units must be refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from casino_proofs import spec
from casino_proofs.obligations.craps.enumeration import spec_fired
from casino_proofs.tables.planner import (
    DICE,
    ODDS_ON,
    Bet,
    Expect,
    Script,
    Writing,
    placements,
    situations,
)

MAGNITUDES = (1, 10, 100)
MONEY_CLAUSE = "conv-money-round-once"


def stakes(net: Fraction) -> list[int]:
    """Stakes that hit every remainder of the net's denominator, at each magnitude."""
    y = net.denominator
    return sorted({y * k + r for k in MAGNITUDES for r in range(y)} - {0})


def _witnesses(specs: Sequence[spec.WagerSpec], names: list[str],
               universe: Mapping[str, frozenset[spec.ConcreteState]]
               ) -> dict[tuple[str, Fraction], tuple[str, Writing, Bet, tuple[int, int]]]:
    """(wager, net) -> the first situation, its table before the placements, the bet placed
    there, and a roll it wins at that net."""
    fired = {w.name: spec_fired(w) for w in specs if w.name in names}
    out: dict[tuple[str, Fraction], tuple[str, Writing, Bet, tuple[int, int]]] = {}
    for name, prefix in situations(names, universe):
        t = prefix.copy()
        before = set(t.bets)
        placements(t, names, universe)
        for bet in t.bets.values():
            if bet.id in before:
                continue
            st = t.state(bet.wager, bet.working, bet.on)
            for d1, d2 in DICE:
                for _, (decision, net, _p, _w) in fired[bet.wager](st, d1, d2):
                    if decision == "win" and net > 0:
                        out.setdefault((bet.wager, net), (name, prefix, bet, (d1, d2)))
                        break
    return out


def money_scripts(specs: Sequence[spec.WagerSpec], names: list[str],
                  universe: Mapping[str, frozenset[spec.ConcreteState]],
                  rounding: str) -> list[Script]:
    out: list[Script] = []
    for (wager, net), (name, prefix, witness, roll) in _witnesses(specs, names, universe).items():
        t0 = prefix.copy()
        parent = None
        if wager in ODDS_ON:
            parent = witness.on
            if parent is None:
                continue
        groups = [[s] for s in stakes(net)] if parent else [stakes(net)]
        for group in groups:
            t = t0.copy()
            nets: dict[str, Fraction] = {}
            for stake in group:
                whole = (stake * net).denominator == 1
                refuse = rounding == "exact" and not whole
                expect = Expect("refused" if refuse else "accepted", MONEY_CLAUSE,
                                "under exact rounding a stake whose winnings are not whole "
                                "units is refused" if refuse else
                                "a stake the engine's rounding can pay")
                bet = t.place(wager, witness.working, parent, expect, stake)
                nets[bet] = net
            t.events.append({"roll": list(roll)})
            label = f"{wager} at {net}: {name}, then {roll[0]}-{roll[1]}" + (
                f", stake {group[0]}" if parent else "")
            out.append(Script(label, "money", tuple(t.events), dict(t.bets), dict(t.expect),
                              nets))
    return out
