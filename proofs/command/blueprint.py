"""``casino-proofs blueprint``: the regulation blueprint, a static site of every sentence of
the text in English and French beside what is encoded, implemented, proved and refuted about
it (docs/blueprint.md).

This command only gathers the inputs: the check under review -- a report (``--report``), a
bundle (``--bundle``), or our own check of the engine chosen (the check's options), run now
exactly as ``casino-proofs check --format json`` runs it and then read back as its report --
and what the project holds about the text
(:mod:`casino_proofs.analyses.assurance.blueprint_inputs`), gathered in a process of its own
while that check runs (so that the check's solver sees the same terms as a plain check, and
the site costs little more than the check). :mod:`casino_proofs.reports.blueprint` makes the
document, :mod:`casino_proofs.reports.blueprint_html` the pages.

Everything is checked before anything is written; the site is written into a temporary
directory beside ``--output`` and renamed into place: whole or not at all.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

from casino_proofs.command.arguments import UsageError
from casino_proofs.command.options import (
    Commands,
    bound_options,
    budget_options,
    budget_type,
    cache_option,
    command,
    engine_options,
    only_option,
    output_option,
    quiet,
    reading_option,
    session_options,
)
from casino_proofs.command.output import refuse_inside
from casino_proofs.progress import more_steps, phase, stage
from casino_proofs.untrusted.printable import one_line

#: the file that marks a directory as a site this command wrote (and may replace)
MARKER = ".casino-proofs-blueprint"
#: the check's options a blueprint built from a report or bundle cannot take
CHECK_OPTIONS = ("reading", "all_readings", "only", "wagers", "engine", "engine_timeout_ms",
                 "sessions", "session_events", "workers", "rlimit", "timeout_ms")


def register(sub: Commands) -> None:
    p = command(sub, "blueprint", "a static site: every sentence beside what is proved of it",
                "Write the regulation blueprint to DIR: a static, self-contained HTML site "
                "(no server, no network) with every sentence of s. 95.15, 95.16 and 40 in "
                "English and French, under its clause ID, beside its Z3 constraints (readable "
                "and SMT-LIB), the implementation's code, every obligation citing it with its "
                "verdict and dual evidence, the readings and conventions it rests on, its "
                "coverage and PAR figures, and what the engine under review breaks there; and "
                "a dependency graph. From a check run now (the check's options), a --report or "
                "a --bundle. The exit code is that check's.")
    output_option(p, "DIR", "the site's directory: a new path, an empty directory, or a site "
                            "this command wrote before (replaced whole)", required=True)
    source = p.add_mutually_exclusive_group()
    source.add_argument("--report", metavar="FILE",
                        help="a check report (casino-proofs check --format json) of any engine")
    source.add_argument("--bundle", metavar="DIR",
                        help="an audit bundle (casino-proofs check --bundle DIR) of any engine")
    p.add_argument("--tests", metavar="DIR",
                   help="the project's tests/ folder, for the coverage (default: ./tests, else "
                        "the checkout the package was installed from)")
    reading_option(p)
    p.add_argument("--all-readings", action="store_true",
                   help="(a check run now) also prove every other value of every reading")
    only_option(p, "(a check run now) check one game only")
    p.add_argument("--wagers", metavar="LIST",
                   help="(a check run now) prove these craps wagers only (comma-separated)")
    engine_options(p)
    session_options(p)
    p.add_argument("--workers", type=budget_type("--workers"), default=2, metavar="N",
                   help="processes for the exhaustive Pai Gow pass and the PAR sheet "
                        "(default: 2)")
    budget_options(p)
    bound_options(p, "test_file_bytes")
    cache_option(p)
    quiet(p)
    p.set_defaults(run=run, check_defaults={o: p.get_default(o) for o in CHECK_OPTIONS})


def _check_argv(args: argparse.Namespace, report: str) -> list[str]:
    """The check that gives this site its verdicts, as its command line."""
    argv = ["check", "--format", "json", "--output", report, "--engine", args.engine,
            "--engine-timeout-ms", str(args.engine_timeout_ms), "--sessions",
            str(args.sessions), "--session-events", str(args.session_events), "--workers",
            str(args.workers), "--rlimit", str(args.rlimit), "--timeout-ms",
            str(args.timeout_ms)]
    for pair in args.reading:
        argv.append(f"--reading={pair}")
    if args.all_readings:
        argv.append("--all-readings")
    if args.only:
        argv += ["--only", args.only]
    if args.wagers is not None:
        argv.append(f"--wagers={args.wagers}")
    if args.quiet:
        argv.append("--quiet")
    return argv


def _refuse_check_options(args: argparse.Namespace, parser_defaults: dict[str, Any]) -> None:
    given = [o for o in CHECK_OPTIONS if getattr(args, o) != parser_defaults[o]]
    if given:
        source = "--report" if args.report else "--bundle"
        raise UsageError(f"--{given[0].replace('_', '-')} chooses what a check run now proves; "
                         f"with {source} the check was made already (leave it out)")


def check_site(output: str) -> Path:
    """The site's directory, refused before any work unless it is a new path, an empty
    directory or a site this command wrote (regular files only)."""
    if not output.strip():
        raise UsageError("--output needs a directory name")
    target = Path(os.path.abspath(output))
    if target.is_symlink():
        raise UsageError(f"--output {output} is a symbolic link; give a new or empty directory")
    if target.exists():
        if not target.is_dir():
            raise UsageError(f"--output {output} is not a directory; the blueprint is a site "
                             "of many pages: give a new or empty directory")
        names = list(target.iterdir())
        if names and not (target / MARKER).is_file():
            raise UsageError(f"--output {output}: not empty, and not a site casino-proofs "
                             "blueprint wrote; give a new or empty directory")
        for path in names:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                raise UsageError(f"--output {output}: {path.name[:80]} is not a regular file; "
                                 "this command replaces a site of its own pages only")
    parent = target.parent
    if not parent.is_dir():
        raise UsageError(f"--output {output}: its parent directory does not exist")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"--output {output}: its parent directory is not writable")
    return target


def write_site(target: Path, pages: dict[str, str], version: str) -> None:
    """Every page into a temporary directory beside ``target``, then renamed into place (an
    older site of this command's moved aside first, and removed once the new one stands)."""
    check_site(str(target))  # again: the directory may have changed while the work ran
    staging = Path(tempfile.mkdtemp(prefix=".casino-proofs-blueprint-", dir=target.parent))
    old: Path | None = None
    try:
        for name, text in sorted(pages.items()):
            (staging / name).write_text(text, encoding="utf-8")
        (staging / MARKER).write_text(f"casino-proofs blueprint {version}\n", encoding="utf-8")
        os.chmod(staging, 0o777 & ~_umask())
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=".casino-proofs-blueprint-old-",
                                        dir=target.parent))
            os.replace(target, old / "site")
        os.replace(staging, target)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if old is not None and (old / "site").exists() and not target.exists():
            os.replace(old / "site", target)  # put the old site back
        if isinstance(exc, OSError):
            raise UsageError(f"cannot write the site to {target}: {exc.strerror or exc}; "
                             "nothing written") from None
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _gather_into(conn: Any, readings: dict[str, str], games: tuple[str, ...],
                 tests: Path | None, workers: int, test_file_bytes: int) -> None:
    """In the gathering process: each part as it starts (``("part", name)``), then the
    inputs, or the error, sent back whole. It runs at a lower priority than the check beside
    it, on the time the check leaves idle, and counts the seven-card hands in one process of
    its own."""
    from casino_proofs.analyses.assurance.blueprint_inputs import gather

    with contextlib.suppress(OSError):
        os.nice(10)
    try:
        conn.send(("ok", gather(readings, games, tests, workers, test_file_bytes,
                                lambda part: conn.send(("part", part)))))
    except BaseException as exc:  # sent to the command, which reports it
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def _gathered(mine: Any) -> tuple[str, Any]:
    """What the gathering process sends, its parts told to the command's progress as they
    start (those it sent while the check ran, at once)."""
    from casino_proofs.analyses.assurance.blueprint_inputs import PARTS

    stage("gathering what the project holds about the text")
    with phase("gathering", len(PARTS), "parts", estimate=False) as bar:
        while True:
            kind, value = mine.recv()
            if kind != "part":
                return str(kind), value
            bar.stage(str(value))


