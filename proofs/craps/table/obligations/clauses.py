"""What a single wager could not show: the table obligations, each citing its clause
(docs/engine-protocol.md, "The table obligations").

Each is judged on every case the scripts (or a log) produced, one session at a time
(:class:`Judge`: a session log of a million events is judged in flat memory), against the
reference table; it counts the cases, groups the failures by kind, and shows every kind, the
most telling first (:mod:`.tally`). One with nothing to judge is VACUOUS, never PROVED; one
that cannot apply to the table (``any-time`` for a table with no Multiple Chances wager) is
left out and listed as not applicable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from casino_proofs.craps.table.judging.observe import (
    Judged,
    Listing,
    Played,
    is_accepted,
    is_refused,
)
from casino_proofs.craps.table.judging.settlements import (
    MONEY_CLAUSE,
    Settlements,
    deciding,
    direction,
    unfollowed,
)
from casino_proofs.craps.table.model.model import CONVENTIONS
from casino_proofs.craps.table.obligations.tally import SHOWN, Tally
from casino_proofs.craps.table.obligations.witness import judged_text, money_text, quoted, said
from casino_proofs.craps.table.scripts.planner import ASSOCIATE_CLAUSE, MULTIPLE_CHANCES_CLAUSE
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.obligations.words import counted
from casino_proofs.protocol.answers import Settled
from casino_proofs.protocol.money import Money

TABLE_CONVENTIONS = ("conv-table-placement", "conv-table-even-money", "conv-table-stake",
                     "conv-table-call", "conv-table-decided", "conv-table-withdrawal-scope")


@dataclass(frozen=True)
class _Kind:
    """A table obligation: its clauses, what it demands, what it counts, how it says a case
    that fails."""

    clause: str
    clauses: tuple[str, ...]
    description: str
    unit: str
    says: Callable[[dict[str, Any]], str]


_DECISIONS = {"win": "a win", "lose": "a loss", "push": "its stake back",
              "none": "no decision"}


def _decided(direction: str) -> str:
    """A settlement's direction as a sentence says it: ``wins``, ``stays``."""
    return {"win": "wins", "lose": "loses", "push": "gets its stake back",
            "none": "stays (no decision)"}.get(direction, direction)


def _point(value: Any) -> str:
    return "off" if value is None else repr(value)


KINDS: dict[str, _Kind] = {
    "scripts": _Kind("r3-95.15-intro.s1", (), "every script answered, its id echoed, one "
                     "answer per event, in the protocol's shapes", "scripts",
                     lambda w: f"{w['where']}, {w['problem']}"),
    "table-point": _Kind(CONVENTIONS[0], CONVENTIONS, "the table's point after every roll is "
                         "as the conventions move it", "rolls", lambda w: (
                             f"{w['where']}: after roll {w['dice'][0]}-{w['dice'][1]} the "
                             f"table's point is {_point(w['expected'])}, the engine says "
                             f"{_point(w['answered'])}")),
    "placement": _Kind(ASSOCIATE_CLAUSE, ("conv-table-placement", "conv-table-stake"),
                       "every placement accepted or refused as the rules of the table say",
                       "placements", judged_text),
    "any-time": _Kind(MULTIPLE_CHANCES_CLAUSE, (), "every Multiple Chances wager is accepted "
                      "on every roll", "placements", judged_text),
    "call": _Kind("r3-95.15-1.s6", ("r3-95.16-3.s3", "conv-table-call"), "every call "
                  "accepted or refused as the rules of the table say", "calls", judged_text),
    "withdrawal": _Kind(ASSOCIATE_CLAUSE, ("r3-95.15-1.s5", "conv-table-withdrawal-scope"),
                        "every withdrawal accepted or refused as the rules of the table say, "
                        "the whole stake returned", "withdrawals", judged_text),
    "on-table": _Kind("conv-table-decided", (), "every roll's answer lists exactly the bets "
                      "on the table", "bets listed",
                      lambda w: f"{w['where']}: the roll's answer {w['problem']}"),
    "follow": _Kind(ASSOCIATE_CLAUSE, ("conv-inactive-odds-returned",), "an Associate Chance "
                    "is decided on the roll that decides its Single Chance bet, in its "
                    "direction", "rolls that decide an Associate Chance's Single Chance bet",
                    lambda w: (
                        f"{w['where']}: its {w['single_chance']['wager']} bet "
                        f"{_decided(w['single_chance_decision'])}, the {w['odds']['wager']} "
                        f"bet on it {_decided(w['odds_decision'])}"
                        + (f", where it is due {_DECISIONS.get(w['due'], w['due'])}"
                           if w.get("due") else ""))),
    "history": _Kind("r3-95.15-intro.s1", ("r3-95.16-intro.s1",), "every settlement after the "
                     "first of its input, whatever came before, is the reference table's",
                     "settlements after the first of their input", lambda w: (
                         f"{w['where']}: {w['input']['wager']} settled {said(w['answer'])} "
                         f"where the specification says {said(w['due'])} "
                         f"[{', '.join(w['clauses'])}]")),
    "money": _Kind(MONEY_CLAUSE, (), "every stake paid its exact winnings, rounded as the "
                   "engine declares", "stakes", money_text),
}


