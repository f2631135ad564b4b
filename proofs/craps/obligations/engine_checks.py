"""The obligations about the implementation itself, per wager, read from its answers alone:

- ``validation``: impossible inputs (a die of 0 or 7, a point of 7 or 3) are refused;
- ``deterministic``: every input, asked twice in another order and batching, gets one answer;
- ``library-defaults`` (our implementation): the library called as a user calls it, with its
  own default readings, settles every input as with the registry's defaults passed explicitly.
"""

from __future__ import annotations

import time

from casino_proofs.craps.obligations.answers import accepted, answer_json
from casino_proofs.craps.obligations.context import WagerCheck
from casino_proofs.obligations.verdict import Verdict
from casino_proofs.protocol.answers import is_unanswered


def validation(ctx: WagerCheck) -> None:
    w = ctx.wager
    started = time.perf_counter()
    ob = ctx.obligation("validation", "all-states", (w.paragraph,),
                        "impossible inputs (a die of 0 or 7, a point of 7) are refused")
    impossible = ctx.answers.questions[w.name].impossible
    for q in impossible:
        answer = ctx.answers.answers[q]
        if accepted(answer) and not is_unanswered(answer):
            ctx.no_smt(ob, started, Verdict.REFUTED,
                       f"the implementation takes an impossible input: {q.text()}",
                       {"input": q.item(), "impl": answer_json(answer)})
            return
    silent = [q for q in impossible if is_unanswered(ctx.answers.answers[q])]
    if silent:
        answer = ctx.answers.answers[silent[0]]
        ctx.no_smt(ob, started, Verdict.ERROR,
                   f"not established: no answer to {len(silent):,} impossible input(s), e.g. "
                   f"{silent[0].text()}", {"input": silent[0].item(), "impl": answer_json(answer)})
        return
    ctx.no_smt(ob, started, Verdict.PROVED, f"{len(impossible):,} impossible inputs refused")


def deterministic(ctx: WagerCheck) -> None:
    w = ctx.wager
    started = time.perf_counter()
    ob = ctx.obligation("deterministic", "all-states", (w.paragraph,),
                        "every input, asked twice in another order and batching, gets the "
                        "same answer")
    differing = ctx.answers.nondeterministic(w.name)
    asked = len(ctx.answers.questions[w.name].all)
    if differing:
        q, first, again = differing[0]
        ctx.no_smt(ob, started, Verdict.REFUTED,
                   f"non-deterministic: {q.text()} answered two ways ({len(differing):,} inputs "
                   "in all)",
                   {"input": q.item(), "first": answer_json(first),
                    "second": answer_json(again)})
        return
    silent = ctx.answers.not_answered_twice(w.name)
    if silent:
        q, answer = silent[0]
        ctx.no_smt(ob, started, Verdict.ERROR,
                   f"not established: {q.text()} was not answered both times "
                   f"({len(silent):,} of {asked:,} inputs in all)",
                   {"input": q.item(), "impl": answer_json(answer)})
        return
    ctx.no_smt(ob, started, Verdict.PROVED, f"{asked:,} inputs asked twice")


def library_defaults(ctx: WagerCheck) -> None:
    explicit = ctx.answers.explicit
    if explicit is None:
        return
    w = ctx.wager
    started = time.perf_counter()
    ob = ctx.obligation("library-defaults", "all-states", (w.paragraph,),
                        "the library's own default readings settle as the registry's defaults "
                        "passed explicitly")
    for q in ctx.answers.questions[w.name].all:
        implicit, given = ctx.answers.answers[q], explicit[q]
        if implicit != given:
            ctx.no_smt(ob, started, Verdict.REFUTED,
                       f"called as a user calls it, the library settles {q.text()} otherwise "
                       "than with the registry's default readings",
                       {"input": q.item(), "impl": answer_json(implicit),
                        "explicit_defaults": answer_json(given)})
            return
    ctx.no_smt(ob, started, Verdict.PROVED, f"{len(ctx.answers.questions[w.name].all):,} inputs")
