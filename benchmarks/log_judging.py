"""Benchmark: a session log of ordinary play judged at the speed of reading it (issue 45,
item 2). Ordinary play: each session is one shooter, from the come-out to the seven-out, with
a Pass bet and its odds, the Hard Ways 6 and 8 while a point is on, and two one-roll wagers
on every roll -- several bets on each roll, the log a casino writes -- answered by a correct
table (the example table engine, ``examples/engines/table.js``). Prints, from one run:

- the reference table's events a second on one core: the log's shards judged in this
  process, as a worker judges them (target: 200,000 or more);
- a log of 1,000,000 events judged by ``casino-proofs check --only craps --engine
  table:LOG --workers 2`` in a new process: wall and CPU (target: 5 s wall or less on two
  cores);
- the yardstick (benchmarks/yardstick.py), to scale the figures to another machine.

    python benchmarks/log_judging.py [--runs N] [--events N] [--quick]

``--quick``: a log of about 20,000 events (200 sessions repeated), one run.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cold_run import options, parsed  # beside this script
from table_engine import TABLE_JS, measured, repeated
from yardstick import line

EVENTS_TARGET = 200_000
WALL_TARGET = 5.0
#: distinct sessions the table answers (the log repeats them up to its size)
SESSIONS = 2_000
ONE_ROLL = ("any-7", "eleven", "any-craps", "horn", "craps-2", "craps-12", "world",
            "three-way-craps")
HARD = {"hard-6": 6, "hard-8": 8}


def shooter(rng: random.Random) -> list[dict[str, Any]]:
    """One shooter's events, from the come-out to the seven-out (at most 60 rolls): Pass
    with odds once a point is on, the Hard Ways 6 and 8 while it is, two one-roll wagers a
    roll."""
    events: list[dict[str, Any]] = []
    ids = iter(f"b{n}" for n in range(1, 10_000))
    point: int | None = None
    line_bet: str | None = None
    odds: str | None = None
    hard: dict[str, str] = {}
    for _ in range(60):
        if line_bet is None and point is None:
            line_bet = next(ids)
            events.append({"place": line_bet, "wager": "pass", "amount": 1000})
        if point is not None and line_bet is not None and odds is None:
            odds = next(ids)
            events.append({"place": odds, "wager": "pass-odds", "amount": 2000,
                           "on": line_bet})
        for wager in HARD:
            if point is not None and wager not in hard:
                hard[wager] = next(ids)
                events.append({"place": hard[wager], "wager": wager, "amount": 500})
        for wager in rng.sample(ONE_ROLL, 2):
            events.append({"place": next(ids), "wager": wager, "amount": 400})
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        events.append({"roll": [d1, d2]})
        total = d1 + d2
        for wager, number in HARD.items():
            if wager in hard and total in (7, number):
                del hard[wager]
        if point is None:
            if total in (4, 5, 6, 8, 9, 10):
                point = total
            else:
                line_bet = None
        elif total == point:
            point, line_bet, odds = None, None, None
        elif total == 7:
            break
    return events


def write_log(path: Path, events: int, seed: int = 45, sessions: int = SESSIONS,
              table: str = f"node {TABLE_JS}") -> int:
    """``sessions`` shooters' sessions answered by the example table (``table``: the command
    of another, such as ``node table.js --fault NAME``), repeated into a log of at least
    ``events`` events; returns how many it holds."""
    from casino_proofs.craps.adapters.play_engine import PlayEngine
    from casino_proofs.craps.table.scripts.planner import Script

    rng = random.Random(seed)
    scripts = [Script(f"s{n}", "log", tuple(shooter(rng)), {}, id=f"s{n}")
               for n in range(sessions)]
    engine = PlayEngine(table, 60_000)
    try:
        hello = engine.hello
        answers = engine.play(scripts, {})
    finally:
        engine.close()
    return repeated(path, events, scripts, answers, hello.raw["money"])


def one_core(log: Path) -> tuple[float, int]:
    """CPU seconds of the log's shards judged in this process (as a worker judges them:
    :mod:`casino_proofs.craps.adapters.log_shards`), and the events judged."""
    from casino_proofs.craps.adapters import log_shards
    from casino_proofs.craps.adapters.session_log import SessionLog

    engine = SessionLog(str(log))
    setting = engine._setting({})
    context = log_shards.setup(setting)
    started = time.process_time()
    events = 0
    for shard in engine.scan.shards:
        got = log_shards.judge(context, shard)
        events += got.census.events
        if got.census.unreadable_count or got.table_run.judge.tallies["scripts"].total == 0:
            raise SystemExit("the log of ordinary play did not read whole")
    return time.process_time() - started, events


def met(ok: bool) -> str:
    return "MET" if ok else "MISSED"


def main() -> None:
    parser = options(__doc__, 3)
    parser.add_argument("--events", type=int, default=1_000_000)
    args = parsed(parser)
    if args.quick:
        args.events = 20_000
    print(line())
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "ordinary.jsonl"
        sessions = 200 if args.quick else SESSIONS
        held = write_log(log, args.events, sessions=sessions)
        size = log.stat().st_size / 2**20
        print(f"log of ordinary play: {held:,} events ({size:,.0f} MiB), {sessions:,} "
              "shooters' sessions answered by examples/engines/table.js, repeated")
        cpu = min(one_core(log)[0] for _ in range(1 if args.quick else 2))
        rate = held / cpu
        print(f"reference table, one core: {rate:,.0f} events/s ({cpu:.1f} s CPU; target at "
              f"least {EVENTS_TARGET:,}: {met(rate >= EVENTS_TARGET)})")
        runs = []
        for _ in range(args.runs):
            code, cpu, wall, peak = measured([sys.executable, "-m", "casino_proofs", "check",
                                              "--quiet", "--only", "craps", "--engine",
                                              f"table:{log}", "--workers", "2"])
            if code:
                raise SystemExit(f"the check of the log of ordinary play failed (exit {code})")
            runs.append((wall, cpu, peak))
        wall, cpu, peak = (statistics.median(x) for x in zip(*runs, strict=True))
        print(f"check --workers 2: {wall:.1f} s wall, {cpu:.1f} s CPU, peak {peak / 1024:.0f} "
              f"MiB, {held / wall:,.0f} events/s (median of {args.runs}; target at most "
              f"{WALL_TARGET:g} s wall: {met(wall <= WALL_TARGET)})")
    print(line())


if __name__ == "__main__":
    main()
