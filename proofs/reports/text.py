"""The one text renderer every sub-command's text report goes through.

A report is built as logical lines; :func:`render` lays them out at the report's width
(:mod:`.width`: the terminal's, 60 to 200 columns, else 100): a line that is too long is
wrapped at spaces only, its later lines indented four columns more than it is, so that a
wager name, a clause ID or a reading (``hard-ways-loss=any-non-pair``) is never broken, not
even at its hyphens, nor at a :data:`GLUE`; no line ends in a space. A line already laid out
(by :func:`fit` with a hanging indent of its own, or :func:`columns`) passes through
unchanged. Only a word wider than a whole line (a long path) is ever broken.

:func:`columns` lays out a table: its columns aligned, each as wide as its widest cell, where
they fit the width, else each row on its own, single-spaced.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from casino_proofs.reports.width import width

#: how much further a wrapped line's continuation is indented than the line itself
HANG = 4
#: the fewest columns the free text of a table row is given beside its aligned cells (or
#: fewer, if no note is longer)
FREE = 20
#: a space a line is never broken at (between a fraction and its decimal): a character of
#: Unicode's private use area, laid out as a space
GLUE = "\ue000"


def _indent_of(text: str) -> str:
    return text[:len(text) - len(text.lstrip(" "))]


def fit(text: str, hang: str | None = None) -> list[str]:
    """One logical line in lines of at most the report's width, its later lines indented by
    ``hang`` (default: four columns more than the line's own indent). A hanging indent that
    would leave a word no room is narrowed to the default; a word is broken only if it is
    wider than a line."""
    text = text.rstrip()
    own = _indent_of(text)
    default = own + " " * HANG
    if hang is None:
        hang = default
    longest = max((len(w) for w in text.split()), default=0)
    if longest > width() - len(hang):
        hang = default if len(default) < len(hang) else hang
    lines = textwrap.wrap(text, width(), subsequent_indent=hang, break_on_hyphens=False,
                          break_long_words=True) or [""]
    return [line.replace(GLUE, " ") for line in lines]


def count(n: int, noun: str, nouns: str | None = None) -> str:
    """``1 constraint``, ``2 constraints`` (``nouns``: a plural not made with an s)."""
    return f"{n:,} {noun if n == 1 else nouns or noun + 's'}"


def result_lines(verdict: str, code: int, counts: str, next_step: str) -> list[str]:
    """How every text report opens: its result (the verdict, the exit code, the counts),
    then what to do next, then a blank line."""
    return [f"Result: {verdict} (exit {code}) -- {counts}", f"Next: {next_step}", ""]


def wrapped(text: str, indent: str = "  ") -> list[str]:
    """``text`` wrapped to the report's width, its later lines indented by ``indent``."""
    return fit(text, indent)


def render(lines: Iterable[str]) -> str:
    """The report: every logical line fitted to the width (:func:`fit`), one line each, and a
    final newline."""
    return "\n".join(out for line in lines for out in fit(line)) + "\n"


def columns(rows: Sequence[Sequence[str]], right: Sequence[int] = (), indent: str = "",
            free: bool = False) -> list[str]:
    """Rows of cells in aligned columns (:func:`column_rows`), one line after another."""
    return [line for row in column_rows(rows, right, indent, free) for line in row]


def column_rows(rows: Sequence[Sequence[str]], right: Sequence[int] = (), indent: str = "",
                free: bool = False) -> list[list[str]]:
    """The lines of each row of a table: its cells in aligned columns, each as wide as its
    widest cell (no name is cut), the columns numbered in ``right`` aligned right. With
    ``free``, a row's last cell is free text (a note): beside the columns, wrapped under
    itself, where it has room; else under them, indented. Where even the aligned columns do
    not fit the width, each row is laid out on its own, its cells single-spaced."""
    fixed = [list(r[:-1]) if free else list(r) for r in rows]
    notes = [r[-1] if free and r else "" for r in rows]
    count = max((len(r) for r in fixed), default=0)
    widths = [max((len(r[i]) for r in fixed if i < len(r)), default=0) for i in range(count)]
    span = len(indent) + sum(widths) + max(count - 1, 0)
    if span > width():
        return [_natural(cells, note, indent) for cells, note in zip(fixed, notes, strict=True)]
    beside = span + 2 + min(FREE, max(map(len, notes), default=0)) <= width()
    out = []
    for cells, note in zip(fixed, notes, strict=True):
        row = indent + " ".join(c.rjust(widths[i]) if i in right else c.ljust(widths[i])
                                for i, c in enumerate(cells))
        if not note:
            out.append([row.rstrip()])
        elif beside:
            out.append(fit(f"{row.ljust(span)}  {note}", " " * (span + 2)))
        else:
            under = indent + " " * HANG
            out.append([row.rstrip(), *fit(under + note, under)])
    return out


def _natural(cells: Sequence[str], note: str, indent: str) -> list[str]:
    """One row on its own: its cells single-spaced, then its note, indented under them."""
    under = indent + " " * HANG
    return fit(indent + " ".join(c for c in cells if c)) + (fit(under + note, under)
                                                            if note else [])
