"""One fact, one finding: failing obligations that rest on one fact share a ``cause``, so that
every report shows them as one finding (headed by the first), whatever the wager, the state
class or the event they were seen at.

- **The same rule broken the same way.** ``agrees`` refutations of one clause, where the
  implementation settles as one thing and the specification says another (every Hard Way
  made the easy way returned where it loses: eight obligations, four wagers, two classes).
- **A table's later settlements.** At a table, ``history`` judges every observation after
  the first of its input; when every kind of its failures is a clause ``agrees`` refutes on
  the first observations, it is that fact seen again (and so is a session failing by it).
- **Answers that could not be read.** When ``craps/table/scripts`` is refuted (a table's
  answers in the wrong shape: a field too many on every bet), what rests on those answers is
  that one fact: every refutation whose implementation side is an unreadable answer, and
  what could not be established or had nothing to judge for want of readable answers.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from casino_proofs.obligations.verdict import Result, Verdict

SCRIPTS = "craps/table/scripts"
HISTORY = "craps/table/history"
#: the cause every obligation shares with a table obligation's refutation
TABLE_FAULT = "of one fault of the table, refuted by "


def _settlement(value: Any) -> str:
    if not isinstance(value, dict):
        return ""
    return json.dumps({k: value.get(k) for k in ("decision", "net", "point")}, sort_keys=True)


def _said(value: Any) -> str:
    if not isinstance(value, dict) or "decision" not in value:
        return "no settlement"
    return f"{value['decision']}, net {value.get('net')}"


def _rule_facts(results: list[Result]) -> dict[tuple[str, str, str, str], list[int]]:
    """The ``agrees`` refutations by fact: (reading, clause, specification, implementation)."""
    facts: dict[tuple[str, str, str, str], list[int]] = {}
    for i, r in enumerate(results):
        ob = r.obligation
        cex = r.counterexample or {}
        impl = cex.get("impl")
        spec = (cex.get("spec") or [None])[0]
        if ob.claim != "agrees" or r.verdict is not Verdict.REFUTED or r.cause \
                or not isinstance(impl, dict) or "fault" in impl or spec is None:
            continue
        facts.setdefault((ob.under, ob.clause, _settlement(spec), _settlement(impl)),
                         []).append(i)
    return facts


def _rule_cause(r: Result, count: int) -> str:
    cex = r.counterexample or {}
    return (f"one fact: the implementation settles {_said(cex.get('impl'))} where "
            f"{r.obligation.clause} says {_said((cex.get('spec') or [None])[0])} "
            f"({count:,} obligations), first refuted by {r.obligation.id}")


def _history_clauses(r: Result) -> set[str]:
    kinds = (r.counterexample or {}).get("kinds") or []
    return {str(k.get("clause", "")) for k in kinds if isinstance(k, dict)}


def one_fact(results: list[Result]) -> list[Result]:
    """``results`` with a shared cause on the obligations that rest on one fact."""
    out = list(results)
    by_clause: dict[str, str] = {}
    facts = _rule_facts(out)
    for (_under, clause, _s, _i), indices in facts.items():
        cause = _rule_cause(out[indices[0]], len(indices))
        by_clause.setdefault(clause, cause)
        if len(indices) > 1:
            for i in indices:
                out[i] = replace(out[i], cause=cause)
    history = next((r for r in out if r.obligation.id == HISTORY
                    and r.verdict is Verdict.REFUTED), None)
    clauses = _history_clauses(history) if history is not None else set()
    clause = next(iter(clauses)) if len(clauses) == 1 else ""
    if clause in by_clause:
        cause, old = by_clause[clause], f"{TABLE_FAULT}{HISTORY}"
        out = [replace(r, cause=cause) if r is history or r.cause == old or (
            r.obligation.claim == "agrees" and r.obligation.clause == clause
            and r.verdict is Verdict.REFUTED and not r.cause) else r for r in out]
    return _unreadable(_dangling(out, facts))


def _dangling(results: list[Result], facts: dict[tuple[str, str, str, str], list[int]]
              ) -> list[Result]:
    """A table's coverage (transitions, history pairs) or session that rests on a fault of
    the table names the table obligation that judges it; where that is ``history`` and the
    fault was the first observation of its input, the protocol-1 obligations refuted it:
    the cause is then the first fact they refute (one finding with it); a cause naming no
    refutation at all is dropped."""
    refuted = {r.obligation.id for r in results if r.verdict is Verdict.REFUTED}
    named = [r.cause.removeprefix(TABLE_FAULT) for r in results
             if r.cause.startswith(TABLE_FAULT)]
    if all(n in refuted for n in named):
        return results
    first = next(iter(facts.values()), [])
    fact = _rule_cause(results[first[0]], len(first)) if first else ""
    out = list(results)
    for i in first if HISTORY in named and HISTORY not in refuted else []:
        out[i] = replace(out[i], cause=out[i].cause or fact)
    return [replace(r, cause=fact if r.cause == f"{TABLE_FAULT}{HISTORY}" else "")
            if r.cause.startswith(TABLE_FAULT) and r.cause.removeprefix(TABLE_FAULT)
            not in refuted else r for r in out]


def _unreadable(results: list[Result]) -> list[Result]:
    scripts = next((r for r in results if r.obligation.id == SCRIPTS
                    and r.verdict is Verdict.REFUTED), None)
    if scripts is None:
        return results
    cause = f"{TABLE_FAULT}{SCRIPTS}"

    def rests(r: Result) -> bool:
        impl = (r.counterexample or {}).get("impl")
        unread = isinstance(impl, dict) and impl.get("fault") == "malformed"
        return r.verdict in (Verdict.ERROR, Verdict.VACUOUS) or (
            r.verdict is Verdict.REFUTED and unread)
    return [replace(r, cause=cause) if r is scripts or (r.verdict is not Verdict.PROVED
                                                        and rests(r))
            else r for r in results]
