"""The regulation blueprint as a document: every sentence of the text, in English and French,
beside what the project knows about it and what the check under review found
(``casino-proofs blueprint``; :mod:`.blueprint_html` writes it as a static site,
:mod:`.blueprint_graph` draws its dependency graph).

Built from two inputs and nothing else: the check under review
(:class:`casino_proofs.audit.review.Review`: our own check run now, or a report or bundle of
any engine, its verdicts as recorded) and what the project holds about the text
(:class:`casino_proofs.analyses.assurance.blueprint_inputs.Inputs`).

Each sentence, convention, definition (a numbered paragraph: the wager or combination it
defines) and reading has one status, the first that holds of:

- ``refuted``: an obligation resting on it is REFUTED or VACUOUS: the engine under review
  departs from it, or from a clause the obligation cites beside it (the site names the
  deciding one);
- ``unsettled``: one is UNKNOWN or ERROR: nothing established either way;
- ``convention``: it is a convention, not regulation text (only a refutation outranks this);
- ``ambiguous``: a reading that touches it is material (its verdicts hold under the reading
  in force only); a reading itself is ambiguous when material;
- ``proved``: obligations rest on it, every one PROVED (a reading: decided harmless);
- ``silent``: no obligation of this check rests on it (out of scope, or left out).

A definition takes the first status of its sentences. Whatever rests, through the graph's
edges, on something refuted says so (``broken_below``).

One status hides what comes after it: a sentence that is proved and also touched by a material
reading is ``ambiguous``. So each entry also has its ``facets``, shown side by side: what its
obligations established (one of ``refuted``, ``unsettled``, ``proved``, ``silent``), and beside
it ``ambiguous`` where a material reading touches it and ``convention`` where it is one. Its
status is the first of its facets in the order above.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from casino_proofs import regulation
from casino_proofs.analyses.assurance.blueprint_inputs import CodeSpan, Constraint, Inputs
from casino_proofs.audit.review import Review
from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.reports.check import readings_line, settlement_text, witness_lines
from casino_proofs.version import tool_version

STATUSES = ("refuted", "unsettled", "convention", "ambiguous", "proved", "silent")
STATUS_LABEL = {
    "refuted": "refuted by the engine under review",
    "unsettled": "not established (UNKNOWN or ERROR)",
    "convention": "convention only: not regulation text",
    "ambiguous": "ambiguous: a material reading",
    "proved": "proved",
    "silent": "silent: no obligation of this check rests on it",
}
#: the longest witness line shown whole (an engine's refusal can be long)
MAX_LINE = 4000
#: a status's label where room is short (a table's cell or header)
SHORT_LABEL = {"refuted": "refuted", "unsettled": "not established", "convention": "convention",
               "ambiguous": "ambiguous", "proved": "proved", "silent": "silent"}
#: the facets that say what the obligations established: an entry has one of them
ESTABLISHED = ("refuted", "unsettled", "proved", "silent")
SECTION_NAMES = {"95.15": "Multiple Chances wagers", "95.16": "Associate Chances wagers",
                 "40": "Ranking of Pai Gow Poker combinations"}


@dataclass(frozen=True)
class ObligationView:
    number: int  # its place in the check (anchor ``ob-N``)
    id: str
    verdict: str
    claim: str
    subject: str
    scope: str
    under: str
    description: str
    evidence: str
    witness: tuple[str, ...]  # in words (failing obligations); the detail (proved ones)
    clauses: tuple[str, ...]
    clause: str  # the deciding one

    @property
    def failing(self) -> bool:
        return self.verdict != "PROVED"


@dataclass(frozen=True)
class Comparison:
    """One ambiguity finding: the default against one other value."""

    alternative: str
    verdict: str
    material: bool | None
    words: tuple[str, ...]  # the witness in words, or the proof
    #: a reading that changes the wagers of several sections: the words with a witness of
    #: each section's own (a section's page shows its own)
    by_section: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def words_for(self, section: str) -> tuple[str, ...]:
        """The words a page of ``section`` shows (the first witness elsewhere)."""
        return self.by_section.get(section, self.words)


@dataclass(frozen=True)
class ReadingView:
    id: str
    origin: str  # text | language | convention
    quote: str
    note: str
    clauses: tuple[str, ...]
    default: str
    in_force: str | None  # readings.toml's readings only (the check's value)
    values: tuple[tuple[str, str, str], ...]  # name, description, why the text is defective
    comparisons: tuple[Comparison, ...]
    status: str

    @property
    def material(self) -> bool | None:
        marks = [c.material for c in self.comparisons]
        return True if True in marks else None if None in marks or not marks else False


@dataclass(frozen=True)
class CoverageView:
    constraints: int
    functions: int
    obligations: int
    proved: int
    tests: tuple[str, ...] | None  # None: the tests were not visible
    out_of_scope: str | None
    table_obligations: tuple[str, ...]


@dataclass(frozen=True)
class ParView:
    """One PAR row: a craps wager from one start under one reading, or one combination's
    count in one table of Pai Gow hands; every figure an exact string."""

    what: str
    start: str
    reading: str
    figures: tuple[tuple[str, str, str], ...]  # label, exact, decimal
    note: str = ""


@dataclass
class Entry:
    """A sentence or a convention, with everything the site shows under it."""

    id: str
    role: str  # sentence | convention
    section: str  # "95.15"; "" for a convention
    paragraph: str
    en: str
    fr: str | None
    note: str = ""
    title: str = ""  # a convention's
    source: str = ""  # a convention's
    needed_by: tuple[str, ...] = ()
    policy: bool = False
    status: str = "silent"
    #: what its obligations established, and beside it convention and ambiguous where they
    #: hold (the module's docstring)
    facets: tuple[str, ...] = ("silent",)
    obligations: list[int] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    code: list[CodeSpan] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    conventions: list[str] = field(default_factory=list)
    broken_below: list[str] = field(default_factory=list)
    coverage: CoverageView | None = None
    par: list[ParView] = field(default_factory=list)


@dataclass(frozen=True)
class Paragraph:
    id: str
    title: str
    title_fr: str
    sentences: tuple[str, ...]
    status: str
    definition: bool  # a numbered paragraph (not the opening words): a node of its own
    facets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    page: str
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True)
class Node:
    id: str
    role: str  # sentence | definition | convention | reading
    label: str
    status: str
    href: str
    title: str
    flagged: bool  # it rests on something the engine under review breaks


@dataclass
class Blueprint:
    review: Review
    inputs: Inputs
    sections: tuple[Section, ...]
    entries: dict[str, Entry]
    obligations: tuple[ObligationView, ...]
    readings: dict[str, ReadingView]
    nodes: tuple[Node, ...] = ()
    edges: tuple[tuple[str, str], ...] = ()
    tool: str = field(default_factory=tool_version)

    def counts(self) -> dict[str, int]:
        c = Counter(o.verdict for o in self.obligations)
        return {v.value: c.get(v.value, 0) for v in Verdict}

    def page_of(self, clause: str) -> str:
        """The page and anchor of a clause, paragraph, convention or reading."""
        if clause.startswith("reading-"):
            return f"readings.html#{clause}"
        if regulation.is_convention(clause):
            return f"conventions.html#{clause}"
        section = regulation.lookup(regulation.paragraph_of(clause))
        assert isinstance(section, regulation.Paragraph)
        return f"section-{section.section}.html#{clause}"


def _clipped(line: str) -> str:
    if len(line) <= MAX_LINE:
        return line
    return f"{line[:MAX_LINE]}… ({len(line) - MAX_LINE:,} more characters not shown)"


def _evidence(r: Result) -> str:
    smt = r.smt_verdict.value if r.smt_verdict else "none"
    parts = [f"SMT: {smt}", f"enumeration: {r.enumeration.removeprefix('enumeration: ')}"
             if r.enumeration else "enumeration: none"]
    if r.evidence_note:
        parts.append(f"note: {r.evidence_note}")
    return "; ".join(parts)


def obligation_view(number: int, r: Result, readings: dict[str, str] | None = None
                    ) -> ObligationView:
    """One obligation as the site shows it; a failing one with its witness in words (the
    words every report uses, :func:`casino_proofs.reports.check.witness_lines`). A
    counterexample not in the form check writes is refused (ValueError naming it)."""
    ob = r.obligation
    words: tuple[str, ...]
    if r.verdict is Verdict.PROVED:
        words = (r.detail,) if r.detail else ()
    else:
        try:
            words = tuple(witness_lines(r))
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
            raise ValueError(f"obligation {ob.id[:120]}: its counterexample is not in the form "
                             f"casino-proofs check writes ({type(exc).__name__}: "
                             f"{str(exc)[:80]})") from None
        if r.cause:
            words += (f"cause: {r.cause}",)
        if readings_line(r):  # the readings it rests on, with their values in force
            words += ("rests on the reading" + "s" * (len(ob.readings) > 1) + " "
                      + ", ".join(f"{rid}={(readings or {}).get(rid, '?')}"
                                  for rid in ob.readings) + " (in force)",)
    return ObligationView(number, ob.id, r.verdict.value, ob.claim, ob.subject, ob.scope,
                          ob.under, ob.description, _evidence(r),
                          tuple(_clipped(w) for w in words), r.clauses, ob.clause)


def covered_ids(clause: str) -> list[str]:
    """The entries a citation reaches: a sentence or convention itself, a paragraph each of
    its sentences."""
    entry = regulation.lookup(clause)
    if isinstance(entry, regulation.Paragraph):
        return [s.id for s in entry.sentences]
    return [clause]


def _witness_words(f: dict[str, Any]) -> tuple[str, ...]:
    """An ambiguity finding's witness in words (as ``casino-proofs ambiguities`` gives it)."""
    w = f.get("witness") or {}
    other = f["compared"][1]
    if "wager" in w:
        state = w["state"]
        where = ", ".join(["come-out roll" if state.get("come_out") else "not a come-out roll"]
                          + ([f"point {state['point']}"] if state.get("point") else []))
        lines = [f"witness: {w['wager']} on roll {w['roll'][0]},{w['roll'][1]} ({where})"]
        for name, side in ((f["default"], w["default"]), (other, w.get(other))):
            if isinstance(side, dict):
                side = {k: v for k, v in side.items() if k != "clauses"}
                text = (f"undefined ({side.get('why', '')})" if side.get("decision") ==
                        "undefined" else settlement_text(side))
            else:
                text = str(side)
            lines.append(f"{name}: {text}")
        return tuple(lines)
    if "hand" in w:
        return (f"witness: {w['hand']}: {f['default']} makes it {w['default']}, {other} "
                f"{w[other]}",)
    if "says" in w:
        return (f"witness: {w['says']}",)
    if "roll" in w:
        return (f"witness: roll {w['roll'][0]},{w['roll'][1]}: English {w['english']}, French "
                f"{w['french']} ({w['meaning']})",)
    return ()


