"""History covered pairwise: every pair of a history feature's value and a subject (an event's
kind, or a bet's decision) the suite reaches is observed, and the 3-way coverage reached is
counted (docs/engine-protocol.md, "History covered pairwise").

Most faults of real programs are triggered by two to six interacting factors (Kuhn, Wallace
and Gallo 2004). At a table the factors are the history a table can remember
(:mod:`.history`) and what is being settled, placed, called or withdrawn. The **domain** is
every pair the scripts and sessions reach when the table answers as the text says (worked out
before anything is played, from the reference table's own answers); the ``pairs`` obligation
proves each was observed in the table's answers. Pairs of the product no script reaches are
counted and named as outside the domain, never claimed.

A pair planned but not observed lies, in the script planned to reach it, past an event the
table answered otherwise than the rules (one finding with that event's obligation), or past
an event the text leaves to the table and it refused (not reachable at this table, listed);
anything else is not established (ERROR).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from casino_proofs.craps.table.judging import expected
from casino_proofs.craps.table.judging.bets import Setting
from casino_proofs.craps.table.judging.observe import Played, read_script
from casino_proofs.craps.table.judging.settlements import first_failure
from casino_proofs.craps.table.model.history import (
    FEATURES,
    Subject,
    Vector,
    applicable,
    subject_text,
    words,
)
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.craps.table.scripts.transitions import fault_cause
from casino_proofs.obligations.verdict import Obligation, Result, Verdict

#: a subject, and a feature's value (``16 * feature + value``)
Pair = tuple[Subject, int]
#: a subject, and two features' values (``256 * first + second``, the first feature first)
Triple = tuple[Subject, int]
CLAUSES = ("r3-95.15-intro.s1", "r3-95.16-intro.s1")


def pairs_of(met: Iterable[tuple[Subject, Vector]]) -> set[Pair]:
    return {(s, code) for s, vector in met for code in applicable(vector)}


def triples_of(met: Iterable[tuple[Subject, Vector]]) -> set[Triple]:
    return {(s, 256 * a + b) for s, vector in met
            for a, b in combinations(applicable(vector), 2)}


def pair_text(p: Pair) -> str:
    return f"{subject_text(p[0])}, with {words(p[1] // 16, p[1] % 16)}"


@dataclass
class PairCoverage:
    """The pairs the suite plans to reach, those observed, and the triples."""

    #: each pair of the domain, and the script planned to reach it first
    planned: dict[Pair, str] = field(default_factory=dict)
    planned_triples: int = 0
    observed: set[Pair] = field(default_factory=set)
    observed_triples: set[Triple] = field(default_factory=set)
    #: the subjects met (planned or observed), for the product's size
    subjects: set[Subject] = field(default_factory=set)
    #: each script's first event answered otherwise than the rules, and whether it refused
    #: an event the text leaves to the table
    diverged: dict[str, tuple[int, str]] = field(default_factory=dict)
    refused_choice: set[str] = field(default_factory=set)
    #: the planned scripts the table gave no answer to (it hung, or was given up on): what
    #: they reach is planned on the reference table's own answers, and never observed
    unanswered: set[str] = field(default_factory=set)
    #: the subjects met with their features, planned and observed (each expanded once)
    met_planned: set[tuple[Subject, Vector]] = field(default_factory=set)
    met: set[tuple[Subject, Vector]] = field(default_factory=set)

    def plan(self, script: str, met: Iterable[tuple[Subject, Vector]]) -> None:
        """What ``script`` reaches at a table that answers as the text says."""
        new = set(met) - self.met_planned
        self.met_planned |= new
        for p in pairs_of(new):
            self.planned.setdefault(p, script)
        self.subjects.update(s for s, _v in new)

    def observe(self, script: str, played: Played) -> None:
        new = played.history - self.met
        self.met |= new
        self.observed |= pairs_of(new)
        self.observed_triples |= triples_of(new)
        self.subjects.update(s for s, _v in new)
        first = first_failure(played)
        if first is not None:
            self.diverged[script] = first
        if any(refused for _at, _key, refused in played.choices):
            self.refused_choice.add(script)

    def hear(self, setting: Setting, script: Script, played: Played, plans: bool) -> None:
        """The pairs a script showed, and (a planned script, ``plans``) those it reaches at
        a table that answers as the text says: the same when every answer held, else (a
        script answered otherwise, or not at all) worked out again on the reference table's
        own answers."""
        self.observe(script.label, played)
        if not plans:
            return
        if played.unanswered:
            self.unanswered.add(script.label)
        elif script.label not in self.diverged and script.label not in self.refused_choice \
                and not played.broken:
            self.plan(script.label, played.history)
            return
        again = Played(track=False)
        read_script(script, expected.answers(setting, script.events), again, setting)
        self.plan(script.label, again.history)

    def merge(self, later: PairCoverage) -> None:
        self.met |= later.met
        self.observed |= later.observed
        self.observed_triples |= later.observed_triples
        self.subjects |= later.subjects

    def figures(self) -> dict[str, Any]:
        """The domain in figures: the product, the domain, what was observed, the 3-way, and
        the classes of the product's pairs outside the domain."""
        per_subject = sum(sum(1 for v in f.values if v != "not applicable")
                          for f in FEATURES)
        product = len(self.subjects) * per_subject
        pairs_per = [sum(1 for v in f.values if v != "not applicable") for f in FEATURES]
        product3 = len(self.subjects) * sum(a * b for a, b in combinations(pairs_per, 2))
        return {"features": [f.name for f in FEATURES], "subjects": len(self.subjects),
                "product": product, "domain": len(self.planned),
                "observed": len(self.observed & self.planned.keys()),
                "observed_all": len(self.observed), "triples_observed":
                len(self.observed_triples), "triples_product": product3,
                "outside": self.outside()}

    def outside(self) -> list[dict[str, Any]]:
        """The product's pairs outside the domain, by class: each feature's value, how many
        subjects it is never paired with in the domain, and (the first 12) which, in
        words."""
        out = []
        subjects = sorted(self.subjects)
        planned = self.planned.keys()
        for i, feature in enumerate(FEATURES):
            for v, value in enumerate(feature.values):
                if value == "not applicable":
                    continue
                left = [s for s in subjects if (s, 16 * i + v) not in planned]
                if left:
                    out.append({"feature": feature.name, "value": value,
                                "subjects": len(left),
                                "first": [subject_text(s) for s in left[:12]]})
        return out

    def result(self) -> Result:
        return _result(self)


