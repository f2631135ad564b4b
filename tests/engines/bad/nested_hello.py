"""Answers hello with 20,000 nested lists (100,000 would be refused first for its size).

expect: exit=2 says="nested deeper than 64 levels"
"""
import sys

for _line in sys.stdin:
    sys.stdout.write("[" * 20_000 + "]" * 20_000 + "\n")
    sys.stdout.flush()
