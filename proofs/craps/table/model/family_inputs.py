"""The inputs of a family's machine (docs/engine-protocol.md, "The fault domain"): what a
player and the dice can do at a table, named the same way in every state, and the event each
name is at one concrete table.

A **family** is one Hard Way, one one-roll wager, or a Single Chance wager with its Associate
Chance (Pass with Pass odds, and so on). Its inputs, at a table holding at most
:data:`MAX_BETS` of the family's bets:

- a **placement** of each wager of the family at each stake class (a whole stake the table
  takes, 0, -1, one unit over a declared maximum, one unit over a declared odds limit), an
  Associate Chance on each bet on the table and on no bet, called working where the wager
  takes a call (and where it takes none: refused); a placement the rules refuse is an input at
  every state, one they accept only while the table holds fewer than two bets; a Single
  Chance bet out of its time (a Pass bet while a point is on, a Come bet on a come-out roll)
  is never an input, whatever its stake or call (the scripts never send one);
- a **call** of each bet on the table, and of a bet not on the table (one that has left, or
  else one never placed), working and off (unless the table declares ``no-working-call``);
- a **withdrawal** of each bet on the table, and of a bet not on the table (a wager the
  table declares ``no-take-down`` for is not taken down on the table);
- a **roll**, named by what its total is to the table -- the table's point, the point of the
  first bet on the table that has it, another point number, or a total that is never a point
  (2, 3, 7, 11, 12) -- and by what the family's own wager tells apart besides: a Hard Way's
  number made the hard way or the easy way, a hop's own dice. Each name is played by its
  first roll in the order 1-1, 1-2, ..., 6-6.

Bets are named by their place on the table (bet 1 was placed before bet 2), never by their
IDs: a name means the same in every state, so a suite's scripts are words of the machine.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.judging.bets import RefBet, Setting
from casino_proofs.craps.table.judging.reference import ReferenceTable
from casino_proofs.craps.table.scripts.planner import (
    COME_OUT_LINES,
    HARD_WAYS,
    ODDS_OF,
    ODDS_ON,
    SINGLE,
    STAKE,
)
from casino_proofs.craps.table.scripts.stakes import stake
from casino_proofs.protocol.answers import DICE, POINTS

#: bets of the family the machine holds on the table at once
MAX_BETS = 2
#: an input's name: ("place", wager, stake class, on, working), ("call", bet, working),
#: ("withdraw", bet) or ("roll", what the total is to the table, what the wager tells apart)
Label = tuple[Hashable, ...]
Event = dict[str, Any]
#: the bet a call or withdrawal names that is not on the table: one that has left, or else
#: one never placed
LEFT = "not on the table"
#: an Associate Chance's ``on`` that names no bet (no placement is ever named so)
NO_BET = "b0"
STAKE_WORDS = {"stake": "a whole stake", "zero": "0 units", "negative": "-1 unit",
               "over-max": "one unit over the maximum",
               "over-limit": "one unit over the odds limit"}


@dataclass(frozen=True)
class Family:
    """A family of wagers the model plays: its name in words and its wagers."""

    name: str
    wagers: tuple[str, ...]

    @cached_property
    def number(self) -> int | None:
        """The point number the family's wager is decided on while the table's point may be
        that number too: a Hard Way's, or a hop's on a point total (the state says whether
        the table's point is that number)."""
        return next((n for n in (spec.family(w).decided_on for w in self.wagers) if n), None)


def families(offered: frozenset[str] | set[str]) -> list[Family]:
    """One Hard Way, one one-roll wager, and each Single Chance wager with its odds, among
    the wagers offered."""
    out = []
    hard = sorted(w for w in offered if w in HARD_WAYS)
    if hard:
        out.append(Family(f"a Hard Way ({hard[0]})", (hard[0],)))
    one_roll = sorted(w for w in offered if w not in SINGLE and w not in ODDS_ON
                      and w not in HARD_WAYS)
    if one_roll:
        out.append(Family(f"a one-roll wager ({one_roll[0]})", (one_roll[0],)))
    for line in SINGLE:
        odds = ODDS_OF.get(line, "")
        if line in offered:
            wagers = (line, odds) if odds in offered else (line,)
            out.append(Family(" and ".join(wagers), wagers))
    return out


def on_table(ref: ReferenceTable) -> list[RefBet]:
    """The bets on the table, in the order they were placed."""
    return list(ref.bets.values())


def target(ref: ReferenceTable, bet: Hashable) -> str:
    """The ID a call or withdrawal of ``bet`` (1, 2, or :data:`LEFT`) names here."""
    if bet == LEFT:
        return next(iter(ref.state.gone), NO_BET)
    return on_table(ref)[int(str(bet)) - 1].id


# -- placements ------------------------------------------------------------------------

def stake_classes(setting: Setting, wager: str) -> tuple[str, ...]:
    p = setting.policies
    return ("stake", "zero", "negative",
            *(("over-max",) if p.max_stake is not None else ()),
            *(("over-limit",) if wager in ODDS_ON and p.odds_limit is not None else ()))


def _over_limit(setting: Setting, wager: str, parent: RefBet | None) -> int:
    """The smallest odds stake over the declared limit on ``parent`` (a stake far over it
    where the parent is no bet the odds may rest on: refused for that first)."""
    p = setting.policies
    if parent is None or parent.point is None or ODDS_ON.get(wager) != parent.wager:
        return STAKE * 1000
    nets = setting.oracle.win_nets(wager, parent.point)
    net = min(nets) if nets else None
    low, high = 1, parent.amount * 1000 + 1  # high is over the limit: the limit is monotone
    while low < high:
        mid = (low + high) // 2
        if p.odds_allowed(wager, mid, parent.amount, parent.point, net):
            low = mid + 1
        else:
            high = mid
    return low


def _amount(setting: Setting, wager: str, cls: str, parent: RefBet | None) -> int:
    if cls == "stake":
        return stake(setting, wager, STAKE)
    if cls == "zero":
        return 0
    if cls == "negative":
        return -1
    if cls == "over-max":
        return (setting.policies.max_stake or 0) + 1
    return _over_limit(setting, wager, parent)


def placements(setting: Setting, wagers: tuple[str, ...], ref: ReferenceTable
               ) -> Iterator[tuple[Label, Event]]:
    """Every placement of the family's wagers the machine names at this table, with its
    event (the table's next fresh ID). The machine keeps those the rules refuse and, while
    the table holds fewer than two bets, those they accept. Under ``one-odds`` no odds bet
    is placed on a line bet that holds one (docs/engine-protocol.md: "the scripts then place
    one")."""
    bets = on_table(ref)
    calls = not setting.policies.no_working_call
    for wager in wagers:
        if wager in SINGLE and (wager in COME_OUT_LINES) != ref.table.come_out:
            continue  # out of its time, whatever its stake or call: never sent
        ons: list[Hashable] = [*range(1, len(bets) + 1), 0] if wager in ODDS_ON else [None]
        for on in ons:
            parent = bets[int(str(on)) - 1] if isinstance(on, int) and on > 0 else None
            if parent is not None and parent.odds and setting.policies.one_odds:
                continue  # one odds bet a line bet under one-odds: the scripts place one
            for cls in stake_classes(setting, wager):
                for working in ((False, True) if cls == "stake" and calls else (False,)):
                    event: Event = {"place": ref.state.fresh_id(), "wager": wager,
                                    "amount": _amount(setting, wager, cls, parent)}
                    if on is not None:
                        event["on"] = parent.id if parent is not None else NO_BET
                    if working:
                        event["working"] = True
                    yield ("place", wager, cls, on, working), event


def others(setting: Setting, ref: ReferenceTable) -> Iterator[tuple[Label, Event]]:
    """Every call and withdrawal the machine names at this table, with its event."""
    p = setting.policies
    named: list[Hashable] = [*range(1, len(ref.bets) + 1), LEFT]
    for bet in named:
        bet_id = target(ref, bet)
        if not p.no_working_call:
            for working in (True, False):
                yield ("call", bet, working), {"call": bet_id, "working": working}
        if bet == LEFT or ref.bets[bet_id].wager not in p.no_take_down:
            yield ("withdraw", bet), {"withdraw": bet_id}


# -- rolls -----------------------------------------------------------------------------

@cache
def told_apart(wagers: tuple[str, ...], d1: int, d2: int) -> tuple[str, ...]:
    """What the family's own wagers tell apart in a roll besides its total's place at the
    table: a hop's own dice, and the number a wager is decided on (a Hard Way's, made the
    hard or the easy way; a hop's point total, rolled otherwise than its dice)."""
    out = []
    total = d1 + d2
    for wager in wagers:
        fam = spec.family(wager)
        if fam.kind is spec.Kind.HOP and fam.dice == tuple(sorted((d1, d2))):
            out.append(f"the dice of {wager}")
        elif fam.kind is spec.Kind.HARD_WAY and total == fam.number:
            out.append(f"{total} the {'hard' if d1 == d2 else 'easy'} way")
        elif fam.decided_on is not None and total == fam.decided_on:
            out.append(f"{total}, not the dice of {wager}")
    return tuple(out)


def roll_label(wagers: tuple[str, ...], ref: ReferenceTable, d1: int, d2: int) -> Label:
    """A roll's name at this table: what its total is to the table, and what the family's
    wagers tell apart besides."""
    return _label(wagers, ref.table.point, tuple(b.point for b in on_table(ref)), d1, d2)


@cache
def _label(wagers: tuple[str, ...], point: int | None, points: tuple[int | None, ...],
           d1: int, d2: int) -> Label:
    total = d1 + d2
    if total not in POINTS:
        where = f"total {total}"
    elif total == point:
        where = "point"
    else:
        where = next((f"bet {i}" for i, p in enumerate(points, start=1) if p == total),
                     "number")
    return ("roll", where, told_apart(wagers, d1, d2))


def rolls(wagers: tuple[str, ...], ref: ReferenceTable) -> dict[Label, list[tuple[int, int]]]:
    """Each roll name at this table, with its rolls in the order 1-1, ..., 6-6 (the first
    plays the name)."""
    return _rolls(wagers, ref.table.point, tuple(b.point for b in on_table(ref)))


@cache
def _rolls(wagers: tuple[str, ...], point: int | None, points: tuple[int | None, ...]
           ) -> dict[Label, list[tuple[int, int]]]:
    out: dict[Label, list[tuple[int, int]]] = {}
    for d1, d2 in DICE:
        out.setdefault(_label(wagers, point, points, d1, d2), []).append((d1, d2))
    return out


# -- words -----------------------------------------------------------------------------

def _bet_words(bet: Hashable) -> str:
    return "a bet not on the table" if bet == LEFT else f"bet {bet}"


def label_words(label: Label) -> str:
    """An input's name in words: ``place pass-odds at 0 units on bet 1``."""
    kind = label[0]
    if kind == "place":
        _, wager, cls, on, working = label
        where = "" if on is None else " on no bet" if on == 0 else f" on bet {on}"
        return (f"place {wager} at {STAKE_WORDS[str(cls)]}{where}"
                + (" called working" if working else ""))
    if kind == "call":
        return f"call {_bet_words(label[1])} {'working' if label[2] else 'off'}"
    if kind == "withdraw":
        return f"withdraw {_bet_words(label[1])}"
    where = str(label[1])
    words = {"point": "the table's point", "number": "another point number"}.get(
        where, f"{where[6:]}" if where.startswith("total ") else f"{where}'s point")
    apart: Any = label[2]
    return f"roll {words}" + (f" ({', '.join(apart)})" if apart else "")
