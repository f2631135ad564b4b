"""The ``records`` obligation: every record of a file an engine is read from (a settlement
table, a session log) was read.

A record that cannot be read (a truncated line, JSON nested past its bound, an amount of
thousands of digits, a session with a field missing) proves nothing about the table. Skipped,
it could hide the one session that pays wrong, or a second settlement of an input. So it is
never skipped silently: each is named, with its line and why, and the obligation is REFUTED,
which keeps the whole check from PROVED.
"""

from __future__ import annotations

import time

from casino_proofs.obligations.verdict import Obligation, Result, Verdict

CLAUSE = "r3-95.15-intro.s1"
#: unreadable records named in the detail (the counterexample lists every one kept)
SHOWN = 5


def records_obligation() -> Obligation:
    return Obligation("craps/records/all-records/records", "records", CLAUSE, (CLAUSE,),
                      "the records", "all-records", "every record of the file is read: an "
                      "unreadable record can never leave a check PROVED", game="craps")


def records_result(total: int, unreadable: int, listed: list[tuple[int, str]]) -> Result:
    started = time.perf_counter()
    ob = records_obligation()
    if not unreadable:
        return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                      f"every one of the file's {total:,} records read",
                      enumeration=f"enumeration: {total:,} records, 0 unreadable")
    shown = "; ".join(f"line {n:,}: {why}" for n, why in listed[:SHOWN])
    more = f"; and {unreadable - SHOWN:,} more" if unreadable > SHOWN else ""
    return Result(ob, Verdict.REFUTED, time.perf_counter() - started,
                  f"{unreadable:,} of {total:,} records cannot be read, and an unreadable "
                  f"record proves nothing: {shown}{more}",
                  {"unreadable": unreadable, "records": total,
                   "lines": [{"line": n, "why": why} for n, why in listed]},
                  enumeration=f"enumeration: {total:,} records, {unreadable:,} unreadable")
