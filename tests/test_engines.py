"""``check --engine``: programs, Python modules and recorded tables as the implementation under
test (docs/engine-protocol.md). An engine that misbehaves in any way gets a verdict naming the
input, never PROVED and never a traceback; the example engines are proved, and their faults
refuted with their clauses."""

from __future__ import annotations

import csv
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_proofs import impl
from casino_proofs.adapters.exec_engine import ExecEngine
from casino_proofs.adapters.targets import open_target
from casino_proofs.command.main import main
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.assurance.ours import check_paigow
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK
from tests.decks import FACES_ALL_SUITS, WHEEL_TWO_SUITS

ROOT = Path(__file__).resolve().parent.parent
BAD = sorted(p for p in (ROOT / "tests" / "engines" / "bad").glob("[a-z]*.py")
             if not p.stem.startswith("paigow_"))
BAD_PAIGOW = sorted((ROOT / "tests" / "engines" / "bad").glob("paigow_*.py"))
ENGINE_JS = ROOT / "examples" / "engines" / "engine.js"
EVALUATOR = ROOT / "examples" / "engines" / "python_evaluator.py"
needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (.ci/run installs it)")


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """A check's exit code, its report with lines unwrapped (a report fits 100 columns, so a
    long message may run over two lines), and its standard error."""
    code = main(["check", "--quiet", *argv])
    out, err = capsys.readouterr()
    return code, re.sub(r"\n {2,}(?=\S)", " ", out), err


def _expected(path: Path) -> dict[str, str]:
    """The ``expect:`` line of a faulty engine's docstring: exit=N verdict=V says="..."
    not="..." input=no kind=K args="..." exhaustive=yes (all but says optional; input=no: the
    finding is about the engine's channel, not an input; kind: the obligation of a Pai Gow
    engine that fails; args: the check's options, by default --wagers any-7; exhaustive=yes:
    a slow one, run under -m exhaustive)."""
    line = next(ln for ln in path.read_text().splitlines() if ln.startswith("expect:"))
    return dict(re.findall(r'(\w+)=("[^"]*"|\S+)', line)) | {
        k: v.strip('"') for k, v in re.findall(r'(\w+)=("[^"]*"|\S+)', line)}


def _marked(engines: list[Path]) -> list[Any]:
    """The faulty engines, those whose docstring says ``exhaustive=yes`` (slow: they hang)
    under ``-m exhaustive``."""
    return [pytest.param(e, marks=(pytest.mark.exhaustive,)
                         if _expected(e).get("exhaustive") == "yes" else ())
            for e in engines]


@pytest.mark.parametrize("engine", _marked(BAD), ids=lambda p: p.stem)
def test_a_faulty_engine_gets_a_clear_verdict_naming_the_input(
        capsys: pytest.CaptureFixture[str], engine: Path) -> None:
    expect = _expected(engine)
    options = expect["args"].split() if "args" in expect else ["--wagers", "any-7"]
    code, out, err = _check(capsys, "--only", "craps", *options,
                            "--engine", f"exec:{sys.executable} {engine}",
                            "--engine-timeout-ms", "1000")
    assert code == int(expect["exit"]), out + err
    assert "Traceback" not in out + err
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", out + err)  # nothing drives a terminal
    assert expect["says"] in out + err
    assert "not" not in expect or expect["not"] not in out + err
    if "verdict" in expect:
        assert re.search(rf"^{expect['verdict']} ", out, re.M)
        assert not re.search(r"^Result: PROVED", out, re.M)
        if expect.get("input") != "no":
            assert re.search(r"(roll \d,\d|input: [a-z0-9-]+ on roll \d,\d)", out)  # the input


@pytest.mark.parametrize("engine", BAD_PAIGOW, ids=lambda p: p.stem)
def test_a_faulty_pai_gow_engine_gets_a_clear_verdict(engine: Path) -> None:
    """Checked on the 21 cards of ``FACES_ALL_SUITS`` (20,349 + 210 hands: batches of more
    than 250 hands, the ace of clubs): every obligation but the faulty one is PROVED (or
    VACUOUS, a combination the deck cannot make), and the faulty one gets its verdict and
    message."""
    expect = _expected(engine)
    outcome = check_paigow(engine=open_target(f"exec:{sys.executable} {engine}", 1000),
                           deck=FACES_ALL_SUITS, workers=2, spec_checks=False)
    failed = {r.obligation.claim: r for r in outcome.results
              if r.verdict not in (Verdict.PROVED, Verdict.VACUOUS)}
    assert set(failed) == {expect["kind"]}, {k: r.detail for k, r in failed.items()}
    result = failed[expect["kind"]]
    assert result.verdict.value == expect["verdict"]
    assert expect["says"] in result.detail, result.detail


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


