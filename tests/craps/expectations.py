"""Expected settlements transcribed by hand from the regulation text (and, where marked, from
the conventions). Nothing here is computed by the code under test.

Each row: clause, wager, roll, state, readings, expected (decision, net, point after the roll).
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

W, L, P, N = "win", "lose", "push", "none"
CO = {"come_out": True}
WORK = {"come_out": True, "working": True}


def row(clause: str, wager: str, roll: tuple[int, int], expected: tuple[str, Any, Any],
        state: dict[str, Any] | None = None, readings: dict[str, str] | None = None,
        why: str = "") -> Any:
    decision, net, point = expected
    label = f"{clause} {wager} {roll[0]},{roll[1]}" + (f" {why}" if why else "")
    return pytest.param(wager, roll, state or {}, readings or {}, (decision, F(net), point),
                        id=label)


R3_95_15_1 = [  # Hard Ways
    row("r3-95.15-1.s3", "hard-4", (2, 2), (W, 7, None), why="double 2 pays 7 to 1"),
    row("r3-95.15-1.s3", "hard-10", (5, 5), (W, 7, None), why="double 5 pays 7 to 1"),
    row("r3-95.15-1.s4", "hard-6", (3, 3), (W, 9, None), why="double 3 pays 9 to 1"),
    row("r3-95.15-1.s4", "hard-8", (4, 4), (W, 9, None), why="double 4 pays 9 to 1"),
    row("r3-95.15-1.s2", "hard-6", (3, 4), (L, -1, None), why="loses on 7"),
    row("r3-95.15-1.s2", "hard-6", (1, 5), (L, -1, None), why="easy six loses"),
    row("r3-95.15-1.s2", "hard-8", (6, 2), (L, -1, None), why="easy eight loses"),
    row("r3-95.15-1.s5", "hard-6", (2, 2), (N, 0, None), why="another double: inconclusive"),
    row("r3-95.15-1.s5", "hard-10", (1, 2), (N, 0, None), why="3: inconclusive"),
    row("r3-95.15-1.s6", "hard-6", (3, 3), (N, 0, None), CO, why="off on the come-out"),
    row("r3-95.15-1.s6", "hard-6", (3, 4), (N, 0, None), CO, why="off on the come-out"),
    row("r3-95.15-1.s6", "hard-6", (3, 3), (W, 9, None), WORK, why="working on the come-out"),
    row("r3-95.15-1.s2", "hard-4", (1, 2), (L, -1, None), None,
        {"hard-ways-loss": "any-non-pair"}, why="literal reading: any non-pair loses"),
    row("r3-95.15-1.s5", "hard-4", (3, 3), (N, 0, None), None,
        {"hard-ways-loss": "any-non-pair"}, why="literal reading: another pair is inconclusive"),
]

R3_95_15_2_TO_7 = [  # one-roll wagers on fixed totals
    row("r3-95.15-2", "any-7", (3, 4), (W, 4, None), why="7 pays 4 to 1"),
    row("r3-95.15-2", "any-7", (6, 1), (W, 4, None), CO, why="7 on a come-out roll"),
    row("r3-95.15-2", "any-7", (1, 1), (L, -1, None)),
    row("r3-95.15-3", "eleven", (5, 6), (W, 15, None), why="11 pays 15 to 1"),
    row("r3-95.15-3", "eleven", (6, 5), (W, 15, None)),
    row("r3-95.15-3", "eleven", (6, 6), (L, -1, None)),
    row("r3-95.15-4", "any-craps", (1, 1), (W, 7, None), why="2 pays 7 to 1"),
    row("r3-95.15-4", "any-craps", (2, 1), (W, 7, None), why="3 pays 7 to 1"),
    row("r3-95.15-4", "any-craps", (6, 6), (W, 7, None), why="12 pays 7 to 1"),
    row("r3-95.15-4", "any-craps", (5, 6), (L, -1, None), why="11 is not craps"),
    row("r3-95.15-5", "craps-2", (1, 1), (W, 30, None), why="pays 30 to 1"),
    row("r3-95.15-5", "craps-2", (1, 2), (L, -1, None)),
    row("r3-95.15-6", "craps-3", (1, 2), (W, 15, None), why="pays 15 to 1"),
    row("r3-95.15-6", "craps-3", (2, 1), (W, 15, None)),
    row("r3-95.15-6", "craps-3", (1, 1), (L, -1, None)),
    row("r3-95.15-7", "craps-12", (6, 6), (W, 30, None), why="pays 30 to 1"),
    row("r3-95.15-7", "craps-12", (5, 6), (L, -1, None)),
]

SPLIT, WHOLE = {"combined-payout": "split"}, {"combined-payout": "whole"}
R3_95_15_8_10_11 = [  # Horn, World, 3-Way Craps
    # split: 1/4 of the stake on each of 2, 3, 11, 12; on 2: 30/4 won, 3/4 lost.
    row("r3-95.15-8", "horn", (1, 1), (W, "27/4", None), None, SPLIT, why="split: 30/4 - 3/4"),
    row("r3-95.15-8", "horn", (1, 2), (W, 3, None), None, SPLIT, why="split: 15/4 - 3/4"),
    row("r3-95.15-8", "horn", (6, 5), (W, 3, None), None, SPLIT, why="split: 15/4 - 3/4"),
    row("r3-95.15-8", "horn", (6, 6), (W, "27/4", None), None, SPLIT),
    row("r3-95.15-8", "horn", (3, 4), (L, -1, None)),
    row("r3-95.15-8", "horn", (1, 1), (W, 30, None), None, WHOLE, why="whole: as Craps 2"),
    row("r3-95.15-8", "horn", (5, 6), (W, 15, None), None, WHOLE, why="whole: as 11"),
    # split: 1/5 on each of 2, 3, 7, 11, 12.
    row("r3-95.15-10", "world", (1, 1), (W, "26/5", None), None, SPLIT, why="30/5 - 4/5"),
    row("r3-95.15-10", "world", (2, 1), (W, "11/5", None), None, SPLIT, why="15/5 - 4/5"),
    row("r3-95.15-10", "world", (3, 4), (W, 0, None), None, SPLIT, why="4/5 - 4/5: wins nothing"),
    row("r3-95.15-10", "world", (5, 6), (W, "11/5", None), None, SPLIT),
    row("r3-95.15-10", "world", (6, 6), (W, "26/5", None), None, SPLIT),
    row("r3-95.15-10", "world", (2, 2), (L, -1, None)),
    row("r3-95.15-10", "world", (3, 4), (W, 4, None), None, WHOLE, why="whole: as Any 7"),
    # split: 1/3 on each of 2, 3, 12.
    row("r3-95.15-11", "three-way-craps", (1, 1), (W, "28/3", None), None, SPLIT,
        why="30/3 - 2/3"),
    row("r3-95.15-11", "three-way-craps", (1, 2), (W, "13/3", None), None, SPLIT,
        why="15/3 - 2/3"),
    row("r3-95.15-11", "three-way-craps", (6, 6), (W, "28/3", None), None, SPLIT),
    row("r3-95.15-11", "three-way-craps", (5, 6), (L, -1, None), why="11 is not covered"),
    row("r3-95.15-11", "three-way-craps", (6, 6), (W, 30, None), None, WHOLE),
]

TOTAL = {"hop-call": "total"}
R3_95_15_9 = [  # Hop
    row("r3-95.15-9", "hop-2-4", (2, 4), (W, 15, None), why="combination: 15 to 1"),
    row("r3-95.15-9", "hop-2-4", (4, 2), (W, 15, None), why="either order"),
    row("r3-95.15-9", "hop-2-4", (3, 3), (L, -1, None), why="combination: same total, no win"),
    row("r3-95.15-9", "hop-3-3", (3, 3), (W, 30, None), why="a pair pays 30 to 1"),
    row("r3-95.15-9", "hop-3-3", (2, 4), (L, -1, None)),
    row("r3-95.15-9", "hop-1-1", (1, 1), (W, 30, None), CO, why="at any time"),
    row("r3-95.15-9", "hop-2-4", (3, 3), (W, 30, None), None, TOTAL,
        why="total reading: 6 as a pair"),
    row("r3-95.15-9", "hop-2-4", (1, 5), (W, 15, None), None, TOTAL, why="total reading"),
    row("r3-95.15-9", "hop-2-4", (3, 4), (L, -1, None), None, TOTAL),
]

STAKE_BACK = {"associate-push": "stake-returned"}
R3_95_16 = [  # Associate Chances
    row("r3-95.16-1", "pass-odds", (2, 2), (W, 2, None), {"point": 4}, why="2 to 1 on 4"),
    row("r3-95.16-1", "pass-odds", (6, 4), (W, 2, None), {"point": 10}, why="2 to 1 on 10"),
    row("r3-95.16-1", "pass-odds", (2, 3), (W, "3/2", None), {"point": 5}, why="3 to 2 on 5"),
    row("r3-95.16-1", "pass-odds", (4, 5), (W, "3/2", None), {"point": 9}, why="3 to 2 on 9"),
    row("r3-95.16-1", "pass-odds", (1, 5), (W, "6/5", None), {"point": 6}, why="6 to 5 on 6"),
    row("r3-95.16-1", "pass-odds", (4, 4), (W, "6/5", None), {"point": 8}, why="6 to 5 on 8"),
    row("r3-95.16-1", "pass-odds", (3, 4), (L, -1, None), {"point": 8}, why="loses on 7"),
    row("r3-95.16-1", "pass-odds", (3, 3), (N, 0, 8), {"point": 8}, why="a push: stays"),
    row("r3-95.16-1", "pass-odds", (3, 3), (P, 0, None), {"point": 8}, STAKE_BACK,
        why="push read as stake returned"),
    row("r3-95.16-2", "dont-pass-odds", (3, 4), (W, "1/2", None), {"point": 4},
        why="1 to 2 on 4"),
    row("r3-95.16-2", "dont-pass-odds", (3, 4), (W, "1/2", None), {"point": 10}),
    row("r3-95.16-2", "dont-pass-odds", (3, 4), (W, "2/3", None), {"point": 5},
        why="2 to 3 on 5"),
    row("r3-95.16-2", "dont-pass-odds", (3, 4), (W, "2/3", None), {"point": 9}),
    row("r3-95.16-2", "dont-pass-odds", (3, 4), (W, "5/6", None), {"point": 6},
        why="5 to 6 on 6"),
    row("r3-95.16-2", "dont-pass-odds", (2, 5), (W, "5/6", None), {"point": 8}),
    row("r3-95.16-2", "dont-pass-odds", (3, 3), (L, -1, None), {"point": 6}, why="the point"),
    row("r3-95.16-2", "dont-pass-odds", (2, 2), (N, 0, 6), {"point": 6}, why="a push: stays"),
    row("r3-95.16-3", "come-odds", (3, 3), (W, "6/5", None), {"point": 6},
        why="paid as the Pass Associate Chance"),
    row("r3-95.16-3", "come-odds", (1, 3), (W, 2, None), {"point": 4}),
    row("r3-95.16-3", "come-odds", (4, 3), (L, -1, None), {"point": 4}),
    row("r3-95.16-3", "come-odds", (2, 3), (N, 0, 4), {"point": 4}),
    row("r3-95.16-3.s3", "come-odds", (2, 2), (N, 0, 6), {"point": 6, **CO},
        why="not active on the come-out"),
    row("conv-inactive-odds-returned", "come-odds", (3, 3), (P, 0, None), {"point": 6, **CO},
        why="inactive, the Come wager wins: returned"),
    row("conv-inactive-odds-returned", "come-odds", (3, 4), (P, 0, None), {"point": 6, **CO},
        why="inactive, the Come wager loses: returned"),
    row("r3-95.16-3.s3", "come-odds", (3, 3), (W, "6/5", None), {"point": 6, **WORK},
        why="the player says it works"),
    row("r3-95.16-3.s3", "come-odds", (3, 4), (L, -1, None), {"point": 6, **WORK}),
    row("r3-95.16-4", "dont-come-odds", (3, 4), (W, "1/2", None), {"point": 10},
        why="paid as the Don't Pass Associate Chance"),
    row("r3-95.16-4", "dont-come-odds", (3, 4), (W, "1/2", None), {"point": 10, **CO},
        why="(4) has no come-out exception"),
    row("r3-95.16-4", "dont-come-odds", (5, 5), (L, -1, None), {"point": 10, **CO}),
    row("r3-95.16-4", "dont-come-odds", (4, 4), (N, 0, 10), {"point": 10}),
]

BAR_2 = {"dont-bar": "2"}
SINGLE_CHANCE = [  # conventions, not regulation text
    row("conv-single-chance-pass", "pass", (3, 4), (W, 1, None), CO, why="7 on the come-out"),
    row("conv-single-chance-pass", "pass", (5, 6), (W, 1, None), CO, why="11 on the come-out"),
    row("conv-single-chance-pass", "pass", (1, 1), (L, -1, None), CO),
    row("conv-single-chance-pass", "pass", (1, 2), (L, -1, None), CO),
    row("conv-single-chance-pass", "pass", (6, 6), (L, -1, None), CO),
    row("conv-single-chance-pass", "pass", (2, 2), (N, 0, 4), CO, why="4 becomes the point"),
    row("conv-single-chance-pass", "pass", (4, 6), (N, 0, 10), CO),
    row("conv-single-chance-pass", "pass", (1, 3), (W, 1, None), {"point": 4}),
    row("conv-single-chance-pass", "pass", (3, 4), (L, -1, None), {"point": 4}),
    row("conv-single-chance-pass", "pass", (5, 6), (N, 0, 4), {"point": 4},
        why="11 after the point: no decision"),
    row("conv-single-chance-dont-pass", "dont-pass", (1, 1), (W, 1, None), CO),
    row("conv-single-chance-dont-pass", "dont-pass", (2, 1), (W, 1, None), CO),
    row("conv-single-chance-dont-pass", "dont-pass", (6, 6), (N, 0, None), CO,
        why="12 is a standoff"),
    row("conv-single-chance-dont-pass", "dont-pass", (3, 4), (L, -1, None), CO),
    row("conv-single-chance-dont-pass", "dont-pass", (6, 5), (L, -1, None), CO),
    row("conv-single-chance-dont-pass", "dont-pass", (3, 3), (N, 0, 6), CO),
    row("conv-single-chance-dont-pass", "dont-pass", (3, 4), (W, 1, None), {"point": 6}),
    row("conv-single-chance-dont-pass", "dont-pass", (3, 3), (L, -1, None), {"point": 6}),
    row("conv-single-chance-dont-pass", "dont-pass", (1, 1), (N, 0, None), CO, BAR_2,
        why="barred 2"),
    row("conv-single-chance-dont-pass", "dont-pass", (6, 6), (W, 1, None), CO, BAR_2),
    row("conv-single-chance-come", "come", (5, 6), (W, 1, None), why="11 on the come roll"),
    row("conv-single-chance-come", "come", (1, 2), (L, -1, None)),
    row("conv-single-chance-come", "come", (4, 4), (N, 0, 8), why="8 becomes the come point"),
    row("conv-single-chance-come", "come", (4, 4), (W, 1, None), {"point": 8, **CO}),
    row("conv-single-chance-come", "come", (3, 4), (L, -1, None), {"point": 8}),
    row("conv-single-chance-dont-come", "dont-come", (6, 6), (N, 0, None), why="standoff"),
    row("conv-single-chance-dont-come", "dont-come", (5, 6), (L, -1, None)),
    row("conv-single-chance-dont-come", "dont-come", (3, 2), (N, 0, 5)),
    row("conv-single-chance-dont-come", "dont-come", (3, 4), (W, 1, None), {"point": 5}),
]

FOR = {"odds-notation": "for"}
ODDS_NOTATION_FOR = [  # reading odds-notation=for: "X to 1" read "X for 1", stake included
    # A split stake loses the unit on the winning share alone: World on 7, 1/5 of the stake at
    # "4 for 1" returns 4/5 (its own 1/5 included): +3/5 on it, -4/5 on the four other shares.
    row("r3-95.15-10", "world", (3, 4), (W, "-1/5", None), None, FOR,
        why="3/5 - 4/5 (was -1 on both sides: the unit came off the whole stake)"),
    row("r3-95.15-10", "world", (1, 1), (W, 5, None), None, FOR, why="29/5 - 4/5"),
    row("r3-95.15-8", "horn", (5, 6), (W, "11/4", None), None, FOR, why="14/4 - 3/4"),
    row("r3-95.15-11", "three-way-craps", (1, 2), (W, 4, None), None, FOR, why="14/3 - 2/3"),
    row("r3-95.15-8", "horn", (5, 6), (W, 14, None), None, {**FOR, "combined-payout": "whole"},
        why="the whole stake at 15 for 1"),
    row("r3-95.15-1.s4", "hard-6", (3, 3), (W, 8, None), None, FOR, why="9 for 1"),
    row("r3-95.16-1.s4", "pass-odds", (2, 2), (W, 1, None), {"point": 4}, FOR,
        why="2 for 1"),
    row("r3-95.16-2.s4", "dont-pass-odds", (3, 4), (W, "-1/2", None), {"point": 4}, FOR,
        why="1 for 2: a win that loses money, the finding of the reading"),
    # The conventions' even money is not regulation text: the reading does not touch it.
    row("conv-single-chance-pass", "pass", (3, 4), (W, 1, None), CO, FOR,
        why="even money is the convention's, not a phrase of the text"),
]
