"""Pai Gow's section of a diff (the registry's ``diff`` entry): every hand of both scopes, its
name and its place in the order, each cell of the grid of classes counted and its most
numerous kinds replayed."""

from __future__ import annotations

from typing import Any

from casino_proofs.analyses.diff.compare import (
    Asked,
    Target,
    add_difference,
    channel_problems,
)
from casino_proofs.paigow.diff import hands as dp
from casino_proofs.paigow.obligations.every_hand import hand_text
from casino_proofs.paigow.obligations.scope_spec import SCOPES


def _ranker_for_grid(a: Target, b: Target) -> dict[str, str]:
    if a.engine is None:
        return a.readings
    if b.engine is None:
        return b.readings
    return a.readings


def paigow_section(a: Target, b: Target, asked: Asked) -> dict[str, Any]:
    """The Pai Gow section: every hand of both scopes, its name and its place in the order."""
    differences, problems = asked.differences, asked.problems
    pa = dp.PaiGowSide(a.label, a.readings, a.engine)
    pb = dp.PaiGowSide(b.label, b.readings, b.engine)
    passed = dp.every_hand(pa, pb, asked.workers, asked.progress)
    for tag, log in sorted(passed.channel.items()):
        problems += channel_problems(tag.upper(), "paigow", log)
    groups = passed.groups
    for tag, side in (("a", pa), ("b", pb)):
        problems += dp.asked_again(side, tag, passed.sample)
    grid_readings = _ranker_for_grid(a, b)
    scopes = []
    for scope in SCOPES:
        grid = dp.spec_ranker(scope, grid_readings)
        rankers = {tag: dp.spec_ranker(scope, t.readings) if t.engine is None else None
                   for tag, t in (("a", a), ("b", b))}
        diff = dp.compare_scope(scope, groups[scope], grid)
        replayer = _Replayer(scope, (a, rankers["a"]), (b, rankers["b"]))
        scopes.append(_scope_json(diff, groups[scope], grid, rankers, replayer, differences))
        problems += replayer.problems
    return {"grid_by": _grid_by(a, b, grid_readings), "scopes": scopes}


def _grid_by(a: Target, b: Target, readings: dict[str, str]) -> str:
    whose = "A's" if a.engine is None else "B's" if b.engine is None else "the default"
    return (f"the specification's combinations under {whose} readings"
            + (f" ({', '.join(f'{k}={v}' for k, v in sorted(readings.items()))})"
               if readings and whose != "the default" else ""))


class _Replayer:
    """Asks both sides again about the hands a report shows, and checks the answers."""

    def __init__(self, scope: str, a: tuple[Target, dp.SpecRanker | None],
                 b: tuple[Target, dp.SpecRanker | None]) -> None:
        self.scope = scope
        self.sides = {"a": a, "b": b}
        self.problems: list[str] = []

    def answer(self, tag: str, hand: tuple[int, ...]) -> dp.Answer:
        target, ranker = self.sides[tag]
        if ranker is not None:
            return ranker.answer_by_z3(hand)
        assert target.engine is not None
        return dp.engine_answers(target.engine, [hand], target.readings)[0]

    def check(self, what: str, tag: str, hand: tuple[int, ...], value: Any = None,
              name: str | None = None) -> bool:
        """Whether ``tag`` gives ``hand`` the strength ``value`` and the combination ``name``
        again (either left None: any)."""
        got = self.answer(tag, hand)
        if got[0] != "v" or (value is not None and got[1] != value) \
                or (name is not None and got[2] != name):
            self.problems.append(f"paigow/{self.scope} {what}: {tag.upper()} answered "
                                 f"{got} for {hand_text(hand)} when asked again")
            return False
        return True


#: what a side says of a hand against its partner, by the sign of their comparison
_SAYS = {1: ">", 0: "=", -1: "<"}


