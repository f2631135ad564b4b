"""Every command's output on a fixed corpus, timings normalized: run it before and after a
refactor, and ``diff -r`` the two folders (issue 33: "every report, bundle and exit code is
byte-identical before and after").

    python tests/golden_outputs.py BIN_DIR OUT_DIR [REPO] [NAME,NAME,...]

``BIN_DIR`` holds the ``casino-proofs`` to run (a venv's ``bin``), ``REPO`` the checkout whose
example engines are played (default: this one). Each case writes ``NAME.out``, ``NAME.err``
and ``NAME.code``; two bundles are written too, with every file, their replay and their
blueprint site. A bundle's ``git_commit`` and ``source_sha256`` are normalized (every commit
changes them); the test files the coverage names are not (a new test file changes them).
Install non-strict (``pip install -e .``): a strict editable install hides the tests from
``coverage`` and the blueprint.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

WAGERS = "any-7,hard-6,pass,pass-odds,horn,hop-1-2"
FORMATS = ("text", "json", "markdown", "junit", "sarif", "html")
SUB_COMMANDS = ("", "check", "settle", "rank", "compare", "ambiguities", "replay", "mutants",
                "coverage", "edge", "par", "diff", "blueprint")


def cases(repo: Path) -> dict[str, list[str]]:
    """Each case's name and its arguments."""
    table, engine = (f"node {repo}/examples/engines/{n}.js" for n in ("table", "engine"))
    out: dict[str, list[str]] = {}
    for f in FORMATS:
        out[f"check-impl-{f}"] = ["check", "--only", "craps", "--wagers", WAGERS, "--format", f]
        out[f"check-engine-fault-{f}"] = ["check", "--only", "craps", "--wagers",
                                          WAGERS + ",dont-pass", "--format", f, "--engine",
                                          f"exec:{engine} --fault dont-bar-2"]
        out[f"check-play-{f}"] = ["check", "--only", "craps", "--sessions", "2", "--wagers",
                                  "pass,pass-odds,any-craps,hard-6", "--format", f,
                                  "--engine", f"play:{table} --fault half-up-paid"]
    out["check-play-proved-json"] = ["check", "--only", "craps", "--sessions", "2", "--wagers",
                                     "pass,pass-odds,hard-6", "--format", "json", "--engine",
                                     f"play:{table}"]
    out["check-readings-refuted"] = ["check", "--only", "craps", "--wagers", "hard-6,horn",
                                     "--reading", "hard-ways-payout=both"]
    for f in ("text", "json"):
        out[f"settle-{f}"] = ["settle", "hard-6", "--roll", "3,3", "--format", f]
        out[f"rank-{f}"] = ["rank", "As Ks Qs Js Ts", "--format", f]
        out[f"compare-{f}"] = ["compare", "As Ks Qs Js Ts", "2c 3c 4c 5c 6c", "--format", f]
        out[f"edge-{f}"] = ["edge", "--format", f]
    for f in ("text", "json", "markdown", "html", "csv"):
        out[f"par-{f}"] = ["par", "--only", "craps", "--format", f]
    for f in ("text", "json", "markdown", "html"):
        out[f"diff-{f}"] = ["diff", "spec", "spec", "--only", "craps", "--b-reading",
                            "hop-call=total", "--format", f]
    for f in ("text", "json", "sarif"):
        out[f"ambiguities-{f}"] = ["ambiguities", "--format", f]
    out["coverage"] = ["coverage"]
    for sub in SUB_COMMANDS:
        out[f"help-{sub or 'main'}"] = ([sub] if sub else []) + ["--help"]
    out["usage-bad-format"] = ["check", "--format", "yaml"]
    out["usage-bad-wager"] = ["check", "--wagers", "nope"]
    out["usage-play-paigow"] = ["check", "--only", "paigow", "--engine", f"play:{table}"]
    out["usage-unknown-engine"] = ["check", "--engine", "ftp:x"]
    return out


