"""A table's declared house rules (docs/engine-protocol.md, "hello"): limits and policies the
text does not have, each a named convention shown in force in every report.

The scripts stay within them, and the reference table answers by them. Where one contradicts
a clause -- a Hard Way that cannot be withdrawn after an inconclusive roll, no working call
where the text gives the player one -- the ``policies`` obligation says so once, citing that
clause, and the inputs the policy keeps the table from are not refuted one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: the stake the money scripts go up to when the hello declares no limit (stake units)
DEFAULT_MAX_STAKE = 10**9
#: the largest limit read
MAX_LIMIT = 10**15
#: the wagers a take-down policy may name
ODDS = ("pass-odds", "dont-pass-odds", "come-odds", "dont-come-odds")
HARD_WAYS = ("hard-4", "hard-6", "hard-8", "hard-10")
#: 3-4-5x odds: the multiple of the line stake the right odds may be, by point
THREE_FOUR_FIVE = {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}
#: ... and what the don't odds may win: 6 times the line stake
DONT_WIN_MULTIPLE = 6

#: the convention each policy is, and the clauses it contradicts (empty: the text is silent)
CONVENTION = {"max-stake": "policy-max-stake", "odds-limit": "policy-odds-limit",
              "one-odds": "policy-one-odds", "no-take-down": "policy-no-take-down",
              "no-working-call": "policy-no-working-call",
              "payment": "policy-payment-per-player"}


class PolicyError(ValueError):
    """A declaration that cannot be used; the message names what is valid."""


@dataclass(frozen=True)
class Policies:
    """What the hello declares (every field at its default: a table with no house rules)."""

    max_stake: int | None = None
    #: an odds bet's stake at most this multiple of its line bet's, or "3-4-5", or None
    odds_limit: int | str | None = None
    one_odds: bool = False
    #: the wagers that cannot be withdrawn (every wager when the hello says true)
    no_take_down: frozenset[str] = frozenset()
    no_working_call: bool = False
    per_player: bool = False

    @property
    def stake_ceiling(self) -> int:
        """The largest stake the scripts play."""
        return self.max_stake if self.max_stake is not None else DEFAULT_MAX_STAKE

    def declared(self) -> list[str]:
        """The conventions in force, one per declared policy."""
        on = {"max-stake": self.max_stake is not None, "odds-limit": self.odds_limit is not None,
              "one-odds": self.one_odds, "no-take-down": bool(self.no_take_down),
              "no-working-call": self.no_working_call, "payment": self.per_player}
        return [CONVENTION[k] for k, v in on.items() if v]

    def odds_allowed(self, odds: str, stake: int, line_stake: int, point: int,
                     net: Fraction | None) -> bool:
        """Whether an odds stake is within the declared odds limit (``net``: what it wins per
        unit on its point)."""
        if self.odds_limit is None:
            return True
        if isinstance(self.odds_limit, int):
            return stake <= self.odds_limit * line_stake
        if odds in ("pass-odds", "come-odds"):
            return stake <= THREE_FOUR_FIVE.get(point, 0) * line_stake
        return net is not None and stake * net <= DONT_WIN_MULTIPLE * line_stake

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.odds_limit is not None:
            out["odds-limit"] = self.odds_limit if isinstance(self.odds_limit, str) \
                else {"multiple": self.odds_limit}
        if self.one_odds:
            out["one-odds"] = True
        if self.no_take_down:
            out["no-take-down"] = sorted(self.no_take_down)
        if self.no_working_call:
            out["no-working-call"] = True
        if self.per_player:
            out["payment"] = "per-player"
        return out


VALID = ("policies is an object of \"odds-limit\" ({\"multiple\": K}, K a whole number from 1 "
         "to 1000, or \"3-4-5\"), \"one-odds\": true, \"no-take-down\" (true or a list of "
         "wagers), \"no-working-call\": true, \"payment\" (\"per-bet\" or \"per-player\"); "
         "limits is {\"max_stake\": a whole number of stake units from 1 to 10^15}")


def read(policies: Any, limits: Any, wagers: tuple[str, ...]) -> Policies:
    """The hello's ``policies`` and ``limits``, read strictly (PolicyError if unusable)."""
    max_stake = _limits(limits)
    raw = {} if policies is None else policies
    known = {"odds-limit", "one-odds", "no-take-down", "no-working-call", "payment"}
    if not isinstance(raw, dict) or not set(raw) <= known:
        raise PolicyError(VALID)
    odds_limit = _odds_limit(raw.get("odds-limit"))
    if raw.get("one-odds", False) not in (True, False) or \
            raw.get("no-working-call", False) not in (True, False) or \
            raw.get("payment", "per-bet") not in ("per-bet", "per-player"):
        raise PolicyError(VALID)
    return Policies(max_stake, odds_limit, raw.get("one-odds", False) is True,
                    _no_take_down(raw.get("no-take-down", False), wagers),
                    raw.get("no-working-call", False) is True,
                    raw.get("payment") == "per-player")


def _limits(limits: Any) -> int | None:
    if limits is None:
        return None
    if not isinstance(limits, dict) or set(limits) != {"max_stake"}:
        raise PolicyError(VALID)
    value = limits["max_stake"]
    if type(value) is not int or not 1 <= value <= MAX_LIMIT:
        raise PolicyError(VALID)
    return value


def _odds_limit(raw: Any) -> int | str | None:
    if raw is None or raw == "3-4-5":
        return raw  # type: ignore[no-any-return]
    if isinstance(raw, dict) and set(raw) == {"multiple"} and type(raw["multiple"]) is int \
            and 1 <= raw["multiple"] <= 1000:
        return int(raw["multiple"])
    raise PolicyError(VALID)


def _no_take_down(raw: Any, wagers: tuple[str, ...]) -> frozenset[str]:
    if raw is False:
        return frozenset()
    if raw is True:
        return frozenset(wagers)
    if isinstance(raw, list) and all(isinstance(w, str) for w in raw) and len(raw) <= 400:
        return frozenset(raw)
    raise PolicyError(VALID)
