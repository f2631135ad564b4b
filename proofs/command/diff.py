"""``casino-proofs diff A B``: every input two sides disagree on, proved complete, with the
money it moves; ``--expect FILE`` pins the differences a CI job accepts."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from casino_proofs import games
from casino_proofs.adapters.targets import open_target
from casino_proofs.command.arguments import UsageError, check_scope, games_of, parse_wagers
from casino_proofs.command.options import (
    ENGINE_BOUNDS,
    ENGINE_TIMEOUT_MS,
    Commands,
    bound_options,
    bounds_of,
    budget_options,
    budget_type,
    command,
    only_option,
    report_options,
)
from casino_proofs.command.output import check_output_paths, engine_reads, write_report
from casino_proofs.context import parse_readings, report_context
from casino_proofs.obligations.verdict import (
    EXIT_ERROR,
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
)
from casino_proofs.progress import phase
from casino_proofs.protocol.hello import EngineUnavailable
from casino_proofs.reports.documents import DiffDocument
from casino_proofs.solving.budget import Budget
from casino_proofs.untrusted.bounds import Bounds

if TYPE_CHECKING:
    from casino_proofs.analyses import diff

SIDES = ("spec (the specification itself), impl (this project's implementation), "
         "exec:COMMAND, python:MODULE or python:FILE.py, table:FILE")

EXIT_CODES = f"""\
exit codes:
  {EXIT_PROVED}  no difference (with --expect: exactly the expected differences); every list
     proved complete
  {EXIT_REFUTED}  differences, each named (with --expect: a new difference, an expected one
     gone or changed, each named) -- whatever else the run found
  2  usage or input error: nothing was compared (one line on stderr names what is valid)
  {EXIT_UNKNOWN}  a completeness query ran out of its budget, and nothing worse
  {EXIT_ERROR}  the diff itself failed: a difference that did not replay, a list found
     incomplete
