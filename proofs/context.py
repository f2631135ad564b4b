"""What every report states besides its verdicts: the text checked, the readings and
conventions in force, and the versions that produced it."""

from __future__ import annotations

import platform
from collections.abc import Sequence
from typing import Any

import z3

from casino_proofs import regulation
from casino_proofs.version import tool_version


def parse_readings(pairs: list[str]) -> dict[str, str]:
    """``["hop-call=total"]`` -> ``{"hop-call": "total"}``, checked against the registry.

    Raises ValueError with a one-line message naming what is valid.
    """
    known = regulation.readings()
    chosen: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--reading takes NAME=VALUE, not {pair!r}; readings: "
                             + ", ".join(known))
        if name not in known:
            raise ValueError(f"unknown reading {name!r}; readings: {', '.join(known)}")
        values = [v.name for v in known[name].values]
        if value not in values:
            raise ValueError(f"reading {name} is one of {', '.join(values)}, not {value!r}")
        if name in chosen and chosen[name] != value:
            raise ValueError(f"reading {name} given twice")
        chosen[name] = value
    return chosen


def readings_in_force(chosen: dict[str, str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for rid, reading in regulation.readings().items():
        value = chosen.get(rid, reading.default)
        out[rid] = {
            "value": value,
            "default": value == reading.default,
            "description": reading.value(value).description,
            "clauses": list(reading.clauses),
        }
    return out


def report_context(chosen: dict[str, str], policies: Sequence[str] = ()) -> dict[str, Any]:
    """What every report shows of the run: the tool, the regulation, the readings and the
    conventions in force (with the table policies the engine declared, ``policies``)."""
    return {
        "tool": {"name": "casino-proofs", "version": tool_version(),
                 "z3": z3.get_version_string(), "python": platform.python_version()},
        "regulation": dict(regulation.REGULATION),
        "readings": readings_in_force(chosen),
        "conventions": [
            {"id": c.id, "title": c.title, "text": c.text}
            for c in regulation.conventions_in_force(policies).values()
        ],
    }
