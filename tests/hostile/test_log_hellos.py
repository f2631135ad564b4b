"""Issue 42, item 1: one hello per log file. Each file of a session log is read under its own
hello; a file with none is read at the documented default ({unit 1, exact}), and a log whose
files declare different tables -- two hellos, or a hello and a file without one read at the
default -- is refused in one line naming both files (exit 2). Never PROVED: the floored
session alone is REFUTED, and beside a hello of floor rounding in another file it is refused,
never judged under that other file's hello."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino_proofs.command.main import main
from tests.hostile.logs import (
    FLOORED,
    HELLO_EXACT,
    HELLO_FLOOR,
    WAGERS,
    directory_cases,
    lines,
)

NAMED = {"session-then-hello": ("a.jsonl", "b.jsonl"),
         "hello-then-session": ("b.jsonl", "a.jsonl"),
         "hello-and-session-then-session": ("b.jsonl", "a.jsonl")}


def _check(capsys: pytest.CaptureFixture[str], log: Path) -> tuple[int, str, str]:
    code = main(["check", "--quiet", *WAGERS, "--engine", f"table:{log}"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("case", sorted(NAMED))
def test_a_file_with_no_hello_is_never_judged_under_another_file_s_hello(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    folder = directory_cases(tmp_path)[case]
    code, out, err = _check(capsys, folder)
    assert (code, out) == (2, ""), out
    assert err.count("\n") == 1 and "PROVED" not in err
    bare, hello = NAMED[case]
    assert f"{folder / bare}: has no hello, so it is read at the default" in err
    assert f"differs from the hello of {hello}" in err


def test_the_floored_session_alone_is_refuted_at_the_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _check(capsys, lines(tmp_path / "a.jsonl", FLOORED))
    assert code == 1 and "Result: REFUTED" in out


def test_under_its_own_hello_the_floored_session_is_proved(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The must-pass beside the must-fail: each file carrying the hello is read under it."""
    folder = tmp_path / "log"
    folder.mkdir()
    lines(folder / "a.jsonl", HELLO_FLOOR, FLOORED)
    lines(folder / "b.jsonl", HELLO_FLOOR, FLOORED)
    code, out, _err = _check(capsys, folder)
    assert code == 0, out


def test_a_hello_declaring_the_default_may_stand_beside_a_file_with_none(
        tmp_path: Path) -> None:
    """A file with no hello is read at {unit 1, exact}: a file whose hello declares just that
    declares the same table (and the floored session is then judged at it, as it is alone)."""
    from casino_proofs.craps.adapters.session_log import SessionLog

    folder = tmp_path / "log"
    folder.mkdir()
    lines(folder / "a.jsonl", HELLO_EXACT)
    lines(folder / "b.jsonl", FLOORED)
    log = SessionLog(str(folder))
    assert log.money.json() == HELLO_EXACT["hello"]["money"]
    assert log.hellos == (1, 0)