HELPER_MODULE = '''
import subprocess, sys
helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
open(PIDS, "a").write(f"{helper.pid}\\n")

def hello():
    return {"name": "helper module", "version": "1", "games": ["craps"], "wagers": ["any-7"]}

def settle(batch):
    return [{"error": "refused"} for _ in batch]
'''


def test_no_process_outlives_a_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An engine runs in a process group of its own, ended with everything in it: a child
    that holds its pipes after it exits, a helper a right engine leaves in the background, a
    helper a Python module starts (issue 16: 19 orphans were left)."""
    import time

    pids = tmp_path / "pids"
    module = tmp_path / "helper.py"
    module.write_text(HELPER_MODULE.replace("PIDS", repr(str(pids))))
    bad = ROOT / "tests" / "engines" / "bad"
    for target in (f"exec:{sys.executable} {bad / 'forks_child.py'} {pids}",
                   f"exec:{sys.executable} {bad / 'background_child.py'} {pids}",
                   f"exec:{sys.executable} {bad / 'setsid_helper.py'} {pids}",
                   f"exec:{sys.executable} {bad / 'double_fork_daemon.py'} {pids}",
                   f"python:{module}"):
        _check(capsys, "--only", "craps", "--wagers", "any-7", "--engine", target,
               "--engine-timeout-ms", "2000")
    started = [int(n) for n in pids.read_text().split()]
    assert len(started) >= 5
    deadline = time.monotonic() + 30  # at once when idle; a loaded machine may take longer
    while any(_alive(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [p for p in started if _alive(p)] == []


# -- a Python module --------------------------------------------------------------------------

MODULE = '''
from fractions import Fraction

def hello():
    return {"name": "any-7 module", "version": "1", "games": ["craps"], "wagers": ["any-7"]}

def settle(batch):
    out = []
    for item in batch:
        state, roll = item["state"], item["roll"]
        if state["point"] is not None or state["working"] or not all(
                isinstance(d, int) and 1 <= d <= 6 for d in roll):
            out.append({"error": "not an any-7 input"})
        elif sum(roll) == 7:
            out.append({"decision": "win", "net": NET, "point": None})
        else:
            out.append({"decision": "lose", "net": "-1", "point": None})
    return out

def rank(batch):
    return [{"error": "no Pai Gow"} for _ in batch]
'''


@pytest.mark.parametrize(("net", "code", "says"), [
    ('"4"', 0, "Result: PROVED"),
    ("Fraction(4)", 1, "'net': Fraction(4, 1), 'point': None}, not JSON data"),
])
def test_a_python_module_is_an_engine(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                      net: str, code: int, says: str) -> None:
    module = tmp_path / "any7.py"
    module.write_text(MODULE.replace("NET", net))
    got, out, err = _check(capsys, "--only", "craps", "--wagers", "any-7",
                           "--engine", f"python:{module}")
    assert got == code, out + err
    assert says in out


RAISES = '''
def hello():
    return {"name": "raiser", "version": "1", "games": ["paigow"], "wagers": []}

def settle(batch):
    return [{"error": "no craps here"} for _ in batch]

def rank(batch):
    raise RuntimeError("boom")
'''


def test_an_engine_failing_on_every_input_is_given_up_on_not_asked_forever(
        tmp_path: Path) -> None:
    """Each failing batch is split until the input that breaks it is alone; an engine that
    breaks on everything would be asked each of 2.8 million hands alone. After 16 inputs in a
    row fail alone, the rest is answered ``unasked`` -- proving nothing, never REFUTED."""
    module = tmp_path / "raises.py"
    module.write_text(RAISES)
    engine = open_target(f"python:{module}")
    try:
        hands = [(i, i + 1, i + 2, i + 3, i + 4) for i in range(0, 40)] * 100
        answers = engine.rank(hands, {})
    finally:
        engine.close()
    kinds = [a.fault for a in answers]  # type: ignore[union-attr]
    assert kinds[:16] == ["malformed"] * 16 and set(kinds[16:]) == {"unasked"}
    assert "failed on 16 inputs in a row" in answers[-1].problem  # type: ignore[union-attr]
    assert isinstance(engine, ExecEngine) and engine.requests < 60


def test_a_missing_engine_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    for target in ("exec:no-such-program-here", "python:nowhere/none.py", "table:none.csv",
                   "frob:x"):
        code, out, err = _check(capsys, "--only", "craps", "--engine", target)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err


@needs_node
def test_an_engine_that_fails_to_start_is_shown_by_its_first_lines_then_its_last(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 34: the message showed the end of Node.js's stderr (``requireStack: [] | } |
    Node.js v20``) and cut off its cause, "Cannot find module", on its fourth line."""
    missing = ROOT / "examples" / "engines" / "nope.js"
    code, out, err = _check(capsys, "--only", "craps", "--engine", f"exec:node {missing}")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "its stderr: node:internal/modules/cjs/loader" in err
    assert f"Error: Cannot find module '{missing}'" in err
    assert re.search(r"\| \.\.\. \d+ more lines? \.\.\. \|.*\| Node\.js v\d+", err), err


