"""The abstract table model: a finite picture of a table and its bets, and the transitions
between pictures that events make (docs/engine-protocol.md, "The scripts the checker plays").

A table is pictured by its phase (a shooter's first come-out roll, a later come-out roll, or a
point on), its shooter (the first, the second, the third or later) and how many points that
shooter has set (none, one, two or more); each bet by its wager, its status (on the table,
decided, withdrawn), whether it has a point, and its call. A transition is an event seen from
a picture: a placement (its wager, its stake's class, the bet it rests on), a call, a
withdrawal, or a roll (one of 15 kinds: each total, 4, 6, 8 and 10 the hard way or the easy
way) as it meets each bet, on the table or gone.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from casino_proofs.craps.table.judging.bets import TableState, bet_picture

Key = tuple[Hashable, ...]


def table_key(state: TableState) -> Key:
    t = state.table
    phase = "point" if t.point is not None else "first-come-out" if t.shooter_first \
        else "come-out"
    return (phase, min(t.shooter, 3), min(t.points_set, 2))


bet_key = bet_picture


def _status(state: TableState, bet_id: str) -> Key | None:
    if bet_id in state.bets:
        return bet_key(state.bets[bet_id], "on")
    gone = state.gone.get(bet_id)
    if gone is None:
        return None
    return bet_key(gone, "withdrawn" if state.left.get(bet_id) == "withdrawn" else "decided")


def roll_label(dice: Any) -> str:
    d1, d2 = dice
    if type(d1) is int and type(d2) is int and (d1, d2) in _LABELS:
        return _LABELS[d1, d2]
    return _label(d1, d2)


def _label(d1: Any, d2: Any) -> str:
    total = d1 + d2
    return f"{total} the hard way" if d1 == d2 and total in (4, 6, 8, 10) else (
        f"{total} the easy way" if total in (4, 6, 8, 10) else str(total))


#: every roll's label, made once
_LABELS = {(d1, d2): _label(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)}


def amount_class(amount: Any) -> str:
    if type(amount) is not int:
        return "not a number"
    return "stake" if amount >= 1 else "zero" if amount == 0 else "negative"


def transitions(state: TableState, event: dict[str, Any]) -> list[Key]:
    """The transitions an event makes from the table ``state`` (before it)."""
    t = table_key(state)
    if "roll" in event:
        label = roll_label(event["roll"])
        # every bet on the table, and each picture of a bet that left, once
        out: list[Key] = [(t, "roll", label, None)]
        out += [(t, "roll", label, bet_key(bet, "on")) for bet in state.bets.values()]
        out += [(t, "roll", label, picture) for picture in state.gone_pictures]
        return out
    if "place" in event:
        on = event.get("on")
        parent = _status(state, on) if isinstance(on, str) else None
        return [(t, "place", event.get("wager"), amount_class(event.get("amount")), parent,
                 bool(event.get("working")))]
    if "call" in event:
        return [(t, "call", _status(state, event["call"]), bool(event.get("working")))]
    return [(t, "withdraw", _status(state, event.get("withdraw", "")))]


def state_key(state: TableState) -> Key:
    """The whole picture: the table and every bet placed, in the order placed."""
    order = sorted((*state.bets, *state.gone), key=_placed_order(state))
    return (table_key(state), tuple(_status(state, b) for b in order))


def _placed_order(state: TableState) -> Any:
    def key(bet_id: str) -> tuple[int, str]:
        digits = "".join(c for c in bet_id if c.isdigit())
        return (int(digits) if digits else 0, bet_id)
    return key


PHASES = {"first-come-out": "the shooter's first come-out roll", "come-out": "a come-out roll",
          "point": "a point on"}


def bet_text(key: Key | None) -> str:
    """A bet's picture in words: ``a hard-10 on the table, with a point, called working``."""
    if key is None:
        return "a bet never placed"
    wager, status, has_point, working = key
    where = {"on": "on the table", "decided": "decided", "withdrawn": "withdrawn"}[str(status)]
    return (f"{article(str(wager))} {wager} {where}" + (", with a point" if has_point else "")
            + (", called working" if working else ""))


def article(word: str) -> str:
    """The indefinite article a word takes in a report: ``an any-7``, ``an eleven``, ``a
    hard-6``."""
    return "an" if word[:1] in "aeiou" else "a"


def text(key: Key) -> str:
    """A transition as a report names it: where the table is, then the event and the bet it
    meets, in words (never a Python value)."""
    table: Any = key[0]
    phase, shooter, points = table
    where = (f"{PHASES[str(phase)]}, shooter {shooter}{' or later' if shooter == 3 else ''}, "
             f"{points}{' or more' if points == 2 else ''} point{'s' * (points != 1)} set")
    kind = key[1]
    if kind == "roll":
        label, bet = key[2], key[3]
        meets = bet_text(bet) if bet is not None else "the table"  # type: ignore[arg-type]
        return f"{where}: a roll of {label}, as it meets {meets}"
    if kind == "place":
        wager, amount, parent, working = key[2:]
        return (f"{where}: a placement of {wager} with a {amount} amount"
                + (f", on {bet_text(parent)}" if parent is not None else "")  # type: ignore[arg-type]
                + (", called working" if working else ""))
    if kind == "call":
        bet, working = key[2], key[3]
        return (f"{where}: a call {'working' if working else 'not working'} on "
                f"{bet_text(bet)}")  # type: ignore[arg-type]
    return f"{where}: a withdrawal of {bet_text(key[2])}"  # type: ignore[arg-type]
