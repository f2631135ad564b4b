"""``replay --engine TARGET``: ask an engine again, and demand the bundle's answers.

A bundle records what an engine answered, not which program answered: only asking again can
tie the answers to a program. The user names the program (a bundle's own command is never
run); replay asks it every craps input of every run and every Pai Gow hand, as ``check``
does, and requires the same hello, the same answers (the first input answered otherwise is
named) and the same hashes. The Pai Gow verdicts over every hand, which a bundle holds on
record, are then proved again and compared one by one. ``--paigow-again`` is ``--engine
impl`` for a bundle whose engine is our implementation.
"""

from __future__ import annotations

from typing import Any

from casino_proofs import spec
from casino_proofs.audit.findings import Finding
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import BundleError, RunRecord
from casino_proofs.craps.obligations.answers import collect
from casino_proofs.obligations.plan import prefix
from casino_proofs.progress import phase
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget


def refuse_foreign_engine(bundle: Bundle) -> None:
    """``--paigow-again`` asks our implementation only, never a bundle's command."""
    engine = bundle.manifest.engine
    if engine.get("target") != "impl" or engine.get("kind") != "impl":
        raise BundleError(f"--paigow-again asks our implementation only; this bundle's engine "
                          f"is {str(engine.get('target'))[:80]!r} (a bundle's command is "
                          "never run): name the engine to ask with --engine TARGET")


def _craps_again(bundle: Bundle, run: RunRecord, engine: Engine) -> list[Finding]:
    offered = set(engine.hello.wagers)
    names = bundle.manifest.wagers or list(spec.WAGER_NAMES)
    specs = [spec.wager(n, spec.Readings.from_dict(run.readings)) for n in names if n in offered]
    answers = collect(engine, specs, run.readings)
    recorded = bundle.answers[run.reading].first
    tag = prefix(run.reading) + "craps/answers"
    for q in sorted(set(answers.answers) | set(recorded), key=lambda q: q.sort_key()):
        got, kept = answers.answers.get(q), recorded.get(q)
        if got is None or kept is None or got.json() != kept.json():
            return [Finding(tag, "rederived-otherwise",
                            f"asked again, the engine answers {q.text()} "
                            f"{got.json() if got else 'nothing'}; the bundle records "
                            f"{kept.json() if kept else 'nothing'}")]
    if run.craps is not None and answers.digest != run.craps["answers_sha256"]:
        return [Finding(tag, "rederived-otherwise", "asked again, the hash of the engine's "
                                                    "craps answers is not the bundle's")]
    return [Finding(tag, "same", "the engine, asked again, gives every recorded answer")]


def _paigow_again(bundle: Bundle, run: RunRecord, engine: Engine,
                  by_id: dict[str, dict[str, Any]]) -> list[Finding]:
    from casino_proofs.paigow.obligations import prove_paigow

    budget = Budget(z3_rlimit=bundle.manifest.budget.z3_rlimit)
    with phase("Pai Gow asked again", unit="hands") as bar:
        outcome = prove_paigow(engine, run.readings, workers=2, budget=budget,
                               progress=bar.reached)
    out: list[Finding] = []
    for r in outcome.results:
        oid = prefix(run.reading) + r.obligation.id
        recorded = by_id.get(oid)
        if recorded is None:
            out.append(Finding(oid, "missing", "the engine, asked again, gives rise to this "
                                               "obligation; the bundle lacks it"))
        elif recorded["verdict"] != r.verdict.value:
            out.append(Finding(oid, "rederived-otherwise",
                               f"proved again by asking the engine anew: {r.verdict.value}; "
                               f"the bundle records {recorded['verdict']}"))
        else:
            out.append(Finding(oid, "same", "proved again by asking the engine every hand "
                                            "anew"))
    digest = (run.paigow or {}).get("answers_sha256")
    if digest != outcome.answers_digest:
        out.append(Finding(prefix(run.reading) + "paigow/answers", "rederived-otherwise",
                           f"manifest.json: the hash of the engine's answers, asked again, is "
                           f"{outcome.answers_digest[:16]}...; the bundle records "
                           f"{str(digest)[:16]}..."))
    return out


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
        if "craps" in run.games and run.reading in bundle.answers:
            out += _craps_again(bundle, run, engine)
        if "paigow" in run.games and "paigow" in hello.games:
            out += _paigow_again(bundle, run, engine, by_id)
    return out
