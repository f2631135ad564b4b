"""The fault domain of a table's PROVED (issue 30): the suite is proved k-complete for the
model of the table, every pair of history feature and subject the suite reaches is observed,
and each of these obligations fails when what it proves does not hold (a script missing from
the suite, a script unanswered, a pair never observed)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino_proofs import spec
from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.observe import Played, read_script
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.judging.policies import Policies
from casino_proofs.craps.table.model import family_probes
from casino_proofs.craps.table.model.family_inputs import families
from casino_proofs.craps.table.model.family_machine import FamilyMachine, frozen_event
from casino_proofs.craps.table.obligations.table_run import setting_of
from casino_proofs.craps.table.scripts import suite
from casino_proofs.craps.table.scripts.pairs import PairCoverage
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.protocol.answers import Faulty
from casino_proofs.protocol.money import Money

WAGERS = ("pass", "pass-odds", "hard-6", "any-7")


def _setting(names: tuple[str, ...] = WAGERS) -> Setting:
    specs = offered_specs(names, spec.Readings.from_dict({}))
    return setting_of(specs, names, Money(Fraction(1, 100), "floor"), Policies())


def test_each_family_machine_is_exact_and_its_states_told_apart() -> None:
    """Every concrete table of a state (every point) answers every input of the machine as the
    state's first table does, every roll as the first roll of its name, and the probes tell
    apart every two states one is apart from the other."""
    setting = _setting()
    assert [f.name for f in families(setting.offered)] == [
        "a Hard Way (hard-6)", "a one-roll wager (any-7)", "pass and pass-odds"]
    for family in families(setting.offered):
        machine = FamilyMachine(setting, family)
        assert machine.problems == []
        pairs = family_probes.apart(machine.edges)
        chosen, left = family_probes.probes(machine.edges, pairs)
        assert chosen and left == set()


def _suite_of(setting: Setting, family_name: str) -> tuple[object, ...]:
    """A family's machine (its edges) and suite (k, scripts) at ``setting``, built afresh
    (never from the process's suites: what is compared is what a build makes)."""
    family = next(f for f in families(setting.offered) if f.name == family_name)
    machine = FamilyMachine(setting, family)
    part = suite._family_suite(setting, family, 0, suite.FAMILY_EVENTS)
    return machine.edges, part.k, part.scripts, part.problems


#: the families of a table offering every wager whose suites are built in under a second;
#: the Come and Don't Come families' take some seconds, and are compared in the exhaustive run
QUICK_FAMILIES = ("a Hard Way (hard-10)", "a one-roll wager (any-7)", "pass and pass-odds",
                  "dont-pass and dont-pass-odds")
SLOW_FAMILIES = ("come and come-odds", "dont-come and dont-come-odds")


@pytest.mark.parametrize("family_name", [
    *QUICK_FAMILIES, *(pytest.param(f, marks=pytest.mark.exhaustive) for f in SLOW_FAMILIES)])
def test_conv_table_suite_a_familys_suite_is_the_same_whatever_else_the_table_offers(
        family_name: str) -> None:
    """The premise of keeping a family's suite once a process under :func:`suite.family_key`
    (the family, its wagers' specifications, the money, the policies): the family's machine
    and suite at a table offering every wager are those at a table offering the family's
    wagers alone."""
    every = _setting(tuple(spec.WAGER_NAMES))
    assert sorted(f.name for f in families(every.offered)) == sorted(
        (*QUICK_FAMILIES, *SLOW_FAMILIES))
    family = next(f for f in families(every.offered) if f.name == family_name)
    alone = _setting(family.wagers)
    assert suite.family_key(alone, family) == suite.family_key(every, family)
    assert _suite_of(alone, family_name) == _suite_of(every, family_name)


def test_conv_table_suite_a_policy_makes_another_family_suite_and_another_key() -> None:
    """Must-fail of the comparison above: a policy (one Associate Chance on each bet) makes
    another suite of the Pass family, which the comparison tells apart, under another key."""
    names = ("pass", "pass-odds")
    plain = _setting(names)
    one_odds = setting_of(offered_specs(names, spec.Readings.from_dict({})), names,
                          Money(Fraction(1, 100), "floor"), Policies(one_odds=True))
    assert _suite_of(one_odds, "pass and pass-odds") != _suite_of(plain, "pass and pass-odds")
    family = families(plain.offered)[0]
    assert suite.family_key(one_odds, family) != suite.family_key(plain, family)


def test_conv_table_suite_every_access_script_every_k_plus_one_inputs_then_the_probes() -> None:
    """k = 1 for Pass with its odds: from the fresh table (no access events) the suite holds
    every two inputs, each followed by the identifier of the state they reach: e.g. a Pass
    bet placed, then a come-out roll of 4 (the point: the table's and the bet's), then the
    probe roll 1-1 (a craps, which a Pass bet with a point does not mind), at the start of a
    script (a script that is the start of another is left out: the other shows it all)."""
    parts = suite.build(_setting(("pass", "pass-odds")), forced_k=1)
    (part,) = parts
    assert part.k == 1
    wanted = tuple(map(frozen_event, ({"place": "b1", "wager": "pass", "amount": 2520},
                                       {"roll": [1, 3]}, {"roll": [1, 1]})))
    assert any(tuple(map(frozen_event, s))[:3] == wanted for s in part.scripts)


def _result(drop: int = 1, unanswered: bool = False) -> tuple[Verdict, str]:
    """The suite of Hard 6 played (``drop``: but every script that places a bet at that
    amount)."""
    parts = suite.build(_setting(("hard-6",)), forced_k=0)
    played = [s for s in suite.scripts(parts)
              if not any(e.get("amount") == drop for e in s.events)]
    answered = {s.label for s in played} - ({played[0].label} if unanswered else set())
    r = suite.result(parts, answered, played)
    return r.verdict, r.detail


def test_conv_table_suite_a_complete_suite_is_proved() -> None:
    verdict, detail = _result()
    assert verdict is Verdict.PROVED
    assert detail.startswith("k-complete for the stated model of the table (k = 0")
    assert "a Hard Way (hard-6): 40 states, 24 inputs, 755 transitions" in detail
    assert "mutants killed" in detail


def test_conv_table_suite_a_script_missing_is_never_proved() -> None:
    """Must fail: a suite without its placements at 0 units leaves mutants of the machine
    alive (REFUTED, naming the first: a placement at 0 that a table answers otherwise)."""
    verdict, detail = _result(drop=0)
    assert verdict is Verdict.REFUTED and "mutants survive the scripts played" in detail
    assert 'on "place hard-6 at 0 units"' in detail


def test_conv_table_suite_a_script_unanswered_is_never_proved() -> None:
    verdict, detail = _result(unanswered=True)
    assert verdict is Verdict.ERROR and "got no answer" in detail


def _packed(*values: int) -> int:
    """A history vector: each feature's value, four bits each, the first lowest."""
    return sum(v << (4 * i) for i, v in enumerate(values))


def test_pairs_a_pair_of_the_domain_never_observed_is_never_proved() -> None:
    """Must fail: a pair the suite reaches at a table that answers as the text says, but not
    observed, is not established (ERROR), never PROVED."""
    subject = "settle|pass-odds|win|6|0"
    planned = PairCoverage()
    planned.plan("script s1", [(subject, _packed(1, 2, 4, 6, 3, 0, 2, 0, 0))])
    assert planned.result().verdict is Verdict.ERROR
    detail = planned.result().detail
    assert "pass-odds settled win on 6, with shooter: the second" in detail


def test_pairs_a_table_that_answers_no_planned_script_is_error_never_vacuous() -> None:
    """Must fail (found by an outside audit: a table that hung on everything had its pairs
    VACUOUS, "no pair planned", exit 1 where ERROR, exit 4, is due): what a script the table
    gave no answer to reaches is planned on the reference table's own answers, and is then
    not established, naming the script."""
    setting = _setting(("pass",))
    script = Script("a pass bet, then 3-4", "settle",
                    ({"place": "b1", "wager": "pass", "amount": 1}, {"roll": [3, 4]}), {},
                    id="s1")
    played = Played()
    read_script(script, Faulty("timeout", "no answer in 0.3 s"), played, setting)
    assert played.unanswered
    coverage = PairCoverage()
    coverage.hear(setting, script, played, plans=True)
    result = coverage.result()
    assert result.verdict is Verdict.ERROR, result.detail
    assert "lie in scripts the table gave no answer to (the first: script s1 (a pass bet" \
        in result.detail
    assert PairCoverage().result().verdict is Verdict.VACUOUS  # nothing planned, nothing heard


@pytest.mark.parametrize("shooter", [0, 1, 2])
def test_pairs_every_pair_observed_is_proved_with_its_3_way_coverage(shooter: int) -> None:
    subject = "settle|pass-odds|win|6|0"
    vector = _packed(shooter, 2, 4, 6, 3, 0, 2, 0, 0, 0, 0)
    c = PairCoverage()
    c.plan("script s1", [(subject, vector)])
    c.met_planned.clear()
    from casino_proofs.craps.table.judging.observe import Played
    played = Played()
    played.history.add((subject, vector))
    c.observe("script s1", played)
    r = c.result()
    assert r.verdict is Verdict.PROVED and "observed (100 %)" in r.detail
    # one observation of 11 features' values: C(11, 2) = 55 triples with its subject
    assert "3-way: 55 triples" in r.detail


def test_conv_table_suite_a_tables_proved_states_its_fault_domain_in_every_format(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """One check of the example table, rendered in every format: each says the model, the
    sessions, the history, the data domains and what is not covered (the hypotheses)."""
    import json
    import shutil
    from pathlib import Path

    from casino_proofs.command.main import main
    from casino_proofs.reports import registry
    from casino_proofs.reports.documents import CheckDocument

    if shutil.which("node") is None:
        pytest.skip("node is not installed (.ci/run installs it)")
    table = Path(__file__).resolve().parent.parent / "examples/engines/table.js"
    kept: list[object] = []
    render = registry.render
    monkeypatch.setattr(registry, "render", lambda d, f: kept.append(d) or render(d, f))
    assert main(["check", "--quiet", "--only", "craps", "--sessions", "2", "--wagers",
                 "pass,pass-odds", "--format", "json", "--engine", f"play:node {table}"]) == 0
    capsys.readouterr()
    made = kept[0]
    assert isinstance(made, CheckDocument)
    words = ("the model", "the sessions", "the history", "the data", "not covered")
    for form in ("text", "markdown", "html", "junit", "sarif"):
        out = render(made, form)
        flat = " ".join(out.split())
        for word in words:
            assert f"fault domain, {word}:" in flat, (form, word)
        assert "uniformity hypothesis" in flat and "bet IDs of" in flat, form
        assert "k = 0, mutants killed" in flat, form
    doc = json.loads(render(made, "json"))
    domain = doc["table_domain"][0]  # one a reading run
    assert set(domain) == {"model", "sessions", "history", "data", "hypotheses", "readings"}
    (family,) = domain["model"]["families"]
    assert family["mutants"]["killed"] == family["mutants"]["generated"] > 0
    assert {"states", "inputs", "outputs", "transitions"} <= set(family["machine"])
    assert set(domain["data"]) >= {"bet_ids", "stakes", "odds_stakes", "dice"}
