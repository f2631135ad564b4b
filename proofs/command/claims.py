"""The readings an engine claims, against the readings in force.

An engine that lists readings in its hello says which values it implements. One that claims
only values other than the one in force for a reading (and the user did not choose it) is
checked under the one value it claims, and the report says so; where it claims several, or
the user chose a value it does not claim, the run stops before any work with a usage error
naming the values (never a refutation under a value the engine never claimed).
"""

from __future__ import annotations

from casino_proofs import regulation
from casino_proofs.command.arguments import UsageError
from casino_proofs.protocol.hello import Hello


def readings_claimed(hello: Hello, chosen: dict[str, str], games: tuple[str, ...]
                     ) -> tuple[dict[str, str], list[str]]:
    """The readings to check under, and a note for each reading the engine's claims moved."""
    if hello.readings is None:
        return chosen, []
    registry = regulation.readings()
    unknown = sorted(name for name in hello.readings if name not in registry)
    if unknown:
        raise UsageError(f"the engine claims reading {unknown[0][:60]!r}, which is not a "
                         f"reading of this model; readings: {', '.join(registry)} (see its "
                         "hello)")
    out, notes = dict(chosen), []
    for name, reading in registry.items():
        claimed = hello.readings.get(name)
        if not claimed or reading.game not in games or reading.game not in hello.games:
            continue
        current = chosen.get(name, reading.default)
        if current in claimed:
            continue
        known = [v for v in claimed if v in {x.name for x in reading.values}]
        listed = ", ".join(claimed)
        if name in chosen:
            raise UsageError(f"--reading {name}={current}: the engine claims reading {name} "
                             f"only as {listed} (see its hello)")
        if not known:
            values = ", ".join(v.name for v in reading.values)
            raise UsageError(f"the engine claims reading {name} only as {listed}, none of its "
                             f"values ({values}): the engine cannot be checked under it")
        if len(known) != 1:
            raise UsageError(f"the engine claims reading {name} only as {listed}, not its "
                             f"default {reading.default}: choose one with --reading "
                             f"{name}=VALUE")
        out[name] = known[0]
        notes.append(f"the engine claims reading {name} only as {known[0]}: it is checked "
                     f"under {name}={known[0]}, not the default {reading.default}")
    return out, notes
