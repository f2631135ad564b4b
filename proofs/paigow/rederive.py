"""The Pai Gow obligations of a bundle, against what the installed package gives rise to.

- Which obligations a run has, and each one's kind, clauses, subject and description, come
  from :mod:`casino_proofs.paigow.obligations.catalogue`, for the run's readings and the
  engine the manifest records (whether it names combinations, as its recorded counts show;
  whether it is our implementation, or a program): a dropped, added or relabelled obligation is
  named.
- The obligations about the specification alone (``abstraction``, ``nonvacuous``,
  ``statement``) are decided again: their queries rebuilt and solved by Z3 in this process, and
  their dual evidence counted again over every class of the deck (read off the bulk table,
  whose ``bulk`` obligation is decided again too). Only the example hands the
  solver picks (its models, which depend on the process's history) and the resource counts
  are set aside.
- The verdicts over every hand rest on the engine's answers to 2.9 million hands, which the
  bundle holds as a hash: taken on record, and said to be (``replay --engine`` asks again).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache, partial
from typing import Any

from casino_proofs import spec
from casino_proofs.audit.bundle import obligation_entry
from casino_proofs.audit.findings import Finding, OnRecord, compare_texts, differing
from casino_proofs.audit.intact import Bundle
from casino_proofs.audit.manifest import RunRecord
from casino_proofs.audit.manifest_fields import (
    fail,
    read_channel,
    read_count,
    read_object,
    read_string,
)
from casino_proofs.audit.schema import obligation_metadata
from casino_proofs.obligations.plan import prefix, relabel, relabelled
from casino_proofs.obligations.verdict import Result
from casino_proofs.paigow.obligations import catalogue, spec_side
from casino_proofs.paigow.obligations import queries as pq
from casino_proofs.paigow.obligations.evidence import DeckView
from casino_proofs.paigow.obligations.scope_spec import FULL_DECK, SCOPES, ScopeSpec
from casino_proofs.progress import phase
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.budget import Budget

SMT_KINDS = ("abstraction", "nonvacuous", "statement")
#: decided again here from the installed package alone: the queries, and the bulk table
REDERIVED = (*SMT_KINDS, "bulk")
#: what the metadata of an obligation is: the fields the catalogue gives it
METADATA = ("id", "game", "kind", "clause", "clauses", "subject", "scope", "description",
            "readings", "under")
#: set aside for the obligations about the specification: the solver's example hands
MODELS = ("resources", "detail", "counterexample")

ON_RECORD = ("rests on the engine's answers over every hand, which the bundle holds as a hash, "
             "not the answers (replay --engine TARGET asks again)")


def _entry(r: Result) -> dict[str, Any]:
    return dict(json.loads(json.dumps(obligation_entry(r))))


def spec_results(scope: str, readings: dict[str, str], budget: Budget) -> list[Result]:
    """The obligations about the specification alone, decided again (queries rebuilt and
    solved, their dual evidence counted over every class of the deck); once per scope,
    readings and budget in a process, since they depend on the installed package alone."""
    return list(_spec_results(scope, tuple(sorted(readings.items())), budget))


@cache
def _spec_results(scope: str, readings_items: tuple[tuple[str, str], ...],
                  budget: Budget) -> tuple[Result, ...]:
    readings = dict(readings_items)
    r = spec.Readings.from_dict(readings)
    queries = [q for part in pq.PARTS
               for q in pq.abstraction_queries(scope, part, r, budget, True)]
    queries += pq.spec_queries(scope, r, FULL_DECK, budget, True)
    view = DeckView.full_deck(scope, ScopeSpec.build(scope, r), readings)
    bulk = replace(spec_side.bulk(view), enumeration=spec_side.every_hand(len(FULL_DECK)))
    return (*spec_side.enumerated(view, spec_side.query_results(queries)), bulk)


def paigow_findings(run: RunRecord, kind_of_engine: str, by_id: dict[str, dict[str, Any]],
                    budget: Budget, compare_texts: Any, compare_only: bool = False
                    ) -> tuple[list[Finding], dict[str, str]]:
    """Each obligation the run gives rise to, against the bundle's; and the kind of each (by
    ID)."""
    out: list[Finding] = []
    kinds: dict[str, str] = {}
    counts = (run.records.get("paigow") or {}).get("combination_counts", {})
    ours, program = kind_of_engine == "impl", kind_of_engine == "exec"
    for scope in SCOPES:
        built = ScopeSpec.build(scope, spec.Readings.from_dict(run.readings))
        expected = catalogue.expected(scope, built.statements, len(FULL_DECK),
                                      named=scope in counts, compare=ours, spec_checks=True,
                                      ours=ours, program=program, compare_only=compare_only)
        decided = {r.obligation.id: r for r in relabel(spec_results(scope, run.readings, budget),
                                                       run.reading)}
        for ob in expected:
            oid = prefix(run.reading) + ob.id
            kinds[oid] = ob.claim
            recorded = by_id.get(oid)
            if recorded is None:
                out.append(Finding(oid, "missing", "the installed package gives rise to this "
                                                   "obligation; the bundle lacks it"))
                continue
            if ob.claim in REDERIVED:
                result = decided[oid]
                found = differing(oid, recorded, _entry(result), MODELS)
                out += [found] if found else []
                out += compare_texts(oid, recorded, result.smt)
                continue
            meta = obligation_metadata(relabelled(ob, run.reading))
            found = differing(oid, {k: recorded.get(k) for k in METADATA if k in recorded},
                              meta)
            if found is not None:
                out.append(found)
            elif recorded["queries"] or recorded.get("smt_verdict") is not None:
                out.append(Finding(oid, "rederived-otherwise",
                                   "obligations.json: it records SMT queries or an SMT "
                                   "verdict, and no query decides it"))
            else:
                out.append(Finding(oid, "on-record", ON_RECORD))
    return out, kinds


def rederive(bundle: Bundle, run: RunRecord, by_id: dict[str, dict[str, Any]], budget: Budget,
             again: dict[str, Any]) -> tuple[list[Finding], dict[str, str]]:
    """The run's Pai Gow obligations derived again (``games.py``'s ``rederive``): those
    about the specification decided again, against the bundle's; and the kind of each (by
    ID). ``again`` is the craps runs' proofs, which Pai Gow has none of."""
    m = bundle.manifest
    return paigow_findings(run, m.engine["kind"], by_id, budget, partial(compare_texts, bundle),
                           m.engine.get("ranking") == "compare")


