"""Issue 45, item 1: the specification's side in bulk, kept between runs and never trusted.

The bulk table of a Pai Gow scope (what s. 40 says of every abstraction class) is kept in the
user's cache directory (``$XDG_CACHE_HOME/casino-proofs``), keyed by the content of spec/,
regulation/, the code that builds it and the readings; a file that is not what was written
under its key is built again; ``CASINO_PROOFS_NO_CACHE`` turns the cache off. Obligation
``bulk`` proves the table the run uses equal to the specification on every class: a forged
table (one that passes the cache's own checks) is REFUTED, and the run goes on with the rows
worked out again. The bulk filing of hands gives every hand the class :func:`abstraction`
gives it.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from casino_proofs import spec
from casino_proofs.command.main import main
from casino_proofs.craps.obligations import bulk as craps_bulk
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.paigow.obligations import spec_side
from casino_proofs.paigow.obligations.every_hand import abstraction, abstractions
from casino_proofs.paigow.obligations.evidence import DeckView
from casino_proofs.paigow.obligations.scope_spec import ScopeSpec
from casino_proofs.solving import spec_cache

READINGS: dict[str, str] = {}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache directory of the test's own, the cache turned on."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv(spec_cache.ENV_OFF, raising=False)
    return tmp_path / "xdg" / "casino-proofs"


def _view(scope: str = "low") -> DeckView:
    return DeckView.full_deck(scope, ScopeSpec.build(scope, spec.Readings.from_dict(READINGS)),
                              READINGS)


def test_the_bulk_filing_gives_every_hand_the_class_abstraction_gives_it() -> None:
    rng = random.Random(45)
    fives = rng.sample(list(combinations(range(53), 5)), 20_000)
    twos = list(combinations(range(53), 2))
    for hands in (fives, twos, [(0, 1, 2, 3, 52)], [(48, 49, 50, 51, 52)], []):
        assert abstractions(hands) == [abstraction(h) for h in hands]


def test_the_table_is_kept_in_the_user_s_cache_directory_and_read_back(cache: Path) -> None:
    cold = _view()
    assert cold.bulk_table is not None and not cold.bulk_table.kept
    assert [p.name.split("-")[:2] for p in cache.iterdir()] == [["paigow", "low"]]
    warm = _view()
    assert warm.bulk_table is not None and warm.bulk_table.kept
    assert warm.views == cold.views
    for view in (cold, warm):
        assert spec_side.bulk(view).verdict is Verdict.PROVED
        assert "182 classes" in spec_side.bulk(view).detail


def test_the_cache_is_off_by_its_environment_variable(cache: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(spec_cache.ENV_OFF, "1")
    view = _view()
    assert view.bulk_table is not None and not view.bulk_table.kept
    assert spec_side.bulk(view).verdict is Verdict.PROVED
    assert not cache.exists()


def test_a_file_that_is_not_what_was_written_is_built_again(cache: Path) -> None:
    """Bytes changed, or the file of another key put in its place: not read, built again and
    written anew."""
    _view()
    (kept,) = cache.iterdir()
    data = bytearray(kept.read_bytes())
    data[len(data) // 2] ^= 0xFF
    kept.write_bytes(bytes(data))
    again = _view()
    assert again.bulk_table is not None and not again.bulk_table.kept
    assert _view().bulk_table.kept  # type: ignore[union-attr]
    other = cache / kept.name.replace("paigow-low-", "paigow-low-0")
    kept.rename(other)
    assert not _view().bulk_table.kept  # type: ignore[union-attr]


def _forge(cache: Path, change: int) -> None:
    """The kept table with one row changed, stored under its own key with a good checksum:
    a table that passes every check of the cache itself."""
    (kept,) = [p for p in cache.iterdir() if p.name.startswith("paigow-low-")]
    with np.load(kept) as loaded:
        arrays = {n: loaded[n] for n in loaded.files}
    table_key = str(arrays.pop("_stamp")[0])
    arrays["rows"] = arrays["rows"].copy()
    arrays["rows"][change, 0] += 1  # another combination for one class
    spec_cache.store("paigow-low", table_key, arrays)


def test_must_fail_a_forged_bulk_table_is_refuted_and_not_used(cache: Path) -> None:
    honest = _view()
    _forge(cache, 17)
    forged = _view()
    result = spec_side.bulk(forged)
    assert result.verdict is Verdict.REFUTED
    assert "differs from the specification on 1 of 182 classes" in result.detail
    assert result.counterexample is not None
    assert result.counterexample["table"][0] == result.counterexample["spec"][0] + 1
    assert forged.views == honest.views  # the rows worked out again, never the forged ones


def test_the_cache_directory_is_xdg_s_never_where_the_tool_runs(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert spec_cache.directory() == tmp_path / "casino-proofs"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert spec_cache.directory() == tmp_path / "home" / ".cache" / "casino-proofs"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/dir")  # not absolute: ignored, as XDG says
    assert spec_cache.directory() == tmp_path / "home" / ".cache" / "casino-proofs"


# -- craps: every wager's settlement at every state and roll ---------------------------------


def _craps(*names: str) -> list[spec.WagerSpec]:
    readings = spec.Readings.from_dict(READINGS)
    return [spec.wager(name, readings) for name in names]


def test_the_craps_tables_are_kept_and_read_back(cache: Path) -> None:
    wagers = _craps("any-7", "hard-6", "pass")
    cold, made = craps_bulk.tables(wagers, READINGS)
    warm, kept = craps_bulk.tables(wagers, READINGS)
    assert cold.verdict is warm.verdict is Verdict.PROVED
    assert not any(t.kept for t in made.values()) and all(t.kept for t in kept.values())
    assert {n: t.fired for n, t in made.items()} == {n: t.fired for n, t in kept.items()}
    assert sorted(p.name.split("-", 1)[1].rsplit("-", 1)[0] for p in cache.iterdir()) == \
        ["any-7", "hard-6", "pass"]


def test_must_fail_a_forged_craps_table_is_refuted_and_not_used(cache: Path) -> None:
    """hard-6 paid one unit more wherever it wins, in a file that passes the cache's checks."""
    (hard_6,) = wagers = _craps("hard-6")
    _proved, honest = craps_bulk.tables(wagers, READINGS)
    (kept,) = cache.iterdir()
    with np.load(kept) as loaded:
        arrays = {n: loaded[n] for n in loaded.files}
    table_key = str(arrays.pop("_stamp")[0])
    arrays["num"] = arrays["num"] + arrays["den"] * (arrays["num"] > 0)
    spec_cache.store(kept.name.rsplit("-", 1)[0], table_key, arrays)
    result, used = craps_bulk.tables(wagers, READINGS)
    assert result.verdict is Verdict.REFUTED
    assert result.detail.startswith("the bulk table differs from the specification at ")
    assert result.counterexample is not None and result.counterexample["wager"] == "hard-6"
    assert used["hard-6"].fired == honest["hard-6"].fired
    assert hard_6.name == "hard-6"


def test_no_cache_turns_the_cache_off_for_one_command(cache: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--only", "craps", "--wagers", "any-7", "--quiet", "--format",
                 "json", "--no-cache"]) == 0
    assert not cache.exists()
    assert '"craps/bulk/all-states/bulk"' in capsys.readouterr().out
    assert main(["check", "--only", "craps", "--wagers", "any-7", "--quiet"]) == 0
    assert [p.name.split("-")[:2] for p in cache.iterdir()] == [["craps", "any"]]
