"""Answers a batch that holds any-7 on 1-2 with 100,000 nested lists.

expect: exit=1 verdict=REFUTED says="nested deeper than 64 levels"
"""
from typing import Any

from _engine import serve


def line(answers: list[Any]) -> str:
    if "deep" in answers:
        return "[" * 100_000 + "]" * 100_000
    import json
    return json.dumps({"batch": answers})


def answer(item: dict[str, Any]) -> Any:
    from _engine import any_7
    return "deep" if item["roll"] == [1, 2] else any_7(item)


serve(answer, line)