def par_tables(recorded: list[Any], _bundle: Bundle, base: RunRecord
               ) -> list[dict[str, Any]]:
    """A bundle's Pai Gow PAR tables derived again (the registry's ``rederive_par`` entry):
    the specification's counted again; the implementation's (asked once per class, in the
    run) taken on record; whether the five-card table matches the run's own pass derived
    again from the pass's counts the manifest records."""
    from casino_proofs.paigow.par import PaiGowPar, Tables, par_json, spec_tables

    by_reading = {p.get("reading"): p for p in recorded if isinstance(p, dict)}
    counts = (base.records.get("paigow") or {}).get("combination_counts", {})
    out = []
    for label, _chosen, made in spec_tables(base.readings):
        kept = by_reading.get(label, {})
        impl = kept.get("impl")
        got = Tables(impl["five_card"], impl["two_card"], impl["seven_card"]) \
            if isinstance(impl, dict) and set(impl) == {"five_card", "two_card",
                                                        "seven_card"} else None
        entry = par_json(PaiGowPar(label, made, got, str(kept.get("note", ""))))
        if label == "base":
            five = {c["combination"]: c["hands"] for c in entry["five_card"]["combinations"]}
            entry["five_card"]["matches_the_proof_pass"] = (
                None if "high" not in counts else five == counts["high"])
        out.append(entry)
    return out


