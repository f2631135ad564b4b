"""A table's declared house rules (docs/engine-protocol.md, "hello"): limits and policies the
text does not have, each a named convention shown in force in every report.

The scripts stay within them, and the reference table answers by them. Where one contradicts
a clause -- a Hard Way that cannot be withdrawn after an inconclusive roll, no working call
where the text gives the player one -- the ``policies`` obligation says so once, citing that
clause, and the inputs the policy keeps the table from are not refuted one by one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from casino_proofs.craps.table.scripts.planner import DONT

#: the stake the money scripts go up to when the hello declares no limit (stake units)
DEFAULT_MAX_STAKE = 10**9
#: the largest limit read
MAX_LIMIT = 10**15
#: 3-4-5x odds: the multiple of the line stake the right odds may be, by point
THREE_FOUR_FIVE = {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}
#: ... and what the don't odds may win: 6 times the line stake
DONT_WIN_MULTIPLE = 6

#: the convention each policy is, and the clauses it contradicts (empty: the text is silent)
CONVENTION = {"max-stake": "policy-max-stake", "odds-limit": "policy-odds-limit",
              "one-odds": "policy-one-odds", "no-take-down": "policy-no-take-down",
              "no-working-call": "policy-no-working-call",
              "payment": "policy-payment-per-player", "reuse-ids": "policy-reuse-ids"}


class PolicyError(ValueError):
    """A declaration that cannot be used; the message names what is valid."""


@dataclass(frozen=True)
class OddsLimit:
    """How large an Associate Chance a table takes, by the line bet's stake: the right odds
    (Pass, Come) at most ``right`` times the line stake (``None``: 3, 4, 5 times on 4/10,
    5/9, 6/8), the don't odds (Don't Pass, Don't Come) at most ``dont`` times it, counted on
    their stake (``dont_on`` "stake") or on their winnings ("wins")."""

    right: int | None
    dont: int
    dont_on: str
    #: the declaration as the hello gave it (canonical JSON), echoed in every report
    declared: str

    def allows(self, odds: str, stake: int, line_stake: int, point: int,
               net: Fraction | None) -> bool:
        if odds not in DONT:
            times = self.right if self.right is not None else THREE_FOUR_FIVE.get(point, 0)
            return stake <= times * line_stake
        if self.dont_on == "stake":
            return stake <= self.dont * line_stake
        return net is not None and stake * net <= self.dont * line_stake


@dataclass(frozen=True)
class Policies:
    """What the hello declares (every field at its default: a table with no house rules)."""

    max_stake: int | None = None
    odds_limit: OddsLimit | None = None
    one_odds: bool = False
    #: the wagers that cannot be withdrawn (every wager when the hello says true)
    no_take_down: frozenset[str] = frozenset()
    no_working_call: bool = False
    per_player: bool = False
    #: the table takes a bet's ID again once that bet has left the table
    reuse_ids: bool = False

    @property
    def stake_ceiling(self) -> int:
        """The largest stake the scripts play."""
        return self.max_stake if self.max_stake is not None else DEFAULT_MAX_STAKE

    def declared(self) -> list[str]:
        """The conventions in force, one per declared policy."""
        on = {"max-stake": self.max_stake is not None, "odds-limit": self.odds_limit is not None,
              "one-odds": self.one_odds, "no-take-down": bool(self.no_take_down),
              "no-working-call": self.no_working_call, "payment": self.per_player,
              "reuse-ids": self.reuse_ids}
        return [CONVENTION[k] for k, v in on.items() if v]

    def odds_allowed(self, odds: str, stake: int, line_stake: int, point: int,
                     net: Fraction | None) -> bool:
        """Whether an odds stake is within the declared odds limit (``net``: what it wins per
        unit on its point)."""
        return self.odds_limit is None or self.odds_limit.allows(odds, stake, line_stake,
                                                                 point, net)

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.odds_limit is not None:
            out["odds-limit"] = json.loads(self.odds_limit.declared)
        if self.one_odds:
            out["one-odds"] = True
        if self.no_take_down:
            out["no-take-down"] = sorted(self.no_take_down)
        if self.no_working_call:
            out["no-working-call"] = True
        if self.per_player:
            out["payment"] = "per-player"
        if self.reuse_ids:
            out["reuse-ids"] = True
        return out


VALID = ("policies is an object of \"odds-limit\" (\"3-4-5\", {\"multiple\": K}, or "
         "{\"right\": \"3-4-5\" or {\"multiple\": K}, \"dont\": \"3-4-5\", {\"multiple\": K} "
         "or {\"wins\": K}}, K a whole number from 1 to 1000), \"one-odds\": true, "
         "\"no-take-down\" (true or a list of wagers), \"no-working-call\": true, \"payment\" "
         "(\"per-bet\" or \"per-player\"), \"reuse-ids\": true; limits is {\"max_stake\": a "
         "whole number of stake units from 1 to 10^15}")
FLAGS = ("one-odds", "no-working-call", "reuse-ids")


def read(policies: Any, limits: Any, wagers: tuple[str, ...]) -> Policies:
    """The hello's ``policies`` and ``limits``, read strictly (PolicyError if unusable)."""
    max_stake = _limits(limits)
    raw = {} if policies is None else policies
    known = {"odds-limit", "no-take-down", "payment", *FLAGS}
    if not isinstance(raw, dict) or not set(raw) <= known:
        raise PolicyError(VALID)
    odds_limit = _odds_limit(raw.get("odds-limit"))
    if any(raw.get(flag, False) not in (True, False) for flag in FLAGS) or \
            raw.get("payment", "per-bet") not in ("per-bet", "per-player"):
        raise PolicyError(VALID)
    return Policies(max_stake, odds_limit, raw.get("one-odds", False) is True,
                    _no_take_down(raw.get("no-take-down", False), wagers),
                    raw.get("no-working-call", False) is True,
                    raw.get("payment") == "per-player", raw.get("reuse-ids", False) is True)


