"""A craps table over protocol 2 that is a mutant of a family's stated machine (issue 41): the
reference table (money in units of 0.01, rounded down; no policy) with one fault of Chow's
fault model, at one state of the machine on one of its inputs:

- ``output``: the table answers otherwise there (a placement, call or withdrawal accepted
  where it is refused and refused where it is accepted; a roll's first bet decided where it
  stays and kept where it is decided, or, with no bet, the point said otherwise);
- ``transfer``: the table answers as it must, then goes to another state of the machine: its
  bets become that state's, in the order placed, each keeping the ID and stake of the bet in
  its place (a bet with none gets a new ID); its point is kept where that state has one
  like it; with ``"refusing": true``, from then on it refuses every choice the text leaves
  to the table.

A test draws the fault (tests/test_table_model_mutants.py); the table reads it from its
command line: ``--wagers W,... --mutant JSON`` where the JSON names the family and the
state, input and target by their places in the machine's export (``FamilyMachine.json``).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.judging.bets import RefBet, Setting, TableState
from casino_proofs.craps.table.judging.expected import roll_answer
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.judging.reference import ReferenceTable, RollDue
from casino_proofs.craps.table.model.family_inputs import families, on_table
from casino_proofs.craps.table.model.family_machine import FamilyMachine, Key, state_key
from casino_proofs.craps.table.model.model import Table
from casino_proofs.craps.table.obligations.table_run import setting_of
from casino_proofs.protocol.answers import POINTS
from casino_proofs.protocol.money import Money

MONEY = {"unit": "0.01", "rounding": "floor"}


def setting(wagers: tuple[str, ...]) -> Setting:
    specs = offered_specs(wagers, spec.Readings.from_dict({}))
    return setting_of(specs, wagers, Money(Fraction(1, 100), "floor"), Policies())


def machine(wagers: tuple[str, ...], family: str) -> FamilyMachine:
    s = setting(wagers)
    (found,) = [f for f in families(s.offered) if f.name == family]
    return FamilyMachine(s, found)


def _point(avoid: set[int | None]) -> int:
    return next(p for p in POINTS if p not in avoid)


def morph(ref: ReferenceTable, target: Key, m: FamilyMachine) -> None:
    """Make ``ref`` a table of the state ``target``: its point kept where the state has one
    like it, its bets the state's in the order placed, each keeping the ID and stake of the
    bet in its place."""
    family = m.family
    point_on, is_number, first, pictures = target
    now = ref.table.point
    if not point_on:
        point = None
    elif is_number:
        point = family.number
    else:
        point = now if now is not None and now != family.number else \
            _point({family.number})
    old = on_table(ref)
    state = TableState(Table(point, bool(first) if point is None else False,
                             ref.table.shooter, ref.table.points_set),
                       left=dict(ref.state.left), gone=dict(ref.state.gone),
                       used=set(ref.state.used), gone_pictures=ref.state.gone_pictures.copy())
    made: list[RefBet] = []
    for i, (wager, relation, working, on, stood) in enumerate(pictures):  # type: ignore[misc]
        bet_id = old[i].id if i < len(old) else f"morph{i}-{len(state.used)}"
        state.used.add(bet_id)
        earlier = {b.point for b in made}
        if relation == "none":
            bet_point = None
        elif relation == "the table's":
            bet_point = point
        elif str(relation).startswith("bet "):
            bet_point = made[int(str(relation).split()[1].rstrip("'s")) - 1].point
        else:
            keep = old[i].point if i < len(old) else None
            bet_point = keep if keep is not None and keep not in {point} | earlier else \
                _point({point, family.number} | earlier)
        parent = made[on - 1] if on else None
        bet = RefBet(bet_id, wager, old[i].amount if i < len(old) else 2520, working,
                     parent.id if parent else None, "p1", bet_point, int(stood))
        if parent is not None:
            parent.odds.append(bet.id)
        made.append(bet)
        state.bets[bet.id] = bet
    ref.state = state
    assert m.state_of(ref) == target, (state_key(ref, family), target)


def _answer(s: Setting, ref: ReferenceTable, event: dict[str, Any]) -> Any:
    """What the reference table answers, and the table moved by it."""
    want = ref.expect(event)
    if isinstance(want, RollDue):
        out = roll_answer(want, s.money.per_stake_unit, False, s.money)
        ref.rolled(event["roll"], {b: d.due.point or None for b, d in want.bets.items()
                                   if d.due is not None and d.due.decision == "none"}, 0)
        return out
    if want.answer == "refused":
        return {"refused": "the rules of the table"}
    out: dict[str, Any] = {"accepted": True}
    if "withdraw" in event:
        bet = ref.bets.get(event["withdraw"])
        out["returned"] = bet.amount * s.money.per_stake_unit if bet is not None else 0
    ref.follow(event)
    return out


def _otherwise(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer otherwise than it must be."""
    if "refused" in answer:
        return {"accepted": True}
    if "accepted" in answer:
        return {"refused": "a mutant"}
    bets = [dict(b) for b in answer["bets"]]
    if not bets:
        return {**answer, "point": None if answer["point"] is not None else 4}
    first = bets[0]
    if first["stays"]:
        first.update(stays=False, paid=0, returned=0, point=None)
    else:
        first.update(stays=True, paid=0, returned=0, point=first.get("point") or 4)
    return {**answer, "bets": bets}


class Mutant:
    def __init__(self, wagers: tuple[str, ...], fault: dict[str, Any],
                 built: FamilyMachine | None = None) -> None:
        self.machine = built or machine(wagers, fault["family"])
        exported = list(self.machine.edges)
        inputs = self.machine.inputs()
        #: (a state of -1: no fault, the reference table itself)
        self.state = exported[fault["state"]] if fault["state"] >= 0 else None
        self.label = inputs[fault["input"]]
        self.target = None if fault["target"] is None else exported[fault["target"]]
        #: from the fault on, refuse every choice the text leaves to the table
        self.refusing = bool(fault.get("refusing"))

    def play(self, events: list[dict[str, Any]]) -> list[Any]:
        m = self.machine
        ref = ReferenceTable(m.setting)
        out: list[Any] = []
        refusing = False
        for event in events:
            move = m.move(ref, event)
            hit = move is not None and move.label == self.label and \
                m.of.get(state_key(ref, m.family)) == self.state  # (None: past the machine)
            if refusing and "roll" not in event and ref.expect(event).answer == "either":
                out.append({"refused": "a choice the text leaves to the table"})
                continue
            answer = _answer(m.setting, ref, event)
            refusing = refusing or (hit and self.refusing)
            if hit and self.target is None:
                answer = _otherwise(answer)
            elif hit and self.target is not None:
                morph(ref, self.target, m)
            out.append(answer)
        return out


def main() -> None:
    args = sys.argv[1:]
    wagers = tuple(args[args.index("--wagers") + 1].split(","))
    mutant = Mutant(wagers, json.loads(args[args.index("--mutant") + 1]))
    hello = {"name": "mutant table", "version": "1", "games": ["craps"],
             "wagers": list(wagers), "interface": "table", "money": MONEY,
             "protocol": "2.1"}
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("op") == "bye":
            return
        if request.get("op") == "hello":
            out: Any = hello
        else:
            out = {"scripts": [{"id": s["id"], "answers": mutant.play(s["events"])}
                               for s in request["scripts"]]}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
