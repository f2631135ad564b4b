"""Protocol 2: a craps engine checked as a table (docs/engine-protocol.md, "Protocol 2: the
table interface"). The example table engine is proved; each of its realistic faults is refuted
by the obligation and clause that name it; a table that lies in its answers' shapes, in its
history or in its hello gets a verdict naming the script, never PROVED; a session log is
checked and its gaps listed. Expected amounts are worked out by hand from the text."""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from casino_proofs import spec
from casino_proofs.command.main import main
from casino_proofs.craps.adapters.play_engine import PlayEngine
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.obligations.table_run import setting_of
from casino_proofs.craps.table.scripts.scripts import Plan, plan
from casino_proofs.protocol.money import Money, MoneyError

ROOT = Path(__file__).resolve().parent.parent
TABLE_JS = ROOT / "examples" / "engines" / "table.js"
PROXY = ROOT / "tests" / "engines" / "table" / "proxy.py"
needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (.ci/run installs it)")


#: sessions for a check that is not about them (the default is 10)
FEW_SESSIONS = ("--sessions", "5")


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["check", "--quiet", "--only", "craps", *FEW_SESSIONS, *argv])
    out, err = capsys.readouterr()
    return code, re.sub(r"\n {2,}(?=\S)", " ", out), err


def _refuted(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, str]]:
    """A check's exit code and its refuted obligations, by ID, with what each says."""
    code, out, _ = _check(capsys, "--format", "json", *argv)
    return code, {o["id"]: o["detail"] for o in json.loads(out)["obligations"]
                  if o["verdict"] == "REFUTED"}


# -- money: the declared rounding of the exact amount (conv-money-round-once) -------------------

@pytest.mark.parametrize(("rounding", "exact", "paid"), [
    # a Horn on 2 nets 27/4 (reading combined-payout=split): a stake of 5 units wins 135/4
    # = 33.75 units
    ("floor", Fraction(135, 4), 33), ("half-up", Fraction(135, 4), 34),
    ("half-even", Fraction(135, 4), 34), ("exact", Fraction(135, 4), None),
    # Don't Pass odds of 5 to 6 on 5 units: 25/6 = 4.1666...
    ("floor", Fraction(25, 6), 4), ("half-up", Fraction(25, 6), 4),
    # halves: 3 units at 1 to 2 win 1.5; 5 units win 2.5
    ("half-up", Fraction(3, 2), 2), ("half-even", Fraction(3, 2), 2),
    ("half-even", Fraction(5, 2), 2), ("half-up", Fraction(5, 2), 3),
    ("exact", Fraction(12), 12),
])
def test_conv_money_round_once_pays_the_declared_rounding(rounding: str, exact: Fraction,
                                                          paid: int | None) -> None:
    assert Money(Fraction(1, 100), rounding).pays(exact) == paid


@pytest.mark.parametrize("raw", [
    None, {}, {"unit": "0.01"}, {"unit": "0", "rounding": "floor"},
    {"unit": "-1", "rounding": "floor"}, {"unit": "1e2", "rounding": "floor"},
    {"unit": 0.01, "rounding": "floor"}, {"unit": "0.01", "rounding": "nearest"},
    {"unit": "0.01", "rounding": "floor", "extra": 1}, {"unit": "٣", "rounding": "floor"},
])
def test_a_money_declaration_that_cannot_be_used_is_refused(raw: object) -> None:
    with pytest.raises(MoneyError, match="rounding"):
        Money.read(raw)


def test_money_text_is_exact() -> None:
    assert Money.read({"unit": "0.01", "rounding": "floor"}).text(1234) == "12.34"
    assert Money.read({"unit": "0.25", "rounding": "floor"}).text(3) == "0.75"


# -- the scripts ---------------------------------------------------------------------------------

@cache
def _plan(policies: Policies | None = None) -> Plan:
    specs = [spec.wager(n) for n in spec.WAGER_NAMES]
    return plan(specs, setting_of(specs, spec.WAGER_NAMES, Money(Fraction(1, 100), "floor"),
                                  policies or Policies()))


