"""``casino-proofs replay DIR``: re-derive an audit bundle, believing nothing it says.

1. **Intact.** The manifest is read strictly; every file it lists must be there with its
   SHA-256, and nothing else may be (``timings.json`` aside). A missing, changed or unexpected
   file is refused with its name (exit 2).
2. **Re-solved.** Every SMT-LIB query goes through cvc5 (default) or Z3 under the bundle's
   deterministic resource budget. An answer other than the recorded one DIFFERS (exit 1); an
   exhausted budget is UNKNOWN (exit 3), never DIFFERS.
3. **Re-derived.** Each obligation's SMT verdict is derived again from its queries' answers
   (a claim is PROVED when its query is unsat, a witness when it is sat, ...), and must be the
   verdict recorded; the final verdict must follow from it as ``check`` decides. The craps
   obligations are proved again, from the engine's recorded answers, by the installed
   package: the same obligations, with the same verdicts, must come out. The set of Pai Gow
   obligations the specification gives rise to must be the bundle's.
4. With ``--regenerate``, every query is rebuilt from the installed package (and the recorded
   answers) and must be the same text: a query edited after the run, even one the solver
   still answers as recorded, is caught.

Pai Gow obligations decided by the pass over every hand rest on the engine's 2.9 million
answers, which the bundle keeps by hash only; the report says so for each.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from casino_proofs import spec
from casino_proofs.adapters.answers import CrapsAnswer, CrapsInput, read_recorded
from casino_proofs.adapters.engine import ChannelLog, read_hello
from casino_proofs.adapters.recorded import RecordedEngine
from casino_proofs.audit.bundle import SCHEMA, UNHASHED, query_file, sha256
from casino_proofs.obligations.verdict import (
    EXIT_PROVED,
    EXIT_REFUTED,
    EXIT_UNKNOWN,
    Result,
)
from casino_proofs.solving.budget import DEFAULT_CVC5_RLIMIT, DEFAULT_Z3_RLIMIT


class BundleError(ValueError):
    """A bundle that is not intact or not a bundle; the message names the file."""


@dataclass
class Bundle:
    root: Path
    manifest: dict[str, Any]
    obligations: list[dict[str, Any]]
    answers: dict[str, list[dict[str, Any]]]  # run -> recorded craps answers


@dataclass
class Finding:
    """What replay found about one obligation."""

    obligation: str
    #: same | differs | unknown | rederived-otherwise | missing | unexpected | on-record
    #: (rests on answers the bundle holds only as a hash: taken as recorded, and said to be)
    status: str
    detail: str = ""
    queries: list[dict[str, str]] = field(default_factory=list)


def _json_file(root: Path, name: str) -> Any:
    try:
        return json.loads((root / name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BundleError(f"{name}: missing from the bundle") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise BundleError(f"{name}: not valid JSON ({str(exc).splitlines()[0]})") from None


def _safe(name: Any) -> bool:
    if not isinstance(name, str) or not name or "\\" in name:
        return False
    path = PurePosixPath(name)
    return not path.is_absolute() and ".." not in path.parts


def load(directory: str) -> Bundle:
    """The bundle, checked intact (BundleError naming the file if it is not)."""
    root = Path(directory)
    if not root.is_dir():
        raise BundleError(f"{directory}: not a directory (write a bundle with "
                          "casino-proofs check --bundle DIR)")
    if not (root / "manifest.json").is_file():
        raise BundleError(f"{directory}: no manifest.json; not a bundle (write one with "
                          "casino-proofs check --bundle DIR)")
    manifest = _json_file(root, "manifest.json")
    if not isinstance(manifest, dict) or manifest.get("schema") != SCHEMA:
        raise BundleError(f"manifest.json: not a {SCHEMA} manifest")
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        raise BundleError("manifest.json: its files map is missing or empty; every file of "
                          "a bundle is listed with its SHA-256")
    for name, digest in sorted(files.items()):
        if not _safe(name) or name in UNHASHED or not isinstance(digest, str):
            raise BundleError(f"manifest.json: the entry {name!r} is not a bundle file")
        path = root / name
        if not path.is_file():
            raise BundleError(f"{name}: listed in manifest.json but missing from the bundle")
        if sha256(path.read_bytes()) != digest:
            raise BundleError(f"{name}: changed since the run (its SHA-256 is not the "
                              "manifest's)")
    present = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    for name in sorted(present - set(files) - set(UNHASHED)):
        raise BundleError(f"{name}: not part of the bundle (not listed in manifest.json)")
    if "obligations.json" not in files:
        raise BundleError("manifest.json: obligations.json is not listed")
    obligations = _json_file(root, "obligations.json")
    if not isinstance(obligations, list) or not all(
            isinstance(o, dict) and isinstance(o.get("id"), str)
            and isinstance(o.get("queries"), list) for o in obligations):
        raise BundleError("obligations.json: not a list of obligations with their queries")
    referenced: dict[str, str] = {}
    for o in obligations:
        for q in o["queries"]:
            name = q.get("file") if isinstance(q, dict) else None
            if not isinstance(name, str) or name not in files:
                raise BundleError(f"obligations.json: {o['id']} names a query {name!r} the "
                                  "manifest does not list")
            if name in referenced:
                raise BundleError(f"{name}: claimed by two obligations")
            referenced[name] = o["id"]
    for name in sorted(files):
        if name.startswith("smt/") and name not in referenced:
            raise BundleError(f"{name}: a query no obligation claims")
    answers: dict[str, list[dict[str, Any]]] = {}
    check = manifest.get("check")
    recorded = check.get("answers") if isinstance(check, dict) else None
    for run, name in (recorded if isinstance(recorded, dict) else {}).items():
        if name not in files:
            raise BundleError(f"manifest.json: the answers of run {run} ({name}) are not "
                              "listed")
        try:
            answers[run] = [json.loads(line) for line in
                            (root / name).read_text(encoding="utf-8").splitlines() if line]
        except ValueError as exc:
            raise BundleError(f"{name}: not JSON lines ({exc})") from None
    return Bundle(root, manifest, obligations, answers)


# -- solving -------------------------------------------------------------------------------


def _first_answer(output: str | bytes) -> str:
    """The first answer a solver printed: sat, unsat or unknown (an exhausted budget prints
    unknown, whatever it adds after it)."""
    text = output.decode("utf-8", "replace") if isinstance(output, bytes) else output
    for line in text.splitlines():
        words = line.split()
        if words and words[0] in ("sat", "unsat", "unknown"):
            return words[0]
    return f"error: {text.strip()[:200]}"


def run_z3(text: str, rlimit: int, wall_ms: int) -> str:
    import z3

    ctx = z3.Context()
    options = f"(set-option :rlimit {rlimit})\n(set-option :timeout {wall_ms})\n"
    try:
        output = z3.Z3_eval_smtlib2_string(ctx.ref(), options + text)
    except z3.Z3Exception as exc:  # a later command failed: the answer printed before counts
        return _first_answer(exc.value if isinstance(exc.value, str | bytes) else str(exc))
    return _first_answer(output)


def run_cvc5(text: str, rlimit: int, wall_ms: int) -> str:
    import cvc5

    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("rlimit-per", str(rlimit))
    solver.setOption("tlimit-per", str(wall_ms))
    parser = cvc5.InputParser(solver)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "bundle")
    symbols = parser.getSymbolManager()
    out = []
    try:
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            out.append(command.invoke(solver, symbols))
    except RuntimeError as exc:
        return f"error: {exc}"
    return _first_answer("".join(out))


# -- re-deriving verdicts ------------------------------------------------------------------

#: Obligations whose query states a claim (unsat proves it, sat refutes it).
CLAIMS = {"domain", "exclusive", "agrees", "universe", "abstraction"}


def smt_verdict(kind: str, answers: list[str]) -> str | None:
    """The SMT verdict an obligation's queries' answers give, by kind; None if the answers
    fit no verdict of that kind."""
    if "unknown" in answers:
        return "UNKNOWN"
    if not answers:
        return None
    if kind in CLAIMS:
        return {"unsat": "PROVED", "sat": "REFUTED"}.get(answers[0]) if len(answers) == 1 \
            else None
    if kind == "exhaustive":  # the claim, or the class's emptiness (VACUOUS)
        return {"unsat": "PROVED|VACUOUS", "sat": "REFUTED"}.get(answers[0]) \
            if len(answers) == 1 else None
    if kind == "nonvacuous":
        return {"sat": "PROVED", "unsat": "VACUOUS"}.get(answers[0]) if len(answers) == 1 \
            else None
    if kind == "reachable":
        return "PROVED" if answers == ["sat"] else \
            "VACUOUS" if all(a == "unsat" for a in answers) else None
    if kind == "statement":
        if answers[:2] == ["sat", "sat"] and len(answers) == 3:
            return {"unsat": "PROVED", "sat": "REFUTED"}.get(answers[2])
        if answers in (["unsat"], ["sat", "unsat"]):
            return "VACUOUS"
    return None


def follows(final: str, smt: str, enumerated: bool) -> bool:
    """Whether the final verdict follows from the SMT verdict as ``check`` decides: the same;
    or REFUTED/ERROR where the enumeration (craps) found what the query did not; or ERROR where
    a counterexample did not replay or an engine did not answer in time."""
    if final == smt:
        return True
    if smt == "PROVED" and final in ("REFUTED", "ERROR") and enumerated:
        return True
    return smt == "REFUTED" and final == "ERROR"


def _recorded_engine(bundle: Bundle, run: str) -> tuple[RecordedEngine,
                                                       RecordedEngine | None]:
    hello = read_hello(bundle.manifest.get("engine", {}).get("hello", {}))
    first: dict[CrapsInput, CrapsAnswer] = {}
    second: dict[CrapsInput, CrapsAnswer] = {}
    explicit: dict[CrapsInput, CrapsAnswer] = {}
    for entry in bundle.answers[run]:
        item = entry.get("input", {})
        state = item.get("state", {})
        roll = item.get("roll", [0, 0])
        q = CrapsInput(item.get("wager", ""), bool(state.get("come_out")), state.get("point"),
                       bool(state.get("working")), bool(state.get("first_roll")),
                       int(roll[0]), int(roll[1]))
        first[q] = read_recorded(entry.get("first"))
        if "second" in entry:
            second[q] = read_recorded(entry["second"])
        if "explicit" in entry:
            explicit[q] = read_recorded(entry["explicit"])
    recorded = next((r for r in bundle.manifest.get("runs", [])
                     if isinstance(r, dict) and r.get("reading") == run), {})
    raw_channel = (recorded.get("craps") or {}).get("channel")
    try:
        channel = None if raw_channel is None else ChannelLog.from_json(raw_channel)
    except ValueError as exc:
        raise BundleError(f"manifest.json: the channel log of run {run}: {exc}") from None
    main = RecordedEngine(hello, first, second or first, channel=channel)
    return main, (RecordedEngine(hello, explicit, explicit) if explicit else None)


def _prefix(run: str) -> str:
    return "" if run == "base" else f"reading/{run}/"


def rederive_craps(bundle: Bundle, run: str, readings: dict[str, str],
                   wagers: list[str] | None) -> list[Result]:
    from casino_proofs.obligations.craps import prove_craps
    from casino_proofs.solving.budget import Budget

    engine, explicit = _recorded_engine(bundle, run)
    budget = bundle.manifest.get("budget", {})
    return prove_craps(engine, readings, wagers,
                       Budget(z3_rlimit=int(budget.get("z3_rlimit", DEFAULT_Z3_RLIMIT))),
                       record=True, explicit=explicit).results


def paigow_smt_ids(readings: dict[str, str]) -> set[str]:
    """The Pai Gow obligations the specification alone gives rise to (decided by SMT)."""
    from casino_proofs.obligations.paigow import queries as pq
    from casino_proofs.obligations.paigow.scope_spec import SCOPES, ScopeSpec

    out: set[str] = set()
    r = spec.Readings.from_dict(readings)
    for scope in SCOPES:
        for part in pq.PARTS:
            out |= {f"paigow/{scope}/abstraction/{part}/{case}"
                    for case in pq.abstraction_cases(scope)}
        out |= {f"paigow/{scope}/nonvacuous/{name}" for name in pq.combination_names(scope)}
        out |= {f"paigow/{scope}/statement/{st.id}"
                for st in ScopeSpec.build(scope, r).statements}
    return out


def regenerate_paigow(readings: dict[str, str]) -> dict[str, tuple[tuple[str, str], ...]]:
    """Every Pai Gow query rebuilt from the installed package: obligation -> queries."""
    from casino_proofs.obligations.paigow import queries as pq
    from casino_proofs.obligations.paigow.scope_spec import FULL_DECK, SCOPES
    from casino_proofs.solving.budget import Budget

    r = spec.Readings.from_dict(readings)
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for scope in SCOPES:
        queries = [q for part in pq.PARTS
                   for q in pq.abstraction_queries(scope, part, r, Budget(), True)]
        queries += pq.spec_queries(scope, r, FULL_DECK, Budget(), True)
        out.update({q.id: q.smt for q in queries})
    return out


#: why a Pai Gow verdict over every hand is taken on record
ON_RECORD = ("rests on the engine's answers over every hand, which the bundle holds as a hash, "
             "not the answers (replay --paigow-again asks our implementation again)")


# -- the command ---------------------------------------------------------------------------


def replay(bundle: Bundle, solver: str, rlimit: int | None, wall_ms: int | None,
           regenerate: bool, progress: Any = None, paigow_again: bool = False) -> list[Finding]:
    budget = bundle.manifest.get("budget") or {}
    limit = rlimit or int(budget.get("cvc5_rlimit_per" if solver == "cvc5" else "z3_rlimit",
                                     DEFAULT_CVC5_RLIMIT if solver == "cvc5"
                                     else DEFAULT_Z3_RLIMIT))
    wall = wall_ms or int(budget.get("wall_clock_safety_ms", 300_000))
    run = run_cvc5 if solver == "cvc5" else run_z3
    by_id = {o["id"]: o for o in bundle.obligations}
    findings: list[Finding] = []
    if progress is not None:
        progress.total = len(bundle.obligations)
    for o in bundle.obligations:
        queries = []
        for q in o["queries"]:
            text = (bundle.root / q["file"]).read_text(encoding="utf-8")
            got = run(text, limit, wall)
            queries.append({"file": q["file"], "expected": str(q.get("expected")),
                            "got": got})
        findings.append(_judge(o, queries))
        if progress is not None:
            progress.step()
    findings += _rederive(bundle, by_id, regenerate)
    if paigow_again:
        again = {f.obligation: f for f in _paigow_again(bundle, by_id)}
        # an obligation asked again is judged by that alone: re-derived, or named as differing
        findings = [again.pop(f.obligation) if f.status == "on-record"
                    and f.obligation in again else f for f in findings]
        findings += [f for f in again.values() if f.status != "same"]
    return findings


_PAIGOW = re.compile(r"^(reading/[^/]+/)?paigow/")


def refuse_foreign_engine(bundle: Bundle) -> None:
    """``--paigow-again`` asks our implementation again, never a bundle's command."""
    engine = bundle.manifest.get("engine") or {}
    if engine.get("target") != "impl" or engine.get("kind") != "impl":
        raise BundleError(f"--paigow-again asks our implementation only; this bundle's engine "
                          f"is {str(engine.get('target'))[:80]!r} (a bundle's command is "
                          "never run): leave --paigow-again out")


