"""Progress by work done (issue 24, item 9): a CI log gets a line at least every few seconds,
even while one long step runs, with the work done in its own unit and the time left; a
terminal gets one line rewritten in place; ``--quiet`` gets nothing at all."""

from __future__ import annotations

import io
import itertools
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import casino_proofs.progress as progress
from casino_proofs import spec
from casino_proofs.progress import Progress


def test_a_log_gets_the_work_done_and_the_time_left() -> None:
    p = Progress("Pai Gow: every hand", 2_869_685, enabled=False, unit="hands")
    p.started = 100.0
    p.reached(1_434_842, at=110.0)
    assert p.text(110.0) == ("Pai Gow: every hand: 1,434,842/2,869,685 hands (49 %), 10 s, "
                             "about 10 s left")
    p.reached(2_869_685, at=120.0)
    assert p.text(120.0) == "Pai Gow: every hand: 2,869,685/2,869,685 hands, finishing, 20 s"


def test_a_log_is_never_silent_while_one_long_step_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "LOG_EVERY", 0.05)
    stream = io.StringIO()
    p = Progress("craps: every wager", 40, enabled=True, stream=stream, unit="wagers")
    p.step(10)
    time.sleep(0.4)  # no step at all: the heartbeat still writes
    p.close()
    lines = stream.getvalue().splitlines()
    beats = [line for line in lines if "10/40 wagers (25 %)" in line]
    assert len(beats) >= 2, lines
    assert lines[-1].startswith("craps: every wager: done, 10/40 wagers (25 %), ")
    assert all(line.startswith("craps: every wager: ") for line in lines)


def test_a_phase_whose_units_are_done_says_finishing_never_100_percent() -> None:
    """Issue 44: replay sat at "791/791 (100 %)" for three minutes while the hands were
    asked again. While a phase works its units all done, it says so: finishing."""
    p = Progress("replay", 791, enabled=False, unit="obligations")
    p.started = 100.0
    p.reached(791, at=110.0)
    assert p.text(200.0) == "replay: 791/791 obligations, finishing, 100 s"
    p.close()
    assert "100 %" not in p.text(200.0)


def test_the_interval_is_set_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(progress.EVERY_VARIABLE, "0.25")
    assert progress.log_every() == 0.25
    for wrong in ("0", "-1", "soon", "1e9"):
        monkeypatch.setenv(progress.EVERY_VARIABLE, wrong)
        assert progress.log_every() == progress.LOG_EVERY


def test_a_phase_speaks_only_inside_a_command_that_reports(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A phase opened outside a command's reporter (a library call, --quiet) is silent; one
    opened inside speaks, after the one it runs in."""
    monkeypatch.setattr(progress, "LOG_EVERY", 0.05)
    assert not progress.phase("alone", 3, "things").enabled
    stream = io.StringIO()
    with progress.reporting("check", True, stream):
        progress.stage("craps", 2)
        with progress.phase("craps", 4, "wagers checked") as bar:
            bar.step()
            time.sleep(0.2)
    lines = stream.getvalue().splitlines()
    assert any(line.startswith("check: 0/2 steps (0 %), craps, ") and
               "; craps: 1/4 wagers checked (25 %), " in line for line in lines), lines
    assert lines[-1].startswith("check: done, ")


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
    bar = next(p for p in made if p.label == "par")
    bar.started, bar.total = 100.0, 2
    bar.reached(1, at=101.0)
    assert "left" not in bar.text(101.5)


# -- issue 44: every long command's log, with a slow engine --------------------------------------

#: seconds between two progress lines in these runs (CASINO_PROOFS_PROGRESS_EVERY)
EVERY = 0.2
#: the longest silence allowed in their log: many intervals, since a loaded machine (five
#: engineers' tests on two cores) delays the heartbeat; the command's reporter speaks through
#: every step, so a longer silence is a heartbeat that stopped, or a step outside the reporter
SILENCE = 4.0
#: seconds the slow engine waits before each request
SLOW = 0.4
ROOT = Path(__file__).resolve().parent.parent
SLOW_ENGINE = (f"{sys.executable} {ROOT / 'tests/engines/slow.py'} {SLOW} {sys.executable} "
               f"{ROOT / 'tests/engines/bad/overpays.py'}")
SLOW_TABLE = (f"{sys.executable} {ROOT / 'tests/engines/slow.py'} {SLOW / 4} {sys.executable} "
              f"{ROOT / 'tests/engines/table/history_table.py'}")


class Log(io.TextIOBase):
    """Standard error as a CI log sees it: each line with the time it was written."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, str]] = []
        self.partial = ""

    def write(self, text: str) -> int:
        self.partial += text
        *whole, self.partial = self.partial.split("\n")
        self.lines += [(time.monotonic(), line) for line in whole]
        return len(text)

    def isatty(self) -> bool:
        return False


def log_problems(lines: list[tuple[float, str]], started: float, ended: float,
                 silence: float = SILENCE) -> list[str]:
    """What a command's log does wrong: a silence longer than ``silence`` (from the start,
    between two lines, or to the end), a line that says no unit of work, a phase at 100 %
    while it still works, a word of proof."""
    times = [started, *(t for t, _ in lines), ended]
    problems = [f"{b - a:.1f} s of silence before line {i}" for i, (a, b) in
                enumerate(itertools.pairwise(times)) if b - a > silence]
    for _t, line in lines:
        if line.startswith("casino-proofs "):
            continue  # the command's own last word (the blueprint's pages written)
        for part in line.split("; "):
            if not re.search(r": (done, )?([\d,]+(/[\d,]+)? [a-z']+|step \d+, )", part):
                problems.append(f"no unit of work: {part}")
        if "(100 %)" in line:
            problems.append(f"100 % while it works: {line}")
        if re.search(r"\bproved\b", line, re.IGNORECASE):
            problems.append(f"a word of proof on a refuted run: {line}")
    return problems


def _logged(argv: list[str], monkeypatch: pytest.MonkeyPatch, every: float = EVERY
            ) -> tuple[int, list[tuple[float, str]], list[str]]:
    monkeypatch.setenv(progress.EVERY_VARIABLE, str(every))
    log = Log()
    monkeypatch.setattr(sys, "stderr", log)
    from casino_proofs.command.main import main

    started = time.monotonic()
    code = main(argv)
    silence = SILENCE if every == EVERY else every + SILENCE
    return code, log.lines, log_problems(log.lines, started, time.monotonic(), silence)


@pytest.fixture
def cached_analyses(monkeypatch: pytest.MonkeyPatch, ambiguity_findings: list[Any],
                    obligations_listed_once: None) -> None:
    """The session's ambiguity findings, and coverage's obligations listed once: what the
    report and the site show beside the check, made once for the test run."""
    monkeypatch.setattr("casino_proofs.analyses.readings.ambiguities.find_all",
                        lambda *_a, **_k: ambiguity_findings)
    from casino_proofs.analyses.readings import edge
    from casino_proofs.craps.par import edges as par

    for module, name in ((par, "par_rows"), (edge, "edge_rows")):  # any-7's rows alone
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda base=None, wagers=None, engine=None, real=real:
                            real(base, wagers or ["any-7"], engine))