"""


def register(sub: Commands) -> None:
    p = command(
        sub, "diff", "every input two implementations, readings or versions disagree on",
        "Every craps input (wager, state, roll) two sides settle differently, "
        "replayed on both and proved complete by SMT, with the exact house-edge "
        "change of every wager that differs; every Pai Gow hand whose combination "
        "they name differently, and the exact number of ordered pairs of hands "
        "they order differently, counted by class, with examples.", EXIT_CODES)
    p.add_argument("a", metavar="A", help=f"the first side: {SIDES}")
    p.add_argument("b", metavar="B", help="the second side, as A")
    p.add_argument("--a-reading", action="append", default=[], metavar="NAME=VALUE",
                   help="read an ambiguous clause this way on side A (repeatable)")
    p.add_argument("--b-reading", action="append", default=[], metavar="NAME=VALUE",
                   help="read an ambiguous clause this way on side B (repeatable)")
    only_option(p, "one game only (default: both)")
    p.add_argument("--wagers", metavar="LIST", help="these craps wagers only (comma-separated)")
    p.add_argument("--expect", metavar="FILE",
                   help="the differences expected: a previous run's --format json, or a "
                        "reviewed list of difference IDs, one per line ('#' comments)")
    report_options(p, DiffDocument, "markdown is short enough for a pull-request comment")
    p.add_argument("--workers", type=budget_type("--workers"), default=2, metavar="N",
                   help="processes for the pass over every Pai Gow hand (default: 2)")
    budget_options(p)
    p.add_argument("--engine-timeout-ms", type=budget_type("--engine-timeout-ms"),
                   default=ENGINE_TIMEOUT_MS, metavar="MS",
                   help="how long an engine may take over one request before it is "
                        f"restarted (default: {ENGINE_TIMEOUT_MS})")
    bound_options(p, *ENGINE_BOUNDS)
    p.set_defaults(run=run_diff)


def read_expected(path: str) -> dict[str, str | None]:
    """The expected differences of ``--expect FILE``: ID -> fingerprint (None: ID only)."""
    from casino_proofs.analyses import diff

    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise UsageError(f"--expect {path}: cannot read it ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"--expect {path}: not UTF-8 text") from exc
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"--expect {path}: not valid JSON (line {exc.lineno}: "
                             f"{exc.msg})") from exc
        items = doc.get("differences") if isinstance(doc, dict) else None
        if not isinstance(doc, dict) or doc.get("schema") != diff.SCHEMA \
                or not isinstance(items, list) or not all(
                isinstance(d, dict) and isinstance(d.get("id"), str)
                and isinstance(d.get("fingerprint"), str) for d in items):
            raise UsageError(f"--expect {path}: a JSON file must be the output of "
                             "casino-proofs diff --format json")
        for d in items:
            _check_id(path, d["id"], "a difference of its JSON")
        return {d["id"]: d["fingerprint"] for d in items}
    out: dict[str, str | None] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        entry = line.split("#", 1)[0].strip()
        if entry:
            _check_id(path, entry, f"line {number}")
            out[entry] = None
    return out


def _check_id(path: str, id_: str, where: str) -> None:

    game, _, rest = id_.partition("/")
    if game not in games.names() or not rest or any(c.isspace() for c in id_):
        shapes = " or ".join(f"{g}/..." for g in games.names())
        raise UsageError(f"--expect {path}, {where}: a difference ID is {shapes} with no "
                         f"spaces, not {id_[:80]!r}")


def _side(name: str, pairs: list[str], option: str, timeout_ms: int,
          bounds: Bounds | None = None) -> diff.Target:
    """One side as the user named it, its readings checked and its engine started."""
    from casino_proofs.analyses import diff

    try:
        readings = parse_readings(pairs)
    except ValueError as exc:
        raise UsageError(f"{option}: {str(exc).replace('--reading ', '')}") from exc
    if name == "spec":
        return diff.Target("spec", readings, None)
    side = "A" if option == "--a-reading" else "B"
    try:
        engine = open_target(name, timeout_ms, bounds=bounds)
        engine.hello  # noqa: B018 - a side that cannot start is a usage error, now
    except EngineUnavailable as exc:
        if "a target is one of" in str(exc):
            raise UsageError(f"side {side}: {name!r} is not a side; a side is one of "
                             f"{SIDES}") from exc
        raise UsageError(f"side {side}: {str(exc).replace('--engine ', '')}") from exc
    except (ValueError, OSError, UnicodeDecodeError) as exc:  # a command line shlex cannot
        raise UsageError(f"side {side} ({name}): {exc}") from exc  # split, a table unread
    claims = engine.hello.readings or {}
    for reading, value in sorted(readings.items()):
        if value not in claims.get(reading, ()):
            engine.close()
            follows = ", ".join(f"{k}={'|'.join(v)}" for k, v in sorted(claims.items()))
            raise UsageError(f"{option} {reading}={value}: side {side} ({name}) does not "
                             f"follow it, and would not be told (it follows: "
                             f"{follows or 'no reading'})")
    return diff.Target(name, readings, engine)


def run_diff(args: argparse.Namespace) -> int:
    from casino_proofs.analyses import diff

    budget = Budget(z3_rlimit=args.rlimit, wall_ms=args.timeout_ms)
    wagers = parse_wagers(args.wagers)
    chosen = games_of(args.only)
    check_scope(chosen, wagers, "diff")
    check_output_paths(args.output, None,
                       [*engine_reads(args.a), *engine_reads(args.b),
                        *([("the expected differences", args.expect)] if args.expect else [])])
    expected = read_expected(args.expect) if args.expect else None
    a = _side(args.a, args.a_reading, "--a-reading", args.engine_timeout_ms, bounds_of(args))
    try:
        b = _side(args.b, args.b_reading, "--b-reading", args.engine_timeout_ms,
                  bounds_of(args))
    except UsageError:
        if a.engine is not None:
            a.engine.close()
        raise
    bar = phase("diff", unit="hands")
    try:
        doc = diff.run(a, b, chosen, wagers, budget, args.workers, bar.reached)
    finally:
        bar.close()
        for t in (a, b):
            if t.engine is not None:
                t.engine.close()
    context = report_context({})
    expect = None if expected is None else {
        "file": args.expect, **diff.compare_expected(doc, expected, chosen, wagers)}
    report = DiffDocument(doc, context["tool"], context["regulation"], budget.as_json(), expect)
    write_report(report, args.format, args.output)
    return report.exit_code
