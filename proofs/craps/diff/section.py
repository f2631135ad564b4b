"""Craps's section of a diff (the registry's ``diff`` entry): every wager both sides offer,
input by input, each difference replayed on both sides and the list proved complete, with
the house edge of every wager that differs."""

from __future__ import annotations

import threading
from fractions import Fraction
from typing import Any

from casino_proofs import spec
from casino_proofs.analyses.diff.compare import (
    Asked,
    Target,
    add_difference,
    channel_problems,
    counted,
)
from casino_proofs.craps import diff as dc
from casino_proofs.craps.obligations.lifting import state_dict
from casino_proofs.protocol.answers import CrapsInput


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
            add_difference(differences, "craps", f"craps/{w}/offered",
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
            problems.append(f"side {tag} left {counted(len(left), 'input')} unanswered, so the "
                            f"diff cannot be established on them; first {left[0].text()}: "
                            f"{asked.details[left[0]]}")
            skipped += left
    unreplayed: dict[CrapsInput, str] = {}
    for tag, asked in (("A", sa), ("B", sb)):
        failed = dc.replay(asked, listed)
        if failed:
            q, why = next(iter(failed.items()))
            problems.append(f"{counted(len(failed), 'listed difference')} did not replay on "
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
    add_difference(differences, "craps", d.id(), f"{q.text()}: A {_settle_text(a_json)}, "
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
