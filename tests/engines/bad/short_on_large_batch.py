"""Answers a batch of more than 100 items one answer short; a smaller batch, in full. (The any-7
check asks 150 inputs in one batch, then again: each piece of a split batch is answered.)

expect: exit=1 verdict=REFUTED says="a settle batch of 150 inputs got no proper answer" input=no
"""
import json
from typing import Any

from _engine import serve


def line(answers: list[Any]) -> str:
    return json.dumps({"batch": answers[:-1] if len(answers) > 100 else answers})


serve(batch_line=line)
