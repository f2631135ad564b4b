"""``casino-proofs diff``: every difference between two sides, proved complete, with the money.

Expected values are transcribed by hand from the text (the inputs a fault changes, the pairs
of hands a fault orders differently), or come from another part of the tool that computes them
another way (``ambiguities`` finds one witness per reading with its own Z3 queries; ``edge``
follows each wager through its own chain).
"""

from __future__ import annotations

import copy
import json
import random
import shutil
import sys
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_proofs import regulation, spec
from casino_proofs.adapters.mutated import Mutated
from casino_proofs.adapters.ours import OurImplementation
from casino_proofs.adapters.targets import open_target
from casino_proofs.analyses import diff
from casino_proofs.analyses.readings.ambiguities import Finding, finding_json
from casino_proofs.analyses.readings.edge import craps_readings, edge_rows
from casino_proofs.command.main import main
from casino_proofs.craps import diff as dc
from casino_proofs.games import names
from casino_proofs.paigow.diff import hands as dp
from casino_proofs.paigow.obligations.every_hand import abstraction
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Settled
from casino_proofs.solving.budget import Budget
from casino_proofs.spec.paigow import JOKER_INDEX

ENGINE_JS = Path(__file__).resolve().parents[1] / "examples" / "engines" / "engine.js"
needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (.ci/run installs it)")
CARD = {f"{r}{s}": i * 4 + j for i, r in enumerate("23456789TJQKA") for j, s in enumerate("cdhs")}
CARD["Jk"] = JOKER_INDEX


def _hand(text: str) -> tuple[int, ...]:
    return tuple(sorted(CARD[c] for c in text.split()))


def _js(*flags: str) -> str:
    return f"exec:node {ENGINE_JS} {' '.join(flags)}".strip()


def _spec(**readings: str) -> diff.Target:
    return diff.Target("spec", {k.replace("_", "-"): v for k, v in readings.items()}, None)


def _run(a: diff.Target, b: diff.Target, *games: str) -> dict[str, Any]:
    return diff.run(a, b, games or names(), None, Budget())


def _craps_ids(doc: dict[str, Any]) -> set[str]:
    return {d["id"] for d in doc["differences"] if d["game"] == "craps"}


# -- a side against itself --------------------------------------------------------------------


def test_diff_spec_against_itself_is_empty_and_proved_complete() -> None:
    doc = _run(_spec(), _spec())
    assert doc["verdict"] == "SAME" and doc["differences"] == [] and doc["problems"] == []
    assert {w["completeness"]["verdict"] for w in doc["craps"]["wagers"]} == {"PROVED"}
    assert len(doc["craps"]["wagers"]) == len(spec.WAGER_NAMES)
    assert [s["hands"] for s in doc["paigow"]["scopes"]] == [2_869_685, 1_378]  # C(53,5), (53,2)


@pytest.mark.exhaustive  # the same empty diff as impl against spec, which runs by default
def test_diff_impl_against_itself_is_empty_and_proved_complete_on_craps() -> None:
    impl = diff.Target("impl", {}, OurImplementation())
    doc = _run(impl, diff.Target("impl", {}, OurImplementation()), "craps")
    assert doc["verdict"] == "SAME" and doc["differences"] == []
    assert {w["completeness"]["verdict"] for w in doc["craps"]["wagers"]} == {"PROVED"}


def test_diff_impl_against_spec_is_empty_on_craps() -> None:
    doc = _run(diff.Target("impl", {}, OurImplementation()), _spec(), "craps")
    assert doc["verdict"] == "SAME", doc["differences"][:3]
    assert {w["completeness"]["verdict"] for w in doc["craps"]["wagers"]} == {"PROVED"}


# -- each reading against the default: ambiguities' witness, edge's figures -------------------


def _craps_cases() -> list[tuple[str, str]]:
    registry = regulation.readings()
    return [(rid, v.name) for rid in craps_readings() for v in registry[rid].values
            if v.name != registry[rid].default]


@pytest.fixture(scope="module")
def edges() -> dict[tuple[str, str, str], str | None]:
    """``edge``'s house edge of every wager, start and reading (base: "base")."""
    return {(r.wager, r.start, r.reading): None if r.house_edge is None else str(r.house_edge)
            for r in edge_rows()}


def _finding(findings: list[Finding], rid: str) -> dict[str, Any]:
    return next(finding_json(f) for f in findings if f.entry.id == rid)