def _comparison(f: dict[str, Any]) -> Comparison:
    def words(witness: dict[str, Any] | None) -> tuple[str, ...]:
        out = list(_witness_words({**f, "witness": witness})) if f["material"] else []
        delta = (witness or {}).get("delta", f.get("delta"))
        if delta is not None:
            out.append(f"delta per unit staked ({f['compared'][1]} less {f['default']}): "
                       f"{delta}")
        if f.get("affected"):
            out.append(f"affects: {', '.join(f['affected'])}")
        if f.get("proof"):
            out.append(f"proof: {f['proof']}")
        return tuple(out)
    by_section = {section: words(w) for section, w in f.get("witness_by_section", {}).items()}
    return Comparison(f["compared"][1], f["verdict"], f["material"], words(f.get("witness")),
                      by_section)


def reading_views(inputs: Inputs) -> dict[str, ReadingView]:
    """Every reading and ambiguity entry, with each of its findings."""
    registry = regulation.readings()
    by_id: dict[str, list[dict[str, Any]]] = {}
    for f in inputs.ambiguities:
        by_id.setdefault(f["id"], []).append(f)
    out: dict[str, ReadingView] = {}
    for rid, found in by_id.items():
        first = found[0]
        known = registry.get(rid)
        values = tuple((v["name"], v["description"],
                        (known.value(v["name"]).leaves_text_defective or "") if known else "")
                       for v in first["readings"])
        comparisons = tuple(_comparison(f) for f in found)
        marks = [c.material for c in comparisons]
        status = "ambiguous" if True in marks else "unsettled" if None in marks else "proved"
        out[rid] = ReadingView(rid, first["kind"], first["quote"], first.get("note", ""),
                               tuple(first["clauses"]), first["default"],
                               inputs.readings.get(rid) if known else None, values,
                               comparisons, status)
    return out


