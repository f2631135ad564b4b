"""Issue 34, item 2: every sub-command's text goes through the one renderer
(``casino_proofs.reports.text``) and fits the width it is given -- 60 and 80 columns as on a
terminal that wide, 100 as off a terminal -- with no trailing space, no name broken across
lines, and the same words at every width (nothing cut, nothing left out).

Each command runs once per width, with the smallest options that still show each part of its
report; what an analysis finds (the ambiguities, the coverage, the house edges, a replay) is
found once and rendered at each width."""

from __future__ import annotations

import contextlib
import io
import itertools
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from casino_proofs import regulation
from casino_proofs.analyses.readings.ambiguities import Finding
from casino_proofs.command.main import main
from casino_proofs.reports import width
from casino_proofs.spec.catalogue import WAGER_NAMES
from tests.conftest import _OBLIGATIONS, BAD_ENGINES

COLUMNS = (60, 80, 100)

#: each sub-command, as run here (``BUNDLE``: a small bundle check has just written), and its
#: exit code
COMMANDS: dict[str, tuple[list[str], int]] = {
    "check": (["check", "--only", "craps", "--wagers", "any-7,dont-come", "--quiet", "--engine",
               f"exec:{sys.executable} {BAD_ENGINES / 'overpays.py'}"], 1),
    "settle": (["settle", "hard-6", "--roll", "3,3"], 0),
    "rank": (["rank", "Ah Kh Qh Jh Th"], 0),
    "compare": (["compare", "Ah Kh Qh Jh Th", "As Ks Qs Js Ts"], 0),
    "ambiguities": (["ambiguities", "--quiet"], 0),
    "replay": (["replay", "BUNDLE", "--solver", "z3", "--quiet"], 0),
    "mutants": (["mutants", "--quiet"], 1),
    "coverage": (["coverage"], 0),
    "edge": (["edge"], 0),
    "par": (["par", "--only", "craps", "--wagers", "hard-6,pass", "--stake", "3", "--quiet"], 0),
    "diff": (["diff", "spec", "spec", "--b-reading", "hard-ways-loss=any-non-pair", "--only",
              "craps", "--wagers", "hard-4", "--quiet"], 1),
}


def _names() -> set[str]:
    """Every name a report may print: wagers, clauses, conventions, readings and their
    values as chosen (``hard-ways-loss=any-non-pair``)."""
    names = set(WAGER_NAMES) | set(regulation.sentences()) | set(regulation.conventions())
    names |= {p.id for p in regulation.paragraphs()}
    for name, reading in regulation.readings().items():
        names |= {name} | {f"{name}={v.name}" for v in reading.values}
    return names


NAMES = _names()


def _once(make: Callable[..., Any]) -> Callable[..., Any]:
    """``make`` called the first time only (the same command runs it with the same
    arguments at each width): the same analysis rendered at each width."""
    made: list[Any] = []

    def first(*args: Any, **kwargs: Any) -> Any:
        if not made:
            made.append(make(*args, **kwargs))
        return made[0]
    return first


def _mutants() -> list[Any]:
    """Three mutants: one of the implementation, one of the specification, and one that
    survives (the implementation itself), so that the report names a survivor."""
    from dataclasses import replace

    from casino_proofs.adapters.mutated import Mutated
    from casino_proofs.analyses.assurance.mutants import generate

    every = generate("craps")  # before the command's generate is replaced
    impl = next(m for m in every if m.id.startswith("craps/impl/any-7/payout"))
    spec = next(m for m in every if m.id.startswith("craps/spec/"))
    return [impl, spec, replace(impl, id="craps/impl/any-7/none", engine=Mutated("any-7"))]


