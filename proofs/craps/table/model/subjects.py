"""What each event is about, for the history coverage (:mod:`.history`, :mod:`.pairs`): its
subject (a placement, a call or a withdrawal of a wager, or a bet settled by a roll) and the
history features it meets, worked out on the table the engine kept, before the event."""

from __future__ import annotations

from typing import Any

from casino_proofs.craps.table.judging.reference import ReferenceTable, RollDue
from casino_proofs.craps.table.model.history import History, Subject, Vector, subject

#: each settlement's subject, made once (a log's millions of settlements meet a few hundred)
_SETTLE: dict[tuple[str, str, int, bool], Subject] = {}


def settle_subject(wager: str, decision: str, number: int, come_out: bool) -> Subject:
    """``settle|WAGER|DECISION|NUMBER|COME-OUT`` (:data:`.history.Subject`), made once."""
    key = (wager, decision, number, come_out)
    found = _SETTLE.get(key)
    if found is None:
        found = _SETTLE[key] = subject("settle", wager, decision, number, int(come_out))
    return found


def event_subject(history: History, ref: ReferenceTable, event: dict[str, Any],
                  context: Vector) -> tuple[str, Vector]:
    """A placement's, call's or withdrawal's subject, but for its answer (added once the
    reference table has read it: ``SUBJECT|ANSWER``), and its history features."""
    if "place" in event:
        on = event.get("on")
        parent = ref.bets.get(on) if isinstance(on, str) else None
        number = parent.point if parent is not None else None
        wager = str(event.get("wager"))
        return f"place|{wager}", context | history.relative(wager, number, None)
    kind = "call" if "call" in event else "withdraw"
    bet_id = event.get(kind)
    bet = ref.bets.get(bet_id) if isinstance(bet_id, str) else None
    wager = bet.wager if bet is not None else "a bet not on the table"
    head = f"call|{wager}|{'on' if event.get('working') else 'off'}" if kind == "call" \
        else f"withdraw|{wager}"
    rel = history.relative(wager, bet.point if bet else None, bet.rolls if bet else None,
                           bet.id if bet else None)
    return head, context | rel


def roll_subjects(history: History, ref: ReferenceTable, want: RollDue, context: Vector,
                  dice: list[int]) -> list[tuple[Subject, Vector]]:
    """Each bet a roll settles, as a subject with its history features; each decision is
    then remembered (``same-number``; a bet that keeps its point through the roll is no
    news)."""
    total = dice[0] + dice[1]
    come_out = ref.table.come_out
    out: list[tuple[Subject, Vector]] = []
    met = []
    for due in want.bets.values():
        if due.due is None or due.bet.outlaw:
            continue
        bet = due.bet
        number = bet.point or total
        vector = context | history.relative(bet.wager, number, bet.rolls, bet.id)
        out.append((settle_subject(bet.wager, due.due.decision, number, come_out), vector))
        if due.due.decision != "none" or not bet.point:
            met.append((bet.wager, number, due.due.decision))
    for wager, number, decision in met:
        history.settled(wager, number, decision)
    return out