class Judge:
    """Every table obligation's tally, fed one session at a time."""

    def __init__(self, money: Money, per_player: bool = False, every: bool = False) -> None:
        """``every``: judge every observation against the reference table, the first of its
        input too (a session played alone has no protocol-1 obligations behind it)."""
        self.tallies = {kind: Tally() for kind in KINDS}
        self.settlements = Settlements(self.tallies, money, per_player, every)
        #: each wager a placement of which was refused where the rules take it, with the
        #: obligation that judged the first such refusal
        self.refused: dict[str, str] = {}

    def session(self, name: str, played: Played, place: int = 0) -> None:
        """Judge one script's (or logged session's) answers; ``place``: its place in the log
        or the run (where a kind of failure was first met: the same in shards)."""
        t = self.tallies
        for tally in t.values():
            tally.begin(place)
        silent = next((why for n, why in played.unanswered if n == name), None)
        if silent is not None:
            for tally in t.values():
                tally.unanswered += 1
                tally.unanswered_first = tally.unanswered_first or f"{name}: {silent}"
            return
        broken = next((why for n, why in played.broken if n == name), None)
        fault = next((o for o in played.observations if not isinstance(o.answer, Settled)),
                     None)
        problem = broken or (fault and f"event {fault.where.event}: bet {fault.bet}: "
                                       f"{said(fault.answer.json())}")
        if t["scripts"].count(problem is None, "malformed", "protocol"):
            t["scripts"].witness("malformed", {"where": name, "problem": problem}, name)
        for p in played.points:
            ok = p.answered == p.expected and (p.answered is None or type(p.answered) is int)
            if t["table-point"].count(ok, "point", CONVENTIONS[0], p.where.event):
                t["table-point"].witness("point", {"where": p.where.text(), "dice": list(p.roll),
                                                   "expected": p.expected,
                                                   "answered": p.answered},
                                            p.where.script, p.where.event)
        for j in played.judged:
            self._judged(j)
        for listing in played.listings:
            self._listing(listing)
        for _ in range(played.rolls - len({(x.where.event) for x in played.listings})):
            self.tallies["on-table"].count(True)
        self._follow(played)
        self.settlements.judge(played)

    def _judged(self, j: Judged) -> None:
        kind = j.expect.judged_by or "placement"
        if j.holds:  # a case that holds is counted, no more (its kind is a failure's)
            self.tallies[kind].count(True)
            return
        took = is_accepted(j.answer)
        if j.expect.answer == "accepted" and took:
            group = f"accepted without the whole stake returned: {j.expect.why}"
        elif not took and not is_refused(j.answer):
            group = f"answered in neither the accepted nor the refused shape where it must " \
                f"be {j.expect.answer}: {j.expect.why}"
        else:
            group = f"{'accepted' if j.expect.answer != 'accepted' else 'refused'} where " \
                f"it must be {j.expect.answer}: {j.expect.why}"
        if not j.holds and j.expect.answer == "accepted" and "place" in j.event:
            # a wager whose placement the table refused where the rules take it: what no
            # script could then observe of it rests on this (one fact, one finding)
            self.refused.setdefault(str(j.event.get("wager")), kind)
        tally = self.tallies[kind]
        if tally.count(j.holds, group, j.expect.clause, j.where.event):
            tally.witness(group, {"where": j.where.text(), "event": j.event, "answer": j.answer,
                                  "expected": j.expect.answer, "why": j.expect.why,
                                  "clause": j.expect.clause,
                                  **({"detail": j.detail} if j.detail else {})},
                          j.where.script, j.where.event)

    def _listing(self, listing: Listing) -> None:
        if listing.problem == "left out":
            group, said = "bets on the table left out of a roll's answer", \
                "leaves out bet {bet}{wager}, which is on the table"
        else:
            why = "withdrawn" if listing.problem == "withdrawn" else "decided"
            group = f"bets listed after they left the table ({why})"
            was = "was never placed" if listing.problem == "never placed" else \
                f"was {listing.problem}"
            said = "lists bet {bet}{wager}, which " + was
        tally = self.tallies["on-table"]
        if tally.count(False, group, listing.clause, listing.where.event):
            wager = f" ({listing.wager})" if listing.wager else ""
            tally.witness(group, {"where": listing.where.text(),
                                  "problem": said.format(bet=quoted(listing.bet), wager=wager),
                                  "bet": listing.bet, "wager": listing.wager,
                                  "clause": listing.clause,
                                  **({"entry": listing.entry} if listing.entry is not None
                                     else {})},
                          listing.where.script, listing.where.event)

    def _follow(self, played: Played) -> None:
        """Every Associate Chance on a roll that decides its Single Chance bet (as the rules
        decide it) is decided with it, as the rules say."""
        observations = played.observations
        if all(o.on is None for o in observations):
            return  # no Associate Chance in the script
        faulted = {id(o) for o, _line in unfollowed(played)}
        by_roll = {(o.where.event, o.bet): o for o in observations}
        tally = self.tallies["follow"]
        for o in observations:
            parent = by_roll.get((o.where.event, o.on)) if o.on is not None else None
            if parent is None or not deciding(parent) or direction(o.answer, o) == "fault":
                continue
            if tally.count(id(o) not in faulted, "unfollowed", ASSOCIATE_CLAUSE,
                           o.where.event):
                due = o.due.due if o.due is not None else None
                tally.witness("unfollowed", {
                    "where": o.where.text(), "odds": o.input.item(),
                    "odds_decision": direction(o.answer, o),
                    "single_chance": parent.input.item(),
                    "single_chance_decision": direction(parent.answer, parent),
                    "due": due.decision if due is not None else ""},
                    o.where.script, o.where.event)

    def results(self, applies: Callable[[str], bool] = lambda _k: True) -> list[Result]:
        """Every obligation that can apply to the table (``applies``)."""
        return [result(kind, k, self.tallies[kind]) for kind, k in KINDS.items()
                if applies(kind)]

    def failures(self) -> dict[str, tuple[str, str, int]]:
        """Each obligation that fails, with its first failing case in words, the clause or
        convention that case breaks, and that case's event in its script (from 1)."""
        out = {}
        for kind, k in KINDS.items():
            ranked = self.tallies[kind].ranked()
            if ranked and ranked[0][1].first is not None:
                group = ranked[0][1]
                out[kind] = (f"{kind}: {k.says(group.first or {})}", group.clause or k.clause,
                             group.length)
        return out

    def first_failure(self) -> str | None:
        """The first failing case of any obligation, as a report says it."""
        for kind, k in KINDS.items():
            first = self.tallies[kind].first
            if first is not None:
                return f"{kind}: {k.says(first)}"
        return None


