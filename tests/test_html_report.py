"""The auditor's HTML page: self-contained, and rendered by a real headless browser."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from casino_proofs import regulation
from casino_proofs.analyses.ambiguities import Finding
from casino_proofs.command.main import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory, ambiguity_findings: list[Finding]) -> Path:
    target = tmp_path_factory.mktemp("html") / "report.html"
    with pytest.MonkeyPatch.context() as patch:  # the session's findings, not found again
        patch.setattr("casino_proofs.analyses.ambiguities.find_all",
                      lambda *_a, **_k: ambiguity_findings)
        assert main(["check", "--only", "craps", "--format", "html", "--output",
                     str(target)]) == 0
    return target


def test_page_fetches_nothing(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "<script" not in text and "<link" not in text and "<img" not in text
    assert not re.search(r"(src|href)\s*=", text)
    assert "url(" not in text and "@import" not in text
    # The only URI is the SVG namespace (of each chart), which names, and fetches nothing.
    assert set(re.findall(r"https?://[^\"' <]+", text)) == {"http://www.w3.org/2000/svg"}


def test_page_has_every_clause_and_the_parts_an_auditor_needs(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for p in regulation.paragraphs():
        assert f'<article id="{p.id}"' in text
    for anchor in ("readings-in-force", "clauses", "conventions", "ambiguities",
                   "house-edges"):
        assert f'id="{anchor}"' in text
    assert "<svg" in text and "PLAYER ADVANTAGE" in text
    assert "La mise «hard ways» est gagnante" in text  # the French text beside the English


def test_page_renders_the_verdicts_in_a_headless_browser(page: Path, tmp_path: Path) -> None:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed on CI (.ci/run installs it)")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
         page.as_uri()],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert re.search(r'<p id="overall" class="badge PROVED" data-verdict="PROVED">PROVED:', dom)
    assert dom.count('data-status="PROVED"') >= 15  # every encoded craps paragraph
    assert "<svg" in dom and "</html>" in dom
