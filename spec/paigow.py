"""Section 40: the ranking of Pai Gow Poker combinations, as Z3 predicates over a symbolic hand.

A hand is a set of cards drawn from the 53-card deck, held as symbolic card indices in
increasing order: 0 to 51 are ``(rank - 2) * 4 + suit`` (ranks 2 to 14, suits c, d, h, s),
52 is the joker. Ranks are written here as indices 0 (two) to 12 (ace).

Three layers, kept apart:

- the combinations of r3-40-1 to r3-40-10, each the text's description of a hand;
- the ordering statements the text makes: the chapeau's order of the combinations and the
  highest, second highest and lowest members it names inside some of them;
- where the text is silent, conventions (regulation/conventions.toml), each named: which
  combination a hand fitting several counts as, what the joker may stand for, and the order
  within a combination (``conventional_key``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import z3

from casino_proofs.spec.readings import Readings

RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
JOKER_INDEX = 52
#: The joker's rank index: 52 // 4. Within the deck, the joker is the only card of this rank
#: index, and the clauses name it so: every clause then reads a card only through its rank
#: index (``c / 4``) and the hand's suitedness, which is what the abstraction lemma proves.
JOKER_RANK = JOKER_INDEX // 4
TWO, THREE, KING, ACE = 0, 1, 11, 12
RANKS = range(13)


def card_index(symbol: str) -> int:
    """``"Ah"`` -> 50, ``"Jk"`` -> 52."""
    if symbol == "Jk":
        return JOKER_INDEX
    return RANK_SYMBOLS.index(symbol[0]) * 4 + SUIT_SYMBOLS.index(symbol[1])


def card_symbol(index: int) -> str:
    if index == JOKER_INDEX:
        return "Jk"
    return RANK_SYMBOLS[index // 4] + SUIT_SYMBOLS[index % 4]


#: Five consecutive ranks, by name: the nine straights topped by 6 to A, and A-2-3-4-5.
WINDOWS: dict[str, tuple[int, ...]] = {
    "A2345": (ACE, 0, 1, 2, 3),
    **{RANK_SYMBOLS[top::-1][:5]: tuple(range(top - 4, top + 1)) for top in range(4, 13)},
}
ROYAL = "AKQJT"


def is_joker(c: z3.ArithRef) -> z3.BoolRef:
    """The card is the joker: in the 53-card deck, the card of rank index 13 (``JOKER_RANK``)."""
    return c / 4 == JOKER_RANK


@dataclass(frozen=True, eq=False)
class Hand:
    """A symbolic hand: its cards and the terms every clause is written with."""

    cards: tuple[z3.ArithRef, ...]
    _counts: dict[int, z3.ArithRef] = field(default_factory=dict, compare=False, repr=False)

    def domain(self) -> z3.BoolRef:
        """Cards of the 53-card deck, all different (held in increasing order)."""
        bounds = [z3.And(c >= 0, c <= JOKER_INDEX) for c in self.cards]
        order = [a < b for a, b in zip(self.cards, self.cards[1:], strict=False)]
        return z3.And(*bounds, *order)

    def _natural(self, c: z3.ArithRef) -> z3.BoolRef:
        return z3.Not(is_joker(c))

    @cached_property
    def joker(self) -> z3.BoolRef:
        return z3.Or([is_joker(c) for c in self.cards])

    def count(self, rank: int) -> z3.ArithRef:
        """How many of the hand's cards (the joker aside) have this rank."""
        if rank not in self._counts:
            self._counts[rank] = z3.Sum([z3.If(z3.And(self._natural(c), c / 4 == rank), 1, 0)
                                         for c in self.cards])
        return self._counts[rank]

    def count_joker_as_ace(self, rank: int) -> z3.ArithRef:
        """As ``count``, the joker counting as an ace (conv-joker-ace-or-completes; both
        readings of ``joker`` let it be an ace)."""
        if rank == ACE:
            return self.count(ACE) + z3.If(self.joker, 1, 0)
        return self.count(rank)

    @cached_property
    def suited(self) -> z3.BoolRef:
        """The hand's cards, the joker aside, are all of one suit."""
        return z3.And([
            z3.Or(is_joker(c), is_joker(d), c % 4 == d % 4)
            for i, c in enumerate(self.cards) for d in self.cards[i + 1:]
        ])

    def abstraction(self) -> list[z3.ExprRef]:
        """What the clauses may depend on: the count of each rank, the joker, suitedness."""
        return [*(self.count(r) for r in RANKS), self.joker, self.suited]


def symbolic_hand(prefix: str = "card", size: int = 5) -> Hand:
    return Hand(tuple(z3.Int(f"{prefix}_{i}") for i in range(size)))


# ---------------------------------------------------------------------------------------------
# The combinations, r3-40-1 to r3-40-10
# ---------------------------------------------------------------------------------------------

