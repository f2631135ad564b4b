"""Progress by work done (issue 24, item 9): a CI log gets a line at least every few seconds,
even while one long step runs, with the work done in its own unit and the time left; a
terminal gets one line rewritten in place; ``--quiet`` gets nothing at all."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

import casino_proofs.progress as progress
from casino_proofs.progress import Progress


def test_a_log_gets_the_work_done_and_the_time_left() -> None:
    p = Progress("Pai Gow: every hand", 2_869_685, enabled=False, unit="hands")
    p.started = 100.0
    p.reached(1_434_842, at=110.0)
    assert p.text(110.0) == ("Pai Gow: every hand: 1,434,842/2,869,685 hands (49 %), 10 s, "
                             "about 10 s left")
    p.reached(2_869_685, at=120.0)
    assert p.text(120.0) == "Pai Gow: every hand: 2,869,685/2,869,685 hands (100 %), 20 s"


def test_a_log_is_never_silent_while_one_long_step_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "LOG_EVERY", 0.05)
    stream = io.StringIO()
    p = Progress("craps: every wager", 40, enabled=True, stream=stream, unit="wagers")
    p.step(10)
    time.sleep(0.4)  # no step at all: the heartbeat still writes
    p.close()
    lines = stream.getvalue().splitlines()
    assert lines[0] == "craps: every wager: started"
    beats = [line for line in lines if "10/40 wagers (25 %)" in line]
    assert len(beats) >= 2, lines
    assert lines[-1].startswith("craps: every wager: done in ")
    assert all(line.startswith("craps: every wager: ") for line in lines)


def test_quiet_writes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "LOG_EVERY", 0.01)
    quiet = io.StringIO()
    q = Progress("mutants", 3, enabled=False, stream=quiet)
    q.step()
    time.sleep(0.05)
    q.close()
    assert quiet.getvalue() == ""


def test_the_time_left_never_grows_while_no_work_is_done() -> None:
    """Issue 34: par said "about 5 s left", then 10, then 15, while one long step ran: the
    estimate was the time spent times the share of work left, and the time spent grew. It is
    the rate of the work done when last reported, counted down since, and none once run out."""
    p = Progress("par", 2, enabled=False, unit="games")
    p.started = 100.0
    p.reached(1, at=105.0)
    assert [p.text(now).rpartition(", ")[2] for now in (105.0, 107.0, 109.0)] == [
        "about 5 s left", "about 3 s left", "about 1 s left"]
    assert p.text(120.0) == "par: 1/2 games (50 %), 20 s"


def test_par_tells_no_time_left_from_games_of_unequal_work(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Its two games are a sheet of a second or two (craps) and one of many (Pai Gow)."""
    made: list[Progress] = []

    class Kept(Progress):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            made.append(self)

    monkeypatch.setattr(progress, "Progress", Kept)
    from casino_proofs.command.main import main

    assert main(["par", "--only", "craps", "--quiet", "--wagers", "any-7", "--format",
                 "json", "--output", str(tmp_path / "par.json")]) == 0
    (bar,) = made
    bar.started, bar.total = 100.0, 2
    bar.reached(1, at=101.0)
    assert "left" not in bar.text(101.5)
