"""The check under review, read strictly from outside: a check report (``check --format
json``) or an audit bundle (``check --bundle DIR``) of any engine, as the blueprint shows it.

Both are hostile. A report is read with bounds (:mod:`casino_proofs.untrusted.bounded_json`):
its size, its nesting, a key given twice. A bundle is read by :func:`.intact.load` (every file
hashed by its manifest, nothing else in it). Then every obligation is read field by field, with
its type and a bound on its length: an obligation with an unknown field, a verdict that is
none, an ID listed twice, a clause this text does not hold, or a reading this model does not
have, is refused (:class:`ReviewError`, one line naming the obligation and the field).

The verdicts are taken as recorded: the overall verdict and the counts are counted again from
the obligations (a report whose summary says otherwise is refused), but no query is solved
again; ``casino-proofs replay`` re-derives a bundle.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import Any

from casino_proofs import games, regulation
from casino_proofs.obligations.verdict import Obligation, Result, Verdict, exit_code
from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads
from casino_proofs.untrusted.printable import one_line

#: the largest report read, the most obligations, the longest ID and the longest free text
MAX_REPORT = 256 * 1024 * 1024
MAX_OBLIGATIONS = 200_000
MAX_ID = 4096
MAX_TEXT = 65_536
REPORT_SCHEMA, REPORT_VERSION = "casino-proofs/check", 2
_STRINGS = ("id", "game", "kind", "clause", "subject", "scope", "description", "verdict")
_OPTIONAL = {"seconds", "detail", "counterexample", "unsat_core", "resources", "evidence",
             "under", "rests_on", "cause"}
_BUNDLE_ONLY = {"queries", "smt_verdict"}
_VERDICTS = {v.value for v in Verdict}


class ReviewError(ValueError):
    """A report or bundle this tool will not show; the message names the file and field."""


@dataclass(frozen=True)
class Review:
    """What the blueprint shows of a check: who was checked, under which readings, and every
    obligation with its verdict as recorded."""

    source: str  # "check" (run now), "report" or "bundle"
    where: str  # the file or directory given (for a check run now: what was checked)
    target: str
    engine_kind: str
    engine_name: str
    engine_version: str
    games: tuple[str, ...]
    readings: dict[str, str]  # every reading of the registry, its value in force
    results: tuple[Result, ...]
    left_out: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    tool_version: str
    seconds: float | None

    @property
    def verdict(self) -> str:
        code = exit_code(list(self.results))
        if code == 1 and not any(r.verdict is Verdict.REFUTED for r in self.results):
            return "VACUOUS"
        return {0: "PROVED", 1: "REFUTED", 3: "UNKNOWN", 4: "ERROR"}[code]


def _fail(where: str, what: str) -> ReviewError:
    return ReviewError(f"{where[:200]}: {what}")


def _text(raw: Any, where: str, bound: int = MAX_ID) -> str:
    if not isinstance(raw, str) or len(raw) > bound:
        raise _fail(where, f"not a string of at most {bound:,} characters")
    return raw


def _texts(raw: Any, where: str, bound: int = MAX_ID) -> tuple[str, ...]:
    if not isinstance(raw, list) or len(raw) > 10_000:
        raise _fail(where, "not a list (of at most 10,000 entries)")
    return tuple(_text(x, where, bound) for x in raw)


def _registered(clause: str, where: str) -> str:
    try:
        regulation.lookup(clause)
    except KeyError:
        raise _fail(where, f"cites {clause[:80]!r}, which is neither a clause nor a convention "
                           "of the text this tool holds") from None
    return clause


def _evidence(raw: Any, where: str) -> tuple[Verdict | None, str, str]:
    if not isinstance(raw, dict) or not set(raw) <= {"smt", "enumeration", "note"} \
            or not {"smt", "enumeration"} <= set(raw):
        raise _fail(where, "its evidence is not an object of smt, enumeration and a note")
    smt = _text(raw["smt"], f"{where}: evidence.smt")
    if smt != "none" and smt not in _VERDICTS:
        raise _fail(where, f"its SMT evidence {smt[:20]!r} is no verdict")
    return (None if smt == "none" else Verdict(smt),
            _text(raw["enumeration"], f"{where}: evidence.enumeration", MAX_TEXT),
            _text(raw.get("note", ""), f"{where}: evidence.note", MAX_TEXT))


def _seconds(raw: Any, where: str) -> float:
    if raw is None:
        return 0.0
    if type(raw) not in (int, float) or not 0 <= raw < 10**9:
        raise _fail(where, "its seconds are not a number from 0")
    return float(raw)


def read_obligation(o: Any, i: int, bundle: bool = False) -> Result:
    """One obligation entry, read field by field (ReviewError naming it and the field)."""
    where = f"obligation {i}"
    if not isinstance(o, dict):
        raise _fail(where, "not an object")
    for key in _STRINGS:
        _text(o.get(key), f"{where}: {key}")
    where = f"obligation {o['id'][:120]}"
    unknown = sorted(set(o) - set(_STRINGS) - {"clauses", "readings"} - _OPTIONAL
                     - (_BUNDLE_ONLY if bundle else set()))
    if unknown:
        raise _fail(where, f"an unknown field {unknown[0][:40]!r}")
    if o["verdict"] not in _VERDICTS:
        raise _fail(where, f"the verdict {o['verdict'][:20]!r} is none of "
                           f"{', '.join(sorted(_VERDICTS))}")
    if o["game"] not in games.names():
        raise _fail(where, f"its game is neither {' nor '.join(games.names())}")
    clauses = tuple(_registered(c, where) for c in _texts(o.get("clauses"), f"{where}: clauses"))
    _registered(o["clause"], where)
    readings = _texts(o.get("readings"), f"{where}: readings")
    for rid in readings:
        if rid not in regulation.readings():
            raise _fail(where, f"rests on {rid[:60]!r}, which is not a reading of this model")
    rests_on = tuple(_registered(c, where) for c in _texts(o.get("rests_on", []),
                                                           f"{where}: rests_on"))
    cex = o.get("counterexample")
    if cex is not None and not isinstance(cex, dict):
        raise _fail(where, "its counterexample is not an object")
    resources = o.get("resources", 0)
    if type(resources) is not int or resources < 0:
        raise _fail(where, "its resources are not a whole number")
    smt, enumeration, note = (_evidence(o["evidence"], where) if "evidence" in o
                              else (None, "", ""))
    ob = Obligation(o["id"], o["kind"], o["clause"], clauses or (o["clause"],), o["subject"],
                    o["scope"], _text(o["description"], where, MAX_TEXT), readings, o["game"],
                    _text(o.get("under", ""), f"{where}: under"))
    return Result(ob, Verdict(o["verdict"]), _seconds(o.get("seconds"), where),
                  _text(o.get("detail", ""), f"{where}: detail", MAX_TEXT), cex,
                  _texts(o.get("unsat_core", []), f"{where}: unsat_core"),
                  enumeration=enumeration, resources=resources, evidence_note=note,
                  smt_verdict=smt, conventions=rests_on,
                  cause=_text(o.get("cause", ""), f"{where}: cause", MAX_TEXT))


def _results(raw: Any, where: str, bundle: bool = False) -> tuple[Result, ...]:
    if not isinstance(raw, list) or len(raw) > MAX_OBLIGATIONS:
        raise _fail(where, f"its obligations are not a list of at most {MAX_OBLIGATIONS:,}")
    out = tuple(read_obligation(o, i, bundle) for i, o in enumerate(raw))
    seen: set[str] = set()
    for r in out:
        if r.obligation.id in seen:
            raise _fail(where, f"{r.obligation.id[:120]} is listed twice")
        seen.add(r.obligation.id)
    return out


def readings_of(raw: dict[str, str], where: str) -> dict[str, str]:
    """Every reading of the registry with its value in force: the ones given, checked, and
    the defaults of the others."""
    registry = regulation.readings()
    out = {rid: r.default for rid, r in registry.items()}
    for rid, value in raw.items():
        if rid not in registry:
            raise _fail(where, f"the reading {rid[:60]!r} is not a reading of this model")
        if value not in {v.name for v in registry[rid].values}:
            raise _fail(where, f"reading {rid} has no value {value[:40]!r}")
        out[rid] = value
    return out


def _left_out(raw: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list) or not all(isinstance(x, dict) and set(x) == {"what", "why"}
                                            for x in raw):
        raise _fail(where, "left_out is not a list of what and why")
    return tuple((_text(x["what"], where), _text(x["why"], where)) for x in raw)


def _engine(raw: Any, where: str) -> tuple[str, str, str, str]:
    if not isinstance(raw, dict) or not isinstance(raw.get("hello"), dict):
        raise _fail(where, "its engine is not an object with a hello")
    hello = raw["hello"]
    return (_text(raw.get("target"), f"{where}: engine.target"),
            _text(raw.get("kind"), f"{where}: engine.kind", 40),
            one_line(_text(hello.get("name"), f"{where}: engine.hello.name", 200)),
            one_line(_text(hello.get("version"), f"{where}: engine.hello.version", 200)))


def _bounded_bytes(path: str) -> bytes:
    """The file's bytes, refused unless it is a regular file of at most MAX_REPORT bytes."""
    try:
        mode = os.stat(path)
    except OSError as exc:
        raise _fail(f"--report {path}", f"cannot read it ({exc.strerror or exc})") from None
    if not stat.S_ISREG(mode.st_mode):
        raise _fail(f"--report {path}", "not a regular file (give the JSON file casino-proofs "
                                         "check --format json wrote)")
    if mode.st_size > MAX_REPORT:
        raise _fail(f"--report {path}", f"over {MAX_REPORT:,} bytes; no check report is so "
                                         "large")
    with open(path, "rb") as f:
        return f.read(MAX_REPORT + 1)


