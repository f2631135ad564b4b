"""Which runs a check makes: the readings in force, then (``--all-readings``) every other
value of every reading the engine claims, one at a time, for the games that reading concerns;
and the refutation of a game the engine does not play. ``check`` plans its runs here, and
``replay`` plans them again from what the bundle records, so that a bundle cannot claim a run
that was never due, nor hide one.
"""

from __future__ import annotations

from dataclasses import replace

from casino_proofs import games, regulation, spec
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.protocol.hello import Hello

#: one run: its label (None for the base run), its readings, its games
Run = tuple[str | None, dict[str, str], tuple[str, ...]]


def plan_runs(hello: Hello, base: dict[str, str], all_readings: bool, games: tuple[str, ...],
              left_out: list[dict[str, str]]) -> list[Run]:
    """Every run: the base, then each other reading value the engine claims (for the games the
    reading concerns). A value under which the text itself is defective (a gap, a
    contradiction) is left out, with why, in ``left_out``."""
    plan: list[Run] = [(None, base, games)]
    if not all_readings:
        return plan
    claimed = hello.readings or {}
    registry = regulation.readings()
    for reading, values in spec.Readings.choices().items():
        current = base.get(reading, values[0])
        for value in values:
            if value == current or value not in claimed.get(reading, ()):
                continue
            defect = registry[reading].value(value).leaves_text_defective
            if defect:
                left_out.append({"what": f"--all-readings run {reading}={value}",
                                 "why": f"the text is defective under it: {defect}"})
                continue
            concerned = tuple(g for g in games if g == registry[reading].game)
            if concerned:
                plan.append((f"{reading}={value}", {**base, reading: value}, concerned))
    return plan


def not_offered(game: str) -> Result:
    """The engine's hello does not list the game: REFUTED, unless the user leaves it out."""
    clause = games.game(game).offered
    ob = Obligation(f"{game}/offered", "offered", clause, (clause,), game, "the engine",
                    f"the engine plays {game}", game=game)
    return Result(ob, Verdict.REFUTED, 0.0,
                  f"the engine does not play {game} (not among the games of its hello); "
                  f"leave it out with --only to prove the other game alone")


def prefix(label: str | None) -> str:
    """The ID prefix of a run's obligations: none for the base run, ``reading/NAME=VALUE/``
    for a run under another reading."""
    return "" if label in (None, "base") else f"reading/{label}/"


def relabelled(ob: Obligation, label: str | None) -> Obligation:
    """An obligation as a run under a reading names it: its ID prefixed with the reading, and
    the reading named (the base run's obligations as they are)."""
    if label in (None, "base"):
        return ob
    return replace(ob, id=prefix(label) + ob.id, under=str(label))


def relabel(results: list[Result], label: str | None) -> list[Result]:
    """A run's results, as ``check --all-readings`` reports them."""
    if label in (None, "base"):
        return results
    return [replace(r, obligation=relabelled(r.obligation, label)) for r in results]
