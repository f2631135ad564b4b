"""Must fail (issue 41): tables whose faults lie inside the fault domain a table's PROVED
states were PROVED. Each is now REFUTED, with its shortest script: an odds bet of 0 units
taken; a refused placement that takes down the bet placed before it; a refused Hard Way
placement that resets the Hard Ways of its number; a Hard Way taken down with every bet of
its number; script IDs echoed as numbers or cut; three Come bets moving to one come point on
one roll; the first player named apart from the first unnamed; a table that forgets its
point after its 1,024th roll (under the deep options); and a take-down player who never takes
down (``sessions`` not established: a session not its profile's play)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from casino_proofs.command.main import main
from casino_proofs.craps.table.scripts import field_domains, long_sessions
from casino_proofs.craps.table.scripts.profiles import PROFILES, Profile
from tests.engines.table import mutant_table

ROOT = Path(__file__).resolve().parent.parent
IMPL_TABLE = ROOT / "tests" / "engines" / "table" / "impl_table.py"


def _check(capsys: pytest.CaptureFixture[str], table: str, *options: str
           ) -> tuple[int, dict[str, Any]]:
    argv = ["check", "--quiet", "--only", "craps", "--format", "json",
            "--engine", f"play:{sys.executable} {IMPL_TABLE} {table}", *options]
    code = main(argv)
    out, _ = capsys.readouterr()
    return code, json.loads(out)


def _refuted(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["id"].removeprefix("craps/table/"): o for o in doc["obligations"]
            if o["verdict"] == "REFUTED"}


def _shortest(o: dict[str, Any]) -> list[dict[str, Any]]:
    cex = o.get("counterexample") or {}
    return list(cex.get("shortest", {}).get("script") or cex.get("script") or [])


#: fault, the wagers it concerns (and the table's options), the table obligations any of
#: which may refute it first, and the most events its shortest script may have
CASES = [
    # place a Pass bet, roll its point, place Pass odds of 0 units: taken (3 events)
    ("odds-zero", "pass,pass-odds", "", ("placement",), 3),
    # a Pass bet, then Pass odds of -1 unit refused, then a roll lists no Pass bet (3 events)
    ("refused-takes-previous", "pass,pass-odds", "", ("on-table", "placement"), 3),
    # two Hard 10 bets, one taken down after a roll, the next roll lists neither (5 events)
    ("take-down-all-hard", "hard-10", "", ("on-table", "withdrawal"), 5),
    # a Hard 10, a roll, a Hard 10 of 0 units refused, then its take-down refused (4 events)
    ("refused-resets-hard", "hard-10", "", ("withdrawal",), 4),
    # three Come bets, then the roll that moves them to one come point (5 events)
    ("three-come-one-roll", "come", "", ("on-table", "history", "placement"), 6),
    # the first player's odds named and not: one player, rounded once (5 events)
    ("explicit-p1-apart", "dont-pass,dont-pass-odds", "--policy payment=per-player",
     ("money",), 5),
]
#: cheap enough for the default run; the others run with the exhaustive tests
DEFAULT = {"odds-zero"}


@pytest.mark.parametrize(("fault", "wagers", "options", "kinds", "longest"), [
    pytest.param(*c, marks=() if c[0] in DEFAULT else (pytest.mark.exhaustive,))
    for c in CASES], ids=[c[0] for c in CASES])
def test_conv_table_suite_a_fault_inside_the_stated_domain_is_refuted_with_its_script(
        capsys: pytest.CaptureFixture[str], fault: str, wagers: str, options: str,
        kinds: tuple[str, ...], longest: int) -> None:
    code, doc = _check(capsys, f"--fault {fault} {options}", "--wagers", wagers,
                       "--sessions", "5")
    assert code == 1
    refuted = _refuted(doc)
    found = [refuted[k] for k in kinds if k in refuted]
    assert found, sorted(refuted)
    script = _shortest(found[0])
    assert 0 < len(script) <= longest, script


@pytest.mark.parametrize("fault", ["script-id-number",
                                   pytest.param("script-id-cut", marks=pytest.mark.exhaustive)])
def test_protocol_a_script_id_echoed_as_a_number_or_cut_is_refuted(
        capsys: pytest.CaptureFixture[str], fault: str) -> None:
    """The domain scripts' IDs are one character (``7``), only digits and forty
    characters: an ID echoed as the number 7, or cut to 32 characters, is a fault of the
    ``scripts`` obligation, which says which."""
    code, doc = _check(capsys, f"--fault {fault}", "--wagers", "any-7,eleven",
                       "--sessions", "5")
    assert code == 1
    detail = _refuted(doc)["scripts"]["detail"]
    said = "as a number 7, where the string '7' was sent" if fault == "script-id-number" \
        else "cut to 32 characters"
    assert said in " ".join(detail.split()), detail


@pytest.mark.exhaustive
@pytest.mark.parametrize(("fault", "wagers", "options", "kind"), [
    ("script-id-cut", "hard-10", "", "scripts"),
    ("explicit-p1-apart", "pass,pass-odds", "--policy payment=per-player", "money")],
    ids=["script-id-cut at hard-10", "explicit-p1-apart at pass"])
def test_domain_the_data_scripts_run_at_a_table_of_one_family(
        capsys: pytest.CaptureFixture[str], fault: str, wagers: str, options: str,
        kind: str) -> None:
    """An outside audit's false PROVEDs: the ID and p1 scripts needed two Hard Ways or
    Don't Pass odds, and were never played at a table offering one family."""
    code, doc = _check(capsys, f"--fault {fault} {options}", "--wagers", wagers,
                       "--sessions", "5")
    assert code == 1 and kind in _refuted(doc), sorted(_refuted(doc))


