"""The catalogue of history_table.py's faults: for each, the history it needs, the clause or
convention a correct finding must cite (the IDs of regulation/*.toml and
docs/engine-protocol.md), and the shortest script (protocol-2 events) that shows it.

``python history_faults.py`` plays every fault's script on history_table.py's Table, with
and without the fault, and says at which event the answers part (it must be the last);
``python history_faults.py --json`` prints the catalogue, its scripts as protocol-2 events.

Scripts: ``place ID WAGER AMOUNT [on ID] [working] [player P]``, ``call ID on|off``,
``withdraw ID``, ``roll D1,D2`` (``roll D1,D2*N``: N times), separated by ``;``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

PASS_ODDS = "r3-95.16-1.s4, conv-money-round-once"
COME_ODDS = "r3-95.16-3.s2 (paid as r3-95.16-1.s4), conv-money-round-once"
HARD_WD = "r3-95.15-1.s5 (Hard Way; r3-95.16-intro.s1 for odds), conv-table-withdrawal-scope"
HARD_CALL = "r3-95.15-1.s6, conv-table-call (r3-95.16-3.s3 for Come odds)"
ID_RULE = "protocol 2 bet IDs (1 to 40 characters, any string)"

#: fault -> (the history it needs, what a finding must cite, the shortest script showing it).
FAULTS: dict[str, tuple[str, str, str]] = {
    "third-point-first-ratio": (
        "a shooter's 3rd point, its 1st point of another ratio", f"{PASS_ODDS}; {COME_ODDS}",
        "roll 1,3; roll 1,3; roll 1,4; roll 1,4; place b1 pass 10; roll 1,5; "
        "place b2 pass-odds 10 on b1; roll 1,5"),
    "session-point-odds": (
        "a second shooter whose point's ratio differs from the first's last point", PASS_ODDS,
        "roll 1,3; roll 3,4; place b1 pass 10; roll 1,5; place b2 pass-odds 10 on b1; roll 1,5"),
    "second-shooter-odds-6-8": (
        "a seven-out, then Pass odds on 6 or 8", PASS_ODDS,
        "roll 1,3; roll 3,4; place b1 pass 10; roll 3,3; place b2 pass-odds 10 on b1; roll 3,3"),
    "second-barred-12-loses": (
        "a second come-out (or Don't Come) 12 barring a Don't bet in the session",
        "conv-single-chance-dont-pass, conv-single-chance-dont-come (reading dont-bar=12)",
        "place b1 dont-pass 10; roll 6,6; roll 6,6"),
    "returned-odds-number-dead": (
        "Come odds on N returned on a come-out roll, then Come odds on N winning",
        f"{COME_ODDS}, conv-inactive-odds-returned",
        "roll 1,4; place b1 come 10; roll 3,3; place b2 come-odds 10 on b1; roll 1,4; roll 3,4; "
        "roll 1,4; place b3 come 10; roll 3,3; place b4 come-odds 10 on b3; roll 3,3"),
    "come-number-paid-once": (
        "two Come bets winning on the same come point in one shooter's turn",
        "conv-single-chance-come",
        "roll 1,4; place b1 come 10; roll 3,3; roll 3,3; place b2 come 10; roll 3,3; roll 3,3"),
    "any-craps-after-50": (
        "49 rolls before an Any Craps win", "r3-95.15-4.s3, conv-money-round-once",
        "roll 1,4*49; place b1 any-craps 10; roll 1,1"),
    "hard-ways-after-60": (
        "59 rolls before a Hard Way win of at least 2,520 units",
        "r3-95.15-1.s4 (r3-95.15-1.s3 on 4 and 10), conv-money-round-once",
        "roll 1,3; roll 1,4*58; place b1 hard-6 2520; roll 3,3"),
    "withdraw-after-call-half": (
        "a call, then a withdrawal (a Hard Way or odds after a roll)", HARD_WD,
        "place b1 hard-6 10; roll 1,4; call b1 on; withdraw b1"),
    "withdraw-after-seven": (
        "a 7 a Hard Way stood through (off on the come-out), then its withdrawal", HARD_WD,
        "place b1 hard-6 10; roll 3,4; withdraw b1"),
    "withdraw-returns-last-stake": (
        "a placement of another stake, then a withdrawal", HARD_WD,
        "place b1 hard-6 10; roll 1,4; place b2 hard-8 20; withdraw b1"),
    "call-lost-on-point-made": (
        "a point made, a call, then the come-out roll", HARD_CALL,
        "place b1 hard-6 10; roll 1,4; roll 1,4; call b1 on; roll 3,3"),
    "call-reset-on-point-made": (
        "a call, then the roll that makes the point, then a come-out roll", HARD_CALL,
        "place b1 hard-6 10; roll 1,4; call b1 on; roll 1,4; roll 3,3"),
    "ids-case-folded": (
        "two IDs that differ in case only",
        f"{ID_RULE}; r3-95.15-intro.s1 (a Multiple Chances bet refused)",
        "place Ab any-7 10; place aB any-7 10"),
    "ids-truncated-8": (
        "an ID of more than 8 characters", f"{ID_RULE}; conv-table-decided (on-table)",
        "place longbet-1 any-7 10; roll 3,4"),
    "ids-ascii-only": (
        "a non-ASCII ID", f"{ID_RULE}; r3-95.15-intro.s1", "place é1 any-7 10"),
    "ids-digits-as-numbers": (
        "two all-digit IDs of one number", f"{ID_RULE}; r3-95.15-intro.s1",
        "place 007 any-7 10; place 7 any-7 10"),
    "ids-reuse-stale": (
        "under --policy reuse-ids, an ID placed again after its bet left",
        "policy-reuse-ids; r3-95.15-1.s6 (a stale call), conv-single-chance-come (a stale point)",
        "place b1 hard-6 10 working; roll 3,3; roll 3,3; place b1 hard-6 10; roll 3,3"),
    "odds-paid-on-line-amount": (
        "odds staked otherwise than the line bet", PASS_ODDS,
        "place b1 pass 10; roll 2,2; place b2 pass-odds 20 on b1; roll 2,2"),
    "odds-capped-1x": (
        "odds staked over the line bet", "r3-95.16-intro.s1 (placement; policy-odds-limit "
        "not declared)", "place b1 pass 10; roll 2,2; place b2 pass-odds 20 on b1"),
    "odds-min-line": (
        "odds staked under the line bet", "r3-95.16-intro.s1 (placement)",
        "place b1 pass 10; roll 2,2; place b2 pass-odds 5 on b1"),
    "odds-stack-two": (
        "three odds bets on one line bet, then its point", "r3-95.16-1.s2, " + PASS_ODDS,
        "place b1 pass 10; roll 2,2; place b2 pass-odds 10 on b1; place b3 pass-odds 10 on b1; "
        "place b4 pass-odds 10 on b1; roll 2,2"),
    "third-call-ignored": (
        "a bet called a third time", HARD_CALL,
        "place b1 hard-6 10; call b1 on; call b1 off; call b1 on; roll 3,3"),
    "second-player-short": (
        "a second player's bet beside the first's", "r3-95.15-2 (any-7 pays 4 to 1)",
        "place b1 any-7 10; place b2 any-7 10 player p2; roll 3,4"),
    "fifth-call-ignored": (
        "a bet called a fifth time", HARD_CALL,
        "place b1 hard-6 10; call b1 on; call b1 off; call b1 on; call b1 off; call b1 on; "
        "roll 3,3"),
    "third-player-short": (
        "a third player's bet beside two others'", "r3-95.15-2 (any-7 pays 4 to 1)",
        "place b1 any-7 10; place b2 any-7 10 player p2; place b3 any-7 10 player p3; "
        "roll 3,4"),
    "come-after-withdrawal": (
        "a withdrawal, then a Come bet placed", "r3-95.15-intro.s1 (Come: "
        "conv-single-chance-come)",
        "place b1 hard-6 10; roll 1,3; withdraw b1; place b2 come 10; roll 3,4"),
}
#: the policies a fault needs declared to show (the engine takes them as --policy)
NEEDS_POLICY: dict[str, dict[str, Any]] = {"ids-reuse-stale": {"reuse-ids": True}}


def parse_script(text: str) -> list[dict[str, Any]]:
    """The notation of FAULTS' scripts, as protocol-2 events."""
    events: list[dict[str, Any]] = []
    for part in text.split(";"):
        w = part.split()
        if w[0] == "roll":
            dice, _, times = w[1].partition("*")
            events += [{"roll": [int(d) for d in dice.split(",")]}] * int(times or 1)
        elif w[0] == "place":
            e: dict[str, Any] = {"place": w[1], "wager": w[2], "amount": int(w[3])}
            if "on" in w:
                e["on"] = w[w.index("on") + 1]
            if "working" in w:
                e["working"] = True
            if "player" in w:
                e["player"] = w[w.index("player") + 1]
            events.append(e)
        elif w[0] == "call":
            events.append({"call": w[1], "working": w[2] == "on"})
        else:
            events.append({"withdraw": w[1]})
    return events


