"""What a single wager could not show: the table obligations, each citing its clause.

Each is judged on every case the scripts produced, one session at a time (:class:`Judge`:
a session log of a million events is judged in flat memory), counts the cases that fail it,
and shows the first failing one in the scripts' fixed order. One with nothing to judge (no Associate
Chance offered, say) is VACUOUS, never PROVED.

- ``table-coverage``: the inputs observed are exactly the universe the protocol-1 obligations
  range over (no reachable input missing, none outside it);
- ``table-point`` (``conv-single-chance-pass``, ``conv-table-shooter``): the table's point
  after every roll;
- ``placement`` (r3-95.16-intro.s1): an Associate Chance refused without its Single Chance
  bet or before that bet's point, accepted once it has one;
- ``any-time`` (r3-95.15-intro.s1): every Multiple Chances wager accepted on every roll;
- ``withdrawal`` (r3-95.15-1.s5, r3-95.16-intro.s1): taken down after an inconclusive roll,
  the whole stake returned;
- ``follow`` (r3-95.16-intro.s1): an Associate Chance decided on the roll that decides its
  Single Chance bet, in its direction (the inactive Come odds excepted,
  ``conv-inactive-odds-returned``);
- ``history``: one input, one settlement, whatever came before it;
- ``money`` (``conv-money-round-once``): each stake paid its exact winnings rounded as
  declared;
- ``scripts``: every script answered, one answer per event, in the protocol's shapes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from casino_proofs.obligations.craps.answers import answer_json
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.answers import CrapsInput, Settled, answer_key
from casino_proofs.protocol.money import Money
from casino_proofs.spec import WagerSpec
from casino_proofs.tables.model import CONVENTIONS
from casino_proofs.tables.observe import Judged, Observation, Played
from casino_proofs.tables.payouts import MONEY_CLAUSE
from casino_proofs.tables.planner import (
    ASSOCIATE_CLAUSE,
    HARD_WAYS_WITHDRAWAL_CLAUSE,
    MULTIPLE_CHANCES_CLAUSE,
    Script,
)

TABLE_CONVENTIONS = ("conv-table-placement", "conv-table-even-money")


@dataclass
class Tally:
    """One obligation's cases so far: how many, how many fail, and the first that fails
    (its witness made only for that one)."""

    total: int = 0
    failing: int = 0
    first: dict[str, Any] | None = None
    #: cases with no answer (a script the engine hung on): no evidence either way
    unanswered: int = 0
    unanswered_first: str = ""

    def count(self, holds: bool) -> bool:
        """Count a case; True when it is the first that fails (its witness is then wanted,
        and only then made)."""
        self.total += 1
        if holds:
            return False
        self.failing += 1
        return self.first is None


@dataclass(frozen=True)
class _Kind:
    """A table obligation: its clauses, what it demands, what it counts, how it says the
    first failing case."""

    clause: str
    clauses: tuple[str, ...]
    description: str
    unit: str
    says: Callable[[dict[str, Any]], str]


def _said(answer: dict[str, Any]) -> str:
    """An answer as a report line says it: ``win, net 4``; ``refused (reason)``."""
    if "decision" in answer:
        return f"{answer['decision']}, net {answer['net']}"
    if "error" in answer:
        return f"refused ({answer['error']})"
    return f"{answer.get('fault', 'fault')}: {answer.get('problem', '')}"


def _point(value: Any) -> str:
    return "off" if value is None else repr(value)


def _judged_text(w: dict[str, Any]) -> str:
    return (f"{w['where']}: {json.dumps(w['event'])} answered {json.dumps(w['answer'])}, "
            f"where it must be {w['expected']} ({w['why']}"
            f"{'; ' + w['detail'] if 'detail' in w else ''})")


def _money_text(w: dict[str, Any]) -> str:
    if "event" in w:
        return _judged_text(w)
    paid = w["paid"] if w["paid"] is not None else "nothing: " + _said(w["answer"])
    return (f"{w['where']}: {w['wager']} at a stake of {w['stake']} units wins {w['net']} per "
            f"unit, exactly {w['exact']} units, due {w['due']} ({w['rounding']}); the engine "
            f"paid {paid}")


KINDS: dict[str, _Kind] = {
    "scripts": _Kind("r3-95.15-intro.s1", (), "every script answered, one answer per event, "
                     "in the protocol's shapes", "scripts",
                     lambda w: f"script {w['where']!r}, {w['problem']}"),
    "table-point": _Kind(CONVENTIONS[0], CONVENTIONS, "the table's point after every roll is "
                         "as the conventions move it", "rolls", lambda w: (
                             f"{w['where']}: after roll {w['dice'][0]}-{w['dice'][1]} the "
                             f"table's point is {_point(w['expected'])}, the engine says "
                             f"{_point(w['answered'])}")),
    "placement": _Kind(ASSOCIATE_CLAUSE, ("conv-table-placement",), "an Associate Chance only "
                       "on its Single Chance bet, once that has a point", "placements",
                       _judged_text),
    "any-time": _Kind(MULTIPLE_CHANCES_CLAUSE, (), "every Multiple Chances wager is accepted "
                      "on every roll", "placements", _judged_text),
    "withdrawal": _Kind(ASSOCIATE_CLAUSE, (HARD_WAYS_WITHDRAWAL_CLAUSE,
                                           "conv-table-withdrawal-scope"),
                        "a Hard Way or an Associate Chance may be withdrawn after an "
                        "inconclusive roll, its whole stake returned", "withdrawals",
                        _judged_text),
    "follow": _Kind(ASSOCIATE_CLAUSE, ("conv-inactive-odds-returned",), "an Associate Chance "
                    "is decided on the roll that decides its Single Chance bet, in its "
                    "direction", "rolls of an Associate Chance", lambda w: (
                        f"{w['where']}: {w['odds']['wager']} {w['odds_decision']} where its "
                        f"{w['single_chance']['wager']} bet {w['single_chance_decision']}")),
    "history": _Kind("r3-95.15-intro.s1", ("r3-95.16-intro.s1",), "one input, one "
                     "settlement, whatever the table's history before it",
                     "repeated observations", lambda w: (
                         f"{w['input']['wager']} settled {_said(w['first'])} in "
                         f"{w['first_where']} and {_said(w['again'])} in {w['again_where']}")),
    "money": _Kind(MONEY_CLAUSE, (), "every stake paid its exact winnings, rounded as the "
                   "engine declares", "stakes", _money_text),
}


def _direction(o: Observation) -> str:
    a = o.answer
    if not isinstance(a, Settled):
        return "fault"
    return {"win": "win", "lose": "lose", "none": "none"}.get(a.decision, "push")


def _judged_witness(j: Judged) -> dict[str, Any]:
    return {"where": j.where.text(), "event": j.event, "answer": j.answer,
            "expected": j.expect.answer, "why": j.expect.why,
            **({"detail": j.detail} if j.detail else {})}


_BY_CLAUSE = {ASSOCIATE_CLAUSE: "placement", MULTIPLE_CHANCES_CLAUSE: "any-time",
              MONEY_CLAUSE: "money"}


class Judge:
    """Every table obligation's tally, fed one session at a time."""

    def __init__(self, money: Money) -> None:
        self.money = money
        self.tallies = {kind: Tally() for kind in KINDS}

    def session(self, script: Script, played: Played,
                settling: Sequence[Observation]) -> None:
        """Judge one script's (or logged session's) answers; ``settling``: its observations
        at the planner's stakes (all but a money script's), as the protocol-1 obligations
        read them."""
        t = self.tallies
        silent = next((why for name, why in played.unanswered if name == script.name), None)
        if silent is not None:
            for tally in t.values():
                tally.unanswered += 1
                tally.unanswered_first = tally.unanswered_first or f"{script.name}: {silent}"
            return
        broken = next((why for name, why in played.broken if name == script.name), None)
        fault = next((o for o in played.observations if not isinstance(o.answer, Settled)),
                     None)
        problem = broken or (fault and f"event {fault.where.event}: bet {fault.bet}: "
                                       f"{_said(fault.answer.json())}")
        if t["scripts"].count(problem is None):
            t["scripts"].first = {"where": script.name, "problem": problem}
        for p in played.points:
            if t["table-point"].count(p.answered == p.expected and (
                    p.answered is None or type(p.answered) is int)):
                t["table-point"].first = {"where": p.where.text(), "dice": list(p.roll),
                                          "expected": p.expected, "answered": p.answered}
        for j in played.judged:
            kind = "withdrawal" if "withdraw" in j.event else _BY_CLAUSE.get(j.expect.clause)
            if kind == "money" and j.holds:
                continue  # an accepted stake is judged by what it is paid
            if kind is not None and t[kind].count(j.holds):
                t[kind].first = _judged_witness(j)
        self._follow(settling)
        if script.kind in ("money", "log"):
            self._money(script.nets, played.observations)

    def _follow(self, settling: Sequence[Observation]) -> None:
        by_roll = {(o.where.event, o.bet): o for o in settling}
        for o in settling:
            if o.on is None:
                continue
            parent = by_roll.get((o.where.event, o.on))
            if parent is None or "fault" in (_direction(parent), _direction(o)):
                continue
            q = o.input
            if q.wager == "come-odds" and q.come_out and not q.working:
                continue  # inactive on a come-out roll: returned, not following (95.16 (3))
            tally = self.tallies["follow"]
            if tally.count(_direction(o) == _direction(parent)):
                tally.first = {"where": o.where.text(), "odds": o.input.item(),
                               "odds_decision": _direction(o),
                               "single_chance": parent.input.item(),
                               "single_chance_decision": _direction(parent)}

    def history(self, first: Observation, again: Observation) -> None:
        """An input observed again (both well-formed): the same settlement, or refuted."""
        tally = self.tallies["history"]
        if tally.count(answer_key(first.answer) == answer_key(again.answer)):
            tally.first = {"input": again.input.item(), "first": answer_json(first.answer),
                           "first_where": first.where.text(),
                           "again": answer_json(again.answer),
                           "again_where": again.where.text()}

    def _money(self, nets: Mapping[str, Any], observations: Iterable[Observation]) -> None:
        m = self.money
        for o in observations:
            net = nets.get(o.bet, o.due)
            if net is None:
                continue
            exact = o.amount * net
            due = m.pays(exact)
            a = o.answer
            won = isinstance(a, Settled) and a.decision == "win"
            tally = self.tallies["money"]
            if tally.count(won and o.paid == due):
                tally.first = {"where": o.where.text(), "wager": o.input.wager,
                               "stake": o.amount, "net": str(net), "exact": str(exact),
                               "due": due, "rounding": m.rounding,
                               "paid": o.paid if won else None, "answer": answer_json(a)}

    def results(self, first: Mapping[CrapsInput, Observation], specs: Sequence[WagerSpec],
                universe: frozenset[CrapsInput]) -> list[Result]:
        """``universe``: every input that can occur of the wagers played (``specs``, those
        checked, may be fewer)."""
        silent = self.tallies["scripts"]
        out = [coverage(first, specs, universe, silent.unanswered_first)]
        for kind, k in KINDS.items():
            out.append(_result(_obligation(kind, k.clause, k.clauses, k.description),
                               self.tallies[kind], k))
        return out


