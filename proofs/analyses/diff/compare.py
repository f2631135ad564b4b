"""``casino-proofs diff``: every difference between two sides, as one document.

A side is the specification under readings, or an implementation under test under readings.
Craps: every input on which they settle differently, replayed on both sides, proved complete
(:mod:`casino_proofs.craps.diff`), with the house edge of every wager that differs.
Pai Gow: every hand whose combination they name differently, every ordered pair of hands they
order differently, counted by class, with the most numerous kinds of each cell of the grid
replayed (:mod:`casino_proofs.paigow.diff`).

Every difference has an ID, stable from run to run, and a fingerprint of what it is, for
``--expect``: a previous run's differences (or a reviewed list of IDs) against this run's.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino_proofs import games, regulation, spec
from casino_proofs.craps import diff as dc
from casino_proofs.craps.obligations.lifting import state_dict
from casino_proofs.paigow import diff as dp
from casino_proofs.paigow.obligations.every_hand import hand_text
from casino_proofs.paigow.obligations.scope_spec import SCOPES
from casino_proofs.protocol.answers import CrapsInput
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget

SCHEMA = "casino-proofs/diff"
SCHEMA_VERSION = 1


@dataclass
class Target:
    """What the user named as one side: ``spec``, or an engine, and its readings."""

    label: str
    readings: dict[str, str]
    engine: Engine | None  # None: the specification

    def games(self) -> tuple[str, ...]:
        return games.names() if self.engine is None else tuple(self.engine.hello.games)

    def wagers(self) -> tuple[str, ...]:
        return tuple(spec.WAGER_NAMES) if self.engine is None \
            else tuple(self.engine.hello.wagers)

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.label, "readings": self.readings}
        if self.engine is not None:
            out["engine"] = self.engine.describe()
            out["told"] = self.engine.told(self.readings)
            out["notes"] = self.engine.notes()
        defects = defective(self.readings)
        if defects and self.engine is None:
            out["text_defective"] = defects
        return out


@dataclass
class Asked:
    """What one game's section of a diff is asked besides its two sides (the wagers chosen,
    None: every one; the solver's budget; the processes of a pass and its progress), and
    where it tells what it found: the differences, the problems of the diff itself, and what
    a completeness query could not decide. A game's ``diff`` entry point (``games.py``) takes
    the two sides and this, and returns its section of the document."""

    wagers: list[str] | None
    budget: Budget
    workers: int = 2
    progress: Callable[[int, int], None] | None = None
    differences: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def defective(readings: dict[str, str]) -> list[str]:
    """The readings in force under which the text itself is defective, with why."""
    registry = regulation.readings()
    out = []
    for rid, value in sorted(readings.items()):
        defect = registry[rid].value(value).leaves_text_defective
        if defect:
            out.append(f"{rid}={value}: {defect}")
    return out


def channel_problems(tag: str, game: str, log: ChannelLog | None) -> list[str]:
    """An engine side's broken requests that no input explains (a batch it fails on as a
    whole, an exit now and then, a line too many): a fault of that engine no difference shows,
    so the diff is not established on it."""
    if log is None or not log.unexplained():
        return []
    shown = log.unexplained()[0]
    return [f"{game}: side {tag}'s engine broke {_count(len(log.unexplained()), 'request')} "
            f"that no input explains (the check's channel obligation), e.g. a {shown.op} batch "
            f"of {shown.size:,}: {shown.problem}"]


def fingerprint(content: Any) -> str:
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _difference(out: list[dict[str, Any]], game: str, id_: str, what: str,
                content: Any) -> None:
    out.append({"id": id_, "game": game, "what": what, "fingerprint": fingerprint(content)})


# -- craps ------------------------------------------------------------------------------------


def _ask_both(a: dc.Side, b: dc.Side, wagers: list[str]) -> None:
    """Ask both sides; an engine side in a thread of its own (it waits on its program), the
    specification in this one (Z3's Python API is not thread-safe)."""
    errors: list[BaseException] = []

    def run(side: dc.Side) -> None:
        try:
            dc.ask(side, wagers)
        except BaseException as exc:  # re-raised below, in this thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(s,)) for s in (a, b) if not s.is_spec]
    for t in threads:
        t.start()
    for s in (a, b):
        if s.is_spec:
            dc.ask(s, wagers)
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


def _one_sided(wagers: list[str], offered_a: set[str], offered_b: set[str],
               differences: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The wagers one side offers and the other does not, each a difference."""
    one_sided = []
    for w in wagers:
        if (w in offered_a) != (w in offered_b):
            by = "a" if w in offered_a else "b"
            one_sided.append({"wager": w, "offered_by": by})
            _difference(differences, "craps", f"craps/{w}/offered",
                        f"{w}: offered by {by.upper()} only", by)
    return one_sided


def _asked(sa: dc.Side, sb: dc.Side, a: Target, b: Target, both: list[str],
           problems: list[str]) -> tuple[list[dc.Difference], list[CrapsInput],
                                         dict[CrapsInput, str]]:
    """Both sides asked about every input: the differences, the inputs a side left
    unanswered, and the differences that did not replay (with what came back)."""
    _ask_both(sa, sb, both)
    for tag, side in (("A", a), ("B", b)):
        if side.engine is not None:
            problems += channel_problems(tag, "craps", side.engine.take_channel())
    listed = dc.differences(sa, sb, both)
    skipped: list[CrapsInput] = []
    for tag, asked in (("A", sa), ("B", sb)):
        left = dc.unanswered(asked, both)
        if left:
            problems.append(f"side {tag} left {_count(len(left), 'input')} unanswered, so the "
                            f"diff cannot be established on them; first {left[0].text()}: "
                            f"{asked.details[left[0]]}")
            skipped += left
    unreplayed: dict[CrapsInput, str] = {}
    for tag, asked in (("A", sa), ("B", sb)):
        failed = dc.replay(asked, listed)
        if failed:
            q, why = next(iter(failed.items()))
            problems.append(f"{_count(len(failed), 'listed difference')} did not replay on "
                            f"side {tag}; first {q.text()}: {why}")
        unreplayed.update(failed)
    return listed, skipped, unreplayed


def _entry(d: dc.Difference, sa: dc.Side, sb: dc.Side, unreplayed: dict[CrapsInput, str],
           differences: list[dict[str, Any]]) -> dict[str, Any]:
    """One differing input as the document lists it (and as a difference of the run)."""
    q = d.input
    a_json = dc.meaning_json(d.a, sa.details.get(q, ""))
    b_json = dc.meaning_json(d.b, sb.details.get(q, ""))
    delta = d.delta
    entry = {"id": d.id(), "state": state_dict(spec.ConcreteState(
        q.come_out, q.point or 0, q.working, q.first_roll)),
        "roll": [q.die_1, q.die_2], "a": a_json, "b": b_json,
        "net_difference": None if delta is None else str(delta),
        "clauses": list(d.clauses), "replayed": q not in unreplayed}
    if q in unreplayed:
        entry["replay"] = unreplayed[q]
    _difference(differences, "craps", d.id(), f"{q.text()}: A {_settle_text(a_json)}, "
                f"B {_settle_text(b_json)}", [_strip(a_json), _strip(b_json)])
    return entry


def craps_section(a: Target, b: Target, asked: Asked) -> dict[str, Any]:
    """The craps section: every wager both sides offer, input by input."""
    wagers = asked.wagers or list(spec.WAGER_NAMES)
    budget, differences, problems = asked.budget, asked.differences, asked.problems
    offered_a, offered_b = set(a.wagers()), set(b.wagers())
    both = [w for w in wagers if w in offered_a and w in offered_b]
    one_sided = _one_sided(wagers, offered_a, offered_b, differences)
    sa = dc.Side(a.label, a.readings, a.engine)
    sb = dc.Side(b.label, b.readings, b.engine)
    listed, skipped, unreplayed = _asked(sa, sb, a, b, both, problems)
    completeness = {c.wager: c for c in dc.prove_complete(sa, sb, both, listed, budget,
                                                          skipped)}
    edges = dc.edge_changes(sa, sb, listed)
    by_wager: dict[str, list[dc.Difference]] = {}
    for d in listed:
        by_wager.setdefault(d.wager, []).append(d)
    by_clause: dict[str, int] = {}
    rows = []
    for w in both:
        ws = spec.wager(w)
        entries = []
        for d in by_wager.get(w, []):
            entries.append(_entry(d, sa, sb, unreplayed, differences))
            for clause in d.clauses:
                by_clause[clause] = by_clause.get(clause, 0) + 1
        c = completeness[w]
        complete: dict[str, Any] = {"verdict": c.verdict}
        if c.detail:
            complete["detail"] = c.detail
        if c.verdict == "REFUTED":
            problems.append(f"craps {w}: the list is not complete: {c.detail}")
        row: dict[str, Any] = {"wager": w, "paragraph": ws.paragraph, "title": ws.title,
                               "differences": entries, "completeness": complete}
        if w in edges:
            row["edge"] = edges[w].rows
            unreached = edges[w].unreached
            if unreached:
                row["edge_unreached"] = {"inputs": len(unreached),
                                         "first": unreached[0].text()}
        rows.append(row)
    asked.unknown += [f"craps {w['wager']}: {w['completeness'].get('detail', '')}"
                      for w in rows if w["completeness"]["verdict"] == "UNKNOWN"]
    return {"inputs": sum(len(dc.inputs_of(w)) for w in both), "wagers": rows,
            "one_sided": one_sided, "differing_inputs": len(listed),
            "by_clause": dict(sorted(by_clause.items()))}


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'s' * (n != 1)}"


def _strip(answer: dict[str, Any]) -> dict[str, Any]:
    """What a difference is, for its fingerprint: not an engine's wording of a fault."""
    return {k: v for k, v in answer.items() if k != "detail"}


def _settle_text(answer: dict[str, Any]) -> str:
    if "kind" in answer:
        return str(answer["kind"]) + (f" ({answer['detail']})" if answer.get("detail") else "")
    net = Fraction(answer["net"])
    text = f"{answer['decision']} {'+' if net > 0 else ''}{net}"
    if answer.get("point"):
        text += f", point {answer['point']}"
    return text


# -- Pai Gow ----------------------------------------------------------------------------------


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
        _difference(differences, "paigow", id_, f"{pairs:,} ordered pairs of {scope} hands, "
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
            _difference(differences, "paigow", f"paigow/{scope}/unranked/{tag}",
                        f"{scope} hands: {tag.upper()} ranks {total:,} hands not", total)
    combos = []
    for (x, y), (n, classes, examples) in sorted(diff.combinations.items()):
        replayed = all(replayer.check("combination", "a", h, name=x)
                       and replayer.check("combination", "b", h, name=y) for h in examples)
        id_ = f"paigow/{scope}/combination/{x}/{y}"
        combos.append({"id": id_, "a": x, "b": y, "hands": n, "classes": classes,
                       "clauses": {"a": dp.clause_of(x), "b": dp.clause_of(y)},
                       "examples": [hand_text(h) for h in examples], "replayed": replayed})
        _difference(differences, "paigow", id_,
                    f"{n:,} {scope} hands: A names {x}, B names {y}", n)
    cells = _order_cells(diff, grid, replayer, differences)
    conflict_rows = []
    for c in dp.conflicts(groups, rankers["a"], rankers["b"]):
        id_ = f"paigow/{scope}/conflict/{c.side}/{c.statements[0]}/{c.statements[1]}"
        conflict_rows.append({"id": id_, "side": c.side, "statements": list(c.statements),
                              "pairs": c.pairs,
                              "example": [hand_text(h) for h in c.example]})
        _difference(differences, "paigow", id_,
                    f"{c.pairs:,} ordered pairs of {scope} hands: under {c.side.upper()}'s "
                    f"readings {c.statements[0]} and {c.statements[1]} order them opposite "
                    "ways", c.pairs)
    return {"scope": scope, "hands": diff.hands, "names": diff.names,
            "unranked": unranked, "combinations": combos,
            "order": {"ordered_pairs": diff.ordered_pairs,
                      "unordered_pairs": diff.ordered_pairs // 2, "cells": cells},
            "conflicts": conflict_rows}


# -- the document -----------------------------------------------------------------------------


def run(a: Target, b: Target, chosen: tuple[str, ...], wagers: list[str] | None,
        budget: Budget, workers: int = 2,
        progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Every difference between ``a`` and ``b`` in the games ``chosen``, as the diff
    document: each game's section by its ``diff`` entry point (``games.py``)."""
    started = time.perf_counter()
    asked = Asked(wagers, budget, workers, progress)
    differences = asked.differences
    left_out: list[dict[str, str]] = []
    doc: dict[str, Any] = {"schema": SCHEMA, "schema_version": SCHEMA_VERSION}
    for game in chosen:
        have = [t for t in (a, b) if game in t.games()]
        if len(have) < 2:
            if len(have) == 1:
                side = "a" if have[0] is a else "b"
                _difference(differences, game, f"{game}/offered",
                            f"{game}: offered by {side.upper()} only", side)
            left_out.append({"what": game, "why": "not offered by " + " and ".join(
                t.label for t in (a, b) if game not in t.games())})
            continue
        doc[game] = games.entry(game, "diff")(a, b, asked)
    doc.update(a=a.json(), b=b.json())  # after the run: what a table matched, its notes
    doc.update(differences=differences, problems=asked.problems, unknown=asked.unknown,
               left_out=left_out, seconds=round(time.perf_counter() - started, 2))
    doc["verdict"] = verdict(doc)
    return doc


def verdict(doc: dict[str, Any]) -> str:
    """DIFFERENT when some difference was found; else ERROR when the diff itself failed (a
    difference that did not replay, a list found incomplete), UNKNOWN when a completeness
    query ran out of budget, SAME otherwise."""
    if doc["differences"]:
        return "DIFFERENT"
    if doc["problems"]:
        return "ERROR"
    if doc["unknown"]:
        return "UNKNOWN"
    return "SAME"


# -- expectations -----------------------------------------------------------------------------


def in_scope(id_: str, chosen: tuple[str, ...], wagers: list[str] | None) -> bool:
    """Whether this run compared what the difference ``id_`` is about (an expected difference
    outside it is neither found nor gone: it was not looked for; ``--wagers`` chooses among
    the wagers of a game that has them)."""
    game, _, rest = id_.partition("/")
    if game not in chosen:
        return False
    return not games.game(game).wagers or wagers is None or rest.split("/", 1)[0] in wagers


def compare_expected(doc: dict[str, Any], expected: dict[str, str | None],
                     chosen: tuple[str, ...] | None = None,
                     wagers: list[str] | None = None) -> dict[str, Any]:
    """This run's differences against the expected ones (ID -> fingerprint, or None where
    only the ID was reviewed): new, gone and changed, each named; expected ones about what
    this run did not compare (``--only``, ``--wagers``) are counted apart."""
    found = {d["id"]: d for d in doc["differences"]}
    looked = {i: fp for i, fp in expected.items()
              if in_scope(i, games.names() if chosen is None else chosen, wagers)}
    new = [{"id": i, "what": d["what"]} for i, d in found.items() if i not in looked]
    gone = [{"id": i} for i in looked if i not in found]
    changed = [{"id": i, "what": found[i]["what"]} for i, fp in looked.items()
               if i in found and fp is not None and found[i]["fingerprint"] != fp]
    return {"expected": len(looked), "not_compared": len(expected) - len(looked), "new": new,
            "gone": gone, "changed": changed, "met": not (new or gone or changed)}