# -- building the document -------------------------------------------------------------------

def _entries() -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for p in regulation.paragraphs():
        for s in p.sentences:
            out[s.id] = Entry(s.id, "sentence", p.section, p.id, s.en, s.fr, s.note or "")
    for c in regulation.conventions().values():
        out[c.id] = Entry(c.id, "convention", "", c.id, c.text, None, title=c.title,
                          source=c.source, needed_by=c.needed_by, policy=c.policy)
    return out


def _figures(row: dict[str, Any]) -> tuple[tuple[str, str, str], ...]:
    f = row.get("figures")
    if not f:
        return ()
    he = f["house_edge"]
    outcomes = tuple((f"{o['decision']}, net {o['net']}", o["probability"],
                      o["probability_decimal"]) for o in f["outcomes"])
    return (
        *outcomes,
        ("hit frequency", f["hit_frequency"]["exact"], f["hit_frequency"]["decimal"]),
        ("return", f["return"]["exact"], f["return"]["decimal"]),
        ("house edge per bet made", he["per_bet_made"]["exact"], he["per_bet_made"]["decimal"]),
        ("house edge per bet resolved", he["per_bet_resolved"]["exact"],
         he["per_bet_resolved"]["decimal"]),
        ("house edge per roll", he["per_roll"]["exact"], he["per_roll"]["decimal"]),
        ("standard deviation", f["standard_deviation"]["exact"],
         f["standard_deviation"]["decimal"]),
        ("rolls to a decision", f["expected_rolls"]["exact"], f["expected_rolls"]["decimal"]))