def again(bundle: Bundle, run: RunRecord, engine: Engine,
          by_id: dict[str, dict[str, Any]]) -> list[Finding]:
    """The run's Pai Gow obligations proved again by asking the engine every hand anew
    (``replay --engine TARGET``; the registry's ``again`` entry), each verdict and the hash
    of the answers required the bundle's (none: the engine does not play Pai Gow)."""
    from casino_proofs.paigow.obligations import prove_paigow

    if "paigow" not in engine.hello.games:
        return []
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
    digest = (run.records.get("paigow") or {}).get("answers_sha256")
    if digest != outcome.answers_digest:
        out.append(Finding(prefix(run.reading) + "paigow/answers", "rederived-otherwise",
                           f"manifest.json: the hash of the engine's answers, asked again, is "
                           f"{outcome.answers_digest[:16]}...; the bundle records "
                           f"{str(digest)[:16]}..."))
    return out


def run_record(raw: Any, where: str) -> tuple[dict[str, Any], dict[str, ChannelLog]]:
    """What a bundle's manifest records of Pai Gow in one run (``runs[i].paigow``), read
    strictly (the registry's ``run_record``): the hash of the engine's answers, the size of
    its determinism sample, the pass's hand counts by scope and combination; and each
    scope's channel log when recorded."""
    paigow = read_object(raw, where,
                         {"answers_sha256", "determinism_sample", "combination_counts"},
                         {"channel"})
    read_string(paigow["answers_sha256"], f"{where}.answers_sha256")
    read_count(paigow["determinism_sample"], f"{where}.determinism_sample")
    counts = paigow["combination_counts"]
    if not isinstance(counts, dict) or not all(
            isinstance(v, dict) and all(type(n) is int for n in v.values())
            for v in counts.values()):
        raise fail(f"{where}.combination_counts", "not hand counts by scope and combination")
    channels = {scope: read_channel(log, f"{where}.channel.{scope}")
                for scope, log in (paigow.get("channel") or {}).items()}
    return paigow, channels


def manifest_left_out(bundle: Bundle, _again: dict[str, Any]) -> list[dict[str, str]]:
    """What a check of the recorded scope leaves out of Pai Gow, derived again: for each
    scope, what cannot apply to the engine (whether it named combinations is on record: the
    pass's counts)."""
    from casino_proofs.paigow.obligations.run import left_out

    m = bundle.manifest
    base = m.runs[0]
    if "paigow" not in base.games or "paigow" not in m.hello.games:
        return []
    counts = (base.records.get("paigow") or {}).get("combination_counts", {})
    compare_only = m.hello.raw.get("ranking") == "compare"
    out: list[dict[str, str]] = []
    for scope in ("high", "low"):
        out += left_out(scope, scope in counts, m.engine["kind"] == "impl", compare_only)
    return out


def run_findings(_bundle: Bundle, i: int, run: RunRecord, _again: dict[str, Any]
                 ) -> list[Finding]:
    """Run ``i``'s Pai Gow record: the size of its determinism sample, derived again."""
    from casino_proofs.audit.rederive_engine import field_finding
    from casino_proofs.paigow.obligations.run import _sample

    kept = run.records.get("paigow")
    if kept is None:
        return []
    return field_finding(f"runs[{i}].paigow.determinism_sample", kept["determinism_sample"],
                         len(_sample(FULL_DECK)))


def runs_on_record(bundle: Bundle) -> list[OnRecord]:
    """What of the runs a bundle takes on record: the hash of the engine's answers over every
    hand and the pass's counts (the answers are not in a bundle)."""
    if not any(r.records.get("paigow") for r in bundle.manifest.runs):
        return []
    return [OnRecord("runs[].paigow.answers_sha256, combination_counts",
                     "the hash of the engine's answers over every hand, and the pass's "
                     "counts: the answers themselves are not in a bundle")]