@pytest.mark.parametrize(("reading", "value"), [
    # two in the default run; every other reading in the exhaustive one
    pytest.param(*case, marks=() if i < 2 else (pytest.mark.exhaustive,))
    for i, case in enumerate(_craps_cases())])
def test_r3_each_craps_reading_diffed_against_the_default_gives_its_ambiguity_witness(
        reading: str, value: str, ambiguity_findings: list[Finding],
        edges: dict[tuple[str, str, str], str | None]) -> None:
    doc = _run(_spec(), diff.Target("spec", {reading: value}, None), "craps")
    found = _finding(ambiguity_findings, reading)
    differing = {w["wager"] for w in doc["craps"]["wagers"] if w["differences"]}
    # exactly the wagers ambiguities says the reading affects
    assert differing == set(found["affected"])
    # the witness is among the inputs listed
    w = found["witness"]
    st_ = w["state"]
    witness = (f"craps/{w['wager']}/come_out={int(st_['come_out'])},point={st_['point'] or 0},"
               f"working={int(st_['working'])},first_roll={int(st_['first_roll'])}/"
               f"{w['roll'][0]},{w['roll'][1]}")
    assert witness in _craps_ids(doc)
    assert {x["completeness"]["verdict"] for x in doc["craps"]["wagers"]} == {"PROVED"}
    assert all(d["replayed"] for x in doc["craps"]["wagers"] for d in x["differences"])
    # the house edges are edge's, on both sides
    for row in doc["craps"]["wagers"]:
        for e in row.get("edge", []):
            if e.get("one_roll"):  # a state no start of edge's reaches, decided in one roll
                continue
            assert e["a"] == edges[(row["wager"], e["start"], "base")]
            assert e["b"] == edges.get((row["wager"], e["start"], f"{reading}={value}"), e["a"])


@pytest.mark.exhaustive  # (the default run keeps the royal flush reading's Pai Gow diff)
def test_r3_40_joker_ace_only_diffed_against_the_default_names_the_witness_hand() -> None:
    a, b = dp.PaiGowSide("spec", {}), dp.PaiGowSide("spec", {"joker": "ace-only"})
    groups = dp.every_hand(a, b).groups["high"]
    key = abstraction(_hand("7d 8c 9s Ts Jk"))  # ambiguities' witness: straight, or nothing
    (x, y), = {(x[2], y[2]) for (k, x, y) in groups if k == key}
    assert (x, y) == ("straight", "no-combination")
    doc = _run(_spec(), _spec(joker="ace-only"), "paigow")
    ids = {d["id"] for d in doc["differences"]}
    assert "paigow/high/combination/straight/no-combination" in ids


def test_r3_40_10_pair_consisting_literal_diffed_against_the_default_names_the_witness() -> None:
    a, b = dp.PaiGowSide("spec", {}), dp.PaiGowSide("spec", {"pair-consisting": "literal"})
    groups = dp.every_hand(a, b).groups["high"]
    key = abstraction(_hand("7c 8d 9c Ac Jk"))
    assert {(x[2], y[2]) for (k, x, y) in groups if k == key} == {("pair", "no-combination")}


def test_r3_40_royal_flush_also_straight_flush_shows_the_text_contradicting_itself() -> None:
    doc = _run(_spec(), _spec(royal_flush="also-straight-flush"), "paigow")
    high = doc["paigow"]["scopes"][0]
    statements = {tuple(c["statements"]) for c in high["conflicts"]}
    # ambiguities' witness: r3-40-3:highest puts 2d 3d 4d 5d Jk above Tc Jc Qc Kc Jk, and
    # r3-40-intro:royal-flush>straight-flush puts it below
    assert ("r3-40-3:highest", "r3-40-intro:royal-flush>straight-flush") in statements
    ranker = dp.SpecRanker("high", {"royal-flush": "also-straight-flush"})
    first, second = (ranker.signature(abstraction(_hand(h)))
                     for h in ("2d 3d 4d 5d Jk", "Tc Jc Qc Kc Jk"))
    assert ranker.conflicting(first, second) == ("r3-40-3:highest",
                                                 "r3-40-intro:royal-flush>straight-flush")
    assert all(c["side"] == "b" for c in high["conflicts"])
    assert doc["b"]["text_defective"]


# -- two engines that differ by one fault ---------------------------------------------------