def _paigow_again(bundle: Bundle, by_id: dict[str, dict[str, Any]]) -> list[Finding]:
    """The Pai Gow obligations proved again by asking our implementation every hand anew, each
    verdict and the hash of the answers compared with the bundle's (``same`` when equal)."""
    from casino_proofs.adapters.ours import OurImplementation
    from casino_proofs.obligations.paigow import check_paigow
    from casino_proofs.solving.budget import Budget

    refuse_foreign_engine(bundle)
    out: list[Finding] = []
    ours = OurImplementation()
    try:
        described = ours.describe()
    finally:
        ours.close()
    if (bundle.manifest.get("engine") or {}).get("hello") != described["hello"]:
        out.append(Finding("engine/hello", "rederived-otherwise",
                           "manifest.json: the engine's hello is not what our implementation "
                           "answers (its name, version, games, wagers or readings differ)"))
    budget = bundle.manifest.get("budget", {})
    recorded_runs = {str(r.get("reading")): r for r in bundle.manifest.get("runs", [])}
    for run_entry in (bundle.manifest.get("check") or {}).get("runs", []):
        if "paigow" not in run_entry.get("games", []):
            continue
        run = str(run_entry.get("reading", "base"))
        prefix = _prefix(run)
        outcome = check_paigow(dict(run_entry.get("readings") or {}), workers=2,
                               budget=Budget(z3_rlimit=int(budget.get("z3_rlimit",
                                                                      DEFAULT_Z3_RLIMIT))))
        got = {prefix + r.obligation.id: r.verdict.value for r in outcome.results}
        for oid, verdict in sorted(got.items()):
            recorded = by_id.get(oid)
            if recorded is None:
                out.append(Finding(oid, "missing", "our implementation, asked again, gives "
                                                   "rise to this obligation; the bundle lacks it"))
            elif recorded.get("verdict") != verdict:
                out.append(Finding(oid, "rederived-otherwise",
                                   f"proved again by asking our implementation anew: {verdict}; "
                                   f"the bundle records {recorded.get('verdict')}"))
            else:
                out.append(Finding(oid, "same", "proved again by asking our implementation "
                                                "every hand anew"))
        for oid in sorted(i for i in by_id if i.startswith(prefix + "paigow/") and i not in got
                          and not i.startswith(prefix + "paigow/offered")):
            out.append(Finding(oid, "unexpected", "asking our implementation again gives no "
                                                  "such obligation"))
        digest = (recorded_runs.get(run, {}).get("paigow") or {}).get("answers_sha256")
        if digest != outcome.answers_digest:
            out.append(Finding(prefix + "paigow/answers", "rederived-otherwise",
                               f"manifest.json: the hash of our implementation's answers, asked "
                               f"again, is {outcome.answers_digest[:16]}...; the bundle records "
                               f"{str(digest)[:16]}..."))
    return out