def _points(events: Sequence[dict[str, object]]) -> list[int | None]:
    """The table's point before each event, worked out from the text alone: a come-out roll
    of 4, 5, 6, 8, 9 or 10 sets it; a 7 or the point turns it off (conv-single-chance-pass)."""
    point: int | None = None
    out = []
    for event in events:
        out.append(point)
        if "roll" in event:
            d1, d2 = event["roll"]  # type: ignore[misc]
            total = d1 + d2
            point = (total if total in (4, 5, 6, 8, 9, 10) else None) if point is None \
                else (None if total in (7, point) else point)
    return out


def test_the_settle_and_money_scripts_place_only_what_the_text_lets_a_player_make() -> None:
    """conv-table-placement: Pass and Don't Pass only before a come-out roll, Come and Don't
    Come only while a point is on, and every Associate Chance names its Single Chance bet; the
    scripts that settle every input stake 2,520 units (divisible by every payout's
    denominator)."""
    scripts = _plan().scripts
    assert {s.purpose for s in scripts} == {"settle", "placement", "withdrawal", "money",
                                         "transitions", "domain", "suite"}
    # 12 situations, each followed by every one of the 36 rolls
    assert sum(1 for s in scripts if s.purpose == "settle") == 12 * 36
    for script in (s for s in scripts if s.purpose in ("settle", "money")):
        for event, point in zip(script.events, _points(script.events), strict=True):
            if "place" in event and event["wager"] in ("pass", "dont-pass"):
                assert point is None, script.name
            elif "place" in event and event["wager"] in ("come", "dont-come"):
                assert point is not None, script.name
            elif "place" in event and str(event["wager"]).endswith("-odds"):
                assert "on" in event, script.name
    assert all(e["amount"] == 2520 for s in scripts if s.purpose == "settle"
               for e in s.events if "place" in e)


def _transition_scripts() -> list[tuple[dict[str, object], ...]]:
    return [s.events for s in _plan().scripts if s.purpose == "transitions"]


def test_the_transition_scripts_roll_after_every_decision_and_withdrawal() -> None:
    """A bet paid twice or kept after it was withdrawn shows only on a later roll: some script
    rolls after a one-roll bet is decided, and after a Hard Way is withdrawn."""
    after_decision = after_withdrawal = False
    for events in _transition_scripts():
        placed = {e["place"]: e["wager"] for e in events if "place" in e}
        for i, event in enumerate(events):
            later_roll = any("roll" in e for e in events[i + 1:])
            if "roll" in event and later_roll and any(w == "any-7" for w in placed.values()):
                after_decision = True  # a one-roll wager is decided on every roll
            if "withdraw" in event and later_roll \
                    and str(placed.get(str(event["withdraw"]), "")).startswith("hard-"):
                after_withdrawal = True
    assert after_decision and after_withdrawal


def test_the_transition_scripts_reach_a_third_shooter_and_a_second_point() -> None:
    """conv-table-shooter: a seven-out ends a shooter; some script has two seven-outs and then
    a point, and some places odds on a shooter's second point."""
    third = second_point_odds = False
    for events in _transition_scripts():
        sevens_out, points_set = 0, 0
        for event, point in zip(events, _points(events), strict=True):
            if "roll" in event:
                total = sum(event["roll"])  # type: ignore[arg-type]
                if point is not None and total == 7:
                    sevens_out, points_set = sevens_out + 1, 0
                elif point is None and total in (4, 5, 6, 8, 9, 10):
                    points_set += 1
                    third = third or sevens_out >= 2
            if "place" in event and str(event["wager"]).endswith("-odds") and points_set >= 2:
                second_point_odds = True
    assert third and second_point_odds


