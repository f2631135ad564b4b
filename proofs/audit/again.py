"""``replay --engine TARGET``: ask an engine again, and demand the bundle's answers.

A bundle records what an engine answered, not which program answered: only asking again can
tie the answers to a program. The user names the program (a bundle's own command is never
run); replay asks it every craps input of every run and every Pai Gow hand, as ``check``
does, and requires the same hello, the same answers (the first input answered otherwise is
named) and the same hashes. The Pai Gow verdicts over every hand, which a bundle holds on
record, are then proved again and compared one by one. Each game's part is its room's (the
registry's ``again`` entry). ``--paigow-again`` is ``--engine
impl`` for a bundle whose engine is our implementation.
"""

from __future__ import annotations

from typing import Any

from casino_proofs import games
from casino_proofs.audit.findings import Finding
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import BundleError
from casino_proofs.protocol.engine import Engine


def refuse_foreign_engine(bundle: Bundle) -> None:
    """``--paigow-again`` asks our implementation only, never a bundle's command."""
    engine = bundle.manifest.engine
    if engine.get("target") != "impl" or engine.get("kind") != "impl":
        raise BundleError(f"--paigow-again asks our implementation only; this bundle's engine "
                          f"is {str(engine.get('target'))[:80]!r} (a bundle's command is "
                          "never run): name the engine to ask with --engine TARGET")


def ask_again(bundle: Bundle, engine: Engine,
              by_id: dict[str, dict[str, Any]]) -> list[Finding]:
    """Every run's answers asked of ``engine`` again, against the bundle's."""
    hello = engine.hello
    out: list[Finding] = []
    if hello.json() != bundle.manifest.engine["hello"]:
        out.append(Finding("engine/hello", "rederived-otherwise",
                           "manifest.json: the engine's hello is not what the engine asked "
                           "again answers (its name, version, games, wagers or readings "
                           "differ)"))
    for run in bundle.manifest.runs:
        # each game's answers asked again by its room (the registry's again entry)
        out += [f for found in games.each("again", bundle, run, engine, by_id, among=run.games)
                for f in found]
    return out
