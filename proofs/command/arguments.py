"""What a user gives the command, checked before any work: wagers, readings for the games a
command concerns, the scope of a check, and the engine under test.

Every mistake is a :class:`UsageError`: one line on stderr naming what is valid, exit 2,
nothing checked and nothing written.
"""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Mapping, Sequence

from casino_proofs import games, regulation, spec
from casino_proofs.adapters.targets import DOORS, VALID, open_target, promised
from casino_proofs.command.options import bounds_of
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import EngineUnavailable
from casino_proofs.protocol.play_budget import PlayBudget
from casino_proofs.scale import Scheduler
from casino_proofs.untrusted.bounds import Bounds


def title(game: str) -> str:
    """A game as a sentence names it (``games.py``)."""
    return games.game(game).title


class UsageError(Exception):
    """Bad input: reported as one line on stderr, exit 2."""


def canonical_wager(name: str) -> str | None:
    """The specification's name of a wager (``hop-4-2`` is ``hop-2-4``), or None."""
    if name in spec.WAGER_NAMES:
        return name
    # a hop named by its call in either order: the hop whose call is those dice
    prefix, *call = name.split("-")
    if len(call) == 2 and all(len(p) == 1 and p in "123456" for p in call):
        dice = tuple(sorted(int(p) for p in call))
        return next((w for w in spec.named(spec.Kind.HOP)
                     if spec.family(w).dice == dice and w.split("-")[0] == prefix), None)
    return None


def parse_wagers(text: str | None) -> list[str] | None:
    """``--wagers hard-6,any-7`` -> the wagers to prove, checked."""
    if text is None:
        return None
    names = [w.strip() for w in text.split(",") if w.strip()]
    if not names:
        raise UsageError("--wagers takes wager names separated by commas, e.g. hard-6,any-7")
    out = []
    for name in names:
        wager = canonical_wager(name)
        if wager is None:
            raise UsageError(f"unknown wager {name[:40]!r} in --wagers; wagers: hard-4 ... "
                             "three-way-craps, hop-A-B (A, B in 1..6), pass, dont-pass, come, "
                             "dont-come and their -odds (see casino-proofs settle --help)")
        out.append(wager)
    return list(dict.fromkeys(out))


def games_of(only: str | None) -> tuple[str, ...]:
    """The games a command with ``--only`` looks at: every game, or the one chosen."""
    return games.names() if only is None else (only,)


def check_scope(chosen: Sequence[str], wagers: list[str] | None, command: str) -> None:
    """``--wagers`` chooses the wagers of a game that has them (craps): refused where no such
    game is checked."""
    wagered = [g.name for g in games.GAMES if g.wagers]
    if wagers is not None and not set(wagered) & set(chosen):
        raise UsageError(f"--wagers chooses {' and '.join(map(title, wagered))} wagers, and "
                         f"{command} --only {chosen[0]} checks none; leave out --wagers, or "
                         "--only")


def check_readings(readings: Mapping[str, str], chosen: Sequence[str], command: str) -> None:
    """Every reading given must concern a game the command looks at (a Pai Gow reading on a
    craps-only command would change nothing, silently)."""
    registry = regulation.readings()
    for rid in readings:
        game = registry[rid].game
        if game not in chosen:
            concerned = ", ".join(r for r, reading in registry.items() if reading.game in chosen)
            raise UsageError(f"reading {rid} concerns {title(game)}, and {command} "
                             f"looks at {' and '.join(map(title, chosen))} only; "
                             f"readings here: {concerned}")


def open_engine(target: str, timeout_ms: int, looked_up: Sequence[str] = (),
                command: str = "", sessions: PlayBudget | None = None,
                require_coverage: bool = False, scheduler: Scheduler | None = None,
                progress: bool = False, bounds: Bounds | None = None) -> Engine:
    """The engine TARGET names, started and asked its hello; one that cannot be, or that
    plays none of ``looked_up`` (for a lookup of one game), is a usage error. ``sessions``: the
    random play a ``play:`` table gets; ``scheduler`` and ``progress``: where a session log's
    shards are judged, and whether that shows on standard error; ``bounds``: what is read
    from outside is bounded by (docs/commands.md, "Bounds")."""
    try:
        engine = open_target(target, timeout_ms, sessions, require_coverage, scheduler,
                             bounds)
        engine.show_progress = progress  # a session log's judging, on standard error
        hello = engine.hello
    except EngineUnavailable as exc:
        raise UsageError(str(exc)) from exc
    _capable(engine, target)
    missing = [g for g in looked_up if g not in hello.games]
    if missing:
        engine.close()
        settlement_table = engine.can(Capability.RECORDED) \
            and not engine.can(Capability.LOGS_SESSIONS)
        what = "a recorded craps table" if settlement_table else "the engine"
        raise UsageError(f"{command} asks about {title(missing[0])}, and {what} "
                         f"({target[:80]}) plays {', '.join(hello.games) or 'no game'} "
                         "(see its hello)")
    return engine


def _capable(engine: Engine, target: str) -> None:
    """A usage error, before any work, if the engine lacks a capability its door promises
    (:data:`~casino_proofs.adapters.targets.DOORS`): a check would otherwise leave out,
    silently, what rests on it."""
    door, needed = promised(target)
    lacking = needed & ~engine.capabilities
    if lacking:
        engine.close()
        raise UsageError(f"--engine {target[:80]}: the engine lacks the capability "
                         f"{lacking.words}, which {DOORS[door].what} ({door}:) has and a check of "
                         f"it needs; a target is one of {VALID}")


def lookup_engine(args: Namespace, game: str) -> Engine:
    """The engine of a lookup of one game (``settle``, ``rank``, ``compare``)."""
    return open_engine(args.engine, args.engine_timeout_ms, (game,), args.command,
                       bounds=bounds_of(args))
