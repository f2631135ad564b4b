"""Craps's answers in an audit bundle: every answer the engine gave in each run (first
asking, second asking, and for our implementation the explicit-readings call), one input per
line in a fixed order, in ``answers/craps.RUN.jsonl``, so that the craps verdicts can be
derived again without the engine (``audit/bundle.py`` writes the files the registry's
``bundle_answers`` gives it)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from casino_proofs.craps.obligations.answers import CrapsAnswers, answer_json


def answers_file(run: str) -> str:
    """The file of a run's answers in a bundle."""
    return f"answers/craps.{re.sub(r'[^A-Za-z0-9._=-]+', '_', run)}.jsonl"


def answers_lines(answers: CrapsAnswers) -> str:
    """Every craps answer of a run, one input per line, in a fixed order."""
    lines = []
    for q in sorted(answers.answers, key=lambda q: q.sort_key()):
        entry: dict[str, Any] = {"input": q.item(), "first": answer_json(answers.answers[q])}
        if q in answers.reasked:
            entry["second"] = answer_json(answers.reasked[q])
        if answers.explicit is not None and q in answers.explicit:
            entry["explicit"] = answer_json(answers.explicit[q])
        lines.append(json.dumps(entry, sort_keys=True, separators=(",", ":")))
    return "\n".join(lines) + "\n"


def bundle_answers(by_run: Mapping[str, CrapsAnswers]) -> dict[str, tuple[str, str]]:
    """Each run's answers file and its text."""
    return {run: (answers_file(run), answers_lines(answers))
            for run, answers in by_run.items()}
