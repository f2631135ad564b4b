"""Issue 44, item 5 (and issue 45): times a user can trust. Every time and ratio that
docs/performance.md quotes is a row of one of its tables, and each row names the benchmark
that prints it (``benchmarks/NAME.py``, and the words of the line it prints), its date, the
machine, the load and the machine's yardstick (benchmarks/yardstick.py); the README quotes no
time that docs/performance.md does not. A figure no benchmark prints fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PERFORMANCE = ROOT / "docs" / "performance.md"
README = ROOT / "README.md"
BENCHMARKS = ROOT / "benchmarks"
#: a time or a ratio: a number, then its unit
FIGURE = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)? ?(?:s|ms|µs|min|minutes|seconds|x|×)(?!\w)")
COLUMNS = ("printed by", "date", "machine", "load", "yardstick")
PRINTED_BY = re.compile(r"`benchmarks/(\w+)\.py`: \"([^\"]+)\"")


def _tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Each Markdown table: its header's cells and its rows' cells."""
    out: list[tuple[list[str], list[list[str]]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and \
                re.fullmatch(r"\|[-| :]+\|", lines[i + 1].strip()):
            header = _cells(lines[i])
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            out.append((header, rows))
        else:
            i += 1
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _prose(text: str) -> list[str]:
    """The lines that are neither table rows nor inside a fenced block."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced and not line.startswith("|"):
            out.append(line)
    return out


def test_every_figure_of_the_performance_page_is_a_table_row_naming_its_benchmark() -> None:
    text = PERFORMANCE.read_text(encoding="utf-8")
    loose = [line for line in _prose(text) if FIGURE.search(line)]
    assert loose == [], "figures outside a table (give each a row naming its benchmark)"
    rows = 0
    for header, body in _tables(text):
        if not any(FIGURE.search(" ".join(row)) for row in body):
            continue
        lowered = [h.lower() for h in header]
        assert all(c in lowered for c in COLUMNS), (header, "lacks one of", COLUMNS)
        at = {c: lowered.index(c) for c in COLUMNS}
        for row in body:
            assert len(row) == len(header), row
            assert all(row[at[c]] for c in COLUMNS), row
            assert re.search(r"\d+\.\d\d s", row[at["yardstick"]]), row
            assert re.fullmatch(r"\d{4}-\d\d-\d\d", row[at["date"]]), row
            printed = PRINTED_BY.search(row[at["printed by"]])
            assert printed, f"{row}: name the benchmark and its line: `benchmarks/X.py`: \"...\""
            script = BENCHMARKS / f"{printed.group(1)}.py"
            assert script.is_file(), f"{row}: no {script.name} in benchmarks/"
            assert printed.group(2) in script.read_text(encoding="utf-8"), \
                f"{row}: {script.name} prints no line with {printed.group(2)!r}"
            rows += 1
    assert rows >= 5  # the quick start at least


def test_the_readme_quotes_no_time_the_performance_page_does_not() -> None:
    quoted = {m.group(0).replace(" ", "") for line in _tables_text() for m in
              FIGURE.finditer(line)}
    for line in _prose(README.read_text(encoding="utf-8")):
        for m in FIGURE.finditer(line):
            assert m.group(0).replace(" ", "") in quoted, \
                f"README quotes {m.group(0)!r}, which no row of docs/performance.md gives: {line}"


def _tables_text() -> list[str]:
    return [" ".join(row) for _h, body in _tables(PERFORMANCE.read_text(encoding="utf-8"))
            for row in body]
