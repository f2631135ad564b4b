"""Issue 24, items 3, 4 and 7, on one refuted run (the example engine with a fault resting on
a convention and one resting on a clause): every format writes witnesses in words, never a
Python value; the text quotes every clause and convention an obligation cites and names the
readings it rests on; the text fits the width it is given, with no name cut."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from casino_proofs.command.main import main
from casino_proofs.reports import width

ENGINE = (f"exec:node {Path(__file__).parents[1] / 'examples/engines/engine.js'} "
          "--fault dont-bar-2 --fault come-odds-working")
ARGV = ["check", "--only", "craps", "--wagers", "dont-come,come-odds", "--engine", ENGINE,
        "--quiet"]
pytestmark = pytest.mark.skipif(shutil.which("node") is None,
                                reason="the example engine is JavaScript")


def _report(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*ARGV, *argv]) == 1
    return capsys.readouterr().out


@pytest.mark.parametrize("form", ["junit", "markdown", "text"])
def test_witnesses_are_words_in_every_format(capsys: pytest.CaptureFixture[str],
                                             form: str) -> None:
    out = _report(capsys, "--format", form)
    assert "{'" not in out and "'come_out'" not in out and "None" not in out
    assert "come-out roll" in out and "roll 1,1" in out


def test_the_text_quotes_every_citation_and_names_the_readings(
        capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(_report(capsys, "--format", "json"))
    text = " ".join(_report(capsys).split())
    failed = text[:text.index("Every obligation:")]
    refuted = [o for o in doc["obligations"] if o["verdict"] == "REFUTED"]
    assert refuted
    for o in refuted:
        for clause in o["clauses"]:
            assert re.search(rf"{re.escape(clause)}: “", failed), (o["id"], clause)
    assert "rests on the reading dont-bar (the values in force are listed above)" in failed


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_the_text_fits_its_width_and_cuts_no_name(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  columns: int) -> None:
    monkeypatch.setattr(width, "_width", [columns])  # as on a terminal this wide
    monkeypatch.setattr("casino_proofs.command.main.fit_to", lambda _output: None)
    out = _report(capsys)
    assert all(len(line) <= columns for line in out.splitlines()), max(
        out.splitlines(), key=len)
    assert "…" not in out
    for name in ("conv-single-chance-dont-come", "r3-95.16-3.s3", "dont-come", "come-odds"):
        assert name in out  # whole, on one line
    assert re.search(r"\d,\d{3}", out)  # thousands separators
