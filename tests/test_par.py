"""The PAR sheet: figures derived by hand in each docstring, spec and impl agreeing, the
Monte Carlo intervals holding every exact figure, the Pai Gow tables, the formats and the
audit bundle."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction as F
from importlib import resources
from math import comb
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from casino_proofs.command.main import main
from casino_proofs.craps.par import montecarlo
from casino_proofs.craps.par.edges import ParRow, figures_json, par_rows, surd
from casino_proofs.paigow.obligations import PaiGowOutcome


@pytest.fixture(scope="module")
def rows() -> list[ParRow]:
    return par_rows()


def _row(rows: list[ParRow], wager: str, reading: str = "base",
         start: str | None = None) -> ParRow:
    return next(r for r in rows if r.wager == wager and r.reading == reading
                and (start is None or r.start == start))


def test_r3_95_15_2_any_7_by_hand(rows: list[ParRow]) -> None:
    """Any 7 wins 1/6 of the time at 4 to 1 and loses 5/6: expected net 4/6 - 5/6 = -1/6, so
    the house edge is 1/6 per bet made, per bet resolved (no ties) and per roll (one roll);
    E[net^2] = 16/6 + 5/6 = 21/6, variance 21/6 - (1/6)^2 = 125/36, sigma 5*sqrt(5)/6."""
    f = _row(rows, "any-7").spec
    assert f is not None
    assert f.ends == (("lose", F(-1), F(5, 6)), ("win", F(4), F(1, 6)))
    assert f.hit_frequency == F(1, 6)
    assert f.edge_per_bet == f.edge_per_resolved == f.edge_per_roll == F(1, 6)
    assert f.variance == F(21, 6) - F(1, 6) ** 2 == F(125, 36)
    assert surd(f.variance) == "5*sqrt(5)/6"
    assert f.expected_rolls == 1
    vi = figures_json(f)["volatility_index"]
    assert vi["90%"].startswith("3.0652") and vi["95%"].startswith("3.6522")  # 1.645σ, 1.96σ


def test_conv_single_chance_pass_by_hand(rows: list[ParRow]) -> None:
    """Pass wins on the come-out with 7 or 11 (8/36) and, on each point p, with probability
    (ways of p)/(ways of p + 6): 244/495 in all; loses 251/495. Nets are +1 and -1, so
    E[net^2] = 1 and the variance is 1 - (7/495)^2 = 244976/245025. Rolls: 1 + the
    come-out's points (P 24/36) times 1/(ways of p + 6)*36 each: 557/165."""
    f = _row(rows, "pass").spec
    assert f is not None
    assert f.ends == (("lose", F(-1), F(251, 495)), ("win", F(1), F(244, 495)))
    assert f.expected_net == F(-7, 495)
    assert f.variance == 1 - F(7, 495) ** 2 == F(244976, 245025)
    rolls = 1 + sum(F(w, 36) * F(36, w + 6) for w in (3, 4, 5, 5, 4, 3))
    assert f.expected_rolls == rolls == F(557, 165)
    assert f.edge_per_roll == F(7, 495) / F(557, 165) == F(7, 1671)


def test_r3_95_16_1_pass_odds_on_4_by_hand(rows: list[ParRow]) -> None:
    """On a point of 4 the odds win when 4 (3 ways) comes before 7 (6 ways): 1/3, at 2 to 1;
    lose 2/3. Expected net 2/3 - 2/3 = 0; E[net^2] = 4/3 + 2/3 = 2 = the variance; sigma
    sqrt(2). Each roll decides with probability 9/36: 4 rolls expected."""
    f = _row(rows, "pass-odds", start="point 4").spec
    assert f is not None
    assert f.ends == (("lose", F(-1), F(2, 3)), ("win", F(2), F(1, 3)))
    assert f.expected_net == 0 and f.variance == 2 and surd(f.variance) == "sqrt(2)"
    assert f.expected_rolls == 4


def test_a_standoff_returned_is_left_out_per_bet_resolved(rows: list[ParRow]) -> None:
    """Don't Pass with the barred 12 returned (dont-standoff=push): 3/220 per bet made, and
    27/1925 per bet resolved (the 1/36 of bets returned left out: (3/220)/(35/36))."""
    f = _row(rows, "dont-pass", "dont-standoff=push").spec
    assert f is not None
    assert f.push == F(1, 36)
    assert f.edge_per_bet == F(3, 220)
    assert f.edge_per_resolved == F(3, 220) / F(35, 36) == F(27, 1925)


def test_every_craps_figure_agrees_between_spec_and_impl(rows: list[ParRow]) -> None:
    assert rows and all(r.agree for r in rows if r.spec is not None)
    assert len({r.wager for r in rows}) == 42


def test_the_monte_carlo_run_holds_every_exact_figure(rows: list[ParRow]) -> None:
    chosen = [r for r in rows if r.reading == "base" and r.spec is not None
              and r.wager in ("any-7", "pass", "dont-pass", "horn", "hard-6", "come-odds")]
    for r in chosen:
        assert r.chain is not None and r.spec is not None
        checks = montecarlo.simulate(r.chain, r.spec, 4000)
        assert checks and all(c.inside for c in checks), [c for c in checks if not c.inside]


def test_the_monte_carlo_run_catches_wrong_arithmetic(rows: list[ParRow]) -> None:
    """A check that cannot fail is a defect: a figure off by a little is outside."""
    from dataclasses import replace

    r = _row(rows, "pass")
    assert r.chain is not None and r.spec is not None
    wrong = replace(r.spec, expected_net=r.spec.expected_net + F(1, 20))
    checks = montecarlo.simulate(r.chain, wrong, 20000)
    assert not next(c for c in checks if c.figure == "expected net").inside


