"""A wager's obligations worked out once a process for the same question: the same
specification of the wager, asked of the same answers.

Every obligation of one wager (:func:`.run.check_wager`) is a function of the wager's
specification (one object per wager and readings while the process lives:
``spec.catalogue``), the run's budget and whether it keeps SMT-LIB, what the engine can do
(refuse an input, be asked again, show only what it observed), and the engine's answers to
the wager's questions: the first asking's, the second's and the explicit readings'. A
process that checks several engines (a diff, a blueprint beside its check, a test run) asks
the same of many of them: the results are then copied from the first, never worked out
again, and never shared between two wagers or two answers that differ in anything.

A copy is served only while the code that worked the results out is the same
(:func:`casino_proofs.kept.unchanged`: a function of the proofs patched in the process, a
mutation hook, makes them be worked out again). A command checks each engine once and gains
nothing here; what a copied result says is what the first working-out said, its resource
counts and time included.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from casino_proofs import spec
from casino_proofs.craps.obligations.context import Replay, WagerCheck
from casino_proofs.kept import Code, code_of, unchanged
from casino_proofs.obligations.verdict import Result

#: the packages a wager's obligations are worked out by (the code a copy must still be)
PROOFS = ("casino_proofs.craps.obligations", "casino_proofs.obligations", "casino_proofs.spec",
          "casino_proofs.solving", "casino_proofs.protocol")

#: the wagers' results kept (a process checks a few engines of some 40 wagers each)
KEPT = 256
_KEPT: OrderedDict[tuple[Any, ...],
                   tuple[list[Result], dict[str, Replay], spec.WagerSpec, Code]] = OrderedDict()


def question_key(ctx: WagerCheck) -> tuple[Any, ...]:
    """Everything the obligations of ``ctx``'s wager read, as a key (the answers are frozen
    values, compared whole: a fault's words too)."""
    asked = ctx.answers.questions[ctx.wager.name].all
    answers = ctx.answers
    explicit = None if answers.explicit is None else tuple(answers.explicit.get(q)
                                                          for q in asked)
    return (id(ctx.wager), ctx.wager.name, ctx.session.budget, ctx.session.record,
            ctx.can_refuse, ctx.asked_once, ctx.observed_only,
            tuple(answers.answers.get(q) for q in asked),
            tuple(answers.reasked.get(q) for q in asked), explicit)


_CODE: list[Code] = []
#: the wagers' checks worked out and copied in this process, by wager name (read by tests)
WORKED: Counter[str] = Counter()
COPIED: Counter[str] = Counter()


def code_now() -> Code:
    """The code of the proofs now (:data:`PROOFS`): the very object given before while every
    module names the same values, so that a copy's code is compared at once."""
    if not _CODE or not unchanged(_CODE[0]):
        _CODE[:] = [code_of(PROOFS)]
    return _CODE[0]


def check(ctx: WagerCheck, check_wager: Callable[[WagerCheck], list[Result]],
          code: Code) -> list[Result]:
    """``check_wager(ctx)``, or a copy of what it gave for the same question earlier in the
    process under the same ``code`` (:func:`code_now`, taken as the run began), its replays
    too (:attr:`WagerCheck.replays`)."""
    key = question_key(ctx)
    found = _KEPT.get(key)
    if found is not None and found[3] is code:
        _KEPT.move_to_end(key)
        results, replays, _wager, _code = found
        ctx.replays.update(replays)
        COPIED[ctx.wager.name] += 1
        return list(results)  # a result is a frozen value, never changed once made
    results = check_wager(ctx)
    WORKED[ctx.wager.name] += 1
    # kept: the results, the replays and the wager (the key holds its id, never reused while
    # the wager is kept); not the solver, which the run lets go once its queries are done
    # (``Session.close``): a replay reads the answers and the specification, never the solver
    _KEPT[key] = (list(results), dict(ctx.replays), ctx.wager, code)
    if len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)
    return results


def forget() -> None:
    """Nothing kept (a test comparing a copy with a fresh working-out)."""
    _KEPT.clear()
    _CODE.clear()
    WORKED.clear()
    COPIED.clear()