def test_an_engine_s_stderr_is_shown_bounded_and_escaped(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """However much it writes, the message shows its first five lines and its last three,
    each control character escaped."""
    noisy = tmp_path / "noisy.py"
    noisy.write_text("import sys\n"
                     "for i in range(10_000):\n"
                     "    sys.stderr.write(f'\\x1b[2Jline {i} ' + 'x' * 500 + '\\n')\n"
                     "sys.exit(3)\n")
    code, _, err = _check(capsys, "--only", "craps", "--engine",
                          f"exec:{sys.executable} {noisy}")
    assert code == 2 and err.count("\n") == 1 and "\x1b" not in err
    assert "its stderr: \\u001b[2Jline 0 " in err and "... 9,992 more lines ..." in err
    assert "line 9999 " in err and "line 5 " not in err and "line 9996 " not in err
    assert len(err) < 1_500


# -- a recorded table -------------------------------------------------------------------------

WAGERS = ("hard-6", "any-7")


def _record(path: Path, rows: list[dict[str, object]]) -> None:
    """What an operator's export holds: every reachable input of the wagers, settled by our
    implementation (standing in for the engine that took the money)."""
    if path.suffix == ".csv":
        with path.open("w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["wager", "come_out", "point", "working", "first_roll", "die_1",
                             "die_2", "decision", "net", "next_point"])
            for r in rows:
                writer.writerow([r["wager"], r["come_out"], r["point"] or "", r["working"],
                                 r["first_roll"], r["die_1"], r["die_2"], r["decision"],
                                 r["net"], r["next_point"] or ""])
    else:
        path.write_text("".join(json.dumps({
            "wager": r["wager"], "roll": [r["die_1"], r["die_2"]],
            "state": {"come_out": r["come_out"], "point": r["point"], "working": r["working"],
                      "first_roll": r["first_roll"]},
            "decision": r["decision"], "net": r["net"], "point": r["next_point"]}) + "\n"
            for r in rows))


def _rows() -> list[dict[str, object]]:
    rows = []
    states = {"hard-6": [(False, False, False), (False, True, False), (True, False, False),
                         (True, False, True), (True, True, False), (True, True, True)],
              "any-7": [(False, False, False), (True, False, False), (True, False, True)]}
    for wager in WAGERS:
        for come_out, working, first in states[wager]:
            for d1 in range(1, 7):
                for d2 in range(1, 7):
                    s = impl.settle(wager, impl.State(None, come_out, working, first),
                                    impl.Roll(d1, d2))
                    rows.append({"wager": wager, "come_out": come_out, "point": None,
                                 "working": working, "first_roll": first, "die_1": d1,
                                 "die_2": d2, "decision": s.decision.value, "net": str(s.net),
                                 "next_point": s.point})
    return rows


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_a_complete_recorded_table_is_proved(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path, suffix: str) -> None:
    table = tmp_path / f"settled{suffix}"
    _record(table, _rows())
    code, out, _ = _check(capsys, "--only", "craps", "--wagers", ",".join(WAGERS),
                          "--engine", f"table:{table}")
    assert code == 0, out