def _judge(o: dict[str, Any], queries: list[dict[str, str]]) -> Finding:
    final, recorded_smt = str(o.get("verdict")), o.get("smt_verdict")
    if any(q["got"] == "unknown" for q in queries):
        return Finding(o["id"], "unknown", "a query exhausted the solver's budget", queries)
    wrong = [q for q in queries if q["got"] != q["expected"]]
    if wrong:
        return Finding(o["id"], "differs", f"{wrong[0]['file']}: expected "
                                           f"{wrong[0]['expected']}, got {wrong[0]['got']}",
                       queries)
    if not queries:
        if recorded_smt is not None:
            return Finding(o["id"], "rederived-otherwise",
                           f"records an SMT verdict {recorded_smt} but no query")
        if _PAIGOW.match(str(o["id"])):
            return Finding(o["id"], "on-record", ON_RECORD)
        return Finding(o["id"], "same", "decided without SMT: proved again from the recorded "
                                        "craps answers")
    derived = smt_verdict(str(o.get("kind")), [q["got"] for q in queries])
    if derived is None or recorded_smt not in derived.split("|"):
        return Finding(o["id"], "rederived-otherwise",
                       f"its queries' answers give {derived or 'no verdict'}, the bundle "
                       f"records {recorded_smt}", queries)
    enumerated = isinstance(o.get("evidence"), dict) and \
        o["evidence"].get("enumeration", "none") != "none"
    if not follows(final, recorded_smt, enumerated):
        return Finding(o["id"], "rederived-otherwise",
                       f"the verdict {final} does not follow from its SMT verdict "
                       f"{recorded_smt}", queries)
    return Finding(o["id"], "same", "", queries)


