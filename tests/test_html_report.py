"""The auditor's HTML page: self-contained, and rendered by a real headless browser."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from casino_proofs import regulation
from casino_proofs.analyses.readings.ambiguities import Finding
from casino_proofs.command.main import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory, ambiguity_findings: list[Finding]) -> Path:
    target = tmp_path_factory.mktemp("html") / "report.html"
    with pytest.MonkeyPatch.context() as patch:  # the session's findings, not found again
        patch.setattr("casino_proofs.analyses.readings.ambiguities.find_all",
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


def test_page_shows_no_python_value_and_no_empty_column(page: Path) -> None:
    """An outside reading of the page found a Python dict, None as a house edge, and a table
    column without a header (issue 17)."""
    text = page.read_text(encoding="utf-8")
    assert "{'" not in text and "None" not in text
    assert "<th></th>" not in text
    assert "No edge is clipped" in text  # the chart says how its scales are drawn


def _chromium(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed on CI (.ci/run installs it)")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    return subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", *argv],
        capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def par_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("par") / "par.html"
    assert main(["par", "--only", "craps", "--format", "html", "--output", str(target)]) == 0
    return target


@pytest.mark.parametrize("which", ["page", "par_page"])
def test_page_fits_1280_pixels_and_prints(which: str, request: pytest.FixtureRequest,
                                          tmp_path: Path) -> None:
    """At 1280 pixels the page is no wider than the window (a copy of it, with a script the
    page itself never has, measures it), and it prints to PDF."""
    page: Path = request.getfixturevalue(which)
    measured = tmp_path / "measured.html"
    measured.write_text(page.read_text(encoding="utf-8").replace(
        "</body>", "<script>document.title='W='+document.documentElement.scrollWidth"
                   "</script></body>"), encoding="utf-8")
    done = _chromium(tmp_path, "--window-size=1280,1000", "--dump-dom", measured.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    width = re.search(r"<title>W=(\d+)</title>", done.stdout)
    assert width and int(width.group(1)) <= 1280, width
    pdf = tmp_path / "page.pdf"
    done = _chromium(tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri())
    assert pdf.is_file() and pdf.stat().st_size > 10_000, done.stderr[-2000:]


def test_par_page_shows_percentages_sigma_and_the_volatility_index(par_page: Path) -> None:
    text = par_page.read_text(encoding="utf-8")
    assert "11.1111%" in text  # the hit frequency of Hard 4, as a percentage
    assert "16*<wbr>sqrt(2)/<wbr>9<br>2.51416" in text  # sigma exact and decimal
    assert "VI 90%" in text and "4.13579" in text
