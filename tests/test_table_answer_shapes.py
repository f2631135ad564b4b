"""Protocol 2's answer to a placement, a call or a withdrawal is of one shape: accepted
(``{"accepted": true}``, with ``returned`` for a withdrawal) or refused (``{"refused": "why"}``),
nothing else (docs/engine-protocol.md; ``engine-play-answer.schema.json``). An answer that says
both was read as accepted, and a table answering so was PROVED (found by an outside audit)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from casino_proofs.command.main import main
from casino_proofs.craps.table.judging.observe import holds, is_accepted, is_refused
from casino_proofs.craps.table.scripts.planner import Expect

ROOT = Path(__file__).resolve().parent.parent
TABLE_JS = ROOT / "examples" / "engines" / "table.js"

#: the example table, every accepted answer of it also saying it is refused
BOTH = '''import json, subprocess, sys
table = subprocess.Popen(["node", sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)
for line in sys.stdin:
    table.stdin.write(line)
    table.stdin.flush()
    answer = json.loads(table.stdout.readline())
    for script in answer.get("scripts", []) if isinstance(answer, dict) else []:
        for a in script.get("answers", []) if isinstance(script, dict) else script:
            if isinstance(a, dict) and a.get("accepted") is True:
                a["refused"] = "and refused"
    print(json.dumps(answer), flush=True)
'''


@pytest.mark.parametrize(("answer", "accepted", "refused"), [
    ({"accepted": True}, True, False),
    ({"accepted": True, "returned": 5}, True, False),
    ({"refused": "the rules of the table"}, False, True),
    ({"accepted": True, "refused": "x"}, False, False),
    ({"refused": "x", "accepted": True}, False, False),
    ({"refused": "x", "note": 1}, False, False),
    ({"accepted": 1}, False, False),
    ({"refused": 7}, False, False),
    ("accepted", False, False),
])
def test_an_answer_is_accepted_or_refused_in_the_protocol_s_shape_and_never_both(
        answer: object, accepted: bool, refused: bool) -> None:
    assert (is_accepted(answer), is_refused(answer)) == (accepted, refused)


def test_an_answer_of_both_shapes_holds_for_no_expectation() -> None:
    """Must-fail: accepted where it must be accepted, refused where it must be refused,
    either where the table may choose: an answer of both shapes holds for none."""
    both = {"accepted": True, "refused": "x"}
    for answer in ("accepted", "refused", "either"):
        assert holds(Expect(answer, "r3-95.16-intro.s1", "why"), both)[0] is False
    assert holds(Expect("either", "r3-95.16-intro.s1", "why"), {"accepted": True})[0]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_r3_95_16_intro_s1_a_table_answering_accepted_and_refused_is_refuted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "both.py").write_text(BOTH)
    code = main(["check", "--only", "craps", "--wagers", "pass,hard-6", "--sessions", "2",
                 "--engine", f"play:{sys.executable} {tmp_path / 'both.py'} {TABLE_JS}"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "answered in neither the accepted nor the refused shape" in out


#: the example table (which pays per bet), every roll's answer also naming a player paid a
#: fortune, or every script's answer carrying a key of its own (``EXTRA``: which)
EXTRA = '''import json, subprocess, sys
table = subprocess.Popen(["node", sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True)
for line in sys.stdin:
    table.stdin.write(line)
    table.stdin.flush()
    answer = json.loads(table.stdout.readline())
    for script in answer.get("scripts", []) if isinstance(answer, dict) else []:
        if not isinstance(script, dict):
            continue
        if sys.argv[2] == "script":
            script["note"] = "and a key of its own"
        for a in script.get("answers", []) if sys.argv[2] == "players" else []:
            if isinstance(a, dict) and "bets" in a:
                a["players"] = [{"player": "p1", "paid": 999999}]
    print(json.dumps(answer), flush=True)
'''


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize(("extra", "says"), [
    ("players", 'a table that pays per bet leaves \\"players\\" out'),
    ("script", 'a script\'s answer is {\\"id\\": ..., \\"answers\\": [...]} and nothing else'),
])
def test_protocol_a_table_answering_beyond_the_answer_s_shape_is_refuted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str, says: str) -> None:
    """Must-fail (found by an outside audit, both PROVED before): a table that pays per bet
    and names a player paid 999,999 units on every roll, or answers each script with a key
    the protocol has not (``engine-play-answer.schema.json``: ``additionalProperties``
    false), is never PROVED: every script it so answers is a finding naming the shape."""
    (tmp_path / "extra.py").write_text(EXTRA)
    code = main(["check", "--only", "craps", "--wagers", "pass,hard-6", "--sessions", "2",
                 "--format", "json", "--engine",
                 f"play:{sys.executable} {tmp_path / 'extra.py'} {TABLE_JS} {extra}"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert says in out