def test_the_transition_scripts_switch_calls_and_try_every_wrong_placement() -> None:
    """95.16: odds only on "the corresponding" Single Chance bet: the scripts also place
    them on a line bet of the wrong kind; calls are switched on and off; and amounts of 0 and
    below are tried (conv-table-stake)."""
    calls: set[bool] = set()
    wrong_kind = False
    amounts: set[object] = set()
    for events in _transition_scripts():
        placed = {e["place"]: e["wager"] for e in events if "place" in e}
        for event in events:
            if "call" in event:
                calls.add(bool(event["working"]))
            if "place" in event:
                amounts.add(event["amount"])
                on = placed.get(str(event.get("on")))
                if on is not None and event["wager"] != f"{on}-odds":
                    wrong_kind = True
    assert calls == {True, False} and wrong_kind
    assert 0 in amounts and any(isinstance(a, int) and a < 0 for a in amounts)


@pytest.mark.exhaustive  # (moved from the default run: its 4 minutes of CPU)
def test_the_scripts_stay_within_a_declared_policy() -> None:
    """policy-no-working-call: no script calls a bet working; policy-one-odds: no script
    places a second Associate Chance on a line bet that carries one."""
    for script in _plan(Policies(no_working_call=True)).scripts:
        assert not any("call" in e or e.get("working") for e in script.events), script.name
    for script in _plan(Policies(one_odds=True)).scripts:
        if script.purpose not in ("settle", "money"):
            continue
        ons = [e["on"] for e in script.events if "on" in e]
        assert len(ons) == len(set(ons)), script.name


# -- the example table engine, and its faults ---------------------------------------------------

