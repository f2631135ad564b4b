"""Writes its first settle answer twice.

expect: exit=1 verdict=REFUTED says="an extra or repeated answer" input=no
"""
import json
from typing import Any

from _engine import serve

_seen: list[int] = []


def line(answers: list[Any]) -> str:
    text = json.dumps({"batch": answers})
    _seen.append(1)
    return f"{text}\n{text}" if len(_seen) == 1 else text


serve(batch_line=line)
