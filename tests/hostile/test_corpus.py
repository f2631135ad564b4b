"""Issue 42, item 5: the hostile corpus (tests/hostile/corpus.py) run, each case with its
expected exit code and its one line: a refusal is one line on stderr and nothing on stdout;
a verdict is the report's Result line. Nothing raw reaches the terminal either way."""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path

import pytest

from casino_proofs import scale
from casino_proofs.command.main import main
from tests.hostile.corpus import CASES, Case, Env


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_hostile_input_gets_its_exit_code_and_its_one_line(
        case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    if case.needs_dask and not scale.dask_installed():
        pytest.skip("Dask is the optional extra 'distributed'")
    with contextlib.ExitStack() as stack:
        argv = case.argv(Env(tmp_path, stack, monkeypatch))
        capsys.readouterr()
        started = time.monotonic()
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's own refusal of an option's value
            code = int(str(exc.code))
        out, err = capsys.readouterr()
    assert time.monotonic() - started < 60, case.name
    assert code == case.exit, (case.name, code, out[-500:], err)
    if code == 2:
        assert out == "" and err.count("\n") == 1, (case.name, err)
        assert err.startswith("casino-proofs: error: "), err
        line = err
    elif "Result:" in out:
        line = next(x for x in out.splitlines() if x.startswith("Result:"))
    else:
        assert err.count("\n") == 1, (case.name, err)
        line = err
    assert re.search(case.line, line), (case.name, line)
    assert "\x1b" not in out + err and "\r" not in out + err, case.name


def test_every_case_is_named_once() -> None:
    assert len({c.name for c in CASES}) == len(CASES)
