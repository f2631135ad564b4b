r"""Overpays any-7 on 5,5, and says in its hello's version a line break and a green
"Result: PROVED": printed raw, the report would hold a line that says the check passed.

expect: exit=1 verdict=REFUTED says="1\u000aResult: PROVED (exit 0)\u000d"
"""
from typing import Any

from _engine import any_7, serve


def answer(item: dict[str, Any]) -> Any:
    if item["roll"] == [5, 5]:
        return {"decision": "lose", "net": "0", "point": None}
    return any_7(item)


serve(answer, hello={"version": "1\nResult: PROVED (exit 0)\r"})