@pytest.mark.exhaustive  # 4 s of CPU: with the exhaustive runs (CI runs both)
@needs_node
def test_two_javascript_engines_differing_by_dont_bar_2_give_exactly_its_inputs() -> None:
    a = diff.Target("2.3", {}, open_target(_js()))
    b = diff.Target("2.4", {}, open_target(_js("--fault", "dont-bar-2")))
    try:
        doc = _run(a, b, "craps")
    finally:
        a.engine.close()  # type: ignore[union-attr]
        b.engine.close()  # type: ignore[union-attr]
    # conv-single-chance-dont-pass / -dont-come: 12 bars, 2 wins; the fault swaps them, on
    # the come-out roll of Don't Pass (a shooter's first or not) and of Don't Come
    co = "come_out=1,point=0,working=0"
    assert _craps_ids(doc) == {
        f"craps/dont-pass/{co},first_roll=0/1,1", f"craps/dont-pass/{co},first_roll=0/6,6",
        f"craps/dont-pass/{co},first_roll=1/1,1", f"craps/dont-pass/{co},first_roll=1/6,6",
        "craps/dont-come/come_out=0,point=0,working=0,first_roll=0/1,1",
        "craps/dont-come/come_out=0,point=0,working=0,first_roll=0/6,6"}
    assert {w["completeness"]["verdict"] for w in doc["craps"]["wagers"]} == {"PROVED"}
    # barring 2 instead of 12: the same probability, the same house edge (27/1925)
    edge = {w["wager"]: w["edge"] for w in doc["craps"]["wagers"] if w["differences"]}
    assert edge["dont-pass"][0]["change"] == "0" and edge["dont-pass"][0]["a"] == "27/1925"


@needs_node
@pytest.mark.exhaustive
def test_r3_40_7_two_javascript_engines_differing_by_wheel_lowest_give_exactly_its_pairs(
) -> None:
    a = diff.Target("2.3", {}, open_target(_js()))
    b = diff.Target("2.4", {}, open_target(_js("--fault", "wheel-lowest")))
    try:
        doc = _run(a, b, "paigow")
    finally:
        a.engine.close()  # type: ignore[union-attr]
        b.engine.close()  # type: ignore[union-attr]
    high, low = doc["paigow"]["scopes"]
    # r3-40-7 ranks A-2-3-4-5 second of the straights; the fault ranks it last. Straights
    # that are not flushes (non-flush: 4^5 - 4 = 1,020 of each window; with the joker, 4^4 - 4
    # = 252 per missing card, the joker completing the highest straight it can,
    # conv-joker-best):
    #   wheels W: 1,020 natural + 4 x 252 with the joker as the 2, 3, 4 or 5 = 2,028;
    #   2-3-4-5 + joker J = 252: a wheel under the text, a 6-high straight under the fault;
    #   6-high to K-high S: 6-high 1,020 + 3 x 252 (joker as 3, 4 or 5) = 1,776, each of 7-
    #   to K-high 1,020 + 4 x 252 = 2,028 -> 1,776 + 7 x 2,028 = 15,972.
    # Ordered differently: W against S, J against S, W against J -- each pair both ways.
    assert high["order"]["unordered_pairs"] == 2_028 * 15_972 + 252 * 15_972 + 2_028 * 252
    assert [(c["row"], c["column"]) for c in high["order"]["cells"]] == [("straight",
                                                                          "straight")]
    top = high["order"]["cells"][0]["kinds"][0]
    assert top["hand"] == "2c 3c 4c 5c Ad" and top["like_it"] == 2_028
    # A group is labelled by what holds for all of it (issue 17): W against S (A says >, B
    # says <) is one group; W against J (A says =) is another.
    assert top["against"]["hands"] == 15_972 and top["pairs"] == 2_028 * 15_972
    assert (top["a_says"], top["b_says"]) == (">", "<")
    assert top["against"]["from"] == "2c 3c 4c 5c 6d"  # the lowest 6-high straight
    assert top["text"] == ["r3-40-7:second", "r3-40-7:lowest"] and top["replayed"]
    assert high["combinations"] == [] and low["order"]["ordered_pairs"] == 0


# -- the completeness proof can fail --------------------------------------------------------


