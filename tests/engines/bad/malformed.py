"""Writes a line that is not JSON when a batch holds any-7 on 1-2.

expect: exit=1 verdict=REFUTED says="not JSON"
"""
import json
from typing import Any

from _engine import any_7, serve


def line(answers: list[Any]) -> str:
    return "oops, not json" if "broken" in answers else json.dumps({"batch": answers})


def answer(item: dict[str, Any]) -> Any:
    return "broken" if item["roll"] == [1, 2] else any_7(item)


serve(answer, line)
