"""Exits before saying hello.

expect: exit=2 says="did not answer hello"
"""
raise SystemExit(0)
