"""Benchmark: where the full check's time goes, and what it costs beside the prototype.

1. **The profile**, one cold check taken apart in one process with one worker (so that every
   phase's CPU is its own): start-up (the imports), the craps check (its queries and their
   enumeration), the Pai Gow pass over every hand (our implementation's evaluation, the
   abstraction filing, ``compare()`` on every hand), the Pai Gow queries, and the Pai Gow
   obligations and reports after the pass.
2. **The ratios**, each pair run in turn in one run (the machine is shared: compare ratios):
   the full cold check (two workers, CPU of every process) against the research prototype
   (``../shared/prototype/suite/run_suite.py``), target at most 0.5; the craps check alone,
   target 1 s or less; ``check --all-readings`` against one full check, target at most 3.

    python benchmarks/check_profile.py [--runs N] [--quick]

``--quick`` profiles one wager and the Pai Gow pass over the 21 cards A, K, Q, J, 10 of each
suit and the joker, and sets the check of that one wager beside itself.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from cold_run import QUICK_WAGERS, options, parsed  # beside this script

PROTOTYPE = Path(__file__).resolve().parent.parent.parent / "shared" / "prototype" / "suite" \
    / "run_suite.py"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_and_wall(argv: list[str], ok: tuple[int, ...] = (0,)) -> tuple[float, float]:
    """The CPU seconds (the process and everything it waited for) and the wall seconds of one
    run of ``argv``."""
    cpu, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-800:]}")
    return _children_cpu() - cpu, time.perf_counter() - wall


PROFILE = r"""
import json, time, sys
clock = time.process_time(); wall = time.perf_counter()
from casino_proofs.command.main import main  # noqa: F401 - the start-up: every import
from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.paigow.assurance.ours import check_paigow
from casino_proofs import spec
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK
out = {"start-up (imports)": [time.process_time() - clock, time.perf_counter() - wall]}
quick = sys.argv[1:] == ["--quick"]
deck = FULL_DECK if not quick else tuple(sorted(
    [spec.paigow.card_index(r + s) for r in "AKQJT" for s in "cdhs"] + [spec.paigow.JOKER_INDEX]))
clock, wall = time.process_time(), time.perf_counter()
check_craps(wagers=[QUICK_WAGERS] if quick else None)
out["craps: queries and enumeration"] = [time.process_time() - clock, time.perf_counter() - wall]
phases = {}
wall = time.perf_counter()
check_paigow(workers=1, phases=phases, deck=deck, spec_checks=not quick)
for name, cpu in phases.items():
    out[f"Pai Gow: {name}"] = [cpu, None]
out["Pai Gow: all (one worker)"] = [sum(phases.values()), time.perf_counter() - wall]
print(json.dumps(out))
"""


def profile(quick: bool) -> dict[str, list[float | None]]:
    import json

    done = subprocess.run([sys.executable, "-c",
                           PROFILE.replace("QUICK_WAGERS", repr(QUICK_WAGERS)),
                           *(["--quick"] if quick else [])], capture_output=True, text=True,
                          check=True)
    return dict(json.loads(done.stdout))


def main() -> None:
    args = parsed(options(__doc__, 3))
    print("Profile of one cold check (one process, one worker; CPU s, wall s):")
    for name, (cpu, wall) in profile(args.quick).items():
        shown = f"{wall:7.2f}" if wall is not None else "      -"
        print(f"  {name:<46} {cpu:7.2f} {shown}")
    check = [sys.executable, "-m", "casino_proofs", "check", "--quiet"]
    if args.quick:  # the check of one wager stands for the full one
        check += ["--only", "craps", "--wagers", QUICK_WAGERS]
    pairs: list[tuple[float, float]] = []
    crapss: list[float] = []
    for _ in range(args.runs):
        ours, _w = cpu_and_wall(check)
        theirs = cpu_and_wall([sys.executable, str(PROTOTYPE)])[0] \
            if PROTOTYPE.is_file() and not args.quick else float("nan")  # nan: not run
        pairs.append((ours, theirs))
        crapss.append(cpu_and_wall(check if args.quick else [*check, "--only", "craps"])[1])
    ours_med = statistics.median(p[0] for p in pairs)
    theirs_med = statistics.median(p[1] for p in pairs)
    ratio = statistics.median(p[0] / p[1] for p in pairs)
    print(f"\nFull cold check, CPU of every process, median of {args.runs} runs in turn:")
    print(f"  check {ours_med:6.1f} s   prototype {theirs_med:6.1f} s   ratio {ratio:4.2f} "
          f"(target at most 0.50: {'MET' if ratio <= 0.5 else 'MISSED'})")
    craps = statistics.median(crapss)
    print(f"  craps check alone: {craps:5.2f} s wall (target 1 s: "
          f"{'MET' if craps <= 1.0 else 'MISSED'})")
    one, _w = cpu_and_wall(check)
    every, _w = cpu_and_wall([*check, "--all-readings"])
    print(f"  --all-readings {every:6.1f} s CPU, one check {one:6.1f} s: ratio "
          f"{every / one:4.2f} (target at most 3: {'MET' if every / one <= 3 else 'MISSED'})")


if __name__ == "__main__":
    main()