def _runs(tmp_path: Path, engine: str, wagers: str, table: str
          ) -> dict[str, tuple[list[str], int]]:
    """Each long command, against the slow engine (the table check, against the slow
    table), and its exit code: the engine overpays, the table is right."""
    chosen = ["--engine", f"exec:{engine}", "--only", "craps", "--wagers", wagers]
    bundle, page = tmp_path / "bundle", tmp_path / "report.html"
    return {
        "check": (["check", *chosen, "--output", str(tmp_path / "r.txt")], 1),
        "the HTML report with a bundle": (["check", *chosen, "--format", "html", "--output",
                                           str(page), "--bundle", str(bundle)], 1),
        "replay": (["replay", str(bundle), "--solver", "z3", "--engine", f"exec:{engine}",
                    "--output", str(tmp_path / "replay.txt")], 0),
        "blueprint": (["blueprint", *chosen, "--output", str(tmp_path / "site")], 1),
        "the table check": (["check", "--only", "craps", "--wagers", wagers, "--sessions", "2",
                             "--engine", f"play:{table}", "--output",
                             str(tmp_path / "table.txt")], 0),
    }


def test_every_long_command_logs_its_work_with_a_slow_engine(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cached_analyses: None) -> None:
    """Issue 44, item 3: check, the HTML report with a bundle, replay, blueprint and a table
    check, each against a slow engine (each request waits), log a line at least every few
    intervals, each naming its unit and the work done and left; never 100 % while work
    remains; never a word of proof on a run that is refuted. One wager, the analyses the
    report shows made once (the exhaustive run has the full size)."""
    for name, (argv, expected) in _runs(tmp_path, SLOW_ENGINE, "any-7", SLOW_TABLE).items():
        code, lines, problems = _logged(argv, monkeypatch)
        assert code == expected, (name, lines)
        assert len(lines) >= 3 and problems == [], (name, problems, lines)


@pytest.mark.exhaustive
def test_every_long_command_logs_its_work_at_full_size(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The same at full size: the example engine with a fault, slowed, on every craps
    wager; the report's ambiguity findings, house edges and PAR sheet made in the run; the
    example table, slowed, on the line bets and their odds; at the default interval of 5
    seconds (the log of each is silent no longer than :data:`SILENCE` more)."""
    if shutil.which("node") is None:
        pytest.skip("the example engines are JavaScript (node is not installed)")
    slow = f"{sys.executable} {ROOT / 'tests/engines/slow.py'}"
    engine = f"{slow} 2 node {ROOT / 'examples/engines/engine.js'} --fault come-odds-working"
    table = f"{slow} 0.2 node {ROOT / 'examples/engines/table.js'}"
    runs = _runs(tmp_path, engine, ",".join(spec.WAGER_NAMES), table)
    runs["the table check"][0][4] = "pass,pass-odds,dont-pass,dont-pass-odds"
    for name, (argv, expected) in runs.items():
        code, lines, problems = _logged(argv, monkeypatch, every=progress.LOG_EVERY)
        assert code == expected, (name, lines)
        assert len(lines) >= 3 and problems == [], (name, problems, lines)


def test_the_log_check_sees_silence_no_unit_a_full_bar_and_a_proof() -> None:
    """Must-fail: what the issue saw is each caught."""
    said = [(1.0, "craps: 0, 5 s"), (6.0, "craps: 42/42 wagers proved (100 %), 6 s")]
    problems = log_problems(said, 0.0, 6.5)
    assert any("silence" in p for p in problems)
    assert any("no unit" in p for p in problems)
    assert any("100 %" in p for p in problems)
    assert any("proof" in p for p in problems)


def test_a_check_s_time_includes_opening_its_engine(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 44: a session log's check said "2.1 s" after a run of 17.7 s: the log, judged as
    its engine opened, was left out of the time the report gives."""
    import json

    from casino_proofs.command import check
    from casino_proofs.command.main import main

    real = check.open_engine

    def slow_to_open(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.3)
        return real(*args, **kwargs)

    monkeypatch.setattr(check, "open_engine", slow_to_open)
    assert main(["check", "--only", "craps", "--wagers", "any-7", "--quiet", "--format",
                 "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["seconds"] >= 0.3
