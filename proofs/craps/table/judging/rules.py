"""The rules of the table for a placement, a call and a withdrawal (docs/engine-protocol.md,
"The rules of the table"): what the answer must be, and the clause or named convention that
says so. The first rule an event breaks decides; an event that breaks none is accepted.
"""

from __future__ import annotations

from typing import Any

from casino_proofs.craps.table.judging.bets import Setting, TableState
from casino_proofs.craps.table.scripts.planner import (
    ASSOCIATE_CLAUSE,
    COME_OUT_LINES,
    HARD_WAYS,
    HARD_WAYS_WITHDRAWAL_CLAUSE,
    MULTIPLE_CHANCES_CLAUSE,
    ODDS_ON,
    POINT_LINES,
    SINGLE,
    Expect,
)

HARD_WAYS_CALL_CLAUSE = "r3-95.15-1.s6"
COME_ODDS_CALL_CLAUSE = "r3-95.16-3.s3"
STAKE = "conv-table-stake"
CALLS = "conv-table-call"
PLACEMENT = "conv-table-placement"
SCOPE = "conv-table-withdrawal-scope"
DECIDED = "conv-table-decided"
MONEY = "conv-money-round-once"
PROTOCOL = "protocol"
#: why a call is refused on a wager that takes none (one kind of failure, whatever the wager)
CALL_WAGERS = ("a wager that takes no working call (only the Hard Ways and the Come odds, and "
               "the wagers a reading in force gives one: conv-table-call)")


def _refused(clause: str, why: str, kind: str, unjudged: bool = True) -> Expect:
    return Expect("refused", clause, why, kind, unjudged=unjudged)


def _call_clause(wager: str) -> str:
    return HARD_WAYS_CALL_CLAUSE if wager in HARD_WAYS else COME_ODDS_CALL_CLAUSE \
        if wager in ODDS_ON else CALLS


def placement(s: Setting, ref: TableState, event: dict[str, Any]) -> Expect:
    """What a placement must be answered. An ID a placement of the script named before (a
    bet that left, or a placement refused) is the table's to take or refuse unless it
    declares ``reuse-ids`` (the scripts never send one otherwise): a placement the rules
    accept is then ``either``."""
    bet_id = event["place"]
    if bet_id in ref.bets:
        return _refused(PROTOCOL, "a bet's ID is not that of a bet on the table", "placement")
    want = _placement(s, ref, event)
    if bet_id in ref.used and not s.policies.reuse_ids and want.answer == "accepted":
        return Expect("either", PROTOCOL, "an ID a placement of the script named before: the "
                                          "table may take it for a new bet or refuse it "
                                          "(the table declares no reuse-ids)", want.judged_by)
    return want


def _placement(s: Setting, ref: TableState, event: dict[str, Any]) -> Expect:
    wager, amount = event.get("wager"), event.get("amount")
    if type(amount) is not int or amount < 1:
        return _refused(STAKE, "a stake is a whole number of at least one stake unit",
                        "placement")
    if s.policies.max_stake is not None and amount > s.policies.max_stake:
        return _refused("policy-max-stake", f"over the table's maximum stake of "
                                            f"{s.policies.max_stake:,}", "placement", False)
    if not isinstance(wager, str) or wager not in s.offered:
        return _refused(PROTOCOL, "a wager the table does not offer", "placement")
    if event.get("working"):
        if s.policies.no_working_call:
            return _refused("policy-no-working-call", "the table has no working call", "call",
                            False)
        if not s.oracle.takes_call(wager):
            return _refused(CALLS, CALL_WAGERS, "placement")
    found = _single(ref, wager) or _odds(s, ref, wager, amount, event.get("on"))
    if found is not None:
        return found
    if s.money.rounding == "exact" and not _whole(s, ref, wager, amount, event.get("on")):
        return _refused(MONEY, "under exact rounding a stake some win of which would pay a "
                               "fraction of a unit is refused", "money")
    if wager in ODDS_ON:
        return Expect("accepted", ASSOCIATE_CLAUSE, "an Associate Chance on its Single Chance "
                                                    "bet, once that has a point", "placement")
    if wager in SINGLE:
        return Expect("accepted", PLACEMENT, "a Single Chance bet when it can be made",
                      "placement")
    return Expect("accepted", MULTIPLE_CHANCES_CLAUSE, "a Multiple Chances wager can be "
                                                       "played at any time", "any-time")