def _limits(limits: Any) -> int | None:
    if limits is None:
        return None
    if not isinstance(limits, dict) or set(limits) != {"max_stake"}:
        raise PolicyError(VALID)
    value = limits["max_stake"]
    if type(value) is not int or not 1 <= value <= MAX_LIMIT:
        raise PolicyError(VALID)
    return value


def _multiple(raw: Any, key: str = "multiple") -> int | None:
    """K of ``{key: K}``, K a whole number from 1 to 1000 (None if ``raw`` is not that)."""
    if isinstance(raw, dict) and set(raw) == {key} and type(raw[key]) is int \
            and 1 <= raw[key] <= 1000:
        return int(raw[key])
    return None


def _odds_limit(raw: Any) -> OddsLimit | None:
    """The three forms of odds-limit: "3-4-5" (3, 4, 5 times on the right; don't winnings at
    most 6 times the line stake), {"multiple": K} (every Associate Chance at most K times its
    line stake), and {"right": ..., "dont": ...}, each side on its own."""
    if raw is None:
        return None
    declared = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    if raw == "3-4-5":
        return OddsLimit(None, DONT_WIN_MULTIPLE, "wins", declared)
    k = _multiple(raw)
    if k is not None:
        return OddsLimit(k, k, "stake", declared)
    if isinstance(raw, dict) and set(raw) == {"right", "dont"}:
        right = None if raw["right"] == "3-4-5" else _multiple(raw["right"])
        dont = raw["dont"]
        if raw["right"] == "3-4-5" or right is not None:
            if dont == "3-4-5":
                return OddsLimit(right, DONT_WIN_MULTIPLE, "wins", declared)
            for key, on in (("multiple", "stake"), ("wins", "wins")):
                d = _multiple(dont, key)
                if d is not None:
                    return OddsLimit(right, d, on, declared)
    raise PolicyError(VALID)


def _no_take_down(raw: Any, wagers: tuple[str, ...]) -> frozenset[str]:
    if raw is False:
        return frozenset()
    if raw is True:
        return frozenset(wagers)
    if isinstance(raw, list) and all(isinstance(w, str) for w in raw) and len(raw) <= 400:
        return frozenset(raw)
    raise PolicyError(VALID)
