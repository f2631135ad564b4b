"""A wager's family (issue 33): spec/families.py says what kind of wager each is and what it
rests on, and proofs/ derives what it needs from the family, never from the name -- so a new
wager of a known family is checked with no change in proofs/.

The new wager here is Big Red, a one-roll wager on 7 as casinos deal it: its rules are Any
7's (r3-95.15-2: "wins if the total is 7", paid 4 to 1), registered under its own name before
the tool is imported, in a process of its own. Nothing in proofs/ is touched."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from casino_proofs import spec

#: Big Red, added to the specification's catalogue before the tool is imported
ADD_BIG_RED = textwrap.dedent("""
    import dataclasses, sys
    import casino_proofs.spec as spec
    import casino_proofs.spec.catalogue as catalogue
    from casino_proofs.spec.families import Family, Kind

    def big_red(readings):
        return dataclasses.replace(catalogue._BUILDERS["any-7"][0](readings), name="big-red",
                                   title="Big Red")

    catalogue._BUILDERS["big-red"] = (big_red, Family(Kind.ONE_ROLL))
    catalogue.WAGER_NAMES = spec.WAGER_NAMES = tuple(catalogue._BUILDERS)
    from casino_proofs.command.main import main
    sys.exit(main(sys.argv[1:]))
""")

#: an engine that settles Big Red as the text settles Any 7 (docs/engine-protocol.md)
ENGINE = textwrap.dedent("""
    import json, sys
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "bye":
            break
        if request.get("op") == "hello":
            print(json.dumps({"name": "big red", "version": "1", "games": ["craps"],
                              "wagers": ["big-red"]}), flush=True)
            continue
        out = []
        for item in request["batch"]:
            if item["state"].get("point") is not None or item["state"].get("working"):
                out.append({"error": "a one-roll wager has no point and no call"})
            elif item["state"].get("first_roll") and not item["state"].get("come_out"):
                out.append({"error": "a first roll is a come-out roll"})
            elif not all(isinstance(d, int) and 1 <= d <= 6 for d in item["roll"]):
                out.append({"error": "a die shows 1 to 6"})
            elif sum(item["roll"]) == 7:
                out.append({"decision": "win", "net": "4", "point": None})
            else:
                out.append({"decision": "lose", "net": "-1", "point": None})
        print(json.dumps({"batch": out}), flush=True)
""")


def _tool(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "with_big_red.py"
    script.write_text(ADD_BIG_RED)
    return subprocess.run([sys.executable, str(script), *argv], capture_output=True, text=True,
                          timeout=600, check=False)


@pytest.mark.parametrize("name", spec.WAGER_NAMES)
def test_every_wager_has_a_family(name: str) -> None:
    family = spec.family(name)
    assert (family.rests_on is not None) == (family.kind is spec.Kind.ODDS)
    if family.rests_on is not None:
        assert spec.family(family.rests_on).kind is spec.Kind.LINE


def test_r3_95_16_intro_s1_each_odds_bet_rests_on_its_line_bet() -> None:
    rests = {n: spec.family(n).rests_on for n in spec.named(spec.Kind.ODDS)}
    assert rests == {"pass-odds": "pass", "dont-pass-odds": "dont-pass", "come-odds": "come",
                     "dont-come-odds": "dont-come"}


def test_r3_95_15_1_s6_r3_95_16_3_s3_the_wagers_a_player_calls() -> None:
    called = [n for n in spec.WAGER_NAMES if spec.family(n).called]
    assert called == ["hard-4", "hard-6", "hard-8", "hard-10", "come-odds"]


def test_a_new_one_roll_wager_is_checked_with_no_change_in_proofs(tmp_path: Path) -> None:
    engine = tmp_path / "big_red.py"
    engine.write_text(ENGINE)
    done = _tool(tmp_path, "check", "--quiet", "--only", "craps", "--wagers", "big-red",
                 "--format", "json", "--engine", f"exec:{sys.executable} {engine}")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    doc = json.loads(done.stdout)
    assert {o["subject"] for o in doc["obligations"]} >= {"big-red"}
    # its house edge, from the specification: Any 7's; our implementation, which does not
    # know it, is said not to settle it (exit 1), never taken to agree
    edge = _tool(tmp_path, "edge", "--format", "json")
    rows = {e["wager"]: e for e in json.loads(edge.stdout)["edges"] if e["reading"] == "base"}
    assert rows["big-red"]["house_edge"] == rows["any-7"]["house_edge"] == "1/6"
    assert edge.returncode == 1 and not rows["big-red"]["agree"]
    assert "unknown wager 'big-red'" in rows["big-red"]["note"]
