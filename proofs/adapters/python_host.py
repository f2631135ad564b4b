"""Host a Python module as an engine: ``python -m casino_proofs.adapters.python_host MODULE``.

``check --engine python:MODULE`` (or ``python:path/to/file.py``) runs the module in a child
process through this host, which speaks the protocol of docs/engine-protocol.md on its
standard input and output and calls the module's ``hello()``, ``settle(batch)`` and
``rank(batch)`` with the same plain data. The module is untrusted like any engine: in a child
process its crash, hang or ``sys.exit`` cannot take the check down with it, and it gets the
same verdicts as a program would. It needs no import of this project.

A call that raises answers the whole request with ``{"error": ...}`` (the checker then narrows
the batch down to the input that causes it); an answer that is not JSON data (a
``Fraction``, a ``Decimal``) is sent as ``{"unserializable": "its repr"}``, which the checker
reports as a malformed answer of that input.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO


def load(target: str) -> ModuleType:
    """The module named ``target``, or the file at that path."""
    if target.endswith(".py") or "/" in target or "\\" in target:
        path = Path(target)
        if not path.is_file():
            raise FileNotFoundError(f"no such file: {target}")
        sys.path.insert(0, str(path.resolve().parent))
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {target} as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        return module
    sys.path.insert(0, str(Path.cwd()))
    return importlib.import_module(target)


def _json_item(value: Any) -> str:
    try:
        return json.dumps(value, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return json.dumps({"unserializable": repr(value)[:200]})


def _answer(module: ModuleType, request: Any) -> str:
    if not isinstance(request, dict):
        return json.dumps({"error": "a request is a JSON object"})
    op = request.get("op")
    try:
        if op == "hello":
            return _json_item(module.hello())
        if op in ("settle", "rank"):
            function = getattr(module, op)
            batch = request.get("batch")
            result = function(batch, request["readings"]) if "readings" in request \
                else function(batch)
            if not isinstance(result, list | tuple):
                return _json_item(result)
            return '{"batch":[' + ",".join(_json_item(v) for v in result) + "]}"
    except Exception as exc:  # the module under test may fail in any way
        return json.dumps({"error": f"{op}() raised {type(exc).__name__}: {exc}"[:300]})
    return json.dumps({"error": f"unknown op {op!r}"})


def serve(module: ModuleType, stdin: TextIO, stdout: TextIO) -> None:
    for line in stdin:
        try:
            request = json.loads(line)
        except ValueError:
            stdout.write(json.dumps({"error": "the request is not JSON"}) + "\n")
            stdout.flush()
            continue
        if isinstance(request, dict) and request.get("op") == "bye":
            return
        stdout.write(_answer(module, request) + "\n")
        stdout.flush()


def main() -> int:
    if len(sys.argv) != 2:
        sys.stderr.write("usage: python -m casino_proofs.adapters.python_host MODULE\n")
        return 2
    # The module may print: keep the protocol's channel for the protocol.
    channel = sys.stdout
    sys.stdout = sys.stderr
    try:
        module = load(sys.argv[1])
    except Exception as exc:  # reported by the checker as the engine not answering hello
        sys.stderr.write(f"cannot load {sys.argv[1]}: {type(exc).__name__}: {exc}\n")
        return 3
    serve(module, sys.stdin, channel)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
