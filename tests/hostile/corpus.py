"""The hostile corpus of issue 42, kept: every input aimed at what release 0.2.0 added
(directory and gzip logs, ``--workers`` and ``--scheduler``, protocol versions, ``blueprint
--report/--bundle/--tests``, replay of every bundle kind), each with the exit code it must
get and the one line it must give -- on stderr for a refusal (exit 2), else the report's
``Result:`` line. The ten cases the issue found failing come first; then one of each class of
the earlier corpora that held. Bundles forged field by field are ``tests/forgeries/``.

A case builds its inputs in a folder of its own (``Env``) and gives the command's arguments;
a case that needs a bound made small gets it by an option, or (the answer line's bound) by
``patch``, so that each runs in about a second.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.hostile.engines.silent_listener import silent_listener
from tests.hostile.logs import FLOORED, HELLO_FLOOR, WAGERS, directory_cases, lines

ROOT = Path(__file__).resolve().parents[2]
ENGINES = Path(__file__).resolve().parent / "engines"
TABLE = ROOT / "tests" / "engines" / "table" / "impl_table.py"
#: a path a terminal would obey: clear the screen, paint red, go back to the line's start
HOSTILE_NAME = "s\x1b[2J\x1b[31mRE\rsite"


@dataclass
class Env:
    """Where a case builds its inputs, what it may hold open while it runs, and how it makes
    a bound small."""

    tmp: Path
    stack: contextlib.ExitStack
    monkeypatch: pytest.MonkeyPatch


@dataclass(frozen=True)
class Case:
    """One hostile input: what it is, how it is made, the exit code and the one line."""

    name: str
    what: str
    argv: Callable[[Env], list[str]]
    exit: int
    line: str  # a regular expression the one line matches
    needs_dask: bool = False


def _log(env: Env, *records: object) -> Path:
    return lines(env.tmp / "log.jsonl", HELLO_FLOOR, *records)


def _check(log: Path | str, *more: str) -> list[str]:
    return ["check", "--quiet", *WAGERS, "--engine", f"table:{log}", *more]


def _directory(case: str) -> Callable[[Env], list[str]]:
    return lambda env: _check(directory_cases(env.tmp)[case])


def _bomb(env: Env) -> list[str]:
    path = env.tmp / "bomb.jsonl.gz"
    member = gzip.compress(b"\n" * (1 << 20), 9)
    with path.open("wb") as f:
        f.write(gzip.compress((json.dumps(HELLO_FLOOR) + "\n" + json.dumps(FLOORED)
                               + "\n").encode()))
        for _ in range(4):
            f.write(member)
    return _check(path, "--max-log-lines", "100000")


def _ratio_bomb(env: Env) -> list[str]:
    path = env.tmp / "bomb.jsonl.gz"
    member = gzip.compress((b"x" * 1023 + b"\n") * 1024, 9)  # a MiB of long lines
    with path.open("wb") as f:
        f.write(gzip.compress((json.dumps(HELLO_FLOOR) + "\n").encode()))
        for _ in range(17):
            f.write(member)
    return _check(path)


def _silent_scheduler(env: Env) -> list[str]:
    address = env.stack.enter_context(silent_listener())
    return _check(_log(env, FLOORED), "--scheduler", address, "--scheduler-timeout-ms", "300")


def _breaks_channel(env: Env) -> list[str]:
    from casino_proofs.adapters.program import process

    env.monkeypatch.setattr(process, "MAX_LINE", 4096)
    env.monkeypatch.setenv("LINE_BYTES", "8192")
    return ["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--sessions", "1",
            "--engine", f"play:{sys.executable} {ENGINES / 'breaks_channel.py'}",
            "--max-restarts", "3"]


def _tests_folder(env: Env, make: Callable[[Path], None]) -> list[str]:
    folder = env.tmp / "tests"
    folder.mkdir()
    (folder / "test_hop.py").write_text("def test_r3_95_15_1_s1(): pass\n")
    make(folder)
    return ["blueprint", "--quiet", "--tests", str(folder), "--output", str(env.tmp / "site")]


def _bundle_inside(env: Env) -> list[str]:
    from casino_proofs.command.main import main

    bundle = env.tmp / "bundle"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--bundle",
                     str(bundle)]) == 0
    return ["blueprint", "--quiet", "--bundle", str(bundle), "--output", str(bundle / "site")]


def _escaped_output(env: Env) -> list[str]:
    """The issue's "pages written" line, the site's making stubbed out (the whole blueprint:
    tests/hostile/test_outputs.py, -m exhaustive)."""
    from casino_proofs.analyses.assurance import blueprint_inputs
    from casino_proofs.command.main import main
    from casino_proofs.reports import blueprint, blueprint_html

    report = env.tmp / "report.json"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--format",
                     "json", "--output", str(report)]) == 0
    env.monkeypatch.setattr(blueprint_inputs, "gather", lambda *a, **k: None)
    env.monkeypatch.setattr(blueprint, "build", lambda *a, **k: None)
    env.monkeypatch.setattr(blueprint_html, "render", lambda *_a: {"index.html": "<p></p>"})
    env.monkeypatch.setattr(blueprint_html, "site_pages", lambda *_a: ["index.html"])
    return ["blueprint", "--report", str(report), "--output", str(env.tmp / HOSTILE_NAME)]


def _forged_protocol(env: Env) -> list[str]:
    from casino_proofs.command.main import main

    bundle = env.tmp / "bundle"
    with contextlib.redirect_stdout(io.StringIO()):
        main(["check", "--quiet", "--only", "craps", "--wagers", "any-7", "--sessions", "1",
              "--engine", f"play:{sys.executable} {TABLE}", "--bundle", str(bundle)])
    manifest = json.loads((bundle / "manifest.json").read_text())
    manifest["engine"]["protocol"] = "9.9"
    (bundle / "manifest.json").write_text(json.dumps(manifest))
    return ["replay", "--quiet", "--solver", "z3", str(bundle)]


def _cut_gzip(env: Env) -> list[str]:
    data = gzip.compress("".join(json.dumps(FLOORED) + "\n" for _ in range(2000)).encode())
    path = env.tmp / "cut.jsonl.gz"
    path.write_bytes(data[:len(data) // 2])
    return _check(path)


def _fifo(env: Env) -> list[str]:
    os.mkfifo(env.tmp / "log.jsonl")
    return _check(env.tmp / "log.jsonl")


def _closed_port(env: Env) -> list[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again when the case runs
    return _check(_log(env, FLOORED), "--scheduler", f"tcp://127.0.0.1:{port}")


def _hello_engine(env: Env, name: str = "'t'", protocol: str = "2.1") -> list[str]:
    """A table that answers every request with its hello (``name``: a Python literal)."""
    engine = env.tmp / "table.py"
    engine.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    if json.loads(line).get('op') == 'bye': break\n"
        f"    print(json.dumps({{'name': {name}, 'version': '1', 'games': ['craps'], 'wagers': "
        f"['any-7'], 'interface': 'table', 'protocol': '{protocol}', 'money': {{'unit': '1', "
        "'rounding': 'exact'}}), flush=True)\n")
    return ["check", "--quiet", "--only", "craps", "--engine", f"play:{sys.executable} {engine}"]


def _protocol_engine(env: Env) -> list[str]:
    return _hello_engine(env, protocol="9.9")


def _surrogate_engine(env: Env) -> list[str]:
    """A table whose hello's name is a lone surrogate, escaped (``"\\ud800"``)."""
    return _hello_engine(env, name="'\\ud800'")