def _obligation(kind: str, clause: str, clauses: Sequence[str], description: str) -> Obligation:
    return Obligation(f"craps/table/{kind}", kind, clause,
                      tuple(dict.fromkeys((clause, *clauses))), "the table", "all-scripts",
                      description, game="craps")


def _result(ob: Obligation, tally: Tally, kind: _Kind) -> Result:
    if tally.first is None and tally.unanswered:
        return Result(ob, Verdict.ERROR, 0.0,
                      f"not established: the engine gave no answer to {tally.unanswered:,} "
                      f"script(s), e.g. {tally.unanswered_first}")
    if tally.total == 0:
        return Result(ob, Verdict.VACUOUS, 0.0, f"nothing to judge: no {kind.unit} in the "
                                                "scripts")
    if tally.first is None:
        return Result(ob, Verdict.PROVED, 0.0, f"{tally.total:,} {kind.unit}, each as "
                                               "required",
                      enumeration=f"enumeration: {tally.total:,} {kind.unit}, 0 failing")
    return Result(ob, Verdict.REFUTED, 0.0,
                  f"{tally.failing:,} of {tally.total:,} {kind.unit} fail; the first: "
                  f"{kind.says(tally.first)}",
                  {**tally.first, "failing": tally.failing, "total": tally.total},
                  enumeration=f"enumeration: {tally.total:,} {kind.unit}, "
                              f"{tally.failing:,} failing")


