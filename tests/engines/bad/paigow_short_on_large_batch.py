"""Answers a rank batch of more than 250 hands one answer short; a smaller batch, in full.

expect: verdict=REFUTED kind=channel says="a rank batch of" input=no
"""
import json
from typing import Any

from _ranker import serve


def line(answers: list[Any]) -> str:
    return json.dumps({"batch": answers[:-1] if len(answers) > 250 else answers})


serve(batch_line=line)