@pytest.mark.parametrize("wagers", [("hard-10",), ("any-7",), ("come", "come-odds"),
                                    ("dont-pass",)], ids=lambda w: ",".join(w))
def test_domain_every_id_class_is_played_at_a_table_of_one_family(
        wagers: tuple[str, ...]) -> None:
    """Every bet-ID class and every script-ID class has a script at a table of one family,
    and what cannot be played there (odds with no odds offered) is named, never claimed."""
    s = mutant_table.setting(wagers)
    names = [x.name for x in field_domains.domain_scripts(s)]
    assert [n for n in names if n.startswith("ids: ")] == \
        [f"ids: {what}" for what, _ids in field_domains.ID_CLASSES]
    assert len(names) >= len(field_domains.SCRIPT_IDS)
    assert "players: other players' bets beside the first's" in names
    unplayed = field_domains.unplayed(s)
    odds = any(w.endswith("-odds") for w in wagers)
    assert odds == ("players: the first player named beside the first unnamed" in names)
    assert odds != any(u.startswith('the first named "p1"') for u in unplayed)
    assert not any(u.startswith(("bet IDs", "script IDs")) for u in unplayed)


def test_domain_a_table_offering_only_odds_names_every_data_class_unplayed() -> None:
    """Must fail: no bet can be placed first at a table offering only odds; the report
    names the ID classes as not played, never claims them."""
    unplayed = field_domains.unplayed(mutant_table.setting(("pass-odds",)))
    assert unplayed[0].startswith("bet IDs of every class") and \
        unplayed[1].startswith("script IDs one character")


def test_sessions_a_take_down_player_who_never_takes_down_is_not_established(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Must fail: a profile whose sessions make none of its own moves (a take-down player
    who never takes down) is not that profile's play: ``sessions`` is ERROR, naming the
    session and the move."""
    never = tuple(Profile(p.name, p.says, p.lines, p.others, p.place, p.call, 0, p.odds,
                          p.stake, p.own) if p.name == "take-down" else p for p in PROFILES)
    monkeypatch.setattr(long_sessions, "PROFILES", never)
    monkeypatch.setattr(long_sessions, "_DRAWN", {})
    code, doc = _check(capsys, "", "--wagers", "pass,pass-odds", "--sessions", "5")
    assert code == 4
    (o,) = [o for o in doc["obligations"] if o["id"] == "craps/table/sessions"]
    assert o["verdict"] == "ERROR"
    assert "of a player who takes Hard Ways and odds down and puts them back, made no move " \
           "\"a take-down\"" in " ".join(o["detail"].split())


@pytest.mark.exhaustive
def test_sessions_the_deep_options_refute_a_table_that_forgets_its_point_after_1024_rolls(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--session-events 10000`` (its documented maximum): sessions of some 10,000 moves
    roll past the 1,024th roll, where this table forgets its point (the deep options were an
    internal error: hypothesis could not draw byte strings that long)."""
    code, doc = _check(capsys, "--fault forget-point-1024", "--wagers", "pass,pass-odds",
                       "--sessions", "5", "--session-events", "10000")
    assert code == 1
    refuted = _refuted(doc)
    assert "sessions" in refuted or "table-point" in refuted, sorted(refuted)


@pytest.mark.exhaustive
def test_sessions_a_long_session_is_drawn_at_the_maximum_of_session_events() -> None:
    """Hypothesis draws a session of ``--session-events 10000`` (a byte string that long was
    more than it draws: 'Unable to satisfy assumptions'); the first session of a profile is
    that profile's play, not the same move over and over."""
    from fractions import Fraction

    from casino_proofs import spec
    from casino_proofs.craps.table.judging.oracle import offered_specs
    from casino_proofs.craps.table.judging.policies import Policies
    from casino_proofs.craps.table.obligations.table_run import setting_of
    from casino_proofs.craps.table.scripts.profiles import BY_NAME, own_moves
    from casino_proofs.protocol.money import Money
    from casino_proofs.protocol.play_budget import MAX_EVENTS, PlayBudget

    names = ("pass", "pass-odds", "come", "come-odds")
    specs = offered_specs(names, spec.Readings.from_dict({}))
    setting = setting_of(specs, names, Money(Fraction(1, 100), "floor"), Policies())
    right = BY_NAME["right"]
    (drawn,) = long_sessions.draw(setting, right, PlayBudget(1, MAX_EVENTS), 1)
    assert len(drawn.script.events) >= MAX_EVENTS
    assert all(drawn.moves[m] > 10 for m in own_moves(right, setting)), drawn.moves


@pytest.mark.exhaustive
@pytest.mark.parametrize(("option", "value", "wagers"), [
    ("--sessions", "1000", "any-7"), ("--table-k", "1", "pass,pass-odds")])
def test_every_value_the_help_allows_works_at_its_maximum(
        capsys: pytest.CaptureFixture[str], option: str, value: str, wagers: str) -> None:
    """``--sessions`` and ``--table-k`` at their documented maxima (``--session-events`` at
    its maximum is played above): a correct table is PROVED."""
    code, doc = _check(capsys, "", "--wagers", wagers, option, value)
    assert code == 0, [o["id"] for o in doc["obligations"] if o["verdict"] != "PROVED"]


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--table-k", "2", "--table-k is a whole number from 0 to 1, not '2'"),
    ("--sessions", "1001", "at most 1,000, not '1001'"),
    ("--session-events", "10001", "at most 10,000, not '10001'")])
def test_a_value_past_the_documented_maximum_is_one_usage_line(
        capsys: pytest.CaptureFixture[str], option: str, value: str, said: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["check", option, value])
    _out, err = capsys.readouterr()
    assert stopped.value.code == 2 and said in err and len(err.strip().splitlines()) == 1