def _two_hellos(env: Env) -> list[str]:
    folder = env.tmp / "log"
    folder.mkdir()
    lines(folder / "a.jsonl", HELLO_FLOOR, FLOORED)
    lines(folder / "b.jsonl", {"hello": {"money": {"unit": "1", "rounding": "half-up"}}})
    return _check(folder)


def _unreadable(env: Env) -> list[str]:
    log = _log(env, FLOORED)
    with log.open("a") as f:
        f.write('{"events": [\n')
    return _check(log)


def _not_json(env: Env) -> list[str]:
    (env.tmp / "r.json").write_text("{not json")
    return ["blueprint", "--quiet", "--report", str(env.tmp / "r.json"), "--output",
            str(env.tmp / "site")]


CASES = (
    # -- the ten the issue found failing ----------------------------------------------------
    Case("dir-log-session-then-hello", "a file with no hello beside one declaring floor "
         "rounding (was PROVED)", _directory("session-then-hello"), 2,
         r"a\.jsonl: has no hello, so it is read at the default .* differs from the hello "
         r"of b\.jsonl"),
    Case("dir-log-hello-then-session", "the same, the files in the other order (was PROVED)",
         _directory("hello-then-session"), 2, r"b\.jsonl: has no hello.* of a\.jsonl"),
    Case("dir-log-hello-and-session-then-session", "a file with a hello beside one with none "
         "(was PROVED)", _directory("hello-and-session-then-session"), 2,
         r"b\.jsonl: has no hello.* of a\.jsonl"),
    Case("gzip-bomb-of-blank-lines", "blank lines inflating from a few KB (ran 600 s)",
         _bomb, 2, r"the log has more than 100,000 lines \(blank lines included\); nothing "
                   r"of it was judged \(--max-log-lines raises the bound\)"),
    Case("gzip-bomb-by-ratio", "17 MiB inflating from about 17 KB", _ratio_bomb, 2,
         r"inflates to more than 100 times its [0-9,]+ compressed bytes \(a gzip bomb\?\)"),
    Case("silent-scheduler", "a listener that accepts and never speaks (hung 400 s)",
         _silent_scheduler, 2, r"does not answer Dask's handshake within 300 ms "
                               r"\(--scheduler-timeout-ms raises the bound\)",
         needs_dask=True),
    Case("table-breaking-its-channel", "a line over the bound in every process (restarted "
         "1,121 times in 600 s)", _breaks_channel, 1,
         r"^Result: REFUTED \(exit 1\); also [0-9]+ ERROR"),
    Case("tests-link-to-dev-zero", "blueprint --tests with test_zero.py -> /dev/zero (2 GB in "
         "7.5 s)", lambda env: _tests_folder(env, lambda f: (f / "test_zero.py").symlink_to(
             "/dev/zero")), 2, r"test_zero\.py is a symbolic link out of the folder"),
    Case("tests-fifo", "blueprint --tests with a FIFO test_fifo.py (blocked 300 s)",
         lambda env: _tests_folder(env, lambda f: os.mkfifo(f / "test_fifo.py")), 2,
         r"test_fifo\.py is a FIFO; only regular files are read"),
    Case("blueprint-inside-its-bundle", "blueprint --bundle B --output B/site (changed the "
         "evidence)", _bundle_inside, 2, r"--output .*/bundle/site: it is inside the bundle"),
    Case("escape-in-output-path", "an --output holding ESC and CR (printed raw)",
         _escaped_output, 0, r"pages written to .*/s\\u001b\[2J\\u001b\[31mRE\\u000dsite/"
                             r"index\.html \(PROVED\)"),
    Case("forged-protocol-bundle", "a play: bundle naming engine.protocol 9.9 (taken on "
         "record, exit 5)", _forged_protocol, 2, r"manifest\.json: engine\.protocol: it names "
                                                 r"protocol version \"9\.9\""),
    # -- one of each class of the earlier corpora, which held -------------------------------
    Case("gzip-cut-short", "a gzip log cut in half", _cut_gzip, 2,
         r"the gzip data is cut short or corrupt after line"),
    Case("gz-not-gzip", "a log named .gz that is not gzip",
         lambda env: _check(lines(env.tmp / "log.jsonl.gz", FLOORED)), 2,
         r"not gzip, though its name ends in \.gz"),
    Case("log-fifo", "a FIFO as the log", _fifo, 2, r"a FIFO; a table is a regular file"),
    Case("log-two-hellos", "two files whose hellos differ", _two_hellos, 2,
         r"b\.jsonl: line 1, the hello: differs from the hello of a\.jsonl"),
    Case("log-unreadable-line", "a session cut short", _unreadable, 1,
         r"^Result: REFUTED \(exit 1\)"),
    Case("workers-zero", "--workers 0", lambda env: _check(_log(env, FLOORED), "--workers",
                                                           "0"), 2, r"--workers"),
    Case("scheduler-not-an-address", "--scheduler http://host", lambda env: _check(
        _log(env, FLOORED), "--scheduler", "http://host"), 2,
         r"--scheduler takes local .* or tcp://HOST:PORT", needs_dask=True),
    Case("scheduler-closed-port", "--scheduler at a closed port", _closed_port, 2,
         r"no Dask scheduler answers there", needs_dask=True),
    Case("hello-protocol-unknown", "a table whose hello names protocol 9.9", _protocol_engine,
         2, r"protocol version \"9\.9\", which this checker does not speak"),
    Case("log-hello-lone-surrogate", "a log whose hello names a lone surrogate (read as a "
         "settlement table: every session a bad record, exit 1)", lambda env: _check(lines(
             env.tmp / "log.jsonl", {"hello": {"name": "\ud800", **HELLO_FLOOR["hello"]}},
             FLOORED)), 2,
         r"log\.jsonl: line 1, the hello, is a string with a lone surrogate \(\\ud800\)"),
    Case("engine-path-not-utf8", "an --engine path holding a byte that is not UTF-8 (ran the "
         "whole check, then exit 2 with Python's encode error, nothing written)", lambda env: [
             "check", "--quiet", "--only", "craps", "--format", "json", "--engine",
             "play:node /tmp/d\udcff/table.js"], 2,
         r"^casino-proofs: error: an argument holds bytes that are not UTF-8 text "
         r"\('play:node /tmp/d\\xff/table\.js'\): .*nothing was done$"),
    Case("engine-unclosed-quote", "--engine play: with a quotation never closed (said \"No "
         "closing quotation\", naming nothing)", lambda env: [
             "check", "--quiet", "--only", "craps", "--engine", "play:node 'table.js"], 2,
         r"^casino-proofs: error: --engine play:node 'table\.js: its command is not words a "
         r"shell would read \(No closing quotation\): close every quotation, and end no "
         r"word with a lone backslash$"),
    Case("hello-name-lone-surrogate", "a table whose hello's name is a lone surrogate (ran the "
         "whole check, then exit 2 with Python's encode error)", _surrogate_engine, 2,
         r"did not answer hello: .*a string with a lone surrogate \(\\ud800\), not Unicode text"),
    Case("blueprint-report-not-json", "blueprint --report of a file that is not JSON",
         _not_json, 2, r"not valid JSON"),
    Case("blueprint-tests-not-a-folder", "blueprint --tests of a file", lambda env: [
        "blueprint", "--quiet", "--tests", str(lines(env.tmp / "t.py")), "--output",
        str(env.tmp / "site")], 2, r"--tests .*: not a directory"),
    Case("report-inside-the-log-directory", "check --output inside the log's directory",
         lambda env: _check(env.tmp, "--output", str(_log(env).parent / "report.jsonl")), 2,
         r"it is inside the log"),
)
