"""A session log of ordinary play, as an electronic table would export it (issue 29): players
bet Pass with odds, Come bets, one-roll bets and Hard Ways, and never call a bet or take one
down; a correct table (``impl_table``, on this project's implementation) answers. Seeded, so
the same log every time.

    python tests/engines/table/ordinary_log.py OUT.jsonl [SESSIONS] [--fault F]

A ``--fault`` is one of impl_table's, for a wrong log of the same play.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ONE_ROLL = ("any-7", "eleven", "any-craps", "craps-2", "craps-3", "craps-12", "horn", "world",
            "three-way-craps", "hop-3-4", "hop-2-2")
HARD = ("hard-4", "hard-6", "hard-8", "hard-10")


def table_module(faults: list[str]) -> ModuleType:
    """impl_table, loaded with these faults (it reads its options when loaded)."""
    argv, sys.argv = sys.argv, ["impl_table", *[a for f in faults for a in ("--fault", f)]]
    try:
        path = Path(__file__).with_name("impl_table.py")
        spec = importlib.util.spec_from_file_location(f"impl_table_{'_'.join(faults)}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.argv = argv


def session(rng: random.Random, rolls: int) -> list[dict[str, Any]]:
    """One session: a player's bets and the dice, as events, with fresh bet IDs."""
    events: list[dict[str, Any]] = []
    point: int | None = None
    line: str | None = None
    count = 0

    def place(wager: str, amount: int, on: str | None = None) -> str:
        nonlocal count
        count += 1
        event: dict[str, Any] = {"place": f"b{count}", "wager": wager, "amount": amount}
        if on is not None:
            event["on"] = on
        events.append(event)
        return f"b{count}"

    for _ in range(rolls):
        if point is None and line is None:
            line = place("pass", 500)
        if point is not None and line is not None and rng.random() < 0.3:
            place("pass-odds", 1000, line)
        if rng.random() < 0.3:
            place(rng.choice(ONE_ROLL), rng.choice((100, 300, 500)))
        if rng.random() < 0.15:
            place(rng.choice(HARD), 200)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        events.append({"roll": [d1, d2]})
        total = d1 + d2
        if point is None:
            if total in (4, 5, 6, 8, 9, 10):
                point = total
            else:
                line = None  # decided on the come-out roll
        elif total in (7, point):
            point, line = None, None
    return events


def write(out: Path, sessions: int, faults: list[str], seed: int = 29) -> Path:
    table = table_module(faults)
    rng = random.Random(seed)
    with out.open("w") as f:
        f.write(json.dumps({"hello": {"money": {"unit": "0.01", "rounding": "floor"}}}) + "\n")
        for number in range(1, sessions + 1):
            events = session(rng, rng.randint(20, 120))
            answers = table.play(events)
            f.write(json.dumps({"session": number, "events": events, "answers": answers})
                    + "\n")
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    faults = [args[i + 1] for i, a in enumerate(args) if a == "--fault"]
    plain = [a for i, a in enumerate(args) if a != "--fault" and (i == 0 or args[i - 1]
                                                                   != "--fault")]
    write(Path(plain[0]), int(plain[1]) if len(plain) > 1 else 1000, faults)
