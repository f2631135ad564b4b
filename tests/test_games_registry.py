"""The game registry (``proofs/games.py``, issue 46): every entry point of every game names an
attribute that exists, in the game's own room, and a door only one game opens is found as that
game's. An entry is a string resolved when used: a typo would only fail on the run that uses
it, so it is checked here for every entry."""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from casino_proofs import games


def _outside_its_room(game: games.Game) -> list[str]:
    """The entries of ``game`` that name a module outside its room, or nothing that exists."""
    out = []
    for point, where in game.entries.items():
        module, _, attribute = where.partition(":")
        if module.split(".")[0] != game.name:
            out.append(f"{point}: {where} is not in proofs/{game.name}/")
            continue
        if not hasattr(importlib.import_module(f"casino_proofs.{module}"), attribute):
            out.append(f"{point}: {where} names nothing")
    return out


@pytest.mark.parametrize("name", games.names())
def test_every_entry_point_of_a_game_is_in_its_room_and_exists(name: str) -> None:
    assert _outside_its_room(games.game(name)) == []


def test_the_entry_rule_can_fail() -> None:
    """Must-fail: an entry in another game's room, and one naming nothing, are both named."""
    craps = games.game("craps")
    wrong = replace(craps, entries={"prove": "paigow.obligations.game:prove",
                                    "diff": "craps.diff.section:no_such_thing"})
    assert _outside_its_room(wrong) == [
        "prove: paigow.obligations.game:prove is not in proofs/craps/",
        "diff: craps.diff.section:no_such_thing names nothing"]


def test_a_door_only_one_game_opens_is_that_game_s() -> None:
    assert games.the_one("play_door").__name__ == "open_table"
    assert games.the_one("played_engine").kind == "play"
    assert games.the_one("log_door").kind == "log"
    assert games.the_one("comparing_door").__name__ == "ComparingEngine"


def test_a_door_two_games_open_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Must-fail: ``the_one`` never picks one of two games silently."""
    twice = tuple(replace(g, entries={**g.entries, "play_door": g.entries.get(
        "play_door", "craps.adapters.played:open_table")}) for g in games.GAMES)
    monkeypatch.setattr(games, "GAMES", twice)
    with pytest.raises(ValueError):
        games.the_one("play_door")


def test_an_entry_a_game_lacks_is_named() -> None:
    with pytest.raises(KeyError, match="no entry point 'play_door'"):
        games.entry("paigow", "play_door")


def test_each_calls_the_games_that_have_the_entry_in_the_registry_s_order() -> None:
    """``each``: only the games with the entry point, in the registry's order, of ``among``
    when given (craps alone has a table door; both games decide their own ambiguities)."""
    assert games.each("is_log", "/no/such/file") == [False]
    assert games.each("is_log", "/no/such/file", among=("paigow",)) == []
    craps, paigow = games.each("ambiguity_deciders")
    assert "lang-95.15-1.s4" in craps and "joker" in paigow
    assert games.each("ambiguity_deciders", among=("paigow",)) == [paigow]