@pytest.mark.parametrize("b_engine", [False, True], ids=["spec", "lifted-graph"])
def test_completeness_is_refuted_when_a_differing_input_is_left_out(b_engine: bool) -> None:
    """Must fail: the list without one of its inputs is not complete, and the proof names
    the input it misses."""
    a = dc.Side("spec", {})
    b = dc.Side("impl", {"dont-bar": "2"}, OurImplementation()) if b_engine \
        else dc.Side("spec", {"dont-bar": "2"})
    wagers = ["dont-pass", "dont-come", "any-7"]
    dc.ask(a, wagers)
    dc.ask(b, wagers)
    listed = dc.differences(a, b, wagers)
    assert len(listed) == 6
    assert {c.verdict for c in dc.prove_complete(a, b, wagers, listed)} == {"PROVED"}
    dropped = random.Random(6).choice(listed)
    result = dc.prove_complete(a, b, wagers, [d for d in listed if d is not dropped])
    refuted = [c for c in result if c.verdict == "REFUTED"]
    assert [(c.wager, c.missed) for c in refuted] == [(dropped.wager, dropped.input)]


def test_completeness_exhausted_budget_is_unknown_never_proved() -> None:
    a, b = dc.Side("spec", {}), dc.Side("spec", {"dont-bar": "2"})
    dc.ask(a, ["dont-pass"])
    dc.ask(b, ["dont-pass"])
    listed = dc.differences(a, b, ["dont-pass"])
    (result,) = dc.prove_complete(a, b, ["dont-pass"], listed, Budget(z3_rlimit=1))
    assert result.verdict == "UNKNOWN"


def test_a_difference_that_does_not_replay_is_an_error() -> None:
    """Must fail: an engine that answers the same twice (it passes the determinism check),
    then otherwise when a listed difference is asked again."""
    asked: dict[CrapsInput, int] = {}

    def flip(q: CrapsInput, _answer: CrapsAnswer, _ask: Any) -> CrapsAnswer | None:
        if not (q.die_1 == q.die_2 == 1 and q.come_out):
            return None
        asked[q] = asked.get(q, 0) + 1  # lose, lose, then push
        return Settled("lose", Fraction(-1), None) if asked[q] <= 2 \
            else Settled("push", Fraction(0), None)

    doc = _run(_spec(), diff.Target("flaky", {}, Mutated("dont-pass", flip)), "craps")
    assert len(doc["problems"]) == 1 and "did not replay on side B" in doc["problems"][0]
    assert any(not d["replayed"] for w in doc["craps"]["wagers"] for d in w["differences"])


BAD = Path(__file__).resolve().parent / "engines" / "bad"


def _bad(name: str, timeout_ms: int = 1000) -> diff.Target:
    return diff.Target(name, {}, open_target(f"exec:{sys.executable} {BAD / name}.py",
                                             timeout_ms))


def test_an_engine_answering_twice_differently_is_a_named_fault() -> None:
    """Must fail: every input is asked twice, in another order and other batches."""
    b = _bad("nondeterministic")
    try:
        doc = diff.run(_spec(), b, ("craps",), ["any-7"], Budget())
    finally:
        b.engine.close()  # type: ignore[union-attr]
    (wager,) = [w for w in doc["craps"]["wagers"] if w["differences"]]
    answers = {(tuple(d["roll"]), d["b"]["kind"]) for d in wager["differences"]}
    assert answers == {((5, 2), "fault")}  # the come-out 5-2, in every state it can be asked
    assert "answered" in wager["differences"][0]["b"]["detail"]
    assert doc["problems"] == [] and doc["verdict"] == "DIFFERENT"


@pytest.mark.exhaustive  # 11 s: some 35 timeouts of 0.3 s
def test_an_engine_that_hangs_leaves_the_diff_unestablished_not_different() -> None:
    """A timeout proves nothing about the input: ERROR (exit 4), never a difference."""
    b = _bad("hang", timeout_ms=300)
    try:
        doc = diff.run(_spec(), b, ("craps",), ["any-7"], Budget())
    finally:
        b.engine.close()  # type: ignore[union-attr]
    assert doc["differences"] == [] and doc["verdict"] == "ERROR"
    assert "left" in doc["problems"][0] and "unanswered" in doc["problems"][0]
    assert {w["completeness"]["verdict"] for w in doc["craps"]["wagers"]} == {"PROVED"}


# -- counting by class ----------------------------------------------------------------------


