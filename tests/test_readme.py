"""The README (issue 34): it reads in five minutes, and what it says is what runs.

- It is at most 300 lines, and its "Set up and run" section holds the two set-up commands CI
  runs, verbatim.
- Its quick start gets from install to a first refutation in five commands. Each command
  (but the install) is run here, in process, as the README writes it: every output line the
  README shows under it must be in the real output (whitespace and timings aside; ``…`` in a
  shown line stands for what the README leaves out), and the exit code it claims
  (``# … exit N`` after the command) must be the real one. The blueprint step, several
  seconds of CPU, runs with the exhaustive tests (CI runs both), to keep the default run
  within its CPU budget.
- Every relative link of the README and of docs/ (and of the other pages the README links
  to) names a file that exists and, pointing into a Markdown file, a heading it holds.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from casino_proofs.analyses.readings.ambiguities import Finding
from casino_proofs.command.main import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
NODE = shutil.which("node")
MAX_LINES = 300
SETUP = ["pip install . && casino-proofs check", "pip install '.[test]' && pytest"]
#: the Markdown pages whose links are checked
PAGES = [README, *sorted((ROOT / "docs").glob("*.md")), ROOT / "CONTRIBUTING.md",
         ROOT / "examples" / "engines" / "README.md"]


# -- reading the README ------------------------------------------------------------------------

def section(text: str, title: str) -> str:
    """The body of the ``## `` section whose title starts with ``title``."""
    found = re.search(rf"^## {re.escape(title)}[^\n]*\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found, f"the README has no section '{title}'"
    return found.group(1)


def code_blocks(text: str) -> list[tuple[str, str]]:
    """Each fenced code block of ``text``: its language and its body."""
    return re.findall(r"^```(\w*)\n(.*?)^```", text, re.M | re.S)


@dataclass
class Step:
    """One command of the quick start, what it claims to exit with, and what it shows."""
    line: str
    exit: int | None
    shown: list[str] = field(default_factory=list)

    @property
    def args(self) -> list[str]:
        return shlex.split(self.line, comments=True)[1:]


def quick_start(text: str) -> list[Step]:
    """The commands of the quick start in order, each with the output block that follows it."""
    steps: list[Step] = []
    for lang, body in code_blocks(section(text, "Quick start")):
        if lang == "sh":
            for line in body.replace("\\\n", " ").splitlines():
                if line.strip():
                    claim = re.search(r"#.*\bexit (\d)\b", line)
                    steps.append(Step(" ".join(line.split()),
                                      int(claim.group(1)) if claim else None))
        elif steps:
            steps[-1].shown += [line for line in body.splitlines()
                                if line.strip() and line.strip() != "…"]
    return steps


TEXT = README.read_text(encoding="utf-8")
STEPS = quick_start(TEXT)
RUN = [s for s in STEPS if s.line.startswith("casino-proofs ")]

TIMING = re.compile(r"\b\d+(?:\.\d+)? m?s\b")


def normal(line: str) -> str:
    """A line with its whitespace collapsed and every timing (``1.6 s``, ``3.7 ms``) made one."""
    return " ".join(TIMING.sub("<time>", line).split())


def missing_lines(shown: list[str], output: str) -> list[str]:
    """The shown lines that no line of the output holds (``…`` matching anything)."""
    lines = [normal(line) for line in output.splitlines()]
    missing = []
    for line in shown:
        pattern = ".*?".join(re.escape(normal(part)) for part in line.split("…"))
        if not any(re.search(pattern, out) for out in lines):
            missing.append(line)
    return missing


# -- length, set-up commands, the shape of the quick start ------------------------------------

def test_the_readme_reads_in_five_minutes() -> None:
    lines = TEXT.count("\n")
    assert lines <= MAX_LINES, f"README.md has {lines} lines, at most {MAX_LINES}"


def test_the_readme_holds_the_two_set_up_commands_ci_runs() -> None:
    commands = [body for lang, body in code_blocks(section(TEXT, "Set up and run"))
                if lang == "sh"]
    for command in SETUP:
        assert any(command in body for body in commands), command


def test_the_quick_start_reaches_a_refutation_in_five_commands() -> None:
    assert STEPS[0].line == "pip install ."
    assert len(STEPS) == 5, [s.line for s in STEPS]
    assert all(s.exit is not None for s in RUN), "each command says how it exits"
    assert any(s.exit == 1 and any(line.startswith("REFUTED") for line in s.shown)
               for s in RUN), "no refutation shown"


def test_a_shown_line_the_output_lacks_is_found() -> None:
    output = "Result: REFUTED (exit 1) -- 522 PROVED, 1 REFUTED of 523 obligations, 1.6 s\n"
    assert missing_lines(["Result: REFUTED (exit 1) -- 522 PROVED, … of 523 obligations, 9 s"],
                         output) == []
    assert missing_lines(["Result: PROVED (exit 0) -- 523 PROVED of 523 obligations"],
                         output) != []


# -- the quick start, run ---------------------------------------------------------------------

@pytest.fixture
def findings_once(monkeypatch: pytest.MonkeyPatch, ambiguity_findings: list[Finding]) -> None:
    """The session's ambiguity findings, for the blueprint (not decided again)."""
    monkeypatch.setattr("casino_proofs.analyses.readings.ambiguities.find_all",
                        lambda *_a, **_k: ambiguity_findings)


def _param(step: Step) -> object:
    """A step, named by its number in the quick start and its sub-command."""
    heavy = step.args[0] == "blueprint"
    return pytest.param(step, id=f"{STEPS.index(step) + 1}-{step.args[0]}",
                        marks=[pytest.mark.exhaustive] if heavy else [])


@pytest.mark.parametrize("step", [_param(s) for s in RUN])
def test_a_quick_start_command_prints_what_the_readme_shows(
        step: Step, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, request: pytest.FixtureRequest, same_craps_run: object) -> None:
    args = step.args
    if any(a.startswith("exec:node ") for a in args) and NODE is None:
        pytest.skip("the example engine is JavaScript (node is not installed)")
    if args[0] == "blueprint":
        request.getfixturevalue("findings_once")
    if "--output" in args:  # a new directory of this test's, as in a fresh clone
        args[args.index("--output") + 1] = str(tmp_path / "site")
    monkeypatch.chdir(ROOT)
    capsys.readouterr()
    code = main(args)
    out, err = capsys.readouterr()
    shown = missing_lines(step.shown, out + "\n" + err)
    assert shown == [], "the real output begins:\n" + "\n".join((out + err).splitlines()[:30])
    assert code == step.exit, f"{step.line}: exit {code}, the README says {step.exit}"


# -- links --------------------------------------------------------------------------------------

def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, code marks and punctuation dropped, spaces
    made hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor of a Markdown page's headings (a repeated one numbered, as GitHub does)."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    seen: dict[str, int] = {}
    out = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def broken_links(page: Path) -> list[str]:
    """Every relative link (or image) of a page whose file, or heading, does not exist."""
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "code", text)
    broken = []
    for target in re.findall(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:: not ours to check
            continue
        path, _sep, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no such heading")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken_links(page) == []


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A page\n\n## Its part\n", encoding="utf-8")
    page = tmp_path / "b.md"
    page.write_text("[ok](a.md#its-part) [ok](#here) [x](a.md#gone) [y](nowhere.md)\n"
                    "`[not a link](nowhere.md)`\n\n## Here\n", encoding="utf-8")
    assert broken_links(page) == ["a.md#gone: no such heading", "nowhere.md: no such file"]
