"""A craps bundle's answers asked of an engine again (``replay --engine TARGET``; the
registry's ``again`` entry): every input of the run asked anew, the first answered otherwise
named, and the hash of the answers required the bundle's."""

from __future__ import annotations

from typing import Any

from casino_proofs import spec
from casino_proofs.audit.findings import Finding
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import RunRecord
from casino_proofs.craps.obligations.answers import collect
from casino_proofs.obligations.plan import prefix
from casino_proofs.protocol.engine import Engine


def again(bundle: Bundle, run: RunRecord, engine: Engine,
          by_id: dict[str, dict[str, Any]]) -> list[Finding]:
    """The run's craps answers asked again (none: the bundle holds no answers of the run)."""
    if run.reading not in bundle.answers:
        return []
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
    kept_craps = run.records.get("craps")
    if kept_craps is not None and answers.digest != kept_craps["answers_sha256"]:
        return [Finding(tag, "rederived-otherwise", "asked again, the hash of the engine's "
                                                    "craps answers is not the bundle's")]
    return [Finding(tag, "same", "the engine, asked again, gives every recorded answer")]
