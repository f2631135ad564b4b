"""The ``casino-proofs`` command (also ``python -m casino_proofs``): its sub-commands, each a
module of its own that registers its parser, and the dispatch to them, with the exit codes
(:mod:`.options`)."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from types import ModuleType

from casino_proofs import games
from casino_proofs.command import (
    ambiguities,
    blueprint,
    check,
    coverage,
    diff,
    mutants,
    par,
    replay,
)
from casino_proofs.command.arguments import UsageError
from casino_proofs.command.options import ERROR, EXIT_CODES, PROG, Help, Parser
from casino_proofs.obligations.verdict import EXIT_ERROR, EXIT_USAGE
from casino_proofs.progress import reporting
from casino_proofs.reports.width import fit_to
from casino_proofs.untrusted import processes as reaper
from casino_proofs.untrusted.printable import is_text, one_line
from casino_proofs.version import tool_version

DESCRIPTION = ("Proofs that an implementation of Québec's By-law respecting casino games "
               "(S-13.1, r. 3, version 2012-09-01) agrees with its Z3 specification: this "
               "project's own, or any engine speaking docs/engine-protocol.md.")
#: the sub-commands every game shares
SHARED = (check, ambiguities, replay, mutants, coverage, par, diff, blueprint)
#: the order ``--help`` lists the sub-commands in (a game's own, from its room, among them;
#: one this list lacks comes last)
ORDER = ("check", "settle", "rank", "compare", "ambiguities", "replay", "mutants",
         "coverage", "edge", "par", "diff", "blueprint")


def sub_commands() -> tuple[ModuleType, ...]:
    """Every sub-command's module, in :data:`ORDER`: the shared ones, and each game's own
    (the registry's ``commands``)."""
    found = {m.__name__.rpartition(".")[2]: m
             for m in (*SHARED, *(m for own in games.each("commands") for m in own))}
    place = {name: i for i, name in enumerate(ORDER)}
    return tuple(found[n] for n in sorted(found, key=lambda n: place.get(n, len(ORDER))))


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        description=DESCRIPTION,
        epilog=EXIT_CODES,
        formatter_class=Help,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {tool_version()}",
                        help="print the version (semantic: see CHANGELOG.md) and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in sub_commands():
        module.register(sub)
    return parser


def _attached(argv: list[str]) -> list[str]:
    """``--roll -1,2`` as ``--roll=-1,2``: a value that starts with a dash is still the
    option's value (argparse would take it for an option), so our own message can say what
    is valid."""
    out: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--roll":
            value = next(words, None)
            out.append(word if value is None else f"--roll={value}")
        else:
            out.append(word)
    return out


_COMMAND_PID: list[int] = []


def _interrupted(signum: int, _frame: object) -> None:
    """SIGTERM as an interrupt in the command's own process. A forked worker inherits the
    handler: there SIGTERM (a pool ending its workers) ends the worker quietly, with no
    traceback."""
    if _COMMAND_PID and os.getpid() != _COMMAND_PID[0]:
        os._exit(128 + signum)
    raise KeyboardInterrupt(signal.Signals(signum).name)


def _default_sigterm() -> None:
    """In a forked child: SIGTERM at its default, so that a pool's terminate() ends a worker
    even while it waits inside a lock (a Python handler runs only between bytecodes)."""
    with contextlib.suppress(ValueError):  # not the main thread: leave it
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main(argv: list[str] | None = None) -> int:
    """The command, with SIGTERM taken as an interrupt, and every engine it started ended
    however it stops (the engines themselves end with the checker, even on SIGKILL)."""
    if not _COMMAND_PID:
        os.register_at_fork(after_in_child=_default_sigterm)
    _COMMAND_PID[:] = [os.getpid()]
    try:
        previous = signal.signal(signal.SIGTERM, _interrupted)
    except ValueError:  # not the main thread: the caller handles its signals
        previous = None
    try:
        with fewer_full_collections():
            return _main(argv)
    finally:
        reaper.end_all()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


#: full garbage collections once every FULL_EVERY collections of the middle generation
#: (Python's default: 10)
FULL_EVERY = 100


@contextlib.contextmanager
def fewer_full_collections() -> Iterator[None]:
    """A command keeps what it judged (every event of a table check, every answer) until it
    reports, so Python's full collections, which scan all of it, come ever costlier: about a
    fifth of a table check's CPU went to them. They are made ten times rarer while the
    command runs (the same peak memory: what a check keeps is not garbage), and the previous
    thresholds restored after."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, max(old, FULL_EVERY))
    try:
        yield
    finally:
        gc.set_threshold(young, middle, old)


def _cache_in_force(args: argparse.Namespace) -> None:
    """``--no-cache`` for this command (a command run after it in the same process has the
    cache again). The module is imported only where it is needed: what a command imports
    before its worker processes fork changes Z3's resource counts in them."""
    off = bool(getattr(args, "no_cache", False))
    if off or "casino_proofs.solving.spec_cache" in sys.modules:
        from casino_proofs.solving import spec_cache
        spec_cache.use(not off)


def _not_text(argv: list[str]) -> str | None:
    """The first argument holding bytes that are not UTF-8 text (the system hands them over
    as lone surrogates), escaped, or None: an argument is shown in reports and lines, and
    one that cannot be written would end a run, after all its work, with nothing written."""
    bad = next((arg for arg in argv if not is_text(arg)), None)
    if bad is None:
        return None
    raw = bad.encode("utf-8", "surrogateescape")
    return one_line(raw.decode("utf-8", "backslashreplace"))[:120]


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    bad = _not_text(given)
    if bad is not None:
        _say(f"{ERROR}an argument holds bytes that are not UTF-8 text ('{bad}'): every "
             "argument, a path or an --engine command too, is read as UTF-8; nothing was done")
        return EXIT_USAGE
    args = parser.parse_args(_attached(given))
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    output = getattr(args, "output", None)
    if output is None and sys.stdout is None:  # started with standard output closed (>&-)
        _say(f"{ERROR}standard output is closed, so the {args.command} report has nowhere "
             f"to go: run it with standard output open"
             f"{' or with --output FILE' if hasattr(args, 'output') else ''}; nothing was done")
        return EXIT_USAGE
    fit_to(output)
    _cache_in_force(args)
    try:
        with _hypothesis_home_elsewhere(), reporting(args.command, not args.quiet):
            return int(args.run(args))
    except (UsageError, ValueError) as exc:
        _say(f"{ERROR}{one_line(str(exc) or type(exc).__name__)}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _say(f"{PROG}: interrupted; nothing written")
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_USAGE
    except Exception as exc:  # an internal error: one line, never a traceback dump
        _say(f"{PROG}: internal error: {one_line(f'{type(exc).__name__}: {exc}')[:500]}")
        return EXIT_ERROR


@contextlib.contextmanager
def _hypothesis_home_elsewhere() -> Iterator[None]:
    """hypothesis (which draws a ``play:`` table's random sessions) keeps a cache of the
    constants of the source it runs beside, in its home: ``.hypothesis`` in the working
    directory unless told otherwise. A command writes nothing where it is run unless asked:
    its home is a temporary directory for the command's time, removed after it, and then what
    it was."""
    from hypothesis import configuration

    before = configuration.storage_directory(intent_to_write=False).home_directory
    home = tempfile.mkdtemp(prefix="casino-proofs-hypothesis-")
    configuration.set_hypothesis_home_dir(home)
    try:
        yield
    finally:
        configuration.set_hypothesis_home_dir(before)
        shutil.rmtree(home, ignore_errors=True)


def _say(line: str) -> None:
    """One line on standard error, if there is one (a closed stderr leaves the exit code)."""
    if sys.stderr is not None:
        sys.stderr.write(line + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
