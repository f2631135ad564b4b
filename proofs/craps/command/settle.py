"""``casino-proofs settle``: one wager on one roll through the specification and the
implementation under test, side by side, with the clauses that decide it.

Inputs are read here, strictly, with one-line errors naming what is valid: only the ASCII
digits 1 to 6 are dice, a point is 4, 5, 6, 8, 9 or 10.
"""

from __future__ import annotations

import argparse
from typing import Any

from casino_proofs import regulation, spec
from casino_proofs.command.arguments import (
    UsageError,
    canonical_wager,
    check_readings,
    lookup_engine,
)
from casino_proofs.command.options import (
    Commands,
    command,
    engine_options,
    reading_option,
    report_options,
    wager_list,
)
from casino_proofs.command.output import check_output_paths, write_report
from casino_proofs.context import parse_readings, report_context
from casino_proofs.craps.obligations.answers import answer_json
from casino_proofs.craps.obligations.lifting import spec_dict, state_dict
from casino_proofs.obligations.verdict import EXIT_PROVED, EXIT_REFUTED
from casino_proofs.protocol.answers import POINTS, CrapsInput, Refused, Settled
from casino_proofs.reports.documents import SettleDocument


def register(sub: Commands) -> None:
    settle = command(sub, "settle", "settle one wager on one roll, spec and impl side by side",
                     "Settle one wager on one roll with both the specification and the "
                     "implementation under test, quoting the clauses that decide it.")
    report_options(settle, SettleDocument)
    reading_option(settle)
    settle.add_argument("wager", metavar="WAGER", help=wager_list())
    settle.add_argument("--roll", required=True, metavar="D1,D2",
                        help="the two dice, each 1 to 6, e.g. 3,4")
    settle.add_argument("--point", type=parse_point, metavar="N",
                        help="the wager's point (pass line or come point): 4, 5, 6, 8, 9 or 10; "
                             "for pass and dont-pass, no --point means the come-out roll")
    settle.add_argument("--come-out", action="store_true",
                        help="the roll is a come-out roll of the table")
    settle.add_argument("--working", action="store_true",
                        help="the player has said the wager works on the come-out roll "
                             "(hard ways, come-odds)")
    settle.add_argument("--first-roll", action="store_true",
                        help="the come-out roll is a new shooter's first (reading first-turn)")
    engine_options(settle)
    settle.set_defaults(run=run_settle)


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


def run_settle(args: argparse.Namespace) -> int:
    readings = parse_readings(args.reading)
    check_readings(readings, ("craps",), "settle")
    check_output_paths(args.output, None)
    wager = canonical_wager(args.wager)
    if wager is None:
        raise UsageError(f"unknown wager {args.wager!r}; wagers: {wager_list()}")
    die_1, die_2 = parse_roll(args.roll)
    come_out = args.come_out
    if spec.family(wager).placed_on == "come-out" and spec.family(wager).kind is spec.Kind.LINE \
            and args.point is None:
        come_out = True  # no point yet: this is the come-out roll
    if args.first_roll and not come_out:
        raise UsageError("--first-roll is a come-out roll: give --come-out too")
    state = spec.ConcreteState(come_out=come_out, point=args.point or 0, working=args.working,
                               first_roll=args.first_roll)
    w = spec.wager(wager, spec.Readings.from_dict(readings))
    reachable = any(spec.holds(cls.constraint, state) for cls in w.states)
    engine = lookup_engine(args, "craps")
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
    doc = SettleDocument(
        wager=wager, roll=(die_1, die_2), state=state_dict(state), spec=spec_out,
        impl=answer_json(answer), agree=agree, engine=engine.target, clauses=tuple(clauses),
        quoted=tuple({"id": c, "text": regulation.quote(c)} for c in clauses),
        readings={k: v["value"] for k, v in context["readings"].items()},
        spec_rules=tuple(spec_json), reachable=reachable)
    write_report(doc, args.format, args.output)
    return EXIT_PROVED if agree else EXIT_REFUTED