def self_test() -> int:
    """Each fault's shortest script: its answers with the fault part from the right ones."""
    engine = _engine()
    table = engine.Table
    bad = 0 if set(engine.FAULTS) == set(FAULTS) else 1
    for name, (_, _, script) in FAULTS.items():
        events = parse_script(script)
        policy = NEEDS_POLICY.get(name, {})
        right = table(frozenset(), policy).play(events)
        wrong = table(frozenset({name}), policy).play(events)
        at = next((i for i, (a, b) in enumerate(zip(right, wrong, strict=True)) if a != b), None)
        if at is None or at != len(events) - 1:
            bad += 1
        print(f"{name}: {len(events)} events, first differs at event {at}"
              + ("" if at is None else f": {right[at]} -> {wrong[at]}"))
    return 1 if bad else 0


def _engine() -> Any:
    path = Path(__file__).with_name("history_table.py")
    spec = importlib.util.spec_from_file_location("history_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("history_table", module)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    if "--json" in sys.argv[1:]:
        print(json.dumps({name: {"history": h, "cite": c, "script": parse_script(s),
                                 "policy": NEEDS_POLICY.get(name, {})}
                          for name, (h, c, s) in FAULTS.items()}, indent=1, ensure_ascii=False))
        sys.exit(0)
    sys.exit(self_test())
