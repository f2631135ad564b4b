"""Writing a report: to standard output, or to a file whole or not at all."""

from __future__ import annotations

import os
import sys
import tempfile


def write_text(text: str, output: str | None) -> None:
    """Write ``text`` to ``output`` atomically (a temporary file renamed into place), or to
    standard output when ``output`` is None."""
    if output is None:
        sys.stdout.write(text)
        return
    directory = os.path.dirname(os.path.abspath(output))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".casino-proofs-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would, not mkstemp's 0600
        os.replace(tmp, output)
    except BaseException:
        os.unlink(tmp)
        raise
