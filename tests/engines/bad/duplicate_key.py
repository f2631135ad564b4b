"""Gives the net of a win on 7 twice in one object: a wrong "5" first, the right "4" last. A
parser where the last key wins would read it right; which one counts is the parser's choice,
so the answer is refused as malformed.

expect: exit=1 verdict=REFUTED says="the key 'net' is given twice in one object"
"""
import json
from typing import Any

from _engine import serve


def line(answers: list[Any]) -> str:
    parts = []
    for a in answers:
        text = json.dumps(a)
        if isinstance(a, dict) and a.get("decision") == "win":
            text = '{"decision": "win", "net": "5", "net": "4", "point": null}'
        parts.append(text)
    return '{"batch": [' + ", ".join(parts) + "]}"


serve(batch_line=line)