def _par(entries: dict[str, Entry], inputs: Inputs) -> None:
    """Each PAR row under the sentence or convention that names its wager or combination."""
    from fractions import Fraction

    from casino_proofs.analyses.par.decimals import decimal

    for row in inputs.par_craps:
        note = row.get("note", "")
        if not row["agree"]:
            note = "; ".join(x for x in (note, "the implementation's figures differ") if x)
        entries[inputs.wager_home[row["wager"]]].par.append(ParView(
            row["wager"], row["start"], row["reading"], _figures(row), note))
    names = {"five_card": "five-card high hands", "two_card": "two-card low hands",
             "seven_card": "seven-card hands dealt, by their best five"}
    for key, table in inputs.par_paigow.items():
        for c in table["combinations"]:
            home = covered_ids(c["clause"])[0]
            p = Fraction(c["probability"])
            entries[home].par.append(ParView(
                c["combination"], f"{names[key]} ({table['hands']:,} hands)", "in force",
                (("hands", f"{c['hands']:,}", ""), ("probability", str(p), decimal(p)))))


def _attach(entries: dict[str, Entry], obligations: tuple[ObligationView, ...],
            inputs: Inputs, readings: dict[str, ReadingView]) -> None:
    for o in obligations:
        for clause in o.clauses:
            for eid in covered_ids(clause):
                if o.number not in entries[eid].obligations:
                    entries[eid].obligations.append(o.number)
    for eid, found in inputs.constraints.items():
        entries[eid].constraints = list(found)
        entries[eid].readings += [r for c in found for r in c.readings if r in readings]
    for eid, spans in inputs.code.items():
        entries[eid].code = list(spans)
    for rv in readings.values():
        for clause in rv.clauses:
            for eid in covered_ids(clause):
                entries[eid].readings.append(rv.id)
    for c in regulation.conventions().values():
        for clause in c.needed_by:
            for eid in covered_ids(clause):
                entries[eid].conventions.append(c.id)
    for a, b in inputs.edges:
        if regulation.is_convention(b):
            for eid in covered_ids(a):
                entries[eid].conventions.append(b)
    for e in entries.values():
        e.conventions = list(dict.fromkeys(e.conventions))
        e.readings = list(dict.fromkeys(e.readings))
    _par(entries, inputs)