def test_a_table_with_a_gap_an_extra_row_and_a_conflict(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    rows = _rows()
    gap = next(r for r in rows if r["wager"] == "any-7" and (r["die_1"], r["die_2"]) == (3, 4)
               and not r["come_out"])
    rows.remove(gap)
    rows.append({**rows[5], "point": 6})  # a hard way with a point: no such input
    conflict = next(r for r in rows if r["wager"] == "hard-6" and r["die_1"] == r["die_2"] == 3
                    and not r["come_out"])
    rows.append({**conflict, "net": "7"})  # the same input recorded with another payout
    table = tmp_path / "settled.csv"
    _record(table, rows)
    code, out, _ = _check(capsys, "--only", "craps", "--wagers", ",".join(WAGERS),
                          "--engine", f"table:{table}")
    assert code == 1
    assert "the table has no row for this input (a gap)" in out
    assert "roll 3,4; not a come-out roll" in out
    assert "matches no input that can occur" in out  # the extra row, reported
    assert "non-deterministic: hard-6 on roll 3,3" in out


def test_a_table_without_its_header_is_a_one_line_error(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    table = tmp_path / "bad.csv"
    table.write_text("a,b,c\n1,2,3\n")
    code, out, err = _check(capsys, "--only", "craps", "--engine", f"table:{table}")
    assert code == 2 and out == ""
    assert "header wager,come_out,point" in err


def test_an_engine_without_a_wager_is_refuted_unless_left_out(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = tmp_path / "settled.csv"
    _record(table, _rows())
    code, out, _ = _check(capsys, "--only", "craps", "--wagers", "hard-6,any-7,eleven",
                          "--engine", f"table:{table}")
    assert code == 1 and "the engine does not offer eleven" in out
    code, out, _ = _check(capsys, "--only", "craps", "--wagers", "hard-6,any-7",
                          "--engine", f"table:{table}")
    assert code == 0 and "left out by the user (--wagers): 40 craps wagers:" in out
    assert re.search(r"craps wagers: [^\n]*\beleven\b", out)


# -- the example engine in JavaScript ---------------------------------------------------------

#: Two suits of every rank and the joker: every combination but five aces and four of a kind,
#: next to its neighbours, on a deck small enough for the default test run.
SMALL_DECK = (*(r * 4 + s for r in range(13) for s in range(2)), 52)


def _js(*flags: str) -> str:
    return f"exec:node {ENGINE_JS} {' '.join(flags)}".strip()


ENGINES_README = ROOT / "examples" / "engines" / "README.md"


def _readme_count(pattern: str) -> int:
    """A count examples/engines/README.md states (issue 34: every count in the docs is
    produced or tested by the code; it said 732 obligations where a check proves 735)."""
    text = " ".join(ENGINES_README.read_text(encoding="utf-8").split())
    found = re.search(pattern, text)
    assert found, pattern
    return int(found.group(1).replace(",", ""))


README_TOTAL = r"proves all ([\d,]+) obligations \("
README_CRAPS = r"obligations \(([\d,]+) craps,"
README_PAIGOW = r"craps, ([\d,]+) Pai Gow\)"
README_NAMES = r"with `--names`, ([\d,]+) Pai Gow obligations"
README_FAULTS = {"dont-bar-2": r"`dont-bar-2` by (\d+) craps",
                 "come-odds-working": r"`come-odds-working` by (\d+)",
                 "wheel-lowest": r"`wheel-lowest` by (\d+) Pai Gow",
                 "joker-wild": r"`joker-wild` by (\d+)"}


@needs_node
def test_the_javascript_engine_is_proved_on_craps(capsys: pytest.CaptureFixture[str]) -> None:
    """... on as many craps obligations as its README says."""
    code, out, _ = _check(capsys, "--only", "craps", "--engine", _js())
    assert code == 0, out
    assert "casino-proofs example engine (JavaScript)" in out
    proved = re.search(r"Result: PROVED \(exit 0\) -- ([\d,]+) PROVED of \1 obligations", out)
    assert proved and int(proved.group(1).replace(",", "")) == _readme_count(README_CRAPS)


@needs_node
@pytest.mark.parametrize("flags", [(), ("--names",)])
def test_the_javascript_engine_has_as_many_pai_gow_obligations_as_its_readme_says(
        flags: tuple[str, ...]) -> None:
    """The obligations a check over the whole deck gives rise to for this engine, as the
    catalogue names them (``replay`` holds every bundle to the same list; the run itself is
    counted under ``pytest -m exhaustive``), and the README's total is their sum."""
    from casino_proofs import spec
    from casino_proofs.paigow.obligations import catalogue
    from casino_proofs.paigow.obligations.scope_spec import SCOPES, ScopeSpec

    engine = open_target(_js(*flags))
    try:
        assert engine.kind == "exec" and "paigow" in engine.hello.games
        compare_only = engine.hello.raw.get("ranking") == "compare"
    finally:
        engine.close()
    count = sum(len(catalogue.expected(scope, ScopeSpec.build(scope, spec.Readings()).statements,
                                       len(FULL_DECK), named=bool(flags), compare=False,
                                       spec_checks=True, ours=False, program=True,
                                       compare_only=compare_only)) for scope in SCOPES)
    assert count == _readme_count(README_NAMES if flags else README_PAIGOW)
    assert _readme_count(README_TOTAL) == _readme_count(README_CRAPS) + \
        _readme_count(README_PAIGOW)


@needs_node
@pytest.mark.exhaustive
@pytest.mark.parametrize(("flags", "counted"), [
    ((), README_PAIGOW), (("--names",), README_NAMES),
    (("--names", "--fault", "wheel-lowest"), README_FAULTS["wheel-lowest"]),
    (("--names", "--fault", "joker-wild"), README_FAULTS["joker-wild"]),
])
def test_the_pai_gow_counts_of_the_javascript_engine_s_readme_are_a_run_s(
        capsys: pytest.CaptureFixture[str], flags: tuple[str, ...], counted: str) -> None:
    code, out, _ = _check(capsys, "--only", "paigow", "--format", "json", "--engine",
                          _js(*flags))
    obligations = json.loads(out)["obligations"]
    fault = "--fault" in flags
    assert code == (1 if fault else 0)
    got = sum(o["verdict"] == "REFUTED" for o in obligations) if fault else len(obligations)
    assert got == _readme_count(counted)


@needs_node
@pytest.mark.parametrize("flags", [(), pytest.param(("--names",), marks=pytest.mark.exhaustive)])
def test_the_javascript_engine_is_proved_on_pai_gow_hands(flags: tuple[str, ...]) -> None:
    outcome = check_paigow(engine=open_target(_js(*flags)), deck=SMALL_DECK, workers=2,
                           spec_checks=False)
    bad = {r.obligation.id: r.verdict for r in outcome.results
           if r.verdict not in (Verdict.PROVED, Verdict.VACUOUS)}
    assert bad == {}


@needs_node
@pytest.mark.parametrize(("fault", "wagers", "clause"), [
    ("dont-bar-2", "dont-pass,dont-come", "conv-single-chance-dont-pass"),
    ("come-odds-working", "come-odds", "r3-95.16-3.s3"),
])
def test_a_craps_fault_of_the_javascript_engine_is_refuted_with_its_clause(
        capsys: pytest.CaptureFixture[str], fault: str, wagers: str, clause: str) -> None:
    code, out, _ = _check(capsys, "--only", "craps", "--wagers", wagers, "--format", "json",
                          "--engine", _js("--fault", fault))
    doc = json.loads(out)
    refuted = [o for o in doc["obligations"] if o["verdict"] == "REFUTED"]
    assert code == 1 and len(refuted) == _readme_count(README_FAULTS[fault])  # its wagers'
    assert any(clause in o["clauses"] for o in refuted)
    assert all(o["counterexample"]["roll"] for o in refuted)


@needs_node
@pytest.mark.parametrize(("fault", "clause"), [
    ("wheel-lowest", "r3-40-7.s1"),
    pytest.param("joker-wild", "conv-joker-ace-or-completes", marks=pytest.mark.exhaustive),
])
def test_a_pai_gow_fault_of_the_javascript_engine_is_refuted_with_its_clause(
        fault: str, clause: str) -> None:
    outcome = check_paigow(engine=open_target(_js("--names", "--fault", fault)),
                           deck=WHEEL_TWO_SUITS, workers=2, spec_checks=False)
    refuted = [r for r in outcome.results if r.verdict is Verdict.REFUTED]
    assert any(clause in r.obligation.clauses for r in refuted), [
        r.obligation.id for r in refuted]
    assert all(r.counterexample for r in refuted)


@needs_node
@pytest.mark.exhaustive
def test_the_javascript_engine_is_proved_on_every_obligation(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--engine", _js())
    assert code == 0, out[-3000:]


# -- a public poker evaluator -----------------------------------------------------------------

def _pokerkit() -> ExecEngine:
    pytest.importorskip("pokerkit", reason="pip install 'casino-proofs[evaluator]'")
    engine = open_target(f"python:{EVALUATOR}")
    assert isinstance(engine, ExecEngine)
    return engine


@pytest.mark.exhaustive  # pokerkit over a small deck; the whole deck runs beside it
def test_a_standard_poker_evaluator_departs_from_section_40() -> None:
    """What the report shows a lab: standard poker ranks A-2-3-4-5 the lowest straight and
    straight flush, has no royal flush of its own, no joker and no two-card hands."""
    outcome = check_paigow(engine=_pokerkit(), deck=SMALL_DECK, workers=2, spec_checks=False)
    refuted = {r.obligation.id for r in outcome.results if r.verdict is Verdict.REFUTED}
    assert {"paigow/high/order/r3-40-7:second", "paigow/high/order/r3-40-3:highest",
            "paigow/high/combination/royal-flush", "paigow/high/exhaustive",
            "paigow/low/exhaustive"} <= refuted


@pytest.mark.exhaustive
def test_a_standard_poker_evaluator_over_the_whole_deck(
        capsys: pytest.CaptureFixture[str]) -> None:
    _pokerkit()
    code, out, _ = _check(capsys, "--only", "paigow", "--engine", f"python:{EVALUATOR}")
    assert code == 1
    # the least failing input in a fixed order: the lowest wheel that is not a flush, below
    # the K-high straight (r3-40-7 makes it the second highest)
    assert "2c 3c 4c 5c Ad ranks below 9c Tc Jc Qc Kd" in out
    assert "has no joker" in out


def test_full_deck_is_the_53_cards() -> None:
    assert len(FULL_DECK) == 53


@needs_node
@pytest.mark.exhaustive
def test_two_runs_over_an_engine_give_the_same_findings() -> None:
    """Issue 17: two runs over an exec: engine with two workers gave different counterexample
    hands (which worker's part of a class came first). Now every counterexample is a function
    of the answers alone: the same, hand for hand, on every run."""
    def findings() -> list[tuple[str, str, str, object]]:
        outcome = check_paigow(engine=open_target(_js("--names", "--fault", "wheel-lowest")),
                               deck=SMALL_DECK, workers=2, spec_checks=False)
        return [(r.obligation.id, r.verdict.value, r.detail, r.counterexample)
                for r in outcome.results if r.verdict is not Verdict.PROVED]

    first = findings()
    assert first and first == findings()
    wheel = next(f for f in first if f[0] == "paigow/high/order/r3-40-7:second")
    assert "Jk" not in wheel[2]  # the wheel shown with a natural hand, not a joker's


def _flipping(rate: float, seed: int) -> object:
    import random

    from casino_proofs.impl import paigow

    rng = random.Random(seed)

    def evaluate(hand: object, readings: object = None) -> object:
        value = paigow.evaluate(hand) if readings is None else paigow.evaluate(hand, readings)
        if rng.random() < rate:
            from dataclasses import replace
            return replace(value, tiebreak=(*value.tiebreak, 1))
        return value
    return evaluate


@pytest.mark.exhaustive  # (the default run keeps the engine that answers two ways)
@pytest.mark.parametrize("seed", range(5))
def test_a_flipping_implementation_is_refuted_every_run_never_error(seed: int) -> None:
    """A randomly flipping evaluator was refuted in only 3 of 5 runs, and replays that found
    another answer were ERROR: now any answer that changes when asked again is REFUTED as
    non-deterministic, with both answers."""
    outcome = check_paigow(evaluate=_flipping(0.001, seed), deck=SMALL_DECK, workers=1,
                           spec_checks=False)
    verdicts = {r.verdict for r in outcome.results}
    assert Verdict.REFUTED in verdicts and Verdict.ERROR not in verdicts


HANGS_AND_TELLS = """
import json, os, subprocess, sys, time
helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
open(sys.argv[1], "a").write(f"{os.getpid()} {helper.pid}\\n")
for line in sys.stdin:
    if json.loads(line).get("op") == "hello":
        print(json.dumps({"name": "h", "version": "1", "games": ["craps"], "wagers": ["any-7"]}),
              flush=True)
    else:
        time.sleep(3600)
"""


@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM",
                                 pytest.param("SIGINT", marks=pytest.mark.exhaustive)])
def test_an_engine_ends_when_the_checker_is_stopped_from_outside(tmp_path: Path,
                                                                 how: str) -> None:
    """Issue 23: a check stopped by its caller (a CI timeout's SIGKILL, SIGTERM, Ctrl-C)
    leaves no engine behind: the engine has a parent-death signal, and the checker ends every
    engine group on SIGTERM and SIGINT."""
    _stopped_from_outside(tmp_path, how)


@pytest.mark.exhaustive  # it rests on a race (where the request is when the signal comes)
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_an_engine_ends_when_the_checker_is_stopped_twenty_times_in_a_row(
        tmp_path: Path, how: str) -> None:
    for run in range(20):
        folder = tmp_path / str(run)
        folder.mkdir()
        _stopped_from_outside(folder, how)


def _stopped_from_outside(tmp_path: Path, how: str) -> None:
    """The checker started on an engine that never answers, stopped by ``how`` while a request
    is (most likely) in flight; what is certain either way: no engine is left."""
    import signal
    import subprocess
    import time

    engine, pids = tmp_path / "hangs.py", tmp_path / "pids"
    engine.write_text(HANGS_AND_TELLS)
    checker = subprocess.Popen([sys.executable, "-m", "casino_proofs", "check", "--quiet",
                                "--only", "craps", "--wagers", "any-7", "--engine",
                                f"exec:{sys.executable} {engine} {pids}"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not (pids.exists() and pids.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # the request is in flight
    checker.send_signal(getattr(signal, how))
    checker.wait(timeout=30)
    started = [int(n) for n in pids.read_text().split()]
    deadline = time.monotonic() + 30  # at once when idle
    while any(_alive(p) for p in started[:1 if how == "SIGKILL" else 2]) \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    # on SIGKILL the engine itself ends (its parent-death signal); on SIGTERM and SIGINT the
    # checker ends its whole group, the helper too
    assert [p for p in started[:1 if how == "SIGKILL" else 2] if _alive(p)] == []


@pytest.mark.parametrize(("engine", "timeouts"), [("hello_changes", 1), ("answers_nothing", 3)])
def test_a_hopeless_engine_is_given_up_on_within_a_few_time_limits(
        capsys: pytest.CaptureFixture[str], engine: str, timeouts: int) -> None:
    """Issue 23: a hello that changes is refuted the moment it is read (it costs no wait at
    all), and an engine that answers nothing is given up on within 3 time limits -- every
    input not yet asked named as not asked, in one finding -- not 48."""
    import time

    limit = 2.0
    started = time.monotonic()
    code, out, _ = _check(capsys, "--only", "craps", "--wagers", "any-7", "--engine",
                          f"exec:{sys.executable} {ROOT / 'tests/engines/bad' / engine}.py",
                          "--engine-timeout-ms", str(int(limit * 1000)))
    elapsed = time.monotonic() - started
    # a bound far below 48 limits, with room for a loaded machine's start-up
    assert elapsed < limit * (timeouts + 5), elapsed
    assert code == (1 if engine == "hello_changes" else 4)
    assert re.search(r"What failed \(\d+ obligations, \d finding", out)
    if engine == "answers_nothing":
        assert re.search(r"What failed \(\d+ obligations, 1 finding\)", out)
        assert re.search(r"[\d,]+ inputs not asked, the first", out)