def _order_cells(diff: dp.ScopeDiff, grid: dp.SpecRanker, replayer: _Replayer,
                 differences: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each cell of the grid of combination against combination where the sides order pairs
    differently, with its most numerous kinds of disagreement, replayed."""
    scope = diff.scope
    cells = []
    for (row, column), pairs in sorted(diff.cells.items(), key=lambda c: (-c[1], c[0])):
        id_ = f"paigow/{scope}/order/{row}/{column}"
        kinds = []
        for k in dp.kinds(diff, (row, column)):
            h1, h2 = k.row.hand, k.example
            replayed = (replayer.check("order", "a", h1, k.row.a)
                        and replayer.check("order", "b", h1, k.row.b)
                        and replayer.check("order", "a", h2, k.lowest.a)
                        and replayer.check("order", "b", h2, k.lowest.b))
            kinds.append({
                "hand": hand_text(h1), "like_it": k.row.hands,
                "against": {"combination": column, "hands": k.partners,
                            "levels": k.partner_levels, "from": hand_text(k.lowest.hand),
                            "to": hand_text(k.highest.hand)},
                "pairs": k.pairs, "example": [hand_text(h1), hand_text(h2)],
                "a_says": _SAYS[k.relation[0]], "b_says": _SAYS[k.relation[1]],
                "text": grid.statements(h1, h2), "replayed": replayed})
        cells.append({"id": id_, "row": row, "column": column, "pairs": pairs,
                      "clauses": [dp.clause_of(row), dp.clause_of(column)], "kinds": kinds})
        add_difference(differences, "paigow", id_, f"{pairs:,} ordered pairs of {scope} hands, "
                       f"a {row} against a {column}, ordered differently", pairs)
    return cells


def _scope_json(diff: dp.ScopeDiff, groups: dp.Groups, grid: dp.SpecRanker,
                rankers: dict[str, dp.SpecRanker | None], replayer: _Replayer,
                differences: list[dict[str, Any]]) -> dict[str, Any]:
    scope = diff.scope
    unranked = []
    for tag in ("a", "b"):
        for why, (n, hand) in sorted(diff.unranked[tag].items()):
            if dp.unanswered(("x", why)):
                replayer.problems.append(
                    f"paigow/{scope}: side {tag.upper()} left {n:,} hands unanswered, so the "
                    f"diff cannot be established on them; first {hand_text(hand)}: {why}")
                continue
            unranked.append({"side": tag, "why": why, "hands": n, "first": hand_text(hand)})
        total = sum(n for why, (n, _h) in diff.unranked[tag].items()
                    if not dp.unanswered(("x", why)))
        if total:
            add_difference(differences, "paigow", f"paigow/{scope}/unranked/{tag}",
                           f"{scope} hands: {tag.upper()} ranks {total:,} hands not", total)
    combos = []
    for (x, y), (n, classes, examples) in sorted(diff.combinations.items()):
        replayed = all(replayer.check("combination", "a", h, name=x)
                       and replayer.check("combination", "b", h, name=y) for h in examples)
        id_ = f"paigow/{scope}/combination/{x}/{y}"
        combos.append({"id": id_, "a": x, "b": y, "hands": n, "classes": classes,
                       "clauses": {"a": dp.clause_of(x), "b": dp.clause_of(y)},
                       "examples": [hand_text(h) for h in examples], "replayed": replayed})
        add_difference(differences, "paigow", id_,
                       f"{n:,} {scope} hands: A names {x}, B names {y}", n)
    cells = _order_cells(diff, grid, replayer, differences)
    conflict_rows = []
    for c in dp.conflicts(groups, rankers["a"], rankers["b"]):
        id_ = f"paigow/{scope}/conflict/{c.side}/{c.statements[0]}/{c.statements[1]}"
        conflict_rows.append({"id": id_, "side": c.side, "statements": list(c.statements),
                              "pairs": c.pairs,
                              "example": [hand_text(h) for h in c.example]})
        add_difference(differences, "paigow", id_,
                       f"{c.pairs:,} ordered pairs of {scope} hands: under {c.side.upper()}'s "
                       f"readings {c.statements[0]} and {c.statements[1]} order them opposite "
                       "ways", c.pairs)
    return {"scope": scope, "hands": diff.hands, "names": diff.names,
            "unranked": unranked, "combinations": combos,
            "order": {"ordered_pairs": diff.ordered_pairs,
                      "unordered_pairs": diff.ordered_pairs // 2, "cells": cells},
            "conflicts": conflict_rows}


# -- the document -----------------------------------------------------------------------------