class Reports:
    """Each command's text at each width, made when first asked for."""

    def __init__(self, findings: list[Finding], bundle: Path) -> None:
        self.findings, self.bundle = findings, bundle
        self.made: dict[tuple[str, int], str] = {}
        self.once: dict[str, Callable[..., Any]] = {}

    def _patch(self, patch: pytest.MonkeyPatch) -> None:
        from casino_proofs.analyses.assurance import coverage, mutants
        from casino_proofs.analyses.readings import ambiguities, edge
        from casino_proofs.audit import rederivation

        if not self.once:
            self.once = {"coverage": _once(coverage.coverage), "edge": _once(edge.edge_rows),
                         "replay": _once(rederivation.replay)}
            few = _mutants()
            self.once["mutants"] = lambda *_a: few
        patch.setattr(ambiguities, "find_all", lambda *_a, **_k: self.findings)
        patch.setattr(coverage, "_obligations", _OBLIGATIONS)
        patch.setattr(coverage, "coverage", self.once["coverage"])
        patch.setattr(edge, "edge_rows", self.once["edge"])
        patch.setattr(rederivation, "replay", self.once["replay"])
        patch.setattr(mutants, "generate", self.once["mutants"])
        patch.setattr("casino_proofs.command.main.fit_to", lambda _output: None)

    def __call__(self, command: str, columns: int,
                 capsys: pytest.CaptureFixture[str]) -> str:
        if (command, columns) not in self.made:
            argv, code = COMMANDS[command]
            argv = [str(self.bundle) if a == "BUNDLE" else a for a in argv]
            with pytest.MonkeyPatch.context() as patch:
                self._patch(patch)
                patch.setattr(width, "_width", [columns])  # as on a terminal this wide
                capsys.readouterr()
                assert main(argv) == code, (command, capsys.readouterr())
                self.made[command, columns] = capsys.readouterr().out
        return self.made[command, columns]


@pytest.fixture(scope="module")
def reports(ambiguity_findings: list[Finding],
            tmp_path_factory: pytest.TempPathFactory) -> Reports:
    bundle = tmp_path_factory.mktemp("widths") / "bundle"  # a small one, to replay
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["check", "--quiet", "--only", "craps", "--wagers", "hard-6,any-7",
                     "--bundle", str(bundle)]) == 0
    return Reports(ambiguity_findings, bundle)


def _words(text: str) -> list[str]:
    """The words of a report, its timings left out (they differ from run to run)."""
    return re.sub(r"\b\d+\.\d+ m?s\b", "", text).split()


def _split_names(lines: list[str]) -> list[str]:
    """The names broken across two lines: the end of one line and the start of the next,
    joined, make a name that neither holds whole."""
    broken = []
    for above, below in itertools.pairwise(lines):
        if not above.strip() or not below.strip():
            continue
        tail, head = above.split()[-1], below.split()[0]
        joined = tail + head
        broken += [n for n in NAMES if n in joined and n not in tail and n not in head]
    return broken


@pytest.mark.parametrize("columns", COLUMNS)
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_sub_command_fits_its_width_with_no_name_cut(
        reports: Reports, capsys: pytest.CaptureFixture[str], command: str,
        columns: int) -> None:
    out = reports(command, columns, capsys)
    lines = out.splitlines()
    assert lines and out.endswith("\n")
    too_long = [line for line in lines if len(line) > columns]
    assert not too_long, too_long[:3]
    trailing = [line for line in lines if line != line.rstrip()]
    assert not trailing, trailing[:3]
    assert not _split_names(lines), _split_names(lines)[:3]
    assert _words(out) == _words(reports(command, 100, capsys))  # nothing cut or left out
    assert "\ue000" not in out  # the renderer's glue is laid out as a space


def test_the_name_check_sees_a_name_broken_mid_word() -> None:
    """The check above catches what issue 34 saw at 80 columns: ``hard-ways-loss=a`` at the
    end of a line, ``ny-non-pair`` at the start of the next."""
    assert _split_names(["  readings: hard-ways-loss=a", "ny-non-pair, dont-bar=12"]) == [
        "hard-ways-loss=any-non-pair"]
    assert not _split_names(["  readings: hard-ways-loss=any-non-pair,", "    dont-bar=12"])