def _checked_now(args: argparse.Namespace, tests: Path | None) -> tuple[Any, Any, str]:
    """Our check run now (read back as its report, whose text the site keeps), with the
    inputs gathered meanwhile in a forked process of their own (started before the engine
    is)."""
    from casino_proofs.audit.review import read_report, readings_of
    from casino_proofs.command import check as check_command
    from casino_proofs.command.arguments import games_of
    from casino_proofs.command.options import Parser
    from casino_proofs.context import parse_readings

    readings = readings_of(parse_readings(args.reading), "--reading")
    games = games_of(args.only)
    context = multiprocessing.get_context("fork")
    mine, theirs = context.Pipe(duplex=False)
    gatherer = context.Process(target=_gather_into, daemon=False,
                               args=(theirs, readings, games, tests, 1,
                                     args.max_test_file_bytes))
    gatherer.start()
    theirs.close()
    try:
        with tempfile.TemporaryDirectory(prefix="casino-proofs-blueprint-check-") as folder:
            report = os.path.join(folder, "check.json")
            parser = Parser(prog="casino-proofs")
            check_command.register(parser.add_subparsers(dest="command"))
            ns = parser.parse_args(_check_argv(args, report))
            ns.run(ns)
            review = read_report(report, source="check")
            held = Path(report).read_text(encoding="utf-8")
        outcome, inputs = _gathered(mine)
        gatherer.join()
    except BaseException:
        if gatherer.is_alive() and gatherer.pid is not None:
            gatherer.terminate()
        gatherer.join()
        raise
    finally:
        mine.close()
    if outcome != "ok":
        raise RuntimeError(f"gathering the blueprint's inputs: {inputs}")
    return review, inputs, held