def _facets(e: Entry, obligations: tuple[ObligationView, ...],
            readings: dict[str, ReadingView]) -> tuple[str, ...]:
    """The entry's facets (the module's docstring): what its obligations established, then
    convention and ambiguous where they hold. A failing obligation counts against every
    clause it rests on: a proof cannot say which of them the engine departs from (an Any 7
    that overpays breaks the payout its deciding win clause cites)."""
    verdicts = {obligations[n].verdict for n in e.obligations}
    found = ["refuted" if verdicts & {"REFUTED", "VACUOUS"} else
             "unsettled" if verdicts & {"UNKNOWN", "ERROR"} else
             "proved" if verdicts else "silent"]
    if e.role == "convention":
        found.append("convention")
    if any(readings[r].material for r in e.readings):
        found.append("ambiguous")
    return tuple(found)


def status_of(facets: tuple[str, ...]) -> str:
    """The one status of an entry: the first of its facets in STATUSES' order."""
    return next(s for s in STATUSES if s in facets)


def group_facets(facets: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The facets a group of entries (a paragraph) shows: the first of what their
    obligations established, and ambiguous if any of them is (a convention among regulation
    text counts as nothing)."""
    every = {f for fs in facets for f in fs}
    established = next((s for s in ESTABLISHED if s in every and s != "silent"), "silent")
    return (established, "ambiguous") if "ambiguous" in every else (established,)


def _coverage(e: Entry, inputs: Inputs, obligations: tuple[ObligationView, ...]
              ) -> CoverageView:
    proved = sum(1 for n in e.obligations if obligations[n].verdict == "PROVED")
    row = inputs.coverage.get(e.id)
    if row is None:  # a convention: coverage counts sentences only
        return CoverageView(len(e.constraints), len(e.code), len(e.obligations), proved,
                            None, None, ())
    tests = tuple(row.tests) if inputs.tests_folder is not None else None
    return CoverageView(len(row.constraints), len(row.impl), len(e.obligations), proved,
                        tests, row.out_of_scope, tuple(row.table_obligations))


def first_status(statuses: list[str]) -> str:
    """The status a group of entries shows: the first of theirs in STATUSES' order (a
    convention among regulation text counts as nothing: silent)."""
    for s in STATUSES:
        if s in statuses and s != "convention":
            return s
    return "silent"


def _sections(entries: dict[str, Entry]) -> tuple[Section, ...]:
    by_section: dict[str, list[Paragraph]] = {}
    for p in regulation.paragraphs():
        sids = tuple(s.id for s in p.sentences)
        by_section.setdefault(p.section, []).append(Paragraph(
            p.id, p.title, _title_fr(p.id), sids, first_status([entries[s].status for s in sids]),
            not p.id.endswith("-intro"), group_facets([entries[s].facets for s in sids])))
    return tuple(Section(sec, SECTION_NAMES.get(sec, f"s. {sec}"), f"section-{sec}.html",
                         tuple(ps)) for sec, ps in by_section.items())


def _title_fr(paragraph: str) -> str:
    """A paragraph's French title, where the seeds give one."""
    return _french_titles().get(paragraph, "")


@cache
def _french_titles() -> dict[str, str]:
    titles: dict[str, str] = {}
    for name in regulation.section_files():
        text = resources.files("casino_proofs.regulation").joinpath(name).read_text("utf-8")
        titles.update({p["id"]: p.get("title_fr", "") for p in tomllib.loads(text)["paragraph"]})
    return titles


def obligation_views(review: Review) -> tuple[ObligationView, ...]:
    """Every obligation of the check under review as the site shows it (ValueError if a
    counterexample is not one the check writes: asked before anything else is done)."""
    return tuple(obligation_view(i, r, review.readings) for i, r in enumerate(review.results))


def build(review: Review, inputs: Inputs,
          obligations: tuple[ObligationView, ...] | None = None) -> Blueprint:
    """The blueprint of the check under review (ValueError if its counterexamples are not
    the check's)."""
    if obligations is None:
        obligations = obligation_views(review)
    readings = reading_views(inputs)
    entries = _entries()
    _attach(entries, obligations, inputs, readings)
    for e in entries.values():
        e.facets = _facets(e, obligations, readings)
        e.status = status_of(e.facets)
        e.coverage = _coverage(e, inputs, obligations)
    doc = Blueprint(review, inputs, _sections(entries), entries, obligations, readings)
    doc.nodes, doc.edges = graph_of(doc)
    flagged = {n.id for n in doc.nodes if n.flagged}
    for e in entries.values():
        if e.id in flagged:
            e.broken_below = below_broken(doc, e.id)
    return doc


