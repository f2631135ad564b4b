"""How wide a text report is: the terminal's width when the report goes to a terminal (at
least ``NARROWEST`` columns), and ``OFF_TERMINAL`` columns otherwise (a file, a pipe, a CI
log), so that the same run writes the same file on every machine."""

from __future__ import annotations

import os
import shutil
import sys

OFF_TERMINAL = 100
NARROWEST = 60
WIDEST = 200

_width = [OFF_TERMINAL]


def width() -> int:
    """The width text reports are wrapped to now."""
    return _width[0]


def fit_to(output: str | None) -> None:
    """Wrap to the terminal's width if the report goes to stdout and stdout is a terminal."""
    columns = OFF_TERMINAL
    if output is None and sys.stdout.isatty():
        try:
            columns = os.get_terminal_size(sys.stdout.fileno()).columns
        except OSError:
            columns = shutil.get_terminal_size((OFF_TERMINAL, 24)).columns
        columns = min(max(columns, NARROWEST), WIDEST)
    _width[0] = columns
