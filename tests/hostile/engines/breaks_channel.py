"""A hostile table (protocol 2, issue 42): a correct table (tests/engines/table/impl_table.py)
that answers the second request of each of its processes with one line longer than the
checker reads (``LINE_BYTES`` in the environment, 100 MiB by default: past the 32 MiB bound).
Restarted, each new process does the same, so a checker that restarts it without end never
gives a verdict."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engines" / "table"))
sys.argv = sys.argv[:1]  # impl_table reads its options when loaded: none
import impl_table  # type: ignore[import-not-found]  # noqa: E402

CHUNK = 1 << 20


def main() -> None:
    size = int(os.environ.get("LINE_BYTES", str(100 * CHUNK)))
    asked = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        if op == "bye":
            return
        if op == "hello":
            out: Any = impl_table.hello()
        else:
            asked += 1
            if asked == 2:
                for _ in range(size // CHUNK):
                    sys.stdout.write("x" * CHUNK)
                sys.stdout.write("x" * (size % CHUNK) + "\n")
                sys.stdout.flush()
                continue
            out = {"scripts": [{"id": s["id"], "answers": impl_table.play(s["events"])}
                               for s in request["scripts"]]}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError):  # the checker stopped reading the long line
        main()
