"""How a table obligation's failing case reads in a report: the event, the answer, what was
due and why."""

from __future__ import annotations

import json
from typing import Any


def said(answer: dict[str, Any]) -> str:
    """An answer as a report line says it: ``win, net 4``; ``refused (reason)``."""
    if "decision" in answer:
        return f"{answer['decision']}, net {answer['net']}" + (
            f", point {answer['point']}" if answer.get("point") else "")
    if "error" in answer:
        return f"refused ({answer['error']})"
    return f"{answer.get('fault', 'fault')}: {answer.get('problem', '')}"


def judged_text(w: dict[str, Any]) -> str:
    must = {"accepted": "accepted", "refused": "refused",
            "either": "accepted with its whole stake, or refused"}.get(w["expected"],
                                                                       w["expected"])
    return (f"{w['where']}: {json.dumps(w['event'])} answered {json.dumps(w['answer'])}, "
            f"where it must be {must} ({w['why']}"
            f"{'; ' + w['detail'] if 'detail' in w else ''})")


def quoted(name: Any) -> str:
    """A name from the protocol (a player's, a bet's) exactly as it was written, in quotes:
    ``"joueur é"``, never a Python value."""
    return json.dumps(name, ensure_ascii=False)


def money_text(w: dict[str, Any]) -> str:
    if "event" in w:
        return judged_text(w)
    stake = (f" at a stake of {w['stake']:,} unit{'s' * (w['stake'] != 1)}"
             if w.get("stake") is not None else "")
    net = f" wins {w['net']} per unit, exactly" if w.get("net") else " win exactly"
    if "named" in w:  # the roll's answer has no entry for this player
        names = ", ".join(w["named"])
        paid = ("the roll's answer names no player" if not names else
                f"the roll's answer names no such player, only {names}")
    elif w["paid"] is None:
        paid = "the roll's answer gives it no amount paid"
    else:
        said = w["paid"]
        paid = f"the engine paid {_units(said) if type(said) is int else quoted(said)}"
    return (f"{w['where']}: {w['wager']}{stake}{net} {_units(w['exact'])} units, due "
            f"{_units(w['due'])} ({w['rounding']}); {paid}")


def _units(amount: Any) -> str:
    """An amount of units as a report writes it: ``37,800``, ``56/3``."""
    if type(amount) is int:
        return f"{amount:,}"
    if isinstance(amount, str) and amount.lstrip("-").isdigit():
        return f"{int(amount):,}"
    return str(amount)
