"""Every benchmark runs (issue 34: one was broken unseen for several rounds). Each script of
benchmarks/ is run as a user runs it, with ``--quick``: each part once, at its smallest; it
must exit 0 and print its figures. The parts a smoke run leaves out (they need every Pai Gow
hand) run once at full size under ``pytest -m exhaustive``. Speed targets are printed by the
benchmarks, never asserted here."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
#: the scripts that run the JavaScript example engines
NODE = {"diff", "engine_exec", "log_judging", "log_scale", "paigow_dask", "quick_start",
        "table_engine"}
#: what each prints (a figure: a number, then its unit), one pattern a line
FIGURES = {
    "blueprint": [r"check alone: +[\d.]+ s wall",
                  r"blueprint from the check's report: +[\d.]+ s wall",
                  r"ratio to the check alone: +[\d.]+x wall"],
    "check_profile": [r"start-up \(imports\) +[\d.]+ +[\d.]+", r"Pai Gow: all \(one worker\)",
                      r"check +[\d.]+ s +prototype", r"craps check alone: +[\d.]+ s wall",
                      r"--all-readings +[\d.]+ s CPU"],
    "default_tests": [r"yardstick: a [\d,]+-iteration Python loop in [\d.]+ s of CPU",
                      r"default pytest run 1: +\d+ s of CPU, +\d+ s wall, exit 0"],
    "quick_start": [r"yardstick: a [\d,]+-iteration Python loop in [\d.]+ s of CPU",
                    r"casino-proofs check --only craps: +[\d.]+ s wall, +[\d.]+ s CPU, exit 0",
                    r"casino-proofs settle hard-6 --roll 3,3: +[\d.]+ s wall",
                    r"casino-proofs check --only craps --engine exec:\(fault\): +[\d.]+ s wall"
                    r".*exit 1",
                    r"casino-proofs blueprint --only craps --engine exec:\(fault\): +[\d.]+ s"],
    "spec_side": [r"yardstick: a [\d,]+-iteration Python loop in [\d.]+ s of CPU",
                  r"floor \(the implementation's calls\): +[\d.]+ s",
                  r"full check cold: +[\d.]+ s, ratio +[\d.]+x the floor",
                  r"full check warm: +[\d.]+ s, ratio +[\d.]+x the floor",
                  r"craps check: +[\d.]+ s of CPU",
                  r"replay of the full bundle: +[\d.]+ s, check --bundle +[\d.]+ s, ratio",
                  r"blueprint of our implementation: +[\d.]+ s, check +[\d.]+ s, ratio"],
    "craps_proofs": [r"craps proofs: \d+ obligations", r"cold \(new process\): +[\d.]+ s",
                     r"warm \(in process\): +[\d.]+ s"],
    "diff": [r"craps diff, two engines over exec \(median of 1\): +[\d.]+ s",
             r"Pai Gow diff over every hand"],
    "engine_exec": [r"Pai Gow, every hand", r"craps over exec \(median of 1\): +[\d.]+ s"],
    "log_judging": [r"yardstick: a [\d,]+-iteration Python loop in [\d.]+ s of CPU",
                    r"reference table, one core: [\d,]+ events/s \([\d.]+ s CPU",
                    r"check --workers 2: [\d.]+ s wall, [\d.]+ s CPU"],
    "log_scale": [r"session log of [\d,]+ events .*2 local workers: [\d.]+ s wall, [\d.]+ s CPU",
                  r"ratio 10x the events: [\d.]+x the wall",
                  r"ratio LocalCluster / local: [\d.]+|LocalCluster \(2 workers\): left out"],
    "paigow_dask": [r"local pool \(2 processes\): +[\d.]+ s",
                    r"LocalCluster \(2 workers\): +[\d.]+ s",
                    r"ratio Dask / local pool: +[\d.]+"],
    "paigow_proofs": [r"impl evaluator: [\d,]+ hands/s"],
    "par_sheet": [r"seven-card table \(116,280 hands of 21 cards, exact\): +[\d.]+ s",
                  r"craps sheet, every reading: +[\d.]+ s"],
    "table_engine": [r"table check over play: \(any-7\) +[\d.]+ s CPU",
                     r"single-wager check over exec: +[\d.]+ s CPU",
                     r"session log of [\d,]+ events .*: [\d.]+ s wall, [\d.]+ s CPU, peak \d+ MiB",
                     r"peak memory x[\d.]+ for 4x the events"],
}
#: ... and at full size, what the smoke run leaves out
FULL = {
    "diff": [r"diff impl exec \(wheel-lowest\): +[\d.]+ s", r"ratio diff / check: +[\d.]+"],
    "engine_exec": [r"exec \(JavaScript engine\): +[\d.]+ s", r"in process \(impl\): +[\d.]+ s"],
    "paigow_dask": [r"Pai Gow exec pass \(every hand, a new process each\)",
                    r"ratio Dask / local pool: +[\d.]+"],
    "paigow_proofs": [r"cold \(new process, 2 workers\): +[\d.]+ s"],
}


def _run(name: str, *options: str, timeout: int) -> str:
    if name in NODE and shutil.which("node") is None:
        pytest.skip("node is not installed (.ci/run installs it)")
    done = subprocess.run([sys.executable, str(BENCHMARKS / f"{name}.py"), *options],
                          capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_every_benchmark_has_its_figures_listed() -> None:
    scripts = {p.stem for p in BENCHMARKS.glob("*.py")} - HELPERS
    assert scripts == set(FIGURES) and HEAVY <= scripts


#: the shared helpers (the yardstick is also run alone: its own test)
HELPERS = {"cold_run", "yardstick"}
#: smoke runs of several seconds of CPU each: run with the exhaustive tests (CI runs both), to
#: keep the default pytest within its CPU budget
HEAVY = {"blueprint", "check_profile", "default_tests", "log_judging", "log_scale",
         "paigow_dask", "quick_start", "spec_side", "table_engine"}


@pytest.mark.exhaustive  # (.ci/run prints the yardstick beside the default run's CPU)
def test_the_yardstick_prints_its_loop_s_time() -> None:
    done = subprocess.run([sys.executable, str(BENCHMARKS / "yardstick.py")],
                          capture_output=True, text=True, timeout=120, check=True)
    assert re.fullmatch(r"yardstick: a 10,000,000-iteration Python loop in \d+\.\d\d s of "
                        r"CPU\n", done.stdout), done.stdout


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.exhaustive)
                                  if n in HEAVY else n for n in sorted(FIGURES)])
def test_a_benchmark_runs_at_a_small_size_and_prints_its_figures(name: str) -> None:
    out = _run(name, "--quick", timeout=300)
    assert out.startswith("quick: a smoke run")
    for figure in FIGURES[name]:
        assert re.search(figure, out), (figure, out)


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", sorted(FULL))
def test_a_benchmark_s_parts_over_every_pai_gow_hand_run(name: str) -> None:
    out = _run(name, "--runs", "1", timeout=1200)
    assert "quick" not in out and "left out by --quick" not in out
    for figure in FULL[name]:
        assert re.search(figure, out), (figure, out)
