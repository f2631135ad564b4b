"""``settle``, ``rank`` and ``compare``: one input through the specification and the
implementation under test, side by side, with the clauses that decide it.

Inputs are read here, strictly, with one-line errors naming what is valid: only the ASCII
digits 1 to 6 are dice, a point is 4, 5, 6, 8, 9 or 10.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from casino_proofs import regulation, spec
from casino_proofs.adapters.answers import CrapsInput, Refused, Settled
from casino_proofs.adapters.engine import Engine
from casino_proofs.command import hands
from casino_proofs.command.arguments import (
    UsageError,
    canonical_wager,
    check_readings,
    open_engine,
)
from casino_proofs.command.output import write_text
from casino_proofs.obligations.craps.answers import answer_json
from casino_proofs.obligations.craps.lifting import spec_dict, state_dict
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED
from casino_proofs.reports.check import compare_text, quote_lines, rank_text, settlement_text
from casino_proofs.reports.context import parse_readings, report_context

WAGER_HELP = ("hard-4, hard-6, hard-8, hard-10, any-7, eleven, any-craps, craps-2, craps-3, "
              "craps-12, horn, world, three-way-craps, hop-A-B (A, B in 1..6), pass, "
              "dont-pass, come, dont-come, pass-odds, dont-pass-odds, come-odds, "
              "dont-come-odds")
POINTS = (4, 5, 6, 8, 9, 10)


def parse_roll(text: str) -> tuple[int, int]:
    """``"3,4"`` -> (3, 4); only the ASCII digits 1 to 6 are dice."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(len(p) == 1 and p in "123456" for p in parts):
        raise UsageError(f"a roll is two dice D1,D2, each 1, 2, 3, 4, 5 or 6 (e.g. 3,4), "
                         f"not {text!r}")
    return int(parts[0]), int(parts[1])


def parse_point(text: str) -> int:
    """The --point option: 4, 5, 6, 8, 9 or 10 (an argparse type)."""
    stripped = text.strip()
    if not stripped.isascii() or not stripped.isdigit() or int(stripped) not in POINTS:
        raise argparse.ArgumentTypeError(f"a point is 4, 5, 6, 8, 9 or 10, not {text!r}")
    return int(stripped)


def _engine(args: argparse.Namespace, game: str) -> Engine:
    return open_engine(args.engine, args.engine_timeout_ms, (game,), args.command)


def _dump(doc: dict[str, Any]) -> None:
    write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", None)


def run_settle(args: argparse.Namespace) -> int:
    readings = parse_readings(args.reading)
    check_readings(readings, ("craps",), "settle")
    wager = canonical_wager(args.wager)
    if wager is None:
        raise UsageError(f"unknown wager {args.wager!r}; wagers: {WAGER_HELP}")
    die_1, die_2 = parse_roll(args.roll)
    come_out = args.come_out
    if wager in ("pass", "dont-pass") and args.point is None:
        come_out = True  # no point yet: this is the come-out roll
    if args.first_roll and not come_out:
        raise UsageError("--first-roll is a come-out roll: give --come-out too")
    state = spec.ConcreteState(come_out=come_out, point=args.point or 0, working=args.working,
                               first_roll=args.first_roll)
    w = spec.wager(wager, spec.Readings.from_dict(readings))
    reachable = any(spec.holds(cls.constraint, state) for cls in w.states)
    engine = _engine(args, "craps")
    try:
        question = CrapsInput(wager, come_out, args.point, args.working, args.first_roll,
                              die_1, die_2)
        answer = engine.settle([question], readings)[0]
    finally:
        engine.close()
    if not reachable and isinstance(answer, Refused):
        raise UsageError(f"{wager}: {answer.reason}")
    spec_side = spec.firing(w, state, die_1, die_2) if reachable else []
    spec_json = [spec_dict(s, r.clauses) for r, s in spec_side]
    distinct = {(s.decision, s.net, s.next_point, s.working) for _, s in spec_side}
    agree = len(distinct) == 1 and isinstance(answer, Settled) and answer.key() in distinct
    clauses = list(dict.fromkeys(c for r, _ in spec_side for c in r.clauses))
    context = report_context(readings)
    if not reachable:
        spec_out: dict[str, Any] = {"decision": "unreachable",
                                    "why": "the specification says this wager cannot stand in "
                                           "this state"}
    elif len(spec_json) == 1:
        spec_out = spec_json[0]
    else:
        spec_out = {"decision": "conflict" if spec_json else "gap", "rules": spec_json}
    doc: dict[str, Any] = {
        "schema": "casino-proofs/settle", "schema_version": 1,
        "wager": wager, "roll": [die_1, die_2], "state": state_dict(state),
        "spec": spec_out, "impl": answer_json(answer), "agree": agree,
        "engine": engine.target,
        "clauses": [{"id": c, "text": regulation.quote(c)} for c in clauses],
        "readings": {k: v["value"] for k, v in context["readings"].items()},
    }
    if args.format == "json":
        _dump(doc)
        return EXIT_PROVED if agree else EXIT_REFUTED
    st = doc["state"]
    where = ", ".join(
        [("come-out roll" if st["come_out"] else "not a come-out roll")]
        + ([f"point {st['point']}"] if st["point"] else [])
        + (["working"] if st["working"] else [])
        + (["a shooter's first roll"] if st["first_roll"] else []))
    lines = [f"{wager} on roll {die_1},{die_2} ({where})"]
    if "rules" in spec_out or not reachable:
        lines.append(f"  spec: {spec_out['decision']}: "
                     + ("; ".join(settlement_text(s) for s in spec_json) or spec_out.get(
                         "why", "no rule decides this outcome")))
    else:
        lines.append(f"  spec: {settlement_text(spec_out)}")
    lines.append(f"  impl: {settlement_text(doc['impl'])}")
    lines.append("  spec and impl agree" if agree else "  SPEC AND IMPL DISAGREE")
    lines += quote_lines(clauses, "  ")
    lines.append("  readings: " + ", ".join(f"{k}={v}" for k, v in doc["readings"].items()))
    write_text("\n".join(lines) + "\n", None)
    return EXIT_PROVED if agree else EXIT_REFUTED


def _paigow_readings(args: argparse.Namespace) -> dict[str, str]:
    readings = parse_readings(args.reading)
    check_readings(readings, ("paigow",), args.command)
    return readings


def run_rank(args: argparse.Namespace) -> int:
    readings = _paigow_readings(args)
    hands.parse_cards(args.hand)  # a bad hand is refused before any engine starts
    engine = _engine(args, "paigow")
    try:
        doc = hands.rank(args.hand, readings, engine)
    finally:
        engine.close()
    if args.format == "json":
        _dump(doc)
    else:
        write_text(rank_text(doc), None)
    return EXIT_REFUTED if doc["agree"] is False else EXIT_PROVED


def run_compare(args: argparse.Namespace) -> int:
    readings = _paigow_readings(args)
    hands.check_dealt_together(args.hand_a, args.hand_b)
    engine = _engine(args, "paigow")
    try:
        doc = hands.compare(args.hand_a, args.hand_b, readings, engine)
    finally:
        engine.close()
    if args.format == "json":
        _dump(doc)
    else:
        write_text(compare_text(doc), None)
    return EXIT_PROVED if doc["agree"] else EXIT_REFUTED
