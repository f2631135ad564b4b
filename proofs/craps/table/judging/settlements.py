"""The settlements of a table judged against the reference table: every observation after the
first of its input (``history``: the roll after a decision, the second shooter, a call
switched), and every win's amount (``money``), per bet or, under ``payment: per-player``, per
player and roll. A wrong amount is a money finding, never a wrong decision or a history."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from casino_proofs.craps.table.judging.observe import EVEN, Observation, Played, PlayerPaid
from casino_proofs.craps.table.obligations.tally import Tally
from casino_proofs.craps.table.obligations.witness import quoted
from casino_proofs.protocol.answers import CrapsInput, Settled
from casino_proofs.protocol.money import Money

MONEY_CLAUSE = "conv-money-round-once"


def direction(answer: Any, o: Observation | None = None) -> str:
    """A settlement's direction; even money back is a win where the specification says win
    and its winnings round to nothing (a stake of 1 unit at 1 to 2, paid floor)."""
    if not isinstance(answer, Settled):
        return "fault"
    if answer.decision == EVEN and o is not None and rounded_away(o):
        return "win"
    return {"win": "win", "lose": "lose", "none": "none"}.get(answer.decision, "push")


def rounded_away(o: Observation) -> bool:
    """Whether the specification says win and the declared rounding pays nothing of it."""
    d = o.due
    return d is not None and d.due is not None and d.due.decision == "win" and d.paid == 0


def _due_direction(o: Observation) -> str | None:
    d = o.due.due if o.due is not None else None
    if d is None:
        return None
    return {"win": "win", "lose": "lose", "none": "none"}.get(d.decision, "push")


def matches(o: Observation) -> bool:
    """Whether an observation is settled as the specification settles its input (its
    decision and point; the amount of a win is the money obligation's)."""
    d = o.due.due if o.due is not None else None
    a = o.answer
    if d is None or not isinstance(a, Settled):
        return True  # nothing to demand, or a fault the scripts obligation shows
    if a.decision == EVEN:
        return d.decision == "push" or (d.decision == "win" and d.net == 0) \
            or rounded_away(o)
    if a.decision == "none":
        return d.decision == "none" and (a.point or 0) == d.point
    if a.decision == "win":
        return d.decision == "win" and d.net > 0
    return a.decision == d.decision


def unfollowed(played: Played) -> list[tuple[Observation, Observation]]:
    """Each Associate Chance settled otherwise than the rules on the roll that decides its
    Single Chance bet, with that bet (r3-95.16-intro.s1: they "follow the outcome of the
    Single Chance wager"; Come odds inactive on a come-out roll are returned, 95.16 (3)).
    Only where the Single Chance bet is itself settled as the rules say: where it is not,
    the fault is its own. Worked out once a script."""
    if played.odds_faults is None:
        played.odds_faults = _unfollowed(played.observations)
    return played.odds_faults


def _unfollowed(observations: Sequence[Observation]) -> list[tuple[Observation, Observation]]:
    if all(o.on is None for o in observations):
        return []  # no Associate Chance in the script
    by_roll = {(o.where.event, o.bet): o for o in observations}
    out = []
    for o in observations:
        parent = by_roll.get((o.where.event, o.on)) if o.on is not None else None
        if parent is not None and deciding(parent) and direction(o.answer, o) != "fault" \
                and not matches(o):
            out.append((o, parent))
    return out


def deciding(line: Observation) -> bool:
    """A Single Chance bet decided on its roll, as the rules decide it: the roll its
    Associate Chances follow."""
    return matches(line) and direction(line.answer, line) not in ("none", "fault")


def first_failure(played: Played) -> tuple[int, str] | None:
    """The first event of a script answered otherwise than the rules, and the table
    obligation that judges it (None: none). What a coverage obligation attributes the
    subjects a script did not reach to. Worked out once a script."""
    if played.first_fault is None:
        played.first_fault = (_first_failure(played),)
    return played.first_fault[0]


def _first_failure(played: Played) -> tuple[int, str] | None:
    failures = [(j.where.event, j.expect.judged_by or "placement") for j in played.judged
                if not j.holds]
    failures += [(x.where.event, "on-table") for x in played.listings]
    odds = {(o.where.event, o.bet) for o, _line in unfollowed(played)}
    failures += [(o.where.event, "follow" if (o.where.event, o.bet) in odds else "history")
                 for o in played.observations if not matches(o)]
    return min(failures, default=None)


def _settled_json(a: Settled) -> dict[str, Any]:
    return {"decision": a.decision, "net": str(a.net), "point": a.point}


class Settlements:
    """The history and money tallies, fed one session at a time (``every``: judge every
    observation, the first of its input too)."""

    def __init__(self, tallies: dict[str, Tally], money: Money, per_player: bool,
                 every: bool) -> None:
        self.tallies, self.money = tallies, money
        self.per_player, self.every = per_player, every
        self.seen: set[CrapsInput] = set()
        #: each input's first settlement, which ``history`` does not judge, and where it was
        #: met: a later shard's is judged when the shards are merged, if an earlier one saw
        #: the input (:meth:`merge`)
        self.firsts: dict[CrapsInput, tuple[Observation, tuple[int, int]]] = {}

    def judge(self, played: Played) -> None:
        """Every observation after the first of its input against the reference table
        (history), and every win's amount (money)."""
        session = self.tallies["history"].session
        odds = {id(o) for o, _line in unfollowed(played)}
        for index, o in enumerate(played.observations):
            if not isinstance(o.answer, Settled) or o.due is None:
                continue
            if id(o) in odds:  # the follow obligation's: one fact, one finding
                self._money(o)
                continue
            if self.every or o.input in self.seen:
                self.history(o, (session, index))
            else:
                self.firsts[o.input] = (o, (session, index))
                self.seen.add(o.input)
            self._money(o)
        for p in played.players:
            self._player(p)

    def merge(self, later: Settlements) -> None:
        """``later``'s settlements after these (a shard of the same log): its first
        settlement of an input these saw is judged by ``history`` at the place it was met."""
        for q, (o, at) in later.firsts.items():
            if q in self.seen:
                self.history(o, at)
            else:
                self.firsts[q] = (o, at)
        self.seen |= later.seen

    def history(self, o: Observation, at: tuple[int, int]) -> None:
        """One observation after the first of its input, met at ``at`` (its session's place
        in the log, its own in the session), judged against the reference table."""
        if not isinstance(o.answer, Settled) or o.due is None or _due_direction(o) is None:
            return
        assert o.due.due is not None
        ok = matches(o) or (direction(o.answer) == "fault")
        if ok:  # a case that holds is counted, no more (its kind is a failure's)
            self.tallies["history"].count(True, at=at)
            return
        d = o.due.due
        # one kind per rule broken, whatever the wager (the witness names it)
        clause = d.clauses[0] if d.clauses else "r3-95.15-intro.s1"
        group = f"settled otherwise than {clause} says"
        tally = self.tallies["history"]
        if tally.count(ok, group, clause, o.where.event, at):
            tally.witness(group, {"where": o.where.text(), "input": o.input.item(),
                                  "answer": _settled_json(o.answer)
                                  if isinstance(o.answer, Settled) else {},
                                  "due": {"decision": d.decision, "net": str(d.net),
                                          "point": d.point or None},
                                  "clauses": list(d.clauses)}, o.where.script, o.where.event)

    def _money(self, o: Observation) -> None:
        due = o.due
        assert due is not None
        a = o.answer
        if due.exact is None or not isinstance(a, Settled) or a.decision not in ("win", EVEN) \
                or (a.decision == EVEN and not rounded_away(o)):
            return  # no winnings due, or not paid as a win: a decision, not an amount
        wanted = due.paid  # (per player: each bet's share rounded down)
        tally = self.tallies["money"]
        clauses = due.due.clauses if due.due is not None else ()
        # one kind per payout clause, whatever the wager and the stake (the witness names
        # them)
        clause = clauses[-1] if clauses else MONEY_CLAUSE
        group = f"wins paid otherwise than {clause} and the declared rounding say"
        if tally.count(o.paid == wanted, group, clause, o.where.event):
            tally.witness(group, {"where": o.where.text(), "wager": o.input.wager,
                                  "stake": o.amount, "net": str(due.due.net if due.due else ""),
                                  "exact": str(due.exact), "due": wanted,
                                  "rounding": "floor (each bet, paying per player)"
                                  if self.per_player else self.money.rounding,
                                  "paid": o.paid, "clauses": [*clauses, MONEY_CLAUSE]},
                          o.where.script, o.where.event)

    def _player(self, p: PlayerPaid) -> None:
        tally = self.tallies["money"]
        wanted = self.money.pays(p.exact)
        if tally.count(type(p.paid) is int and p.paid == wanted,
                       "a player's winnings on a roll", MONEY_CLAUSE,
                       p.where.event):
            tally.witness("a player's winnings on a roll", {
                "where": p.where.text(), "wager": f"the bets of player {quoted(p.player)}",
                "stake": None, "net": "", "exact": str(p.exact), "due": wanted,
                "rounding": f"{self.money.rounding}, per player", "paid": p.paid,
                **({} if p.player in p.named else
                   {"named": [quoted(str(n)[:40]) for n in p.named[:8]]}),
                "clauses": ["policy-payment-per-player"]}, p.where.script, p.where.event)