def _rederive(bundle: Bundle, by_id: dict[str, dict[str, Any]],
              regenerate: bool) -> list[Finding]:
    out: list[Finding] = []
    check = bundle.manifest.get("check") or {}
    wagers = check.get("wagers")
    seen: set[str] = set()
    for run_entry in check.get("runs", []):
        run = str(run_entry.get("reading", "base"))
        readings = dict(run_entry.get("readings") or {})
        prefix = _prefix(run)
        games = run_entry.get("games", [])
        if "craps" in games and run in bundle.answers:
            for r in rederive_craps(bundle, run, readings, wagers):
                oid = prefix + r.obligation.id
                seen.add(oid)
                recorded = by_id.get(oid)
                if recorded is None:
                    out.append(Finding(oid, "missing", "the installed package proves this "
                                                       "obligation; the bundle lacks it"))
                    continue
                if recorded.get("verdict") != r.verdict.value:
                    out.append(Finding(oid, "rederived-otherwise",
                                       f"re-proved from the recorded answers: {r.verdict.value}"
                                       f"; the bundle records {recorded.get('verdict')}"))
                if regenerate:
                    out += _compare_texts(bundle, oid, recorded, r.smt)
        if "paigow" in games:
            expected = {prefix + i for i in paigow_smt_ids(readings)}
            mine = {i for i in by_id if i.startswith(prefix + "paigow/")}
            present = {i for i in mine if i[len(prefix):].split("/")[2] in
                       ("abstraction", "nonvacuous", "statement")}
            seen |= mine
            for oid in sorted(expected - present):
                out.append(Finding(oid, "missing", "the specification gives rise to this "
                                                   "obligation; the bundle lacks it"))
            for oid in sorted(present - expected):
                out.append(Finding(oid, "unexpected", "the specification gives rise to no "
                                                      "such obligation"))
            if regenerate:
                for qid, smt in regenerate_paigow(readings).items():
                    recorded = by_id.get(prefix + qid)
                    if recorded is not None:
                        out += _compare_texts(bundle, prefix + qid, recorded, smt)
        seen |= {prefix + "craps/offered", prefix + "paigow/offered"}
    if "par.json" in (bundle.manifest.get("files") or {}):
        out += _rederive_par(bundle, wagers)
    for oid in sorted(set(by_id) - seen):
        out.append(Finding(oid, "unexpected", "re-deriving the bundle gives no such "
                                              "obligation"))
    return out