def _reads(args: argparse.Namespace, tests: Path | None) -> list[tuple[str, str]]:
    """What the blueprint reads: the report or bundle under review (or the engine a check
    run now asks), and the tests folder."""
    from casino_proofs.command.output import engine_reads

    reads = [("the report", args.report)] if args.report else \
        [("the bundle", args.bundle)] if args.bundle else engine_reads(args.engine)
    return reads + ([("the tests folder", str(tests))] if tests is not None else [])


def _gather_here(review: Any, tests: Path | None, workers: int, test_file_bytes: int) -> Any:
    """The inputs gathered in this process, under the check's readings and games."""
    from casino_proofs.analyses.assurance.blueprint_inputs import PARTS, gather

    stage("gathering what the project holds about the text")
    with phase("gathering", len(PARTS), "parts", estimate=False) as bar:
        return gather(review.readings, review.games, tests, workers, test_file_bytes,
                      bar.stage)


def run(args: argparse.Namespace) -> int:
    from casino_proofs.analyses.assurance.coverage import find_tests
    from casino_proofs.audit.review import read_bundle, read_report
    from casino_proofs.obligations.verdict import exit_code
    from casino_proofs.reports.blueprint import build, obligation_views
    from casino_proofs.reports.blueprint_html import render, site_pages
    from casino_proofs.version import tool_version

    stage("checking the site's directory and the tests")
    target = check_site(args.output)
    tests = find_tests(args.tests, args.max_test_file_bytes)
    if args.report or args.bundle:
        _refuse_check_options(args, args.check_defaults)
        held = ""
        stage("reading the check under review", 5)
        review = read_report(args.report) if args.report else read_bundle(args.bundle)
        refuse_inside("--output", args.output, _reads(args, tests))  # read, nothing written
        views = obligation_views(review)  # a counterexample not the check's: refused now
        inputs = _gather_here(review, tests, args.workers, args.max_test_file_bytes)
    else:
        refuse_inside("--output", args.output, _reads(args, tests))
        more_steps(4)  # beside the check run now: the first, the gathering, the site (two)
        review, inputs, held = _checked_now(args, tests)
        views = obligation_views(review)
        if inputs.readings != review.readings or inputs.games != review.games:
            # the engine's claims moved a reading: gathered again under the check's
            inputs = _gather_here(review, tests, args.workers, args.max_test_file_bytes)
    stage("building the site")
    doc = build(review, inputs, views)
    stage("writing the site")
    with phase("writing the site", len(site_pages(doc)), "pages") as bar:
        pages = render(doc, bar.step)
        if not (args.report or args.bundle):
            pages["check.json"] = held  # the report of the check the site shows
        write_site(target, pages, tool_version())
    if not args.quiet:
        # the path is the user's, and may hold anything (an ESC, a CR): shown escaped
        sys.stderr.write(one_line(f"casino-proofs blueprint: {len(pages)} pages written to "
                                  f"{target / 'index.html'} ({review.verdict})") + "\n")
    return exit_code(list(review.results))