@pytest.mark.exhaustive
def test_every_row_of_the_monte_carlo_run_holds(rows: list[ParRow]) -> None:
    for r in rows:
        if r.spec is not None and r.chain is not None:
            assert all(c.inside for c in montecarlo.simulate(r.chain, r.spec, 20000)), r.wager


def _schema() -> dict[str, Any]:
    text = resources.files("casino_proofs").joinpath("schemas/par.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


@pytest.mark.exhaustive  # the whole-deck PAR of both sides; test_par_formats runs by default
def test_par_json_validates_and_pai_gow_totals_are_the_decks(
        capsys: pytest.CaptureFixture[str], paigow_outcome: PaiGowOutcome) -> None:
    """The seven-card total is C(53, 7) = 53*52*51*50*49*48*47/5040 = 154,143,080; the
    five-card one C(53, 5) = 2,869,685, and the five-card table is the proof pass's own
    count of every hand."""
    assert main(["par", "--format", "json", "--wagers", "any-7,pass"]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, _schema())
    base = doc["paigow"][0]
    assert base["seven_card"]["hands"] == 154_143_080 == comb(53, 7)
    assert sum(c["hands"] for c in base["seven_card"]["combinations"]) == 154_143_080
    five = {c["combination"]: c["hands"] for c in base["five_card"]["combinations"]}
    assert sum(five.values()) == comb(53, 5)
    assert five == paigow_outcome.combination_counts["high"]
    # Two-card pairs: C(4, 2) = 6 of each of the 12 ranks 2 to K, and of aces 6 more with the
    # joker beside one of the 4 aces (the joker is an ace in a low hand): 72 + 10 = 82.
    low = {c["combination"]: c["hands"] for c in base["two_card"]["combinations"]}
    assert low == {"pair": 12 * 6 + 6 + 4, "no-combination": comb(53, 2) - 82}
    assert {p["reading"] for p in doc["paigow"]} == {"base", "joker=ace-only",
                                                     "pair-consisting=literal"}


@pytest.mark.parametrize(("form", "marker"), [
    ("text", "house edge per bet made 1/6"),
    ("csv", 'craps,,any-7,base,"placed before a come-out roll, no working call"'),
    ("markdown", "| any-7 | base | placed before a come-out roll, no working call | 1/6 |"),
    ("html", "<svg"),
])
def test_par_formats(capsys: pytest.CaptureFixture[str], form: str, marker: str) -> None:
    assert main(["par", "--only", "craps", "--wagers", "any-7", "--format", form]) == 0
    out = capsys.readouterr().out
    assert marker in out
    if form == "html":
        assert "http" not in out.split("<svg", 1)[1].replace("http://www.w3.org/2000/svg", "")


def test_par_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "--monte-carlo", "10"]) == 2
    assert "100 or more" in capsys.readouterr().err


def test_the_bundle_holds_the_par_sheet_and_replay_recomputes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bundle = tmp_path / "b"
    assert main(["check", "--quiet", "--only", "craps", "--wagers", "any-7,pass",
                 "--bundle", str(bundle)]) == 0
    par = json.loads((bundle / "par.json").read_text())
    assert [r["wager"] for r in par["craps"]][:1] == ["any-7"]
    assert main(["replay", str(bundle), "--solver", "z3", "--quiet"]) == 0
    capsys.readouterr()
    changed = next(r for r in par["craps"] if r["wager"] == "pass" and r["reading"] == "base")
    changed["figures"]["house_edge"]["per_bet_made"]["exact"] = "1/7"
    (bundle / "par.json").write_text(json.dumps(par))
    import hashlib

    manifest = json.loads((bundle / "manifest.json").read_text())
    manifest["files"]["par.json"] = hashlib.sha256((bundle / "par.json").read_bytes()).hexdigest()
    (bundle / "manifest.json").write_text(json.dumps(manifest))
    assert main(["replay", str(bundle), "--solver", "z3", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "par.json" in out and "(the row of pass [base])" in out, out  # the row, named


_ENGINE_JS = Path(__file__).parents[1] / "examples" / "engines" / "engine.js"


@pytest.mark.skipif(shutil.which("node") is None, reason="the example engine is JavaScript")
@pytest.mark.parametrize(("fault", "code"), [("", 0), ("--fault come-odds-working", 1)])
def test_par_of_an_engine_judges_only_the_readings_it_claims(
        capsys: pytest.CaptureFixture[str], fault: str, code: int) -> None:
    """Issue 24, item 2: a reading the engine does not claim in its hello is not implemented,
    never a disagreement, so a correct engine's sheet exits 0; a fault that changes a figure
    (Come odds working on a come-out roll) still exits 1, on the base rows."""
    engine = f"exec:node {_ENGINE_JS} {fault}".strip()
    assert main(["par", "--only", "craps", "--wagers", "come-odds,hard-4", "--engine", engine,
                 "--format", "json"]) == code
    rows = json.loads(capsys.readouterr().out)["craps"]
    unclaimed = [r for r in rows if not r["implemented"]]
    assert unclaimed and all(r["agree"] and r["reading"] != "base" for r in unclaimed)
    disagree = {(r["wager"], r["reading"]) for r in rows if not r["agree"]}
    assert disagree == ({("come-odds", "base")} if code else set())