def _rederive_par(bundle: Bundle, wagers: list[str] | None) -> list[Finding]:
    """The PAR sheet, computed again: the craps rows from the specification and the engine's
    recorded answers, the Pai Gow tables from the specification. The implementation's Pai Gow
    tables rest on the engine, which a bundle does not hold; they are not re-derived."""
    from casino_proofs.analyses.par import par_rows, row_json
    from casino_proofs.analyses.par_paigow import spec_tables, table_json

    recorded = json.loads((bundle.root / "par.json").read_text(encoding="utf-8"))
    runs: list[dict[str, Any]] = (bundle.manifest.get("check") or {}).get("runs", [])
    base_run: dict[str, Any] = next((r for r in runs if r.get("reading") == "base"),
                                    {"readings": {}})
    readings = dict(base_run.get("readings") or {})
    out: list[Finding] = []
    if "craps" in recorded:
        engine, _explicit = _recorded_engine(bundle, "base")

        def rederivable(row: dict[str, Any]) -> dict[str, Any]:
            # the engine's answers are recorded under the base readings alone: its figures
            # under another reading are not re-derived, the specification's are
            return row if row.get("reading") == "base" else {
                k: v for k, v in row.items() if k not in ("agree", "impl_figures", "note")}

        again = [rederivable(row_json(r)) for r in par_rows(readings, wagers, engine)]
        if again != [rederivable(r) for r in recorded["craps"]]:
            first = next((f"{a['wager']} [{a['reading']}]" for a, b in
                          zip(again, recorded["craps"], strict=False) if a != rederivable(b)),
                         "the number of rows")
            out.append(Finding("par/craps", "rederived-otherwise",
                               f"par.json: the craps sheet computed again differs ({first})"))
    if "paigow" in recorded:
        totals = {"five_card": 2_869_685, "two_card": 1_378, "seven_card": 154_143_080}
        again_pg = [{"reading": label,
                     "five_card": table_json(made.five, totals["five_card"]),
                     "two_card": table_json(made.low, totals["two_card"]),
                     "seven_card": table_json(made.seven, totals["seven_card"])}
                    for label, _chosen, made in spec_tables(readings)]
        mine = [{"reading": p.get("reading"), **{k: p.get(k, {}).get("combinations")
                                                   for k in totals}}
                for p in recorded["paigow"]]
        if again_pg != mine:
            out.append(Finding("par/paigow", "rederived-otherwise",
                               "par.json: the Pai Gow tables computed again from the "
                               "specification differ"))
    return out


