"""The history planner: scripts for the history pairs the long sessions missed
(docs/engine-protocol.md, "History covered pairwise").

Each recipe sets a history up on purpose, then plays the events whose settlement it could
change. Together they reach what random play rarely does:

- **earlier points**: every line bet and its odds, on every point, winning and losing, for
  the first, second and third shooter who set none, one or two points before (each earlier
  point another number than the one played, and once the same number);
- **the same number again**: a Don't bet barred on 12 twice, a Come odds bet returned on a
  come-out roll and then staked again on its number, come-out decisions twice;
- **calls around a point made**: a call just before the roll that makes the point and just
  after it, then the come-out roll; a bet called again and again, then rolled;
- **the event before a placement**: a Come and a Don't Come bet placed just after each kind
  of event, then decided;
- **the event before a withdrawal**: a Hard Way or an odds bet withdrawn just after each kind
  of event;
- **legal play after a take-down**: a Hard Way or odds bet taken down, then a roll (with a
  Hard Way, Come odds or Pass odds on the table), a call, or a Hard Way or odds bet placed;
- **the rolls so far**: every wager decided, every way, after 50 and after 100 rolls.

A recipe is played only if it reaches a pair no session reached (:func:`wanted`); what it
reaches is worked out on the reference table before anything is played. The deep scripts are
always played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import cycle
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.table.judging import expected
from casino_proofs.craps.table.judging.bets import Setting, setting_key
from casino_proofs.craps.table.judging.observe import Played, read_script
from casino_proofs.craps.table.judging.reference import ReferenceTable
from casino_proofs.craps.table.scripts.pairs import Pair, pairs_of
from casino_proofs.craps.table.scripts.planner import (
    COME,
    COME_ODDS,
    COME_OUT_LINES,
    DONT_COME,
    DONT_PASS,
    HARD_WAYS,
    ODDS_OF,
    ODDS_ON,
    PASS,
    PASS_ODDS,
    POINT_LINES,
    SINGLE,
    SPLIT,
    Script,
)
from casino_proofs.craps.table.scripts.stakes import capped
from casino_proofs.obligations.words import counted
from casino_proofs.protocol.answers import POINTS

#: the stakes the deep scripts place each wager at: a few units, and a multiple of every
#: payout's denominator
DEEP_STAKES = (7, 2520)
#: the most calls made on one bet before its decision (the fault domain says so)
MOST_CALLS = 8
HARD = {4: (2, 2), 6: (3, 3), 8: (4, 4), 10: (5, 5)}
Event = dict[str, Any]


def _roll(total: int, flip: bool = False) -> Event:
    d1, d2 = SPLIT[total]
    return {"roll": [d2, d1] if flip else [d1, d2]}


def prefix(shooter: int, points: int, avoid: Iterable[int], same: int | None = None
           ) -> list[Event]:
    """Rolls that bring a fresh table to its ``shooter``-th shooter (each earlier one sevened
    out on a point of their own) who has set and made ``points`` points, every one of them a
    number not in ``avoid`` (``same``: the last one made is that number instead)."""
    pool = cycle([p for p in POINTS if p not in set(avoid)])
    out: list[Event] = []
    for _ in range(shooter - 1):
        out += [_roll(next(pool)), _roll(7, True)]
    made = [next(pool) for _ in range(points)]
    if same is not None and made:
        made[-1] = same
    for p in made:
        out += [_roll(p), _roll(p, True)]
    return out


def _line(setting: Setting, family: tuple[str, ...], point: int, win: bool,
          before: list[Event]) -> list[Event] | None:
    """A line bet (Pass or Don't Pass, or Come or Don't Come) and its odds on ``point``, then
    the roll that decides them: the point (``win``) or a seven."""
    bets = [w for w in family if w in setting.offered]
    if not bets:
        return None
    out = list(before)
    if family[0] == COME:
        out.append(_roll(4 if point != 4 else 5))  # the table's own point first
    out += [{"place": f"l{i}", "wager": w, "amount": 10} for i, w in enumerate(bets)]
    out.append(_roll(point))
    out += [{"place": f"o{i}", "wager": ODDS_OF.get(w, ""), "amount": 20, "on": f"l{i}"}
            for i, w in enumerate(bets) if ODDS_OF.get(w, "") in setting.offered]
    out.append(_roll(point, True) if win else _roll(7))
    return out


def earlier_points(setting: Setting) -> Iterator[tuple[str, list[Event]]]:
    for family in (COME_OUT_LINES, POINT_LINES):
        for shooter in (1, 2, 3):
            for points in (0, 1, 2):
                for point in POINTS:
                    for win in (True, False):
                        events = _line(setting, family, point, win,
                                       prefix(shooter, points, (point,)))
                        if events:
                            yield (f"history: {family[0]} on {point}, shooter {shooter}, "
                                   f"{counted(points, 'point')} before, "
                                   f"{'won' if win else 'sevened'}",
                                   events)
            for point in POINTS:
                events = _line(setting, family, point, True, prefix(shooter, 1, (), point))
                if events:
                    yield (f"history: {family[0]} on {point} again, shooter {shooter}", events)


def same_number(setting: Setting) -> Iterator[tuple[str, list[Event]]]:
    offered = setting.offered
    if DONT_PASS in offered:
        yield "history: Don't Pass barred twice", [
            {"place": "d", "wager": DONT_PASS, "amount": 10}, {"roll": [6, 6]},
            {"roll": [6, 6]}, {"roll": [1, 1]}, {"place": "e", "wager": DONT_PASS,
                                                 "amount": 10}, {"roll": [6, 6]}]
    if DONT_COME in offered:
        yield "history: Don't Come barred twice", [
            _roll(4), {"place": "d", "wager": DONT_COME, "amount": 10}, {"roll": [6, 6]},
            {"roll": [6, 6]}, {"roll": [1, 2]},
            {"place": "e", "wager": DONT_COME, "amount": 10}, {"roll": [6, 6]}]
    for line in COME_OUT_LINES:
        if line in offered:
            for total in (7, 11, 2, 3, 12):
                d1, d2 = (1, total - 1) if total <= 7 else (total - 6, 6)
                yield f"history: {line} decided on {total} twice", [
                    {"place": "a", "wager": line, "amount": 10}, {"roll": [d1, d2]},
                    {"place": "b", "wager": line, "amount": 10}, {"roll": [d2, d1]}]
    if {COME, COME_ODDS} <= offered:
        for n in POINTS:
            table = 4 if n != 4 else 5
            yield f"history: Come odds on {n} returned, then staked again", [
                _roll(table), {"place": "c", "wager": COME, "amount": 10}, _roll(n),
                {"place": "co", "wager": COME_ODDS, "amount": 10, "on": "c"},
                _roll(table, True), _roll(n, True), _roll(table),
                {"place": "d", "wager": COME, "amount": 10}, _roll(n),
                {"place": "do", "wager": COME_ODDS, "amount": 10, "on": "d"}, _roll(n)]


def _callable(setting: Setting) -> list[str]:
    return [w for w in HARD_WAYS if w in setting.offered]


def calls_around_point(setting: Setting) -> Iterator[tuple[str, list[Event]]]:
    if setting.policies.no_working_call:
        return
    for wager in _callable(setting):
        n = int(spec.family(wager).number or 0)
        table = 5 if n != 5 else 9
        hard = {"roll": list(HARD[n])}
        for working in (True, False):
            place = {"place": "h", "wager": wager, "amount": 10, "working": not working}
            call = {"call": "h", "working": working}
            yield f"history: {wager} called just before the point is made", [
                place, _roll(table), call, _roll(table, True), hard]
            yield f"history: {wager} called just after the point is made", [
                place, _roll(table), _roll(table, True), call, hard]


def calls_again(setting: Setting) -> Iterator[tuple[str, list[Event]]]:
    """A Hard Way called working, off and working again, up to ``MOST_CALLS`` calls, then
    rolled hard on a come-out roll; Come odds likewise, then their come point rolled on a
    come-out roll (a table that takes a later call and forgets it shows here)."""
    if setting.policies.no_working_call:
        return
    for wager in _callable(setting):
        n = int(spec.family(wager).number or 0)
        calls: list[Event] = []
        for i in range(MOST_CALLS):
            calls.append({"call": "h", "working": i % 2 == 0})
            yield f"history: {wager} called {counted(i + 1, 'time')}, then rolled hard", [
                {"place": "h", "wager": wager, "amount": 10}, *calls,
                {"roll": list(HARD[n])}]
    if {COME, COME_ODDS} <= setting.offered:
        calls = []
        for i in range(MOST_CALLS):
            calls.append({"call": "o", "working": i % 2 == 0})
            yield f"history: come-odds called {counted(i + 1, 'time')}, then a come-out roll", [
                _roll(4), {"place": "c", "wager": COME, "amount": 10}, _roll(5),
                {"place": "o", "wager": COME_ODDS, "amount": 20, "on": "c"}, *calls,
                _roll(4, True), _roll(5, True)]


def placed_after(setting: Setting) -> Iterator[tuple[str, list[Event]]]:
    """A Come and a Don't Come bet placed just after each kind of event while a point is on,
    then decided on their come roll (by a 7 and by a craps 3) and on their point."""
    hard = _callable(setting)
    for line in POINT_LINES:
        if line not in setting.offered:
            continue
        befores: list[tuple[str, list[Event]]] = [
            ("a come-out roll that set the point", [_roll(5)]),
            ("a roll that left the point on", [_roll(5), {"roll": [1, 2]}]),
            ("a placement", [_roll(5), {"place": "x", "wager": line, "amount": 10}])]
        if hard and hard[0] not in setting.policies.no_take_down:
            befores.append(("a withdrawal", [
                _roll(5), {"place": "w", "wager": hard[0], "amount": 10}, {"roll": [1, 2]},
                {"withdraw": "w"}]))
            if not setting.policies.no_working_call:
                befores.append(("a call", [_roll(5), {"place": "w", "wager": hard[0],
                                                     "amount": 10},
                                           {"call": "w", "working": True}]))
        for what, events in befores:
            for end in ([{"roll": [3, 4]}], [{"roll": [1, 2]}], [_roll(6), _roll(6, True)]):
                yield f"history: {line} placed just after {what}", [
                    *events, {"place": "c", "wager": line, "amount": 12}, *end]


def withdrawals_after(setting: Setting) -> Iterator[tuple[str, list[Event]]]:
    """A Hard Way withdrawn just after each kind of event, once it stood through a roll."""
    hard = _callable(setting)
    if not hard or hard[0] in setting.policies.no_take_down:
        return
    wager, other = hard[0], hard[-1]
    n = int(spec.family(wager).number or 0)
    table = 5 if n != 5 else 9
    stand: list[Event] = [{"place": "w", "wager": wager, "amount": 10}, {"roll": [1, 2]}]
    befores: list[tuple[str, list[Event]]] = [
        ("a placement", [{"place": "x", "wager": other, "amount": 10}]),
        ("a come-out roll that set no point", [{"roll": [5, 6]}]),
        ("a come-out seven", [{"roll": [3, 4]}]),
        ("a come-out roll that set the point", [_roll(table)]),
        ("a roll that left the point on", [_roll(table), {"roll": [1, 2]}]),
        ("a roll that made the point", [_roll(table), _roll(table, True)]),
        ("a withdrawal", [{"place": "x", "wager": other, "amount": 10}, {"roll": [1, 2]},
                          {"withdraw": "x"}])]
    if not setting.policies.no_working_call:
        befores.append(("a call", [{"call": "w", "working": True}]))
    for what, events in befores:
        yield f"history: {wager} withdrawn just after {what}", [
            *stand, *events, {"withdraw": "w"}]


def after_take_down(setting: Setting) -> Iterator[tuple[str, list[Event]]]:
    """A bet taken down after it stood through a roll, then each kind of legal play: a roll
    with a Hard Way, Come odds or Pass odds on the table, a call of a Hard Way, a Hard Way or
    an odds bet placed (a table that forgets more than the bet taken down shows here)."""
    p = setting.policies
    hard = [w for w in _callable(setting) if w not in p.no_take_down]
    if hard:
        wager = hard[0]
        n = int(spec.family(wager).number or 0)
        down: list[Event] = [{"place": "h", "wager": wager, "amount": 10},
                             {"place": "k", "wager": wager, "amount": 10}, {"roll": [1, 2]},
                             {"withdraw": "k"}]
        for what, end in (("rolled hard", {"roll": list(HARD[n])}), ("sevened", _roll(7)),
                          ("rolled easy", _roll(n)), ("rolled 3", {"roll": [1, 2]})):
            yield f"history: {wager} {what} just after a take-down", [*down, end]
        yield f"history: {wager} placed just after a take-down", [
            *down, {"place": "j", "wager": wager, "amount": 10}, {"roll": list(HARD[n])}]
        if not p.no_working_call:
            yield f"history: {wager} called just after a take-down", [
                *down, {"call": "h", "working": True}, _roll(7), {"roll": list(HARD[n])}]
    for line, odds, table in ((COME, COME_ODDS, [_roll(4)]), (PASS, PASS_ODDS, [])):
        if not {line, odds} <= setting.offered or odds in p.no_take_down or p.one_odds:
            continue
        point = 5
        down = [*table, {"place": "c", "wager": line, "amount": 10}, _roll(point),
                {"place": "o", "wager": odds, "amount": 10, "on": "c"},
                {"place": "q", "wager": odds, "amount": 10, "on": "c"}, {"roll": [1, 2]},
                {"withdraw": "q"}]
        for what, end in (("its point", _roll(point, True)), ("a seven", _roll(7)),
                          ("a 3", {"roll": [1, 2]})):
            yield f"history: {odds} decided by {what} just after a take-down", [*down, end]
        yield f"history: {odds} placed just after a take-down", [
            *down, {"place": "r", "wager": odds, "amount": 10, "on": "c"},
            _roll(point, True)]


def deep(setting: Setting, rolls: int) -> list[Event]:
    """``rolls`` rolls with nothing on the table (come-out naturals), then every wager
    placed and decided every way it can be, on come-out rolls and with a point on."""
    out: list[Event] = [{"roll": [5, 6] if i % 2 else [6, 5]} for i in range(rolls)]
    one_roll = sorted(w for w in setting.offered if w not in ODDS_ON
                      and w not in SINGLE)
    working = {} if setting.policies.no_working_call else {"working": True}
    ceiling = setting.policies.stake_ceiling
    ref = ReferenceTable(setting)
    ref.play(out)
    n = 0
    for d1, d2 in [(a, b) for _ in range(2) for a in range(1, 7) for b in range(1, 7)]:
        held = {b.wager for b in ref.bets.values()}
        placed: list[Event] = []
        for w in one_roll:
            if w not in held:
                for stake in DEEP_STAKES:
                    n += 1
                    placed.append({"place": f"d{n}", "wager": w, "amount": min(stake, ceiling),
                                   **(working if w in HARD_WAYS else {})})
        ref.play([*placed, {"roll": [d1, d2]}])
        out += [*placed, {"roll": [d1, d2]}]
    if not ref.table.come_out:  # a seven-out: each line bet below in its time (issue 43)
        out.append({"roll": [3, 4]})
    for point in POINTS:
        for win in (True, False):
            line = _line(setting, COME_OUT_LINES, point, win, [])
            if line:
                out += [_renamed(e, f"p{point}{win:d}") for e in line]
    return out


def _renamed(event: Event, tag: str) -> Event:
    out = dict(event)
    for key in ("place", "on"):
        if key in out:
            out[key] = f"{out[key]}{tag}"
    return out


def pool(setting: Setting) -> list[Script]:
    """Every recipe script a session may have made needless, in a fixed order."""
    makers: list[Callable[[Setting], Iterable[tuple[str, list[Event]]]]] = [
        earlier_points, same_number, calls_around_point, calls_again, placed_after,
        withdrawals_after, after_take_down]
    return [capped(Script(name, "history", tuple(events), {}), setting)
            for make in makers for name, events in make(setting)]


def deep_scripts(setting: Setting) -> list[Script]:
    """Every wager decided every way after 50 and after 100 rolls, at stakes of a few units
    and of 2,520: played whatever the sessions showed (a table that goes wrong from some
    roll on may do so only at some stakes)."""
    return [Script(f"history: every wager decided after {n} rolls", "history",
                   tuple(deep(setting, n)), {}) for n in (50, 100)]


def reaches(setting: Setting, script: Script) -> set[Pair]:
    """The history pairs a script reaches at a table that answers as the text says."""
    played = Played(track=False)
    read_script(script, expected.answers(setting, script.events), played, setting)
    return pairs_of(played.history)


_REACHED: dict[tuple[Any, ...], tuple[list[Script], list[tuple[Script, set[Pair]]]]] = {}
#: plans kept (the recipes are a function of the setting alone)
KEPT = 16


def _recipes(setting: Setting) -> tuple[list[Script], list[tuple[Script, set[Pair]]]]:
    """The deep scripts, and every recipe with the pairs it reaches (worked out once a
    setting)."""
    key = setting_key(setting)
    found = _REACHED.get(key)
    if found is None:
        if len(_REACHED) >= KEPT:
            _REACHED.clear()
        found = _REACHED[key] = (deep_scripts(setting),
                                 [(s, reaches(setting, s)) for s in pool(setting)])
    return found


def wanted(setting: Setting, observed: set[Pair]) -> list[Script]:
    """The deep scripts, and the recipes that reach some pair not yet observed (each counted
    once chosen)."""
    seen = set(observed)
    deep, recipes = _recipes(setting)
    out = list(deep)
    for script, reached in recipes:
        if not reached <= seen:
            out.append(script)
            seen |= reached
    return out
