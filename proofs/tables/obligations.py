"""What a single wager could not show: the table obligations, each citing its clause.

Each is judged on every case the scripts produced, counts the cases that fail it, and shows
the first failing one in the scripts' fixed order. One with nothing to judge (no Associate
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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from casino_proofs.adapters.answers import CrapsInput, Settled, answer_key
from casino_proofs.obligations.craps.answers import answer_json, questions_of
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.spec import WagerSpec
from casino_proofs.tables.model import CONVENTIONS
from casino_proofs.tables.observe import Judged, Observation
from casino_proofs.tables.planner import (
    ASSOCIATE_CLAUSE,
    HARD_WAYS_WITHDRAWAL_CLAUSE,
    MULTIPLE_CHANCES_CLAUSE,
)
from casino_proofs.tables.session import TableRun

TABLE_CONVENTIONS = ("conv-table-placement", "conv-table-even-money")


@dataclass(frozen=True)
class _Case:
    holds: bool
    witness: dict[str, Any]


def _obligation(kind: str, clause: str, clauses: Sequence[str], description: str) -> Obligation:
    return Obligation(f"craps/table/{kind}", kind, clause,
                      tuple(dict.fromkeys((clause, *clauses))), "the table", "all-scripts",
                      description, game="craps")


def _judge(ob: Obligation, cases: Iterable[_Case], started: float, unit: str,
           failing_text: Callable[[dict[str, Any]], str]) -> Result:
    total = failing = 0
    first: dict[str, Any] | None = None
    for case in cases:
        total += 1
        if not case.holds:
            failing += 1
            first = first or case.witness
    seconds = time.perf_counter() - started
    if total == 0:
        return Result(ob, Verdict.VACUOUS, seconds, f"nothing to judge: no {unit} in the "
                                                    "scripts")
    if first is None:
        return Result(ob, Verdict.PROVED, seconds, f"{total:,} {unit}, each as required",
                      enumeration=f"enumeration: {total:,} {unit}, 0 failing")
    return Result(ob, Verdict.REFUTED, seconds,
                  f"{failing:,} of {total:,} {unit} fail; the first: {failing_text(first)}",
                  {**first, "failing": failing, "total": total},
                  enumeration=f"enumeration: {total:,} {unit}, {failing:,} failing")


def _judged_cases(judged: Iterable[Judged]) -> list[_Case]:
    return [_Case(j.holds, {"where": j.where.text(), "event": j.event, "answer": j.answer,
                            "expected": j.expect.answer, "why": j.expect.why,
                            **({"detail": j.detail} if j.detail else {})}) for j in judged]


def _judged_text(w: dict[str, Any]) -> str:
    return (f"{w['where']}: {json.dumps(w['event'])} answered {json.dumps(w['answer'])}, "
            f"where it must be "
            f"{w['expected']} ({w['why']}{'; ' + w['detail'] if 'detail' in w else ''})")


def coverage(run: TableRun, specs: Sequence[WagerSpec]) -> Result:
    started = time.perf_counter()
    ob = _obligation("table-coverage", "r3-95.15-intro.s1",
                     ("r3-95.16-intro.s1", "conv-table-placement", *CONVENTIONS),
                     "the scripts observe exactly the inputs the obligations range over")
    universe = {q for w in specs for q in questions_of(w).reachable}
    observed = set(run.first)
    offered = {w.name for w in specs}
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
    if extra:
        o = run.first[extra[0]]
        parts.append(f"{len(extra):,} observed inputs outside the universe, the first: "
                     f"{extra[0].text()} ({o.where.text()})")
        witness["first_outside"] = {**extra[0].item(), "where": o.where.text()}
    return Result(ob, Verdict.REFUTED, seconds, "; ".join(parts), witness)


def table_point(run: TableRun) -> Result:
    started = time.perf_counter()
    ob = _obligation("table-point", CONVENTIONS[0], CONVENTIONS,
                     "the table's point after every roll is as the conventions move it")
    cases = [_Case(p.answered == p.expected and (p.answered is None or type(p.answered) is int),
                   {"where": p.where.text(), "dice": list(p.roll), "expected": p.expected,
                    "answered": p.answered}) for p in run.played.points]
    return _judge(ob, cases, started, "rolls", lambda w: (
        f"{w['where']}: after roll {w['dice'][0]}-{w['dice'][1]} the table's point is "
        f"{_point(w['expected'])}, the engine says {_point(w['answered'])}"))


def _said(answer: dict[str, Any]) -> str:
    """An answer as a report line says it: ``win, net 4``; ``refused (reason)``."""
    if "decision" in answer:
        return f"{answer['decision']}, net {answer['net']}"
    if "error" in answer:
        return f"refused ({answer['error']})"
    return f"{answer.get('fault', 'fault')}: {answer.get('problem', '')}"


def _point(value: Any) -> str:
    return "off" if value is None else repr(value)


def _by_clause(run: TableRun, clause: str, kinds: tuple[str, ...]) -> list[Judged]:
    return [j for j in run.played.judged if j.expect.clause == clause
            and run.kinds.get(j.where.script) in kinds]


def placement(run: TableRun) -> Result:
    started = time.perf_counter()
    ob = _obligation("placement", ASSOCIATE_CLAUSE, ("conv-table-placement",),
                     "an Associate Chance only on its Single Chance bet, once that has a point")
    judged = [j for j in _by_clause(run, ASSOCIATE_CLAUSE, ("placement", "settle", "log"))
              if "place" in j.event]
    return _judge(ob, _judged_cases(judged), started, "placements", _judged_text)


def any_time(run: TableRun) -> Result:
    started = time.perf_counter()
    ob = _obligation("any-time", MULTIPLE_CHANCES_CLAUSE, (),
                     "every Multiple Chances wager is accepted on every roll")
    judged = _by_clause(run, MULTIPLE_CHANCES_CLAUSE, ("settle", "log"))
    return _judge(ob, _judged_cases(judged), started, "placements", _judged_text)


def withdrawal(run: TableRun) -> Result:
    started = time.perf_counter()
    ob = _obligation("withdrawal", ASSOCIATE_CLAUSE, (HARD_WAYS_WITHDRAWAL_CLAUSE,
                                                      "conv-table-withdrawal-scope"),
                     "a Hard Way or an Associate Chance may be withdrawn after an "
                     "inconclusive roll, its whole stake returned")
    judged = [j for j in run.played.judged if "withdraw" in j.event]
    return _judge(ob, _judged_cases(judged), started, "withdrawals", _judged_text)


def _direction(o: Observation) -> str:
    a = o.answer
    if not isinstance(a, Settled):
        return "fault"
    return {"win": "win", "lose": "lose", "none": "none"}.get(a.decision, "push")


def follow(run: TableRun) -> Result:
    started = time.perf_counter()
    ob = _obligation("follow", ASSOCIATE_CLAUSE, ("conv-inactive-odds-returned",),
                     "an Associate Chance is decided on the roll that decides its Single "
                     "Chance bet, in its direction")
    by_roll: dict[tuple[str, int, str], Observation] = {}
    observations = run.settling()
    for o in observations:
        by_roll[(o.where.script, o.where.event, o.bet)] = o
    cases: list[_Case] = []
    for o in observations:
        if o.on is None:
            continue
        parent = by_roll.get((o.where.script, o.where.event, o.on))
        if parent is None or _direction(parent) == "fault" or _direction(o) == "fault":
            continue
        q = o.input
        if q.wager == "come-odds" and q.come_out and not q.working:
            continue  # inactive on a come-out roll: returned, not following (95.16 (3))
        cases.append(_Case(_direction(o) == _direction(parent), {
            "where": o.where.text(), "odds": q.item(), "odds_decision": _direction(o),
            "single_chance": parent.input.item(), "single_chance_decision":
                _direction(parent)}))
    return _judge(ob, cases, started, "rolls of an Associate Chance", lambda w: (
        f"{w['where']}: {w['odds']['wager']} {w['odds_decision']} where its "
        f"{w['single_chance']['wager']} bet {w['single_chance_decision']}"))


def history(run: TableRun) -> Result:
    started = time.perf_counter()
    ob = _obligation("history", "r3-95.15-intro.s1", ("r3-95.16-intro.s1",),
                     "one input, one settlement, whatever the table's history before it")
    seen: dict[CrapsInput, Observation] = {}
    cases: list[_Case] = []
    for o in run.settling():
        if not isinstance(o.answer, Settled):
            continue  # a malformed answer is the scripts obligation's
        first = seen.setdefault(o.input, o)
        if first is o:
            continue
        same = answer_key(first.answer) == answer_key(o.answer)
        cases.append(_Case(same, {"input": o.input.item(), "first": answer_json(first.answer),
                                  "first_where": first.where.text(),
                                  "again": answer_json(o.answer),
                                  "again_where": o.where.text()}))
    return _judge(ob, cases, started, "repeated observations", lambda w: (
        f"{w['input']['wager']} settled {_said(w['first'])} in {w['first_where']} and "
        f"{_said(w['again'])} in {w['again_where']}"))


def money(run: TableRun) -> Result:
    started = time.perf_counter()
    m = run.money
    ob = _obligation("money", "conv-money-round-once", (),
                     f"every stake paid its exact winnings, rounded {m.rounding} to whole "
                     f"units of {m.text(1)}")
    nets = {s.name: s.nets for s in run.plan.scripts if s.kind == "money"}
    cases: list[_Case] = []
    for o in run.played.observations:
        net = nets.get(o.where.script, {}).get(o.bet, o.due)
        if net is None:
            continue
        exact = o.amount * net
        due = m.pays(exact)
        a = o.answer
        won = isinstance(a, Settled) and a.decision == "win"
        cases.append(_Case(won and o.paid == due, {
            "where": o.where.text(), "wager": o.input.wager, "stake": o.amount,
            "net": str(net), "exact": str(exact), "due": due, "paid": o.paid if won else None,
            "answer": answer_json(a)}))
    money_judged = [j for j in run.played.judged if j.expect.clause == "conv-money-round-once"]
    cases += [c for c in _judged_cases(money_judged) if not c.holds]
    return _judge(ob, cases, started, "stakes", lambda w: (
        _judged_text(w) if "event" in w else
        f"{w['where']}: {w['wager']} at a stake of {w['stake']} units wins {w['net']} per "
        f"unit, exactly {w['exact']} units, due {w['due']} ({m.rounding}); the engine paid "
        f"{w['paid'] if w['paid'] is not None else 'nothing: ' + _said(w['answer'])}"))


def scripts(run: TableRun) -> Result:
    started = time.perf_counter()
    ob = _obligation("scripts", "r3-95.15-intro.s1", (),
                     "every script answered, one answer per event, in the protocol's shapes")
    broken = dict(run.played.broken)
    faults: dict[str, str] = {}
    for o in run.played.observations:
        if not isinstance(o.answer, Settled):
            faults.setdefault(o.where.script, f"event {o.where.event}: bet {o.bet}: "
                                              f"{_said(o.answer.json())}")
    cases = [_Case(s.name not in broken and s.name not in faults,
                   {"where": s.name, "problem": broken.get(s.name) or faults.get(s.name)})
             for s in run.plan.scripts]
    return _judge(ob, cases, started, "scripts", lambda w: (
        f"script {w['where']!r}, {w['problem']}"))


def check(run: TableRun, specs: Sequence[WagerSpec]) -> list[Result]:
    """Every table obligation on one run."""
    return [coverage(run, specs), scripts(run), table_point(run), placement(run),
            any_time(run), withdrawal(run), follow(run), history(run), money(run)]