def bundles(repo: Path) -> dict[str, list[str]]:
    table = f"node {repo}/examples/engines/table.js"
    return {"bundle-impl": ["check", "--only", "craps", "--wagers", WAGERS, "--quiet"],
            "bundle-play": ["check", "--only", "craps", "--sessions", "2", "--wagers",
                            "pass,pass-odds,hard-6", "--quiet", "--engine", f"play:{table}"]}


def normalized(text: str, repo: Path) -> str:
    """``text`` with its timings, dates and paths made alike from run to run."""
    rules = [
        (r'"(seconds|time|elapsed|started|finished|generated|date|wall_seconds|cpu_seconds)": ?'
         r'("[^"]*"|[0-9.eE+-]+)', r'"\1": T'),
        (r'time="[0-9.]+"', 'time="T"'),
        (r" *\b\d[\d,]*(\.\d+)? ?(s|ms|seconds|minutes)\b", " T"),
        (r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?", "DATE"),
        (re.escape(os.environ.get("TMPDIR", "/tmp")) + r"/[^\s\"']*", "TMP"),
        (re.escape(str(repo)), "REPO"),
        # what every commit changes: the bundle's commit and the hash of the tool's source
        (r'"(git_commit|source_sha256)": "[0-9a-f]+"', r'"\1": "H"'),
        (r"\b[0-9a-f]{40}, source sha256:[0-9a-f]{16}\b", "COMMIT, source sha256:H"),
    ]
    for pattern, replacement in rules:
        text = re.sub(pattern, replacement, text)
    return text


class Capture:
    """One capture: where the tool is, what it plays, where the outputs go."""

    def __init__(self, tool: Path, out: Path, repo: Path) -> None:
        self.tool, self.out, self.repo = tool, out, repo
        self.work = out / "_work"

    def run(self, name: str, argv: list[str]) -> None:
        env = {**os.environ, "COLUMNS": "100", "PYTHONHASHSEED": "0"}
        done = subprocess.run([str(self.tool), *argv], capture_output=True, text=True,
                              cwd=self.work, env=env, timeout=900, check=False)
        (self.out / f"{name}.out").write_text(normalized(done.stdout, self.repo))
        (self.out / f"{name}.err").write_text(normalized(done.stderr, self.repo))
        (self.out / f"{name}.code").write_text(str(done.returncode))

    def files(self, prefix: str, folder: Path, suffixes: tuple[str, ...] = ()) -> None:
        for f in sorted(folder.rglob("*")) if folder.exists() else []:
            if f.is_file() and f.name != "timings.json" and (not suffixes
                                                              or f.suffix in suffixes):
                name = str(f.relative_to(folder)).replace("/", "__")
                (self.out / f"{prefix}.{name}").write_text(
                    normalized(f.read_text(errors="replace"), self.repo))

    def bundle(self, name: str, argv: list[str]) -> None:
        folder, site = self.work / name, self.work / f"{name}-site"
        self.run(name, [*argv, "--bundle", str(folder)])
        self.files(f"{name}.file", folder)
        self.run(f"{name}-replay", ["replay", str(folder)])
        self.run(f"{name}-blueprint", ["blueprint", "--output", str(site), "--bundle",
                                       str(folder)])
        self.files(f"{name}-site", site, (".html", ".svg", ".json", ".js", ".css"))


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: python tests/golden_outputs.py BIN_DIR OUT_DIR [REPO] [NAME,NAME,...]",
              file=sys.stderr)
        return 2
    repo = Path(argv[2]) if len(argv) > 2 else Path(__file__).resolve().parent.parent
    only = set(argv[3].split(",")) if len(argv) > 3 else None
    capture = Capture(Path(argv[0]) / "casino-proofs", Path(argv[1]), repo)
    capture.out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(capture.work, ignore_errors=True)
    capture.work.mkdir()
    for name, args in cases(repo).items():
        if only is None or name in only:
            capture.run(name, args)
    for name, args in bundles(repo).items():
        if only is None or name in only:
            capture.bundle(name, args)
    shutil.rmtree(capture.work, ignore_errors=True)
    print(f"{len(list(capture.out.iterdir()))} files in {capture.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