def below_broken(doc: Blueprint, start: str) -> list[str]:
    """The nodes ``start`` rests on, directly or not, that the engine under review breaks."""
    return _below(start, doc.edges, {n.id: n.status for n in doc.nodes})


def _below(start: str, edges: tuple[tuple[str, str], ...], status: dict[str, str]) -> list[str]:
    out: dict[str, None] = {}
    onward: dict[str, list[str]] = {}
    for a, b in edges:
        onward.setdefault(a, []).append(b)
    seen, todo = {start}, [start]
    while todo:
        for b in onward.get(todo.pop(), []):
            if b not in seen:
                seen.add(b)
                todo.append(b)
                if status.get(b) == "refuted":
                    out[b] = None
    return sorted(out)


# -- the dependency graph --------------------------------------------------------------------

def _nodes_of(clause: str) -> list[str]:
    """The graph's nodes a citation names: a sentence, a convention, a numbered paragraph
    (its definition node), or the sentences of the opening words."""
    entry = regulation.lookup(clause)
    if isinstance(entry, regulation.Paragraph) and entry.id.endswith("-intro"):
        return [s.id for s in entry.sentences]
    return [clause]


def _edges(doc: Blueprint) -> tuple[tuple[str, str], ...]:
    """What rests on what: a sentence on the definition it belongs to; a clause on each
    convention that names it as needing it, and on each reading that reads it; a clause on
    every other clause the specification's rules and statements cite beside it, and on the
    readings its rules depend on."""
    out: list[tuple[str, str]] = []
    for section in doc.sections:
        for p in section.paragraphs:
            if p.definition:
                out += [(s, p.id) for s in p.sentences]
    for c in regulation.conventions().values():
        out += [(n, c.id) for clause in c.needed_by for n in _nodes_of(clause)]
    for rv in doc.readings.values():
        out += [(n, f"reading-{rv.id}") for clause in rv.clauses for n in _nodes_of(clause)]
    for a, b in doc.inputs.edges:
        out += [(x, y) for x in _nodes_of(a) for y in _nodes_of(b) if x != y]
    for found in doc.inputs.constraints.values():  # a rule resting on a reading
        out += [(x, f"reading-{r}") for c in found for r in c.readings if r in doc.readings
                for x in _nodes_of(c.clauses[0])]
    return tuple(sorted(set(out)))


def _plain(text: str, most: int = 240) -> str:
    return text if len(text) <= most else f"{text[:most - 1]}…"


def graph_of(doc: Blueprint) -> tuple[tuple[Node, ...], tuple[tuple[str, str], ...]]:
    """Every sentence, definition, convention and reading as a node, with its status and
    the page it links to, and the edges between them."""
    nodes: list[Node] = []
    for section in doc.sections:
        for p in section.paragraphs:
            if p.definition:
                nodes.append(Node(p.id, "definition", f"{p.id} {p.title}", p.status,
                                  doc.page_of(p.id), f"{p.id} {p.title}", False))
            for sid in p.sentences:
                e = doc.entries[sid]
                nodes.append(Node(sid, "sentence", sid, e.status, doc.page_of(sid),
                                  _plain(e.en), False))
    for c in regulation.conventions().values():
        e = doc.entries[c.id]
        nodes.append(Node(c.id, "convention", c.id, e.status, doc.page_of(c.id),
                          f"{c.title} (convention, not regulation text)", False))
    for rv in doc.readings.values():
        nodes.append(Node(f"reading-{rv.id}", "reading", f"reading {rv.id}", rv.status,
                          doc.page_of(f"reading-{rv.id}"), _plain(rv.quote), False))
    edges = _edges(doc)
    status = {n.id: n.status for n in nodes}
    return tuple(Node(n.id, n.role, n.label, n.status, n.href, n.title,
                      bool(_below(n.id, edges, status))) for n in nodes), edges
