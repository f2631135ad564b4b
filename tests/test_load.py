"""Principle 6: verdicts do not depend on the machine. The same check, run beside processes
that keep every core busy, gives the same verdicts -- and, since every query is budgeted by
Z3's deterministic resource count, the same resources to the unit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest


@contextmanager
def _busy_machine(processes: int) -> Iterator[None]:
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
               for _ in range(processes)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


def _verdicts(*options: str) -> dict[str, tuple[str, int, str]]:
    done = subprocess.run([sys.executable, "-m", "casino_proofs", "check", "--quiet",
                           "--format", "json", *options], capture_output=True, text=True,
                          check=False)
    doc: dict[str, Any] = json.loads(done.stdout)
    assert doc["summary"]["exit_code"] == done.returncode
    # the detail holds the example a PROVED non-vacuity gives: it must not change either
    return {o["id"]: (o["verdict"], o.get("resources", 0), o.get("detail", ""))
            for o in doc["obligations"]}


def _load() -> int:
    return 2 * (os.cpu_count() or 2)  # twice as many busy processes as cores


@pytest.mark.exhaustive  # it loads the machine on purpose: with the exhaustive runs
def test_craps_verdicts_and_resources_are_the_same_on_a_busy_machine() -> None:
    options = ("--only", "craps", "--wagers", "hard-6,any-7,pass,come-odds")
    idle = _verdicts(*options)
    with _busy_machine(_load()):
        busy = _verdicts(*options)
    assert busy == idle
    assert {v for v, _r, _d in idle.values()} == {"PROVED"}


@pytest.mark.exhaustive
def test_every_verdict_is_the_same_on_a_busy_machine() -> None:
    """The whole check, Pai Gow's abstraction lemma included (the query that used to time
    out at load 5), and its queries in worker processes (whichever worker ran a query used to
    change its resource count and the example hand it gave)."""
    idle = _verdicts()
    with _busy_machine(_load()):
        busy = _verdicts()
    assert busy == idle
    assert {v for v, _r, _d in idle.values()} == {"PROVED"}
