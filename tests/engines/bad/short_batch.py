"""Answers one item too few when the batch holds any-7 on 2-2.

expect: exit=1 verdict=REFUTED says="answers to a batch of"
"""
import json
from typing import Any

from _engine import any_7, serve


def line(answers: list[Any]) -> str:
    return json.dumps({"batch": [a for a in answers if a != "drop"]})


def answer(item: dict[str, Any]) -> Any:
    if item["roll"] == [2, 2]:
        return "drop"
    return any_7(item)


serve(answer, line)
