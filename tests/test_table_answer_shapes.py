"""Protocol 2's answers are of its shapes and nothing else (docs/engine-protocol.md;
``engine-play-answer.schema.json``): a placement's, call's or withdrawal's accepted
(``{"accepted": true}``, with ``returned`` for a withdrawal) or refused (``{"refused": "why"}``);
a roll's ``{"point", "bets"}``, with ``players`` only at a table that pays per player; a
script's ``{"id", "answers"}``. An answer that said both accepted and refused was read as
accepted, and a per-bet table naming players paid any sum, or a script's answer with a key of
its own, was PROVED (found by an outside audit)."""

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

#: the example table with its answers changed (its second argument says how; the rest are
#: the table's own): ``both``, every accepted answer also saying it is refused; ``players``,
#: every roll's answer (the table pays per bet) naming a player paid a fortune; ``script``,
#: every script's answer carrying a key of its own; ``players-twice`` (a table paying per
#: player), every player listed twice; ``players-key``, each player's entry with a key of its
#: own; ``returned``, every accepted placement and call returning 100 times the stake
PROXY = '''import json, subprocess, sys
table = subprocess.Popen(["node", sys.argv[1], *sys.argv[3:]], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
how = sys.argv[2]
for line in sys.stdin:
    table.stdin.write(line)
    table.stdin.flush()
    answer = json.loads(table.stdout.readline())
    sent = json.loads(line).get("scripts", [])
    for s, script in enumerate(answer.get("scripts", []) if isinstance(answer, dict) else []):
        if how == "script" and isinstance(script, dict):
            script["note"] = "and a key of its own"
        events = sent[s]["events"] if isinstance(sent[s], dict) else sent[s]
        answers = script.get("answers", []) if isinstance(script, dict) else script
        for event, a in zip(events, answers):
            if how == "both" and isinstance(a, dict) and a.get("accepted") is True:
                a["refused"] = "and refused"
            if how == "players" and isinstance(a, dict) and "bets" in a:
                a["players"] = [{"player": "p1", "paid": 999999}]
            if how == "players-twice" and isinstance(a, dict) and a.get("players"):
                a["players"] = a["players"] * 2
            if how == "players-key" and isinstance(a, dict):
                for p in a.get("players", []):
                    p["note"] = 1
            if how == "returned" and a == {"accepted": True} and "withdraw" not in event:
                a["returned"] = 100 * event.get("amount", 1)
    print(json.dumps(answer), flush=True)
'''


def _proxied(tmp_path: Path, how: str, *table: str) -> str:
    """The ``--engine`` of the example table (run with ``table``'s arguments) changed as
    ``how`` says (:data:`PROXY`)."""
    (tmp_path / "proxy.py").write_text(PROXY)
    return f"play:{sys.executable} {tmp_path / 'proxy.py'} {TABLE_JS} {how} {' '.join(table)}"


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
    code = main(["check", "--only", "craps", "--wagers", "pass,hard-6", "--sessions", "2",
                 "--engine", _proxied(tmp_path, "both")])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "answered in neither the accepted nor the refused shape" in out


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize(("extra", "says", "table"), [
    ("players", 'a table that pays per bet leaves \\"players\\" out', ()),
    ("script", 'a script\'s answer is {\\"id\\": ..., \\"answers\\": [...]} and nothing else',
     ()),
    ("players-twice", 'a roll\'s \\"players\\" names each player once',
     ("--policy", "payment=per-player")),
    ("players-key", 'a roll\'s \\"players\\" names each player once',
     ("--policy", "payment=per-player")),
    ("returned", "on an event that returns nothing", ()),
])
def test_protocol_a_table_answering_beyond_the_answer_s_shape_is_refuted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str, says: str,
        table: tuple[str, ...]) -> None:
    """Must-fail (found by outside audits, each PROVED before): a table that pays per bet
    and names a player paid 999,999 units on every roll; one answering each script with a
    key the protocol has not (``engine-play-answer.schema.json``: ``additionalProperties``
    false); one paying per player that lists each player twice, or with a key of its own;
    one returning money on a placement or a call (a withdrawal alone returns its stake): it
    is never PROVED, and its findings name the shape."""
    code = main(["check", "--only", "craps", "--wagers", "pass,hard-6", "--sessions", "2",
                 "--format", "json", "--engine", _proxied(tmp_path, extra, *table)])
    out = capsys.readouterr().out
    assert code == 1, out
    assert says in out