COVERAGE_CLAUSES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1", "conv-table-placement",
                    *CONVENTIONS)


def coverage(first: Mapping[CrapsInput, Observation], specs: Sequence[WagerSpec],
             played: frozenset[CrapsInput], unanswered: str = "") -> Result:
    """``unanswered``: a script the engine gave no answer to (then an input never observed
    proves nothing: ERROR, not REFUTED)."""
    started = time.perf_counter()
    ob = _obligation("table-coverage", COVERAGE_CLAUSES[0], COVERAGE_CLAUSES[1:],
                     "the scripts observe exactly the inputs the obligations range over")
    offered = {w.name for w in specs}
    universe = {q for q in played if q.wager in offered}
    observed = set(first)
    missing = sorted(universe - observed, key=CrapsInput.sort_key)
    extra = sorted((q for q in observed - universe if q.wager in offered),
                   key=CrapsInput.sort_key)
    seconds = time.perf_counter() - started
    if not universe:
        return Result(ob, Verdict.VACUOUS, seconds, "no wager to observe")
    if not missing and not extra:
        return Result(ob, Verdict.PROVED, seconds,
                      f"the scripts observed each of the {len(universe):,} inputs of the "
                      "universe, and no other",
                      enumeration=f"enumeration: {len(universe):,} inputs, 0 missing, 0 "
                                  "outside")
    parts = []
    witness: dict[str, Any] = {"missing": len(missing), "outside": len(extra)}
    if missing:
        parts.append(f"{len(missing):,} inputs of the universe never observed (the engine "
                     f"refused a placement, or moved a point otherwise), the first: "
                     f"{missing[0].text()}")
        witness["first_missing"] = missing[0].item()
        witness["gaps"] = [q.text() for q in missing]  # every one, in a fixed order
    if extra:
        o = first[extra[0]]
        parts.append(f"{len(extra):,} observed inputs outside the universe, the first: "
                     f"{extra[0].text()} ({o.where.text()})")
        witness["first_outside"] = {**extra[0].item(), "where": o.where.text()}
    if not extra and unanswered:
        return Result(ob, Verdict.ERROR, seconds, f"not established: {'; '.join(parts)}; the "
                      f"engine gave no answer to some scripts, e.g. {unanswered}", witness)
    return Result(ob, Verdict.REFUTED, seconds, "; ".join(parts), witness)