def _compare_texts(bundle: Bundle, oid: str, recorded: dict[str, Any],
                   rebuilt: tuple[tuple[str, str], ...]) -> list[Finding]:
    files = [q["file"] for q in recorded["queries"]]
    if len(files) != len(rebuilt):
        return [Finding(oid, "regenerated-otherwise",
                        f"{len(rebuilt)} queries rebuilt, {len(files)} in the bundle")]
    for i, (name, (expected, text)) in enumerate(zip(files, rebuilt, strict=True)):
        if name != query_file(oid, i):
            return [Finding(oid, "regenerated-otherwise", f"{name}: not where the query "
                                                          "belongs")]
        if (bundle.root / name).read_text(encoding="utf-8") != text:
            return [Finding(oid, "regenerated-otherwise",
                            f"{name}: not the query the installed package builds")]
        if recorded["queries"][i].get("expected") != expected:
            return [Finding(oid, "regenerated-otherwise",
                            f"{name}: recorded to answer {recorded['queries'][i].get('expected')}"
                            f", rebuilt to answer {expected}")]
    return []


def run_replay(args: argparse.Namespace) -> int:
    from casino_proofs.reports.progress import Progress

    bundle = load(args.bundle)  # a bad bundle is a one-line error before any solving
    if args.paigow_again:
        refuse_foreign_engine(bundle)
    if args.solver == "cvc5":
        try:
            import cvc5  # noqa: F401
        except ImportError as exc:
            raise BundleError("cvc5 is not installed: pip install cvc5 (or use --solver z3)") \
                from exc
    bar = Progress(f"replay with {args.solver}", 0, not args.quiet)
    findings = replay(bundle, args.solver, args.rlimit, args.timeout_ms, args.regenerate, bar,
                      paigow_again=args.paigow_again)
    bar.close()
    bad = [f for f in findings if f.status not in ("same", "unknown", "on-record")]
    unknown = [f for f in findings if f.status == "unknown"]
    on_record = [f for f in findings if f.status == "on-record"]
    queries = sum(len(f.queries) for f in findings)
    if args.format == "json":
        doc = {"schema": "casino-proofs/replay", "schema_version": 2, "solver": args.solver,
               "regenerate": args.regenerate, "queries": queries,
               "obligations": len(bundle.obligations), "paigow_again": args.paigow_again,
               "on_record": len(on_record),
               "findings": [{"obligation": f.obligation, "status": f.status,
                             "detail": f.detail, "queries": f.queries}
                            for f in findings if f.status != "same"],
               "exit_code": EXIT_REFUTED if bad else EXIT_UNKNOWN if unknown else EXIT_PROVED}
        sys.stdout.write(json.dumps(doc, indent=2) + "\n")
    else:
        for f in findings:
            if f.status not in ("same", "on-record"):
                sys.stdout.write(f"{f.status.upper():<22} {f.obligation}: {f.detail}\n")
        if on_record:
            sys.stdout.write(f"{'ON RECORD':<22} {len(on_record)} Pai Gow verdicts, e.g. "
                             f"{on_record[0].obligation}: {ON_RECORD}\n")
        sys.stdout.write(
            f"{queries} queries re-solved with {args.solver} and "
            f"{len(bundle.obligations) - len(on_record)} obligations re-derived"
            f"{' (queries regenerated)' if args.regenerate else ''}"
            f"{', the Pai Gow hands asked again' if args.paigow_again else ''}, "
            f"{len(on_record)} taken on record: "
            f"{len(bad)} not re-derived, {len(unknown)} UNKNOWN\n")
    if bad:
        return EXIT_REFUTED
    return EXIT_UNKNOWN if unknown else EXIT_PROVED