def _single(ref: TableState, wager: str) -> Expect | None:
    """A Single Chance bet out of its time (conv-table-placement: the scripts "judge no
    other placement of a Single Chance bet"): the table's to take or refuse, and what
    becomes of it is not judged."""
    if (wager in COME_OUT_LINES and not ref.table.come_out) or \
            (wager in POINT_LINES and ref.table.come_out):
        when = "on a come-out roll" if wager in COME_OUT_LINES else \
            "while a point is on"
        return Expect("either", PLACEMENT, f"a {wager} bet is made {when}: any other "
                                           "placement of it is the table's choice, and not "
                                           "judged", "placement", unjudged=True)
    return None


def _odds(s: Setting, ref: TableState, wager: str, amount: int, on: Any) -> Expect | None:
    if wager not in ODDS_ON:
        return None
    refused = _refused(ASSOCIATE_CLAUSE, "an Associate Chance cannot be played unless the "
                                         "corresponding Single Chance wager, whose point must "
                                         "be known, has been engaged", "placement")
    parent = ref.bets.get(on) if isinstance(on, str) else None
    if parent is not None and parent.outlaw and parent.wager in SINGLE:
        return Expect("either", PLACEMENT, "an Associate Chance on a Single Chance bet made "
                                           "out of its time (not judged): the table's choice",
                      "placement", unjudged=True)
    if parent is None or parent.wager != ODDS_ON[wager] or parent.point is None:
        return refused
    p = s.policies
    if p.one_odds and parent.odds:
        return _refused("policy-one-odds", "one Associate Chance on each Single Chance bet",
                        "placement", False)
    nets = s.oracle.win_nets(wager, parent.point)
    if not p.odds_allowed(wager, amount, parent.amount, parent.point,
                          min(nets) if nets else None):
        return _refused("policy-odds-limit", "over the table's odds limit", "placement", False)
    return None


def _whole(s: Setting, ref: TableState, wager: str, amount: int, on: Any) -> bool:
    """Whether every win the bet can have pays a whole number of units."""
    parent = ref.bets.get(on) if isinstance(on, str) else None
    point = parent.point if wager in ODDS_ON and parent is not None else None
    units = amount * s.money.per_stake_unit
    return all((units * net).denominator == 1 for net in s.oracle.win_nets(wager, point))


def call(s: Setting, ref: TableState, event: dict[str, Any]) -> Expect:
    bet = ref.bets.get(event["call"])
    if bet is None:
        why = _gone(ref, event["call"])
        return _refused(CALLS, f"a call is made only on a bet on the table, and this one is "
                               f"not ({why})", "call")
    if s.policies.no_working_call:
        return _refused("policy-no-working-call", "the table has no working call", "call")
    if not s.oracle.takes_call(bet.wager):
        return _refused(CALLS, CALL_WAGERS, "call")
    return Expect("accepted", _call_clause(bet.wager), "the player may say the wager works",
                  "call")


def withdrawal(s: Setting, ref: TableState, event: dict[str, Any]) -> Expect:
    bet = ref.bets.get(event["withdraw"])
    if bet is None:
        why = _gone(ref, event["withdraw"])
        return _refused(DECIDED, f"a bet that is not on the table ({why}) cannot be "
                                 "withdrawn", "withdrawal")
    returned = bet.amount * s.money.per_stake_unit
    if bet.odds:
        return _refused(ASSOCIATE_CLAUSE, "the Associate Chances on it follow its outcome",
                        "withdrawal")
    takes = bet.wager in HARD_WAYS or bet.wager in ODDS_ON
    if takes and bet.rolls:
        clause = HARD_WAYS_WITHDRAWAL_CLAUSE if bet.wager in HARD_WAYS \
            else ASSOCIATE_CLAUSE
        if bet.wager in s.policies.no_take_down:
            return Expect("refused", "policy-no-take-down", "the table takes no bet down",
                          "withdrawal")
        return Expect("accepted", clause, "withdrawn after an inconclusive roll", "withdrawal",
                      returned)
    return Expect("either", SCOPE, "the table's choice", "withdrawal", returned)


def _gone(ref: TableState, bet_id: Any) -> str:
    """Why a bet is not on the table, in words that name no event (a report groups the
    failures of one kind, whatever the event: its witness names the event)."""
    why = ref.left.get(bet_id) if isinstance(bet_id, str) else None
    if why is None:
        return "never placed"
    return "withdrawn" if why == "withdrawn" else "decided"
