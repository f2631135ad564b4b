"""Every field's domain (docs/engine-protocol.md, "Every field's domain"): the bet IDs the
protocol allows, the stakes at their boundaries, odds stakes unlike their line bet's, and both
dice orders.

The scripts otherwise name bets ``b1``, ``b2``, ...; a table may keep IDs in a way that only
some IDs break (compared without case, cut to a few characters, read as numbers, refused
outside ASCII, or a reused ID's old bet remembered). The domain scripts place, side by side,
bets whose IDs are:

- one character; forty or twenty characters alike but for the last; only digits (``7``,
  ``007``); with a space; forty characters of four bytes each in UTF-8 (a character is a
  Unicode code point: a JavaScript string counts each of these twice);
- alike but for case (``Ab``, ``aB``); outside ASCII (``é``, ``下注``, ``🎲``);
- reused once their bet has left, where the table declares ``reuse-ids``.

They run at whatever wagers the table offers (:func:`side_by_side`); what no script can play
at a table is named by :func:`unplayed`, never claimed.

The odds scripts stake an Associate Chance below, equal to and above its line bet's stake, up
to the declared limit (and one over it, which must be refused), on every point, winning and
losing. The player scripts place a second player's bets beside the first's. The long sessions
name their bets by :class:`Ids`, which cycles through every class, and now and then place a
bet for a second player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.reference import ReferenceTable
from casino_proofs.craps.table.scripts.planner import (
    COME_OUT_LINES,
    DONT,
    HARD_WAYS,
    ODDS_ON,
    ONE_ROLL_PAIR,
    POINT_LINES,
    SINGLE,
    SPLIT,
    Script,
)

#: IDs side by side, each class: what it tests, and the IDs
ID_CLASSES: tuple[tuple[str, tuple[str, str]], ...] = (
    ("one character", ("a", "Z")),
    ("forty characters alike but for the last", ("x" * 39 + "1", "x" * 39 + "2")),
    ("only digits, alike as numbers", ("7", "007")),
    ("alike but for case", ("Ab", "aB")),
    ("outside ASCII", ("é", "下注")),
    ("twenty characters alike but for the last", ("y" * 19 + "1", "y" * 19 + "2")),
    ("with a space", ("a b", "a c")),
    ("forty characters of four bytes each in UTF-8", ("🎲" * 39 + "🃏", "🎲" * 40)),
)
#: the players beside the first (who names none): a second, a third, one named outside ASCII
PLAYERS = ("p2", "p3", "joueur é")
#: script IDs of each class of the protocol's domain (a string of 1 to 40 characters), given
#: to the first domain scripts (the others are ``s1``, ``s2``, ...): one character, only
#: digits (echoed as the string it was sent, never as a number), and forty characters
SCRIPT_IDS: tuple[tuple[str, str], ...] = (
    ("one character", "7"), ("only digits", "0123456789"),
    ("forty characters", "script-" + "x" * 32 + "1"))
#: a fresh ID of each class in turn (``{n}``: a number that makes it new)
_CYCLE = ("b{n}", "{n}", "{n:03d}", "{x}{n:04d}", "Ab{n}", "aB{n}", "é{n}", "下注{n}",
          "🎲{n}", "bet {n}", "{y}{n:04d}")


class Ids:
    """Fresh bet IDs for a session, cycling through every class of the protocol's domain; a
    table that declares ``reuse-ids`` is also given, now and then, the ID of a bet that has
    left."""

    def __init__(self, reuse: bool) -> None:
        self.reuse = reuse
        self.made = 0

    def fresh(self, ref: ReferenceTable) -> str:
        self.made += 1
        if self.reuse and self.made % 5 == 0:
            gone = [b for b in ref.state.gone if b not in ref.bets]
            if gone:
                return gone[0]
        n = self.made
        while True:
            bet_id = _CYCLE[n % len(_CYCLE)].format(n=n, x="x" * 36, y="y" * 18)
            if bet_id not in ref.state.used and bet_id not in ref.bets:
                return bet_id
            n += len(_CYCLE)


def _pair(offered: frozenset[str]) -> tuple[str, str, tuple[int, int], tuple[int, int]] | None:
    """Two wagers that stay on the table through the same rolls and are decided apart, and a
    roll that decides the first alone, then one that decides the second."""
    by_number = {spec.family(w).number: w for w in offered if w in HARD_WAYS}
    numbers = [6, 8] if {6, 8} <= set(by_number) else sorted(n for n in by_number if n)[:2]
    if len(numbers) == 2:
        a, b = numbers
        return by_number[a], by_number[b], (a // 2, a // 2), (b // 2, b // 2)
    first, second, roll_a, roll_b = ONE_ROLL_PAIR
    if {first, second} <= offered:
        return first, second, roll_a, roll_b
    return None


@dataclass(frozen=True)
class SideBySide:
    """Two bets placed side by side at whatever wagers the table offers: the events that
    bring the table to where they are placed, their wagers and stakes, the rolls that
    decide them, and the first of those rolls that the first bet leaves on."""

    before: tuple[dict[str, Any], ...]
    first: str
    second: str
    stakes: tuple[int, int]
    rolls: tuple[tuple[int, int], ...]
    leave: int

    def placed(self, a: str, b: str, stakes: tuple[int, int] | None = None, **more: Any
               ) -> tuple[dict[str, Any], ...]:
        first, second = stakes or self.stakes
        return ({"place": a, "wager": self.first, "amount": first, **more},
                {"place": b, "wager": self.second, "amount": second, **more})

    def rolled(self, upto: int | None = None) -> tuple[dict[str, Any], ...]:
        return tuple({"roll": list(r)} for r in self.rolls[:upto])


def side_by_side(offered: frozenset[str]) -> SideBySide | None:
    """Two wagers decided apart where the table offers such a pair (two Hard Ways, Any 7 and
    Eleven); else two bets of one wager the table offers, staked unlike, decided on the same
    rolls (a one-roll wager or a hop on its roll, a Hard Way then a 7, a line bet on a point
    made): so that the data scripts run at every table, whatever it offers (none: a table
    that offers only odds, which no bet can be placed at first)."""
    pair = _pair(offered)
    if pair is not None:
        first, second, roll_a, roll_b = pair
        return SideBySide((), first, second, (10, 10), (roll_a, roll_b), 1)
    placeable = sorted((w for w in offered if w not in ODDS_ON),
                       key=lambda w: (w in SINGLE, w in POINT_LINES, w))
    if not placeable:
        return None
    wager = placeable[0]
    if wager in SINGLE:  # placed, brought to 6, and the 6 made
        before = () if wager in COME_OUT_LINES else ({"roll": list(SPLIT[4])},)
        return SideBySide(before, wager, wager, (10, 20), (SPLIT[6], SPLIT[6]), 2)
    return SideBySide((), wager, wager, (10, 20), (_deciding(wager) or SPLIT[7], SPLIT[7]), 2)


def id_scripts(setting: Setting) -> list[Script]:
    """Bets whose IDs are of each class of the domain, side by side and settled apart."""
    twins = side_by_side(setting.offered)
    if twins is None:
        return []
    out = [Script(f"ids: {what}", "domain", (*twins.before, *twins.placed(a, b),
                                              *twins.rolled()), {})
           for what, (a, b) in ID_CLASSES]
    if setting.policies.reuse_ids:
        first, second = twins.placed("r", "r")
        out.append(Script("ids: reused once the bet left", "domain", (
            *twins.before, first, *twins.rolled(twins.leave), second, *twins.rolled()), {}))
    return out


#: each odds wager whose line bet the player scripts bring to a point where a 1-unit odds
#: bet wins a fraction of a unit: the point, and the roll it wins on
FRACTIONS = tuple((w, 6, 7) if w in DONT else (w, 5, 5) for w in sorted(
    ODDS_ON, key=lambda w: (w not in DONT, ODDS_ON[w] in POINT_LINES)))


def player_scripts(setting: Setting) -> list[Script]:
    """Bets of each other player beside the first's, settled on the same rolls; and a line
    bet of the second player with two odds bets of 1 unit each that win a fraction of a unit
    each (Don't Pass odds on 6: 5/6; Pass odds on 5: 3/2; paid per player, the player's sum
    is rounded once; per bet, each rounds alone), at the first odds wager offered."""
    out = []
    twins = side_by_side(setting.offered)
    if twins is not None:
        others = tuple(event for i, player in enumerate(PLAYERS)
                       for event in twins.placed(f"b{i}", f"c{i}", (10, 7), player=player))
        out.append(Script("players: other players' bets beside the first's", "domain", (
            *twins.before, twins.placed("a", "a2")[0], *others, *twins.rolled()), {}))
    odds = next(((w, p, r) for w, p, r in FRACTIONS
                 if {w, ODDS_ON[w]} <= setting.offered), None)
    if odds is None or setting.policies.one_odds:
        return out
    wager, point, wins = odds
    to_point = [{**e, "place": "l"} if "place" in e else e
                for e in _to_point(ODDS_ON[wager], point)]

    def script(name: str, first: dict[str, Any], second: dict[str, Any]) -> Script:
        return Script(name, "domain", (
            *({**e, **first} if "place" in e else e for e in to_point),
            {"place": "o1", "wager": wager, "amount": 1, "on": "l", **first},
            {"place": "o2", "wager": wager, "amount": 1, "on": "l", **second},
            {"roll": list(SPLIT[wins])}), {})
    out.append(script("players: a second player's odds winning fractions",
                      {"player": "p2"}, {"player": "p2"}))
    # the first player named and not: one player, whose winnings are rounded as one sum
    out.append(script("players: the first player named beside the first unnamed",
                      {}, {"player": "p1"}))
    return out


#: bets of one family placed side by side and moved or decided on one roll
MANY = 3


def many_scripts(setting: Setting) -> list[Script]:
    """Three bets of one wager of each family the table offers, moved to a point or decided
    on one roll, and decided on the next: three Come bets moving to one come point, three
    Pass bets on one point, three Hard Ways or one-roll wagers decided on one roll."""
    out = []
    for line in (*COME_OUT_LINES, *POINT_LINES):
        if line not in setting.offered:
            continue
        events: list[dict[str, Any]] = [] if line in COME_OUT_LINES else \
            [{"roll": list(SPLIT[4])}]
        events += [{"place": f"m{i}", "wager": line, "amount": 10} for i in range(MANY)]
        events += [{"roll": list(SPLIT[6])}, {"roll": list(SPLIT[6])}]
        out.append(Script(f"many: {MANY} {line} bets moved to one point, then decided",
                          "domain", tuple(events), {}))
    multiple = [w for w in sorted(setting.offered) if w not in SINGLE and w not in ODDS_ON]
    one_roll = [(w, SPLIT[7]) for w in multiple if spec.family(w).kind is spec.Kind.ONE_ROLL]
    for wager, dice in [(w, d) for w in multiple if (d := _deciding(w))] + one_roll:
        events = [{"place": f"m{i}", "wager": wager, "amount": 10} for i in range(MANY)]
        out.append(Script(f"many: {MANY} {wager} bets decided on one roll", "domain",
                          (*events, {"roll": list(dice)}), {}))
        break  # one wager of the Multiple Chances is enough: each is its own bet
    return out


def _deciding(wager: str) -> tuple[int, int] | None:
    """A roll on which ``wager`` wins while the point is off (the first in dice order)."""
    fam = spec.family(wager)
    if fam.kind is spec.Kind.HARD_WAY and fam.number is not None:
        return (fam.number // 2, fam.number // 2)
    if fam.dice is not None:
        return fam.dice
    return None


def _to_point(line: str, point: int) -> list[dict[str, Any]]:
    """A line bet of ``line`` placed and brought to ``point`` (a Come bet while the table's
    point is another number)."""
    if line in COME_OUT_LINES:
        return [{"place": "line", "wager": line, "amount": 10}, {"roll": list(SPLIT[point])}]
    table = 4 if point != 4 else 5
    return [{"roll": list(SPLIT[table])}, {"place": "line", "wager": line, "amount": 10},
            {"roll": list(SPLIT[point])}]


def odds_stakes(setting: Setting, line: int, wager: str, point: int) -> list[int]:
    """Odds stakes below, equal to and above the line bet's, up to the declared limit, and
    (where a limit is declared) one over it."""
    policies = setting.policies
    ceiling = policies.stake_ceiling
    nets = setting.oracle.win_nets(wager, point)
    net = min(nets) if nets else None
    above = [s for s in (line + 1, *(k * line for k in (2, 3, 4, 5, 6, 7, 10))) if s <= ceiling]
    allowed = [s for s in above if policies.odds_allowed(wager, s, line, point, net)]
    over = [s for s in above if s not in allowed][:1]
    return [line - 1, line, *allowed, *over]


def odds_scripts(setting: Setting) -> list[Script]:
    """Each Associate Chance offered, on every point, staked below, equal to and above its
    line bet, winning and losing."""
    out = []
    for wager, line in ODDS_ON.items():
        if wager not in setting.offered or line not in setting.offered:
            continue
        for point in (4, 5, 6, 8, 9, 10):
            stakes = odds_stakes(setting, 10, wager, point)
            groups: Iterable[list[int]] = [[s] for s in stakes] \
                if setting.policies.one_odds else [stakes]
            for group in groups:
                for end, roll in (("the point", SPLIT[point]), ("a seven", SPLIT[7])):
                    events = _to_point(line, point)
                    events += [{"place": f"o{s}", "wager": wager, "amount": s, "on": "line"}
                               for s in group]
                    events.append({"roll": list(roll)})
                    name = f"odds: {wager} on {point}, stakes {'/'.join(map(str, group))}, " \
                           f"then {end}"
                    out.append(Script(name, "domain", tuple(events), {}))
    return out


def domain_scripts(setting: Setting) -> list[Script]:
    return id_scripts(setting) + odds_scripts(setting) + player_scripts(setting) + \
        many_scripts(setting)


def unplayed(setting: Setting) -> list[str]:
    """The data classes no script plays at this table, because of the wagers it offers or
    its policies: the report names them, never claims them (docs/engine-protocol.md, "The
    fault domain")."""
    planned = domain_scripts(setting)
    names = {s.name for s in planned}
    out = []
    if side_by_side(setting.offered) is None:
        out.append("bet IDs of every class, and other players' bets (no wager offered that a "
                   "bet can be placed at first)")
    if len(planned) < len(SCRIPT_IDS):
        out.append("script IDs " + ", ".join(w for w, _id in SCRIPT_IDS[len(planned):]))
    if "players: the first player named beside the first unnamed" not in names:
        out.append('the first named "p1" beside the first unnamed, and a player\'s odds bets '
                   "winning fractions (no odds wager offered with its line bet"
                   + (", or one-odds declared)" if setting.policies.one_odds else ")"))
    if not any(n.startswith("odds: ") for n in names):
        out.append("odds stakes (no odds wager offered with its line bet)")
    if not any(n.startswith("many: ") for n in names):
        out.append(f"{MANY} bets of one wager moved or decided on one roll")
    return out