def _summary_agrees(doc: dict[str, Any], results: tuple[Result, ...], where: str) -> None:
    """A report whose summary is not what its own obligations count is not one check wrote."""
    summary = doc.get("summary")
    if not isinstance(summary, dict):
        raise _fail(where, "has no summary")
    counted = {v.value: sum(1 for r in results if r.verdict is v) for v in Verdict}
    said = {v: summary.get(v) for v in counted}
    if said != counted or summary.get("total") != len(results):
        raise _fail(where, "its summary does not count its own obligations (edited by hand?)")


def read_report(path: str, source: str = "report") -> Review:
    """A check report (``check --format json``), read strictly."""
    where = f"--report {path}" if source == "report" else path
    try:
        doc = loads(_bounded_bytes(path), max_bytes=MAX_REPORT)
    except UntrustedJSON as exc:
        raise _fail(where, f"not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("schema") != REPORT_SCHEMA:
        raise _fail(where, f"not a {REPORT_SCHEMA} report (casino-proofs check --format json)")
    if doc.get("schema_version") != REPORT_VERSION:
        raise _fail(where, f"schema_version {str(doc.get('schema_version'))[:20]}; this "
                           f"blueprint reads version {REPORT_VERSION} reports")
    results = _results(doc.get("obligations"), where)
    _summary_agrees(doc, results, where)
    raw_readings = doc.get("readings")
    if not isinstance(raw_readings, dict) or not all(
            isinstance(v, dict) and isinstance(v.get("value"), str)
            for v in raw_readings.values()):
        raise _fail(where, "its readings are not an object of readings with their values")
    tool: dict[str, Any] = doc["tool"] if isinstance(doc.get("tool"), dict) else {}
    notes = doc.get("notes", [])
    summary_seconds = doc["summary"].get("seconds")
    return Review(
        source, path, *_engine(doc.get("engine"), where),
        games=tuple(g for g in games.names() if any(r.obligation.game == g for r in results)),
        readings=readings_of({k: v["value"] for k, v in raw_readings.items()}, where),
        results=results, left_out=_left_out(doc.get("left_out", []), where),
        notes=_texts(notes, f"{where}: notes", MAX_TEXT),
        tool_version=_text(tool.get("version", "unknown"), f"{where}: tool.version", 200),
        seconds=_seconds(summary_seconds, where) if summary_seconds is not None else None)


def read_bundle(directory: str) -> Review:
    """An audit bundle, checked intact (:func:`.intact.load`), then read strictly."""
    from casino_proofs.audit.intact import load

    bundle = load(directory)
    where = f"--bundle {directory}: obligations.json"
    results = _results(bundle.obligations, where, bundle=True)
    m = bundle.manifest
    project = m.raw.get("project")
    version = project.get("version", "unknown") if isinstance(project, dict) else "unknown"
    return Review(
        "bundle", directory, *_engine(m.engine, f"--bundle {directory}: manifest.json"),
        games=tuple(g for g in games.names() if any(g in run.games for run in m.runs)),
        readings=readings_of(m.readings, f"--bundle {directory}: manifest.json"),
        results=results, left_out=tuple((x["what"], x["why"]) for x in m.left_out),
        notes=(), tool_version=_text(version, "manifest.json: project.version", 200),
        seconds=None)
