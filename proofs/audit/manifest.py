"""A bundle's ``manifest.json``, read strictly: every field of the version this replay reads,
with its type, and nothing else. A field that is missing, of the wrong type, unknown, or a
value out of range is refused, naming the file and the field (:class:`BundleError`).

What each field is then worth is :mod:`casino_proofs.audit.rederive`'s job: re-derived and
compared, or named in the output as taken on record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from casino_proofs import games as registry
from casino_proofs.audit.manifest_engine import (
    known_conventions,
    known_readings,
    known_wagers,
    read_engine,
)
from casino_proofs.audit.manifest_fields import BundleError as BundleError
from casino_proofs.audit.manifest_fields import fail
from casino_proofs.audit.manifest_fields import read_object as _object
from casino_proofs.audit.manifest_fields import read_string as _string
from casino_proofs.protocol.hello import Hello
from casino_proofs.solving.budget import MAX_MS, MAX_RLIMIT, Budget

SCHEMA = "casino-proofs/bundle"
SCHEMA_VERSION = 3
KEYS = {"schema", "schema_version", "regulation", "project", "environment", "readings",
        "conventions", "check", "engine", "runs", "left_out", "budget", "sampling_seeds",
        "files"}


def _strings(raw: Any, where: str) -> list[str]:
    if not isinstance(raw, list):
        raise fail(where, "not a list")
    return [_string(x, f"{where}[{i}]") for i, x in enumerate(raw)]


def _string_map(raw: Any, where: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise fail(where, "not an object")
    return {_string(k, where): _string(v, f"{where}.{k[:40]}") for k, v in raw.items()}


@dataclass(frozen=True)
class RunRecord:
    """One run as the manifest records it: its plan (``check.runs``) and what the engine
    answered in it (``runs``)."""

    reading: str
    readings: dict[str, str]
    games: tuple[str, ...]
    #: by game, what the engine answered in the run (``runs[i].GAME``), read strictly by
    #: the game's room (the registry's ``run_record``)
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: by game, the log of the engine's channel in the run, when recorded
    channels: dict[str, Any] = field(default_factory=dict)


@dataclass
class Manifest:
    raw: dict[str, Any]
    regulation: dict[str, Any]
    readings: dict[str, str]
    conventions: list[str]
    runs: list[RunRecord]
    wagers: list[str] | None
    all_readings: bool
    only: str | None
    answers_files: dict[str, str]
    engine: dict[str, Any]
    hello: Hello
    left_out: list[dict[str, str]]
    budget: Budget
    sampling_seeds: dict[str, int]
    files: dict[str, str]


def _runs(check: dict[str, Any], recorded: Any) -> list[RunRecord]:
    plans = check["runs"]
    if not isinstance(plans, list) or not plans:
        raise fail("check.runs", "not a non-empty list")
    if not isinstance(recorded, list) or len(recorded) != len(plans):
        raise fail("runs", "not a list of one entry per run of check.runs")
    out = []
    for i, (plan, run) in enumerate(zip(plans, recorded, strict=True)):
        where = f"check.runs[{i}]"
        _object(plan, where, {"reading", "readings", "games"})
        games = tuple(_strings(plan["games"], f"{where}.games"))
        if not games or not set(games) <= set(registry.names()) \
                or len(set(games)) != len(games):
            raise fail(f"{where}.games", f"not a list of {' and '.join(registry.names())}, "
                                         "each once")
        _object(run, f"runs[{i}]", {"reading", "readings"}, set(registry.names()))
        if run["reading"] != plan["reading"] or run["readings"] != plan["readings"]:
            raise fail(f"runs[{i}]", "not the run check.runs lists at that place")
        records: dict[str, dict[str, Any]] = {}
        channels: dict[str, Any] = {}
        for game in registry.names():
            if game in run and not registry.has(game, "run_record"):
                raise fail(f"runs[{i}].{game}", "a game whose runs record nothing")
            if game in run:
                records[game], channel = registry.entry(game, "run_record")(
                    run[game], f"runs[{i}].{game}")
                if channel:
                    channels[game] = channel
        out.append(RunRecord(_string(plan["reading"], f"{where}.reading"),
                             known_readings(plan["readings"], f"{where}.readings"), games,
                             records, channels))
    return out


def _positive(raw: Any, where: str, most: int) -> int:
    if type(raw) is not int or not 1 <= raw <= most:
        raise fail(where, f"not a whole number from 1 to {most:,}")
    return raw


def _budget(raw: Any) -> Budget:
    b = _object(raw, "budget", {"z3_rlimit", "cvc5_rlimit_per", "wall_clock_safety_ms"})
    return Budget(z3_rlimit=_positive(b["z3_rlimit"], "budget.z3_rlimit", MAX_RLIMIT),
                  cvc5_rlimit=_positive(b["cvc5_rlimit_per"], "budget.cvc5_rlimit_per",
                                        MAX_RLIMIT),
                  wall_ms=_positive(b["wall_clock_safety_ms"], "budget.wall_clock_safety_ms",
                                    MAX_MS))


def read_manifest(raw: Any) -> Manifest:
    """The manifest, every field read strictly (BundleError naming the field)."""
    if not isinstance(raw, dict) or raw.get("schema") != SCHEMA:
        raise BundleError(f"manifest.json: not a {SCHEMA} manifest")
    if raw.get("schema_version") != SCHEMA_VERSION:
        raise BundleError(f"manifest.json: schema_version {str(raw.get('schema_version'))[:20]}"
                          f"; this replay reads version {SCHEMA_VERSION} bundles (write the "
                          "bundle again with this version of casino-proofs)")
    _object(raw, "the manifest", KEYS)
    regulation = _object(raw["regulation"], "regulation", {"files"},
                         set(raw["regulation"]) if isinstance(raw["regulation"], dict)
                         else set())
    _string_map(regulation["files"], "regulation.files")
    check = _object(raw["check"], "check", {"runs", "wagers", "answers", "all_readings", "only"})
    wagers = known_wagers(check["wagers"], "check.wagers")
    if not isinstance(check["all_readings"], bool):
        raise fail("check.all_readings", "not true or false")
    if check["only"] is not None and check["only"] not in registry.names():
        raise fail("check.only", f"not null, {' or '.join(registry.names())}")
    engine, hello = read_engine(raw["engine"])
    left_out = raw["left_out"]
    if not isinstance(left_out, list) or not all(
            isinstance(x, dict) and set(x) == {"what", "why"}
            and all(isinstance(v, str) for v in x.values()) for x in left_out):
        raise fail("left_out", "not a list of what and why")
    seeds = raw["sampling_seeds"]
    if not isinstance(seeds, dict) or not all(type(v) is int for v in seeds.values()):
        raise fail("sampling_seeds", "not an object of whole numbers")
    files = _string_map(raw["files"], "files")
    if not files:
        raise BundleError("manifest.json: its files map is missing or empty; every file of "
                          "a bundle is listed with its SHA-256")
    for name in ("project", "environment"):
        if not isinstance(raw[name], dict):
            raise fail(name, "not an object")
    return Manifest(
        raw=raw, regulation=regulation,
        readings=known_readings(raw["readings"], "readings"),
        conventions=known_conventions(raw["conventions"], "conventions"),
        runs=_runs(check, raw["runs"]), wagers=wagers, all_readings=check["all_readings"],
        only=check["only"], answers_files=_string_map(check["answers"], "check.answers"),
        engine=engine, hello=hello, left_out=left_out, budget=_budget(raw["budget"]),
        sampling_seeds=seeds, files=files)