#: the plural nouns a kind of failure is named by, and their singular (for a count of one)
_SINGULAR = {"bets": "bet", "wins": "win"}


def _agreeing(name: str, count: int) -> str:
    """A kind of failure named after its count: ``1 bet listed``, ``2 bets listed``."""
    first, _, rest = name.partition(" ")
    return f"{_SINGULAR[first]} {rest}" if count == 1 and first in _SINGULAR else name


def obligation(kind: str, clause: str, clauses: Sequence[str], description: str) -> Obligation:
    return Obligation(f"craps/table/{kind}", kind, clause,
                      tuple(dict.fromkeys((clause, *clauses))), "the table", "all-scripts",
                      description, game="craps")


def result(kind: str, k: _Kind, tally: Tally) -> Result:
    ob = obligation(kind, k.clause, k.clauses, k.description)
    if tally.lost:
        return Result(ob, Verdict.ERROR, 0.0,
                      f"not established: {counted(tally.lost, 'part')} of the log "
                      f"{'was' if tally.lost == 1 else 'were'} never judged "
                      f"({tally.lost_first}); nothing is proved on the others alone")
    if tally.first is None and tally.unanswered:
        return Result(ob, Verdict.ERROR, 0.0,
                      f"not established: the engine gave no answer to "
                      f"{counted(tally.unanswered, 'script')} (it hung, or was given up on: "
                      f"the channel's finding says which; a table that is only slow needs a "
                      f"larger --engine-timeout-ms), e.g. {tally.unanswered_first}")
    if tally.total == 0:
        return Result(ob, Verdict.VACUOUS, 0.0, f"nothing to judge: no {k.unit} in the "
                                                "scripts or sessions")
    if tally.first is None:
        return Result(ob, Verdict.PROVED, 0.0, f"{tally.total:,} {k.unit}, each as required",
                      enumeration=f"enumeration: {tally.total:,} {k.unit}, 0 failing")
    ranked = tally.ranked()
    kinds = "; ".join(f"{g.count:,} {_agreeing(name, g.count)}"
                      + (f" (the first: {k.says(g.first)})" if g.first else "")
                      for name, g in ranked[:SHOWN])
    more = f"; and {counted(len(ranked) - SHOWN, 'more kind')}" if len(ranked) > SHOWN else ""
    first = ranked[0][1].first or {}
    return Result(ob, Verdict.REFUTED, 0.0,
                  f"{tally.failing:,} of {tally.total:,} {k.unit} "
                  f"{'fails' if tally.failing == 1 else 'fail'}, in "
                  f"{counted(len(ranked), 'kind')}: {kinds}{more}",
                  {**first, "failing": tally.failing, "total": tally.total,
                   "kinds": [{"kind": name, "clause": g.clause, "count": g.count,
                              "first": g.first} for name, g in ranked]},
                  enumeration=f"enumeration: {tally.total:,} {k.unit}, "
                              f"{tally.failing:,} failing",
                  conventions=tuple(c for c in first.get("clauses", [first.get("clause", "")])
                                    if c and c != ob.clause))




def merged(first: Judge, later: Judge) -> Judge:
    """``first``'s tallies with ``later``'s added (a log judged in shards, in order)."""
    first.settlements.merge(later.settlements)  # before the tallies: it judges some more
    first.refused = {**later.refused, **first.refused}
    for kind, tally in first.tallies.items():
        tally.merge(later.tallies[kind])
    return first
