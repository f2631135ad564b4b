"""The money scripts: each distinct payout played at stakes of every remainder of its
denominator, at every power of ten up to the table's largest stake.

For every wager and every net X/Y it wins at under the specification, the first situation and
roll (in the planner's fixed order) where it wins so is played again with the wager at stakes
``10^j + r``, r = 0 .. Y-1, for every power of ten 10^j from 1 to the table's maximum stake
(``limits.max_stake``, else 10^9 stake units), and at the maximum itself: all at once for a
Multiple Chances wager, one stake per script for an Associate Chance, whose Single Chance bet
is then made at the same stake (so that every declared odds limit holds). The reference table
says what each stake is due (``conv-money-round-once``); under ``exact`` rounding, a stake
some win of which would pay a fraction of a unit must be refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from casino_proofs import spec
from casino_proofs.craps.table.scripts.planner import (
    ODDS_ON,
    Bet,
    Script,
    Writing,
    placements,
    situations,
)
from casino_proofs.protocol.answers import DICE
from casino_proofs.solving.fired import spec_fired


def stakes(net: Fraction, ceiling: int) -> list[int]:
    """Stakes that hit every remainder of the net's denominator, at each power of ten up to
    ``ceiling``, and the ceiling."""
    y = net.denominator
    out: set[int] = set()
    power = 1
    while power <= ceiling:
        out.update(s for s in range(power, power + y) if s <= ceiling)
        power *= 10
    out.update(s for s in range(max(1, ceiling - y + 1), ceiling + 1))
    return sorted(out)


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


def _line_at(t: Writing, parent: str, stake: int) -> Writing:
    """The prefix with the Single Chance bet ``parent`` made at ``stake``, and no other
    Associate Chance on it (a table may take one only)."""
    twin = t.copy()
    twin.events = [{**e, "amount": stake} if e.get("place") == parent else e
                   for e in twin.events if e.get("on") != parent]
    return twin


def money_scripts(specs: Sequence[spec.WagerSpec], names: list[str],
                  universe: Mapping[str, frozenset[spec.ConcreteState]],
                  ceiling: int) -> list[Script]:
    out: list[Script] = []
    for (wager, net), (name, prefix, witness, roll) in _witnesses(specs, names, universe).items():
        parent = witness.on if wager in ODDS_ON else None
        if wager in ODDS_ON and parent is None:
            continue
        groups = [[s] for s in stakes(net, ceiling)] if parent else [stakes(net, ceiling)]
        for group in groups:
            t = _line_at(prefix, parent, group[0]) if parent else prefix.copy()
            nets: dict[str, Fraction] = {}
            for stake in group:
                nets[t.place(wager, witness.working, parent, None, stake)] = net
            t.events.append({"roll": list(roll)})
            label = f"{wager} at {net}: {name}, then {roll[0]}-{roll[1]}" + (
                f", stake {group[0]:,}" if parent else "")
            out.append(Script(label, "money", tuple(t.events), dict(t.bets), {}, nets))
    return out