@needs_node
def test_the_example_table_engine_is_proved_on_every_obligation(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(capsys, "--engine", f"play:node {TABLE_JS}")
    assert code == 0, out[:3000]
    for kind in ("table-coverage", "scripts", "table-point", "placement", "any-time",
                 "withdrawal", "follow", "history", "money"):
        assert re.search(rf"^PROVED .* {kind} ", out, flags=re.M), kind
    # the table is only rolled real dice: the impossible-input obligation is left out, said so
    assert "craps/*/all-states/validation" in out


@needs_node
@pytest.mark.exhaustive
@pytest.mark.parametrize(("fault", "obligation", "clause"), [
    ("odds-before-point", "craps/table/placement", "r3-95.16-intro.s1"),
    ("odds-unfollow", "craps/table/follow", "r3-95.16-intro.s1"),
    ("hard-way-no-withdraw", "craps/table/withdrawal", "r3-95.15-1.s5"),
    ("half-up-paid", "craps/table/money", "conv-money-round-once"),
    ("point-stays-after-seven-out", "craps/table/table-point", "conv-single-chance-pass"),
    ("no-one-roll-on-come-out", "craps/table/any-time", "r3-95.15-intro.s1"),
])
def test_a_fault_of_the_example_table_engine_is_refuted_with_its_clause(
        capsys: pytest.CaptureFixture[str], fault: str, obligation: str, clause: str) -> None:
    code, out, _ = _check(capsys, "--format", "json", "--engine",
                          f"play:node {TABLE_JS} --fault {fault}")
    assert code == 1
    doc = json.loads(out)
    found = {o["id"]: o for o in doc["obligations"] if o["verdict"] == "REFUTED"}
    assert obligation in found, sorted(found)
    assert clause in found[obligation]["clauses"]
    assert found[obligation]["counterexample"]["failing"] >= 1


@needs_node
def test_r3_95_16_intro_s1_odds_before_the_point_name_the_script_and_the_event(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _check(capsys, "--wagers", "pass,pass-odds", "--engine",
                       f"play:node {TABLE_JS} --fault odds-before-point")
    # the script is named by the id it was sent, then by what it is for (issue 29)
    assert re.search(r"the first: script s\d+ \(pass-odds on a pass bet with no point yet\), "
                     r'event 2: \{"place": "b2", "wager": "pass-odds", "amount": 2520, "on": '
                     r'"b1"\} answered \{"accepted": true\}, where it must be refused',
                     " ".join(out.split())), out


@needs_node
@pytest.mark.exhaustive
def test_conv_money_round_once_half_up_paid_under_floor_shows_both_amounts(
        capsys: pytest.CaptureFixture[str]) -> None:
    """One kind per payout clause (issue 29: one fact, one finding): the winnings of
    r3-95.15-5.s2 (30 to 1, a 2 of the dice) are shown first by a 3-Way Craps, the first wager
    met of those paid by that clause. It nets 28/3: a stake of 2 units wins exactly 56/3 =
    18.67 units; floor pays 18, half-up 19."""
    _, out, _ = _check(capsys, "--engine", f"play:node {TABLE_JS} --fault half-up-paid")
    flat = " ".join(out.split())
    assert re.search(r"wins paid otherwise than r3-95\.15-5\.s2 and the declared rounding "
                     r"say \(the first: script s\d+ \(three-way-craps at 28/3: [^)]*\), event "
                     r"\d+: three-way-craps at a stake of 2 units wins 28/3 per unit, exactly "
                     r"56/3 units, due 18 \(floor\); the engine paid 19\)", flat), out[:4000]


# -- a table that lies --------------------------------------------------------------------------

@needs_node
@pytest.mark.parametrize(("mutate", "obligation", "says"), [
    pytest.param("history", "craps/table/money",
                 "any-7 at a stake of 2,520 units wins 4 per unit", marks=pytest.mark.exhaustive),
    pytest.param("stays-paid", "craps/table/scripts", "a bet that stays was paid",
                 marks=pytest.mark.exhaustive),
    pytest.param("drops-bet", "craps/table/on-table", "the roll's answer leaves out bet",
                 marks=pytest.mark.exhaustive),
    pytest.param("short-script", "craps/table/scripts", "answers to a script of",
                 marks=pytest.mark.exhaustive),
])
def test_a_table_that_lies_in_its_answers_is_refuted_naming_the_script(
        capsys: pytest.CaptureFixture[str], mutate: str, obligation: str, says: str) -> None:
    code, refuted = _refuted(capsys, "--engine",
                             f"play:{sys.executable} {PROXY} --mutate {mutate}")
    assert code == 1
    assert says in refuted[obligation]


@needs_node
@pytest.mark.parametrize(("mutate", "says"), [
    ("no-interface", 'its hello does not say "interface": "table"'),
    ("bad-rounding", "rounding\": one of floor, half-up, half-even, exact"),
])
def test_a_table_hello_that_cannot_be_used_is_one_line_exit_2(
        capsys: pytest.CaptureFixture[str], mutate: str, says: str) -> None:
    code, out, err = _check(capsys, "--engine",
                            f"play:{sys.executable} {PROXY} --mutate {mutate}")
    assert code == 2 and out == ""
    assert says in err and err.count("\n") == 1


# -- a session log ------------------------------------------------------------------------------

@cache
def _sessions() -> tuple[str, ...]:
    """The example table's answers to every script of the checker, each a session-log line
    (played once for this test process)."""
    engine = PlayEngine(f"node {TABLE_JS}", 60_000)
    try:
        hello = engine.hello
        assert engine.money is not None
        specs = [spec.wager(n) for n in spec.WAGER_NAMES]
        setting = setting_of(specs, hello.wagers, engine.money, Policies())
        scripts = list(plan(specs, setting).scripts)
        answers = engine.play(scripts, {})
    finally:
        engine.close()
    return tuple(json.dumps({"events": list(script.events), "answers": answer}) + "\n"
                 for script, answer in zip(scripts, answers, strict=True))


def _log(path: Path, sessions: int | None) -> Path:
    """The example table's answers to the checker's scripts, written as a session log of the
    first ``sessions`` scripts (all of them if None)."""
    with path.open("w") as f:
        f.write(json.dumps({"hello": {"money": {"unit": "0.01", "rounding": "floor"}}}) + "\n")
        f.writelines(_sessions()[:sessions])
    return path


@pytest.mark.exhaustive  # (moved from the default run: its 4 minutes of CPU)
@needs_node
def test_a_complete_session_log_is_checked_like_the_table(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = _log(tmp_path / "sessions.jsonl", None)
    code, out, _ = _check(capsys, "--engine", f"table:{log}")
    assert code == 0, out[:3000]
    assert re.search(r"^PROVED .* table-coverage ", out, flags=re.M)


@needs_node
def test_a_session_log_lists_every_input_it_never_exercised_as_a_gap(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The first 36 sessions are a new shooter's come-out roll and each of its 36 rolls: no
    point is ever set, so every input with a point is a gap. A log's claim is about the
    settlements it holds (issue 29): every one is right, so exit 0; what it never shows (the
    inputs with a point, calls, withdrawals, second settlements) is listed as a gap, never a
    breach and never VACUOUS."""
    log = _log(tmp_path / "short.jsonl", 36)
    code, out, _ = _check(capsys, "--format", "json", "--wagers", "pass,dont-pass",
                          "--engine", f"table:{log}")
    assert code == 0
    doc = json.loads(out)
    found = {o["id"]: o for o in doc["obligations"]}
    assert {o["verdict"] for o in found.values()} == {"PROVED"}
    coverage = found["craps/table/table-coverage"]
    assert "every input the log holds is one the text allows" in coverage["detail"]
    gaps = coverage["counterexample"]["gaps"]
    assert len(gaps) == coverage["counterexample"]["missing"] and gaps == sorted(set(gaps),
                                                                                key=gaps.index)
    # a Pass bet with a point is never seen: no script of these 36 sets one
    assert any(g.startswith("pass on roll") and "point 4" in g for g in gaps)
    listed = {x["what"]: x["why"] for x in doc["left_out"]}
    for kind in ("call", "withdrawal", "history", "transitions"):
        assert "a gap of the log" in listed[f"craps/table/{kind}"]


@needs_node
def test_a_session_log_under_require_coverage_is_error_on_every_gap_never_vacuous(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--require-coverage asks a log for the whole universe: each gap is then ERROR (not
    established), nothing VACUOUS, nothing REFUTED."""
    log = _log(tmp_path / "short.jsonl", 36)
    code, out, _ = _check(capsys, "--format", "json", "--wagers", "pass,dont-pass",
                          "--require-coverage", "--engine", f"table:{log}")
    assert code == 4
    found = {o["id"]: o for o in json.loads(out)["obligations"]}
    assert {o["verdict"] for o in found.values()} == {"PROVED", "ERROR"}
    for kind in ("call", "withdrawal", "history", "table-coverage", "transitions"):
        assert found[f"craps/table/{kind}"]["verdict"] == "ERROR", kind
        assert "not established" in found[f"craps/table/{kind}"]["detail"]


@needs_node
@pytest.mark.exhaustive
def test_a_table_that_hangs_on_a_script_is_error_never_proved_never_refuted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A timeout proves nothing about the script (ERROR, exit 4); an input only that script
    would have shown is not established, and no obligation is PROVED on the rest alone."""
    code, out, _ = _check(capsys, "--format", "json", "--engine-timeout-ms", "500", "--engine",
                          f"play:{sys.executable} {PROXY} --mutate hang")
    assert code == 4
    doc = json.loads(out)
    verdicts = {o["id"]: o["verdict"] for o in doc["obligations"]}
    assert "REFUTED" not in verdicts.values()
    assert verdicts["craps/table/scripts"] == "ERROR"
    scripts = next(o for o in doc["obligations"] if o["id"] == "craps/table/scripts")
    assert "not established: the engine gave no answer to 1 script (it hung, or was given up " \
        "on" in scripts["detail"]


@needs_node
def test_a_check_of_a_table_writes_nothing_where_it_is_run(tmp_path: Path) -> None:
    """Issue 34: a check of a play: table left a ``.hypothesis`` folder (hypothesis's cache of
    the constants of the source it ran beside, source paths included) in the user's working
    directory. A command-line tool writes nothing where it is run unless asked."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", "casino_proofs", "check", "--quiet", "--only",
                           "craps", "--wagers", "any-7", "--engine", f"play:node {TABLE_JS}",
                           "--sessions", "5"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []
