"""Benchmark (issue 45): the check at the cost of the implementation it checks.

Prints, in one run, with the machine's yardstick (benchmarks/yardstick.py):

1. **The floor**: the calls into the implementation that any check asking every input must
   make, in a new process, its CPU from the first call to the last: every Pai Gow hand of
   the 53-card deck (2,869,685 five-card and 1,378 two-card hands) evaluated, and compared
   once (with the hand before it), and every craps question the check asks settled once.
2. **The full check** (``casino-proofs check``, both games, CPU of every process, start-up
   included) **cold** (an empty cache directory: the specification's bulk tables built and
   kept) and **warm** (the same directory: the tables read back and proved again), each
   against the floor, paired run by run; targets at most 1.3x cold, 1.1x warm.
3. **The craps check** alone (``check --only craps``, warm), CPU; target at most 1 s.
4. **replay** of the full check's bundle and **blueprint** of our implementation, each against
   the check it rests on (``check --bundle``, ``check``), CPU; target at most 1.2x each.

The figures are printed, never asserted; the machine is shared, so compare the ratios of one
run (each pair runs in turn).

    python benchmarks/spec_side.py [--runs N] [--quick]

``--quick``: one craps wager (any-7) and no Pai Gow: a smoke run whose ratios say nothing of
the targets.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from cold_run import QUICK_WAGERS, options, parsed  # beside this script
from yardstick import line as yardstick_line  # beside this script

TARGETS = {"cold": 1.3, "warm": 1.1, "craps": 1.0, "replay": 1.2, "blueprint": 1.2}

FLOOR = r"""
import json, sys, time
from itertools import combinations
from casino_proofs import impl, spec
from casino_proofs.adapters.ours import CARD_OF_INDEX
from casino_proofs.impl import paigow
from casino_proofs.craps.obligations.answers import questions_of

quick = "--quick" in sys.argv[1:]
wagers = [sys.argv[-1]] if quick else list(spec.WAGER_NAMES)
readings = spec.Readings.from_dict({})
asked = [q for w in wagers for q in questions_of(spec.wager(w, readings)).all]
cards = CARD_OF_INDEX
started = time.process_time()
evaluate, compare = paigow.evaluate, paigow.compare
hands = 0
for size in (() if quick else (5, 2)):
    before = None
    for hand in combinations(range(53), size):
        held = tuple(cards[i] for i in hand)
        evaluate(held)
        if before is not None:
            compare(held, before)
        before = held
        hands += 1
paigow_cpu = time.process_time() - started
settle, State, Roll = impl.settle, impl.State, impl.Roll
for q in asked:
    try:
        settle(q.wager, State(point=q.point, come_out=q.come_out, working=q.working,
                              first_roll=q.first_roll), Roll(q.die_1, q.die_2))
    except impl.CrapsError:
        pass
print(json.dumps({"cpu": time.process_time() - started, "paigow": paigow_cpu,
                  "hands": hands, "settled": len(asked)}))
"""


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cpu(argv: list[str], env: dict[str, str], ok: tuple[int, ...] = (0,)) -> float:
    """CPU seconds of ``argv`` and every process it waited for."""
    before = _children_cpu()
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env)
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-800:]}")
    return _children_cpu() - before


def cpu_and_exit(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    """CPU seconds of ``argv`` and every process it waited for, and its exit code (a replay's
    exit says what it re-derived; only a usage or internal error stops the benchmark)."""
    before = _children_cpu()
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env)
    if done.returncode in (2, 4) and "internal error" in done.stderr:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-800:]}")
    return _children_cpu() - before, done.returncode


def floor(quick: bool) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", FLOOR, *(["--quick", QUICK_WAGERS]
                                                          if quick else [])],
                          capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def verdict(ratio: float, target: float) -> str:
    return f"target at most {target}: {'MET' if ratio <= target else 'MISSED'}"


def _ratios(runs: list[tuple[float, float, float]], quick: bool) -> None:
    low = statistics.median(r[0] for r in runs)
    cold_ratio = statistics.median(r[1] / r[0] for r in runs)
    warm_ratio = statistics.median(r[2] / r[0] for r in runs)
    print(f"spec side{' (--quick: ' + QUICK_WAGERS + ' alone)' if quick else ''}, "
          f"median of {len(runs)} paired run(s), CPU of every process:")
    print(f"  floor (the implementation's calls): {low:7.2f} s")
    print(f"  full check cold: {statistics.median(r[1] for r in runs):7.2f} s, "
          f"ratio {cold_ratio:5.2f}x the floor   {verdict(cold_ratio, TARGETS['cold'])}")
    print(f"  full check warm: {statistics.median(r[2] for r in runs):7.2f} s, "
          f"ratio {warm_ratio:5.2f}x the floor   {verdict(warm_ratio, TARGETS['warm'])}",
          flush=True)


def main() -> None:
    args = parsed(options(__doc__ or "", 3))
    tool = [sys.executable, "-m", "casino_proofs"]
    scope = ["--only", "craps", "--wagers", QUICK_WAGERS] if args.quick else []
    print(yardstick_line(), flush=True)
    with tempfile.TemporaryDirectory(prefix="spec-side-bench-") as folder:
        runs: list[tuple[float, float, float]] = []
        crapss: list[float] = []
        for run in range(args.runs):
            env = {**os.environ, "XDG_CACHE_HOME": str(Path(folder) / f"cache-{run}")}
            low = floor(args.quick)["cpu"]
            cold = cpu([*tool, "check", *scope, "--quiet"], env)
            warm = cpu([*tool, "check", *scope, "--quiet"], env)
            runs.append((low, cold, warm))
            crapss.append(cpu([*tool, "check", "--only", "craps", "--quiet",
                               *(["--wagers", QUICK_WAGERS] if args.quick else [])], env))
            print(f"  run {run + 1}: floor {low:.2f} s, cold {cold:.2f} s, warm {warm:.2f} s, "
                  f"craps {crapss[-1]:.2f} s", flush=True)
        _ratios(runs, args.quick)
        craps = statistics.median(crapss)
        print(f"  craps check: {craps:5.2f} s of CPU   "
              f"{'target at most 1 s: ' + ('MET' if craps <= TARGETS['craps'] else 'MISSED')}",
              flush=True)
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(folder) / "cache-0")}
        bundle = str(Path(folder) / "bundle")
        checked = cpu([*tool, "check", *scope, "--quiet", "--bundle", bundle], env)
        replayed, code = cpu_and_exit([*tool, "replay", bundle, "--quiet"], env)
        print(f"  replay of the full bundle: {replayed:7.2f} s, check --bundle {checked:7.2f} s, "
              f"ratio {replayed / checked:5.2f}x (exit {code})   "
              f"{verdict(replayed / checked, TARGETS['replay'])}", flush=True)
        alone = cpu([*tool, "check", *scope, "--quiet"], env)
        site = cpu([*tool, "blueprint", *scope, "--quiet", "--output",
                    str(Path(folder) / "site")], env, ok=(0, 1))
        print(f"  blueprint of our implementation: {site:7.2f} s, check {alone:7.2f} s, "
              f"ratio {site / alone:5.2f}x   {verdict(site / alone, TARGETS['blueprint'])}")


if __name__ == "__main__":
    main()
