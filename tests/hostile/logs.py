"""The session logs of the hostile corpus (issue 42), written by hand: a Pass odds stake of
one unit on a point of 6, paid one unit -- 6 to 5 floored, which a table declaring floor
rounding pays and an exact table (the default of a log with no hello) would have refused --
and the hello that declares floor rounding."""

from __future__ import annotations

import json
from pathlib import Path

#: a Pass line bet of 1, a point of 6, Pass odds of 1 on it, then the 6: the odds paid 1 (6 to
#: 5 of 1 is 1.2, floored)
FLOORED = {"events": [{"place": "b1", "wager": "pass", "amount": 1}, {"roll": [3, 3]},
                      {"place": "b2", "wager": "pass-odds", "amount": 1, "on": "b1"},
                      {"roll": [3, 3]}],
           "answers": [{"accepted": True},
                       {"point": 6, "bets": [{"bet": "b1", "paid": 0, "returned": 0,
                                              "stays": True, "point": 6}]},
                       {"accepted": True},
                       {"point": None, "bets": [
                           {"bet": "b1", "paid": 1, "returned": 1, "stays": False,
                            "point": None},
                           {"bet": "b2", "paid": 1, "returned": 1, "stays": False,
                            "point": None}]}]}
HELLO_FLOOR = {"hello": {"money": {"unit": "1", "rounding": "floor"}}}
HELLO_EXACT = {"hello": {"money": {"unit": "1", "rounding": "exact"}}}
#: what a check of these logs is about
WAGERS = ("--only", "craps", "--wagers", "pass,pass-odds")


def lines(path: Path, *records: object) -> Path:
    """A log file of these records, one JSON line each."""
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def directory_cases(root: Path) -> dict[str, Path]:
    """The three directory logs of issue 42, each holding the floored session in a file with
    no hello beside a file whose hello declares floor rounding."""
    out = {}
    for name, files in {
        "session-then-hello": {"a.jsonl": [FLOORED], "b.jsonl": [HELLO_FLOOR]},
        "hello-then-session": {"a.jsonl": [HELLO_FLOOR], "b.jsonl": [FLOORED]},
        "hello-and-session-then-session": {"a.jsonl": [HELLO_FLOOR, FLOORED],
                                           "b.jsonl": [FLOORED]},
    }.items():
        folder = root / name
        folder.mkdir()
        for file, records in files.items():
            lines(folder / file, *records)
        out[name] = folder
    return out
