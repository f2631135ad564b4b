"""What a session log's check claims: the settlements the log holds (docs/engine-protocol.md,
"Session logs").

A log cannot be asked anything: it shows what its tables happened to do. So its verdicts are
about what it holds, and what it never shows is a **gap**, listed, never a failure:

- an obligation proved on the inputs the log holds says so, with how many it never shows
  (:func:`~casino_proofs.craps.obligations.context.observed_detail`);
- an obligation the log holds nothing for (a rule never met, a wager nobody bet, no call, no
  withdrawal, no second settlement of an input) is left out as a gap;
- ``table-coverage`` proves that every input the log holds is one the text allows, and says
  how much of the universe it exercised; ``transitions`` is left out with the share of the
  model the log went through.

``--require-coverage`` asks for the whole universe instead: every gap is then ERROR (not
established, never VACUOUS), as for a table the checker plays.
"""

from __future__ import annotations

from dataclasses import replace

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.protocol.answers import UNOBSERVED

GAP = "not established, a gap of the log (--require-coverage makes gaps fail)"
#: table obligations that judge kinds of event a log may hold none of
TABLE = "craps/table/"


def _nothing(r: Result) -> bool:
    """A table obligation with nothing to judge in the log."""
    return r.obligation.id.startswith(TABLE) and r.verdict is Verdict.VACUOUS


def _unobserved(r: Result) -> bool:
    return r.verdict is Verdict.ERROR and UNOBSERVED in r.detail


def _coverage(r: Result) -> Result:
    """``table-coverage`` of a log: every input it holds is in the universe (a refutation
    stands); the inputs it never shows are its gaps, counted and listed."""
    cex = dict(r.counterexample or {})
    missing = int(cex.get("missing", 0))
    if r.verdict is not Verdict.ERROR or not missing or cex.get("outside"):
        return r
    total = int(cex.get("universe", 0)) or missing
    held = total - missing
    return replace(r, verdict=Verdict.PROVED, cause="",
                   detail=f"every input the log holds is one the text allows; it holds "
                          f"{held:,} of the universe's {total:,} inputs, and the other "
                          f"{missing:,} are gaps, listed (the first: "
                          f"{(cex.get('gaps') or ['?'])[0]})",
                   counterexample={"gaps": cex.get("gaps", []), "missing": missing,
                                   "universe": total})


def scoped(results: list[Result], require: bool) -> tuple[list[Result], list[dict[str, str]]]:
    """A log's results and the gaps they leave: under ``require``, what had nothing to judge
    is ERROR (never VACUOUS) and no gap is listed; otherwise every gap is left out, named."""
    if require:
        return [replace(r, verdict=Verdict.ERROR,
                        detail=f"not established: the log holds nothing it judges "
                               f"({r.detail}); --require-coverage asks for it")
                if _nothing(r) else r for r in results], []
    kept: list[Result] = []
    gaps: list[dict[str, str]] = []
    by_wager: dict[str, list[str]] = {}
    for r in results:
        if r.obligation.claim == "table-coverage":
            kept.append(_coverage(r))
        elif r.obligation.id == f"{TABLE}transitions" and r.verdict is Verdict.ERROR:
            cex = r.counterexample or {}
            gaps.append({"what": r.obligation.id,
                         "why": f"{GAP}: the log went through {cex.get('observed', 0):,} of "
                                f"the model's {cex.get('model', 0):,} transitions"})
        elif _nothing(r):
            gaps.append({"what": r.obligation.id, "why": f"{GAP}: {r.detail}"})
        elif _unobserved(r) and not r.obligation.id.startswith(TABLE):
            by_wager.setdefault(r.obligation.subject, []).append(r.obligation.id)
        else:
            kept.append(r)
    for wager, ids in by_wager.items():
        gaps.append({"what": f"craps wager {wager}: {len(ids):,} obligation(s)",
                     "why": f"{GAP}: the log never shows an input they need ("
                            + ", ".join(ids) + ")"})
    return kept, gaps


def not_bet(names: list[str]) -> list[dict[str, str]]:
    """The wagers no session of the log bets: gaps, never "not offered" (a log cannot tell
    what a table offers)."""
    return [{"what": f"craps wager {name}", "why": f"{GAP}: no session of the log bets it"}
            for name in names]
