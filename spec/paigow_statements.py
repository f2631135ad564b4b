"""Section 40's ordering statements: the chapeau's order of the combinations (r3-40-intro)
and the highest, second highest and lowest members the text names inside some of them, each
an ``OrderStatement`` the proofs check the implementation against."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import z3

from casino_proofs.spec.paigow_hand import ACE, COMBINATIONS, KING, ROYAL, THREE, TWO, WINDOWS, Hand
from casino_proofs.spec.readings import Readings

if TYPE_CHECKING:
    from collections.abc import Callable


class StatedOrder:
    """The ordering statements of s. 40, for a specification that knows its hand, its
    readings, whether it ranks high hands, and which hands are each combination."""

    hand: Hand
    high: bool
    readings: Readings
    is_: Callable[[str], z3.BoolRef]
    describes: Callable[[str], z3.BoolRef]
    forms_straight: Callable[[str], z3.BoolRef]
    forms_straight_flush: Callable[[str], z3.BoolRef]

    def statements(self) -> list[OrderStatement]:
        """Every ordering statement s. 40 makes (and, labelled, the conventions' ones that
        rank hands with no combination)."""
        out: list[OrderStatement] = []
        names = [n for n, _ in COMBINATIONS] if self.high else ["pair"]
        for i, upper in enumerate(names):
            for lower in names[i + 1:]:
                out.append(OrderStatement(
                    f"r3-40-intro:{upper}>{lower}", ("r3-40-intro.s1", dict(COMBINATIONS)[upper],
                                                      dict(COMBINATIONS)[lower]),
                    f"{upper} ranks above {lower}", self.is_(upper), self.is_(lower)))
        for name in names:
            out.append(OrderStatement(
                f"conv:{name}>no-combination",
                ("conv-no-combination-lowest" if self.high else "conv-low-hand",
                 dict(COMBINATIONS)[name]),
                f"{name} ranks above a hand with no combination", self.is_(name),
                self.is_("no-combination")))
        for clause, combination, members in self._named_members():
            within = self.is_(combination)
            if combination == "straight-flush" and self.readings.royal_flush != "separate":
                # Reading royal-flush=also-straight-flush: the royal flush is among the
                # straight flushes that (3) orders.
                within = self.describes("straight-flush")
            out += _member_statements(clause, combination, within, members)
        return out

    def _named_members(self) -> list[tuple[str, str, list[tuple[str, str, z3.BoolRef]]]]:
        """(clause, combination, [(position, description, hands that are that member)]).

        Where the joker could make a hand more than one member, conv-joker-best makes it the
        higher: a hand that can form the highest member is it; the second highest, if it
        cannot form the highest; the lowest, only if it can form no other.
        """
        c = self.hand.count_joker_as_ace
        pair = ("r3-40-10.s1", "pair", [
            ("highest", "2 aces", c(ACE) >= 2),
            ("lowest", "2 twos", c(TWO) >= 2),
        ])
        if not self.high:
            return [pair]
        sf = self.forms_straight_flush
        st = self.forms_straight
        others_sf = [sf(w) for w in WINDOWS if w not in ("65432",)]
        others_st = [st(w) for w in WINDOWS if w not in ("65432",)]
        return [
            ("r3-40-3.s2", "straight-flush", [
                ("highest", "A-2-3-4-5", sf("A2345")),
                ("second", "K-Q-J-T-9", z3.And(sf("KQJT9"), z3.Not(sf("A2345")))),
                ("lowest", "6-5-4-3-2", z3.And(sf("65432"), z3.Not(z3.Or(others_sf)))),
            ]),
            ("r3-40-4.s1", "four-of-a-kind", [
                ("highest", "4 aces", c(ACE) >= 4), ("lowest", "4 twos", c(TWO) >= 4),
            ]),
            ("r3-40-5.s1", "full-house", [
                ("highest", "3 aces and 2 kings", z3.And(c(ACE) >= 3, c(KING) >= 2)),
                ("lowest", "3 twos and 2 threes", z3.And(c(TWO) >= 3, c(THREE) >= 2)),
            ]),
            ("r3-40-7.s1", "straight", [
                ("highest", "A-K-Q-J-T", st(ROYAL)),
                ("second", "A-2-3-4-5", z3.And(st("A2345"), z3.Not(st(ROYAL)))),
                ("lowest", "6-5-4-3-2", z3.And(st("65432"), z3.Not(z3.Or(others_st)))),
            ]),
            ("r3-40-8.s1", "three-of-a-kind", [
                ("highest", "3 aces", c(ACE) >= 3), ("lowest", "3 twos", c(TWO) >= 3),
            ]),
            ("r3-40-9.s1", "two-pairs", [
                ("highest", "2 aces and 2 kings", z3.And(c(ACE) >= 2, c(KING) >= 2)),
                ("lowest", "2 threes and 2 twos", z3.And(c(THREE) >= 2, c(TWO) >= 2)),
            ]),
            pair,
        ]


@dataclass(frozen=True)
class OrderStatement:
    """Every hand in ``higher`` ranks above every hand in ``lower``."""

    id: str
    clauses: tuple[str, ...]
    description: str
    higher: z3.BoolRef
    lower: z3.BoolRef


def _member_statements(clause: str, combination: str, within: z3.BoolRef,
                       members: list[tuple[str, str, z3.BoolRef]]) -> list[OrderStatement]:
    out = []
    named = {pos: (text, z3.And(within, m)) for pos, text, m in members}
    paragraph = clause.split(".s")[0]
    clauses = (clause, "conv-joker-best") if combination in ("straight-flush", "straight") \
        else (clause,)
    if "highest" in named:
        text, top = named["highest"]
        out.append(OrderStatement(f"{paragraph}:highest", clauses,
                                  f"{text} is the highest {combination}", top,
                                  z3.And(within, z3.Not(top))))
    if "second" in named:
        text, second = named["second"]
        top = named["highest"][1]
        out.append(OrderStatement(f"{paragraph}:second", clauses,
                                  f"{text} is the second highest {combination}", second,
                                  z3.And(within, z3.Not(top), z3.Not(second))))
    if "lowest" in named:
        text, bottom = named["lowest"]
        out.append(OrderStatement(f"{paragraph}:lowest", clauses,
                                  f"{text} is the lowest {combination}",
                                  z3.And(within, z3.Not(bottom)), bottom))
    return out