@pytest.mark.parametrize("size", [2, 3])
def test_classes_count_every_hand_of_the_deck(size: int) -> None:
    brute: dict[Any, int] = {}
    for hand in combinations(range(JOKER_INDEX + 1), size):
        key = abstraction(hand)
        brute[key] = brute.get(key, 0) + 1
    assert dp.classes(size) == brute


def test_classes_of_five_cards_are_every_hand_once() -> None:
    assert sum(dp.classes(5).values()) == 2_869_685


_levels = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(1, 3)),
                   min_size=1, max_size=30)


@settings(max_examples=200, deadline=None)
@given(_levels, _levels)
def test_discordant_partners_equal_counting_pair_by_pair(
        rows: list[tuple[int, int, int]], columns: list[tuple[int, int, int]]) -> None:
    def level(i: int, a: int, b: int, n: int) -> dp.Level:
        return dp.Level("x", (a,), (b,), n, (i,))

    r = [level(i, *x) for i, x in enumerate(rows)]
    c = [level(100 + i, *x) for i, x in enumerate(columns)]
    expected = [sum(y.hands for y in c if dp.sign(x.a, y.a) != dp.sign(x.b, y.b)) for x in r]
    assert dp.discordant_partners(r, c) == expected
    # a set of levels against itself: a hand is never its own partner (it ties both ways)
    expected_self = [sum(y.hands for y in r if dp.sign(x.a, y.a) != dp.sign(x.b, y.b))
                     for x in r]
    assert dp.discordant_partners(r, r) == expected_self


# -- the command -----------------------------------------------------------------------------


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["diff", *argv])
    out, err = capsys.readouterr()
    return code, out, err


DONT_BAR = ("spec", "spec", "--only", "craps", "--b-reading", "dont-bar=2")


def test_cli_diff_exit_codes_0_same_1_different(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "spec", "spec", "--only", "craps", "--wagers", "any-7")
    assert code == 0 and "SAME" in out
    code, out, _ = _cli(capsys, *DONT_BAR)
    assert code == 1 and "DIFFERENT -- 6 differences" in out
    assert "by clause: conv-single-chance-dont-come 2, conv-single-chance-dont-pass 4" in out


