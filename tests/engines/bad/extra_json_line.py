"""Writes an extra JSON line after its first settle answer (a log record, in JSON).

expect: exit=1 verdict=REFUTED says="came after the answer, where the answer to hello" input=no
"""
import json
from typing import Any

from _engine import serve

_seen: list[int] = []


def line(answers: list[Any]) -> str:
    text = json.dumps({"batch": answers})
    _seen.append(1)
    return text + "\n" + json.dumps({"log": "batch settled"}) if len(_seen) == 1 else text


serve(batch_line=line)