def _result(c: PairCoverage) -> Result:
    started = time.perf_counter()
    ob = Obligation("craps/table/pairs", "pairs", CLAUSES[0], CLAUSES, "the table",
                    "all-scripts", "every pair of a history feature's value and an event of "
                    "the suite it reaches is observed", game="craps")
    figures = c.figures()
    missing = sorted((p for p in c.planned if p not in c.observed), key=repr)
    three = (f"3-way: {figures['triples_observed']:,} triples of two feature values and a "
             f"subject observed, of {figures['triples_product']:,} in the product "
             f"({_percent(figures['triples_observed'], figures['triples_product'])})")
    seconds = time.perf_counter() - started
    if not c.planned:
        return Result(ob, Verdict.VACUOUS, seconds,
                      f"no pair planned: {figures['observed_all']:,} pairs observed, of "
                      f"{figures['product']:,} in the product; {three}")
    outside = figures["product"] - figures["domain"]
    domain = (f"{len(c.planned):,} pairs of {len(FEATURES)} history features' values and "
              f"{figures['subjects']:,} subjects (the domain: "
              f"{_percent(len(c.planned), figures['product'])} of the product's "
              f"{figures['product']:,}; the other {outside:,} are reached by no script of "
              "this suite, many of them by no legal play: " + outside_words(figures) + ")")
    if not missing:
        return Result(ob, Verdict.PROVED, seconds,
                      f"2-way: each of {domain} observed (100 %); {three}",
                      enumeration=f"enumeration: {len(c.planned):,} pairs, 0 missing")
    unheard = [p for p in missing if c.planned[p] in c.unanswered]
    past_failure = [p for p in missing if p not in unheard and c.planned[p] in c.diverged]
    refused = [p for p in missing if p not in unheard and p not in past_failure
               and c.planned[p] in c.refused_choice]
    lost = [p for p in missing if p not in unheard and p not in past_failure
            and p not in refused]
    detail = {"figures": figures, "missing": len(missing),
              "past_a_failure": len(past_failure), "past_a_refusal": len(refused),
              "pairs": [pair_text(p) for p in missing[:200]]}
    if not lost and not past_failure and not unheard:
        return Result(ob, Verdict.PROVED, seconds,
                      f"2-way: each of {domain} this table can reach observed; "
                      f"{len(refused):,} lie only past events the text leaves to the table, "
                      f"which it refused (not reachable at this table, e.g. "
                      f"{pair_text(refused[0])}); {three}",
                      enumeration=f"enumeration: {len(c.planned):,} pairs, "
                                  f"{len(refused):,} not reachable here")
    first = c.planned[past_failure[0]] if past_failure else ""
    why = (f"{len(past_failure):,} lie past an event the table answered otherwise than the "
           f"rules, in the script planned to reach them (the first: {first}, event "
           f"{c.diverged[first][0]})"
           if past_failure else
           f"{len(unheard):,} lie in scripts the table gave no answer to (the first: "
           f"{c.planned[unheard[0]]})"
           if unheard else
           "the table answered the scripts planned to reach them as the rules say, yet did "
           "not go through them: it keeps a history the features do not name")
    kinds = [c.diverged[c.planned[p]][1] for p in past_failure]
    cause = fault_cause(max(sorted(set(kinds)), key=kinds.count)) \
        if past_failure and not lost else ""
    return Result(ob, Verdict.ERROR, seconds,
                  f"not established: {len(missing):,} of {domain} never observed ({why}), "
                  f"the first: {pair_text(missing[0])}; {three}", detail, cause=cause)


def outside_words(figures: dict[str, Any], most: int = 4) -> str:
    """The classes of pairs outside the domain, summed up: the feature values paired with
    the most subjects outside it, and how many classes there are (the JSON lists each)."""
    classes = sorted(figures["outside"], key=lambda c: (-c["subjects"], c["feature"]))
    if not classes:
        return "none"
    shown = "; ".join(f"{c['feature']} = {c['value']} with {c['subjects']:,} subject"
                      f"{'' if c['subjects'] == 1 else 's'}" for c in classes[:most])
    more = len(classes) - most
    return shown + (f"; and {more:,} more class{'' if more == 1 else 'es'}, each listed in "
                    "the JSON report" if more > 0 else "")


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "0 %"