def _spec_diffs_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A diff of the specification against itself under readings is made once for each set
    of readings, games and wagers (for tests of what the command does with it)."""
    made: dict[str, dict[str, Any]] = {}
    real = diff.run

    def run(a: Any, b: Any, games: Any, wagers: Any, *rest: Any) -> dict[str, Any]:
        if a.engine is not None or b.engine is not None:
            return real(a, b, games, wagers, *rest)
        key = json.dumps([a.readings, b.readings, games, wagers], sort_keys=True)
        if key not in made:
            made[key] = real(a, b, games, wagers, *rest)
        return copy.deepcopy(made[key])

    monkeypatch.setattr("casino_proofs.analyses.diff.run", run)


def test_cli_diff_expect_gates_ci(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _spec_diffs_made_once(monkeypatch)
    code, out, _ = _cli(capsys, *DONT_BAR, "--format", "json")
    previous = tmp_path / "previous.json"
    previous.write_text(out)
    ids = [d["id"] for d in json.loads(out)["differences"]]
    code, out, _ = _cli(capsys, *DONT_BAR, "--expect", str(previous))
    out = " ".join(out.split())  # the text is wrapped to its width, a long path and all
    assert code == 0 and "exactly the 6 expected differences" in out
    reviewed = tmp_path / "reviewed.txt"
    reviewed.write_text("# reviewed for 2.4\n" + "\n".join(ids[1:]) + "\n"
                        "craps/any-7/come_out=0,point=0,working=0,first_roll=0/1,1\n")
    code, out, _ = _cli(capsys, *DONT_BAR, "--expect", str(reviewed))
    out = " ".join(out.split())
    assert code == 1 and "NOT MET" in out
    assert f"new: {ids[0]}" in out
    assert "gone: craps/any-7/come_out=0,point=0,working=0,first_roll=0/1,1" in out
    changed = json.loads(previous.read_text())
    changed["differences"][0]["fingerprint"] = "0" * 16
    previous.write_text(json.dumps(changed))
    code, out, _ = _cli(capsys, *DONT_BAR, "--expect", str(previous))
    out = " ".join(out.split())
    assert code == 1 and f"changed: {ids[0]}" in out
    # a narrower run sets aside what it did not compare; a byte-order mark is no obstacle
    reviewed.write_text("\ufeff" + "\n".join(ids) + "\n")
    code, out, _ = _cli(capsys, *DONT_BAR, "--wagers", "dont-come", "--expect", str(reviewed))
    out = " ".join(out.split())
    assert code == 0 and "4 expected differences about what this run did not compare" in out


@pytest.mark.parametrize(("argv", "needle"), [
    ((_js(), "spec", "--a-reading", "hop-call=total"), "side A (exec:node"),
    (("spec", "nonsense"), "side B: 'nonsense' is not a side; a side is one of spec"),
    (("spec", "spec", "--b-reading", "dont-bar=3"), "--b-reading"),
    (("spec", "spec", "--a-reading", "nope=1"), "unknown reading 'nope'"),
    (("spec", "spec", "--expect", "/nonexistent/expect.json"), "--expect"),
    (("spec", "spec", "--wagers", "nope"), "unknown wager 'nope'"),
])
def test_cli_diff_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                   argv: tuple[str, ...], needle: str) -> None:
    code, out, err = _cli(capsys, *argv)
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1


def test_cli_diff_expect_that_is_not_a_diff_is_exit_2(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    bad = tmp_path / "check.json"
    bad.write_text('{"schema": "casino-proofs/check"}')
    code, _, err = _cli(capsys, "spec", "spec", "--expect", str(bad))
    assert code == 2 and "must be the output of casino-proofs diff" in err


def test_cli_diff_reports(capsys: pytest.CaptureFixture[str]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from importlib import resources

    schema = json.loads(resources.files("casino_proofs").joinpath(
        "schemas/diff.schema.json").read_text())
    _, out, _ = _cli(capsys, "spec", "spec", "--only", "craps", "--format", "json",
                     "--a-reading", "hop-call=total", "--wagers", "hop-1-3,any-7")
    doc = json.loads(out)
    jsonschema.validate(doc, schema)
    assert {d["game"] for d in doc["differences"]} == {"craps"}


@pytest.mark.exhaustive  # (the craps JSON above is the default run's; these, 7 s of CPU)
def test_cli_diff_reports_in_markdown_and_html(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from importlib import resources

    schema = json.loads(resources.files("casino_proofs").joinpath(
        "schemas/diff.schema.json").read_text())
    _, out, _ = _cli(capsys, "spec", "spec", "--b-reading", "joker=ace-only", "--format",
                     "json", "--a-reading", "hop-call=total", "--wagers", "hop-1-3,any-7")
    doc = json.loads(out)
    jsonschema.validate(doc, schema)
    assert {d["game"] for d in doc["differences"]} == {"craps", "paigow"}
    _, out, _ = _cli(capsys, "spec", "spec", "--only", "craps", "--b-reading",
                     "hop-call=total", "--format", "markdown")
    assert len(out.splitlines()) < 60 and "...and 128 more inputs" in out
    page = tmp_path / "diff.html"
    code, out, _ = _cli(capsys, "spec", "spec", "--only", "paigow", "--b-reading",
                        "joker=ace-only", "--format", "html", "--output", str(page))
    html = page.read_text()
    assert code == 1 and out == ""
    assert "first hand \\ second hand" in html and "<th>straight</th>" in html


def test_completeness_is_proved_wager_by_wager_not_by_state_and_roll() -> None:
    """A checker fault an outside audit injected (issue 17): the completeness query of each
    wager excused the listed differences of every wager, matched on state and roll alone.
    Under hop-call=total, hop-1-5 and hop-2-4 both differ on 3,3: with hop-1-5's entry for
    3,3 dropped, hop-1-5's list must be found incomplete, and hop-2-4's still complete."""
    wagers = ["hop-1-5", "hop-2-4"]
    a, b = dc.Side("spec", {}), dc.Side("spec", {"hop-call": "total"})
    dc.ask(a, wagers)
    dc.ask(b, wagers)
    listed = dc.differences(a, b, wagers)
    on_33 = {d.wager for d in listed if (d.input.die_1, d.input.die_2) == (3, 3)}
    assert on_33 == set(wagers)
    kept = [d for d in listed
            if not (d.wager == "hop-1-5" and (d.input.die_1, d.input.die_2) == (3, 3))]
    verdicts = {c.wager: c.verdict for c in dc.prove_complete(a, b, wagers, kept)}
    assert verdicts == {"hop-1-5": "REFUTED", "hop-2-4": "PROVED"}