COMBINATIONS = (
    ("five-aces", "r3-40-1"), ("royal-flush", "r3-40-2"), ("straight-flush", "r3-40-3"),
    ("four-of-a-kind", "r3-40-4"), ("full-house", "r3-40-5"), ("flush", "r3-40-6"),
    ("straight", "r3-40-7"), ("three-of-a-kind", "r3-40-8"), ("two-pairs", "r3-40-9"),
    ("pair", "r3-40-10"),
)
NO_COMBINATION = ("no-combination", "conv-no-combination-lowest")
#: Category codes: 1 (five aces, the highest) to 10 (pair); 11 for no combination.
CODES = {name: i + 1 for i, (name, _c) in enumerate((*COMBINATIONS, NO_COMBINATION))}


class PaiGowSpec:
    """Section 40 over one symbolic hand, under one set of readings."""

    def __init__(self, hand: Hand, readings: Readings | None = None) -> None:
        self.hand = hand
        self.readings = readings or Readings()
        self.high = len(hand.cards) == 5
        self._cache: dict[tuple[str, str], z3.ExprRef] = {}

    def _cached(self, key: tuple[str, str], build: object) -> z3.ExprRef:
        if key not in self._cache:
            assert callable(build)
            self._cache[key] = build()
        return self._cache[key]

    # -- what the joker may complete (reading ``joker``) ------------------------------------

    def forms_straight(self, window: str) -> z3.BoolRef:
        """The hand's cards are five of consecutive order, these ranks (the joker filling in)."""
        return self._cached(("straight", window), lambda: self._forms_straight(window))

    def _forms_straight(self, window: str) -> z3.BoolRef:
        h, ranks = self.hand, WINDOWS[window]
        fits = [z3.Or(is_joker(c), z3.Or([c / 4 == r for r in ranks])) for c in h.cards]
        distinct = [z3.Or(is_joker(c), is_joker(d), c / 4 != d / 4)
                    for i, c in enumerate(h.cards) for d in h.cards[i + 1:]]
        if self.readings.joker == "ace-only":
            # The joker only as an ace: it fills a straight only where the ace is missing.
            joker_ok = z3.Implies(h.joker, z3.BoolVal(ACE in ranks) if ACE in ranks else
                                  z3.BoolVal(False))
            joker_ok = z3.And(joker_ok, z3.Implies(h.joker, h.count(ACE) == 0))
            return z3.And(*fits, *distinct, joker_ok)
        return z3.And(*fits, *distinct)

    def forms_flush(self) -> z3.BoolRef:
        """Five cards of the same suit, the joker completing (not under ``joker=ace-only``)."""
        if self.readings.joker == "ace-only":
            return z3.And(self.hand.suited, z3.Not(self.hand.joker))
        return self.hand.suited

    def forms_straight_flush(self, window: str) -> z3.BoolRef:
        return z3.And(self.forms_straight(window), self.forms_flush())

    # -- the combinations as the text describes them ----------------------------------------

    def _of_a_kind(self, n: int) -> z3.BoolRef:
        return z3.Or([self.hand.count_joker_as_ace(r) >= n for r in RANKS])

    def describes(self, name: str) -> z3.BoolRef:
        """The hand fits the text's description of combination ``name``."""
        return self._cached(("describes", name), lambda: self._describes(name))

    def _describes(self, name: str) -> z3.BoolRef:
        h, c = self.hand, self.hand.count_joker_as_ace
        if not self.high:
            return self._of_a_kind(2) if name == "pair" else z3.BoolVal(False)
        if name == "five-aces":  # r3-40-1: 4 aces and a joker
            return z3.And(h.count(ACE) == 4, h.joker)
        if name == "royal-flush":  # r3-40-2: A, K, Q, J, 10 of the same suit
            return self.forms_straight_flush(ROYAL)
        if name == "straight-flush":  # r3-40-3.s1: 5 cards, same suit, consecutive order
            return z3.Or([self.forms_straight_flush(w) for w in WINDOWS])
        if name == "four-of-a-kind":  # r3-40-4: 4 cards of the same rank
            return self._of_a_kind(4)
        if name == "full-house":  # r3-40-5: a 3 of a kind and a pair
            return z3.Or([z3.And(c(r1) >= 3, c(r2) >= 2) for r1 in RANKS for r2 in RANKS
                          if r1 != r2])
        if name == "flush":  # r3-40-6: 5 cards of the same suit
            return self.forms_flush()
        if name == "straight":  # r3-40-7: 5 cards of consecutive order
            return z3.Or([self.forms_straight(w) for w in WINDOWS])
        if name == "three-of-a-kind":  # r3-40-8: containing 3 cards of the same rank
            return self._of_a_kind(3)
        if name == "two-pairs":  # r3-40-9: containing 2 pairs
            return z3.Or([z3.And(c(r1) >= 2, c(r2) >= 2) for r1 in RANKS for r2 in RANKS
                          if r1 < r2])
        if name == "pair":  # r3-40-10: 2 cards of the same rank
            if self.readings.pair_consisting == "literal":
                return z3.BoolVal(False)  # "consisting of 2 cards": no five-card hand is one
            return self._of_a_kind(2)
        raise KeyError(name)

    def category(self) -> z3.ArithRef:
        """conv-highest-combination: the code of the highest combination the hand fits."""
        return self._cached(("category", ""), self._category)

    def _category(self) -> z3.ArithRef:
        term: z3.ArithRef = z3.IntVal(CODES["no-combination"])
        for name, _clause in reversed(COMBINATIONS):
            term = z3.If(self.describes(name), CODES[name], term)
        return term

    def is_(self, name: str) -> z3.BoolRef:
        return self.category() == CODES[name]

    # -- the ordering statements ------------------------------------------------------------

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

    # -- the order within a combination where s. 40 is silent: conv-tiebreak ----------------

    def conventional_key(self) -> list[z3.ArithRef]:
        """A vector whose lexicographic order is the conventional order of hands
        (conv-tiebreak, conv-joker-best, conv-low-hand): [strength, first, second, then one
        entry per rank from the ace down, 1 where that rank is a card compared one by one]."""
        h, c = self.hand, self.hand.count_joker_as_ace
        cat = self.category()
        singles = [z3.If(c(r) == 1, 1, 0) for r in reversed(RANKS)]
        zeros = [z3.IntVal(0)] * 13
        with_rank = _rank_with
        if not self.high:
            pair_rank = with_rank(c, 2)
            keyed = {
                "pair": [pair_rank, z3.IntVal(0), *zeros],
                "no-combination": [z3.IntVal(0), z3.IntVal(0), *singles],
            }
            return self._select(cat, keyed)
        # The rank the joker takes to complete a flush: the highest the suit lacks.
        missing = z3.IntVal(-1)
        for r in RANKS:
            missing = z3.If(h.count(r) == 0, r, missing)
        flush_cards = [z3.If(z3.Or(h.count(r) >= 1, z3.And(h.joker, missing == r)), 1, 0)
                       for r in reversed(RANKS)]
        # r3-40-7: A-K-Q-J-T, then A-2-3-4-5, ...; the rest by highest card (conv-tiebreak).
        by_top = [w for w in reversed(list(WINDOWS)) if w not in (ROYAL, "A2345")]
        straight_order = [ROYAL, "A2345", *by_top]
        straight_place = _first_true([self.forms_straight(w) for w in straight_order])
        sf_order = straight_order[1:]
        sf_place = _first_true([self.forms_straight_flush(w) for w in sf_order])
        pairs = [r for r in reversed(RANKS)]
        high_pair = _first_rank([c(r) == 2 for r in pairs], pairs)
        low_pair = _first_rank([c(r) == 2 for r in RANKS], list(RANKS))
        keyed = {
            "five-aces": [z3.IntVal(0), z3.IntVal(0), *zeros],
            "royal-flush": [z3.IntVal(0), z3.IntVal(0), *zeros],
            "straight-flush": [len(sf_order) - sf_place, z3.IntVal(0), *zeros],
            "four-of-a-kind": [with_rank(c, 4), z3.IntVal(0), *singles],
            "full-house": [with_rank(c, 3), with_rank(c, 2), *zeros],
            "flush": [z3.IntVal(0), z3.IntVal(0), *flush_cards],
            "straight": [len(straight_order) - straight_place, z3.IntVal(0), *zeros],
            "three-of-a-kind": [with_rank(c, 3), z3.IntVal(0), *singles],
            "two-pairs": [high_pair, low_pair, *singles],
            "pair": [with_rank(c, 2), z3.IntVal(0), *singles],
            "no-combination": [z3.IntVal(0), z3.IntVal(0), *singles],
        }
        return self._select(cat, keyed)

    def _select(self, cat: z3.ArithRef, keyed: dict[str, list[z3.ArithRef]]) -> list[z3.ArithRef]:
        strength = z3.IntVal(0)
        names = list(keyed)
        fields = [z3.IntVal(0)] * 15
        for name in names:
            code = CODES[name]
            strength = z3.If(cat == code, 11 - code, strength)
            fields = [z3.If(cat == code, value, old)
                      for value, old in zip(keyed[name], fields, strict=True)]
        return [strength, *fields]


def _rank_with(count: object, n: int) -> z3.ArithRef:
    """The rank (2 to 14) of which the hand holds ``n`` or more cards (0 if none); used where
    at most one rank qualifies."""
    assert callable(count)
    term: z3.ArithRef = z3.IntVal(0)
    for r in RANKS:
        term = z3.If(count(r) >= n if n == 4 else count(r) == n, r + 2, term)
    return term


def _first_true(conditions: list[z3.BoolRef]) -> z3.ArithRef:
    """The index of the first true condition (len(conditions) if none)."""
    term: z3.ArithRef = z3.IntVal(len(conditions))
    for i in reversed(range(len(conditions))):
        term = z3.If(conditions[i], i, term)
    return term


def _first_rank(conditions: list[z3.BoolRef], ranks: list[int]) -> z3.ArithRef:
    term: z3.ArithRef = z3.IntVal(0)
    for cond, r in reversed(list(zip(conditions, ranks, strict=True))):
        term = z3.If(cond, r + 2, term)
    return term


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
