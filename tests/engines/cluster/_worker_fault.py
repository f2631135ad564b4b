"""A right Pai Gow engine (tests/engines/bad/_ranker.py) that, in a worker of the checker and
only there, does something to a batch holding one hand: ``python ENGINE CHECKER_PID CARD...``.
Its parent is the worker that started it; the checker itself (which asks the same engine its
hello and the hands asked again) is never harmed."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bad"))

from _ranker import serve


def serve_with(fault: Callable[[], None]) -> None:
    """Serve, calling ``fault`` before answering a rank batch that holds the hand, when the
    parent is not the checker."""
    checker, hand = int(sys.argv[1]), set(sys.argv[2:])

    def before(request: dict[str, Any], _number: int) -> None:
        if request.get("op") != "rank" or os.getppid() == checker:
            return
        if any(set(h.split()) == hand for h in request["batch"]):
            fault()

    serve(before=before)
