"""Writes blank lines: before its hello, and between its answers. The protocol lets them be
skipped: the engine is right, and PROVED.

expect: exit=0 says="Result: PROVED" input=no
"""
import sys
from typing import Any

from _engine import serve

sys.stdout.write("\n\n")
sys.stdout.flush()


def after(_request: dict[str, Any], _number: int) -> None:
    sys.stdout.write("\n  \n")


serve(after=after)
