"""A comparator tested against the order derived from it (issue 23: a comparator is a black
box over 8 x 10^12 ordered pairs of five-card hands).

The strengths of a compare-only evaluator are derived from comparisons that always hold a
class representative on one side (:mod:`.comparing`). What is then proved about its order
rests on one assumption: that its comparisons are one total preorder, the same whatever
pair of hands is asked, in whatever suits and card order. That assumption is tested hard,
each check asking comparisons the derivation never asked, every answer against the order
derived:

- ``random pairs``: a large seeded sample of pairs of hands of the deck, each hand's cards in
  a random order (a fault confined to a family of hands -- say, two hands with no club --
  falls in the sample in proportion to the family's share of pairs);
- ``neighbours in other suits``: each two neighbouring levels of the derived order, their
  representatives recoloured by suit permutations (one that avoids clubs where it can), one
  written high to low and the other low to high;
- ``suit patterns``: each class's representative against its own recolourings (a tie).

The first answer that the derived order contradicts is kept, with its pair.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from casino_proofs.protocol.answers import Faulty, Strength
from casino_proofs.protocol.cards import hand_text
from casino_proofs.protocol.comparisons import ComparatorEvidence

Hand = tuple[int, ...]
#: pairs of hands in the random sample, by hand size
RANDOM_PAIRS = {5: 100_000, 2: 20_000}
SEED = 23
JOKER = 52
#: the suit permutations every neighbouring pair and representative is recoloured by (the
#: identity left out): the three rotations and one reversal
RECOLOURINGS: tuple[tuple[int, ...], ...] = ((1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2),
                                             (3, 2, 1, 0))

#: answers to pairs as written, one per pair
Compare = Callable[[Sequence[tuple[str, str]]], list[int | Faulty]]
#: the derived strengths of hands, one per hand (a Faulty where there is none)
Rank = Callable[[list[Hand]], list[object]]


def recolour(hand: Sequence[int], sigma: Sequence[int]) -> Hand:
    """The hand with every suit s made sigma[s] (the joker unchanged), sorted."""
    return tuple(sorted(c if c == JOKER else (c // 4) * 4 + sigma[c % 4] for c in hand))


def _clubless(a: Hand, b: Hand) -> tuple[int, ...] | None:
    """A suit permutation that leaves neither hand a club (suit 0), where one exists."""
    used = {c % 4 for c in (*a, *b) if c != JOKER}
    free = [s for s in range(4) if s not in used]
    if 0 not in used or not free:
        return None
    sigma = list(range(4))
    sigma[0], sigma[free[0]] = free[0], 0
    return tuple(sigma)


def _written(hand: Hand, rng: random.Random | None = None, high_first: bool = False) -> str:
    cards = list(reversed(hand)) if high_first else list(hand)
    if rng is not None:
        rng.shuffle(cards)
    return hand_text(cards)


def _sign(a: Strength, b: Strength) -> int:
    return (a.value > b.value) - (a.value < b.value)


class Checks:
    """The comparisons of one hand size, asked and judged against the derived order."""

    def __init__(self, size: int, compare: Compare, rank: Rank) -> None:
        self.size, self.compare, self.rank = size, compare, rank
        self.evidence = ComparatorEvidence(size)

    def judge(self, check: str, pairs: list[tuple[Hand, Hand]], texts: list[tuple[str, str]],
              expected: list[int]) -> None:
        """Ask ``texts`` (the pairs as written) and hold each answer to ``expected``."""
        answers = self.compare(texts)
        self.evidence.asked[check] = self.evidence.asked.get(check, 0) + len(pairs)
        for pair, text, answer, want in zip(pairs, texts, answers, expected, strict=True):
            if isinstance(answer, Faulty) or answer == want:
                continue  # a fault of the channel or of the answer is refuted elsewhere
            self.evidence.failing += 1
            if self.evidence.first is None:
                self.evidence.first = {"check": check, "pair": list(text), "answered": answer,
                                       "expected": want, "cards": [list(pair[0]),
                                                                   list(pair[1])]}

    def random_pairs(self, deck: Sequence[int]) -> None:
        rng = random.Random(SEED + self.size)
        pairs: list[tuple[Hand, Hand]] = []
        while len(pairs) < RANDOM_PAIRS[self.size]:
            a = tuple(sorted(rng.sample(deck, self.size)))
            b = tuple(sorted(rng.sample(deck, self.size)))
            if a != b:
                pairs.append((a, b))
        strengths = self._strengths([h for pair in pairs for h in pair])
        texts, expected, kept = [], [], []
        for a, b in pairs:
            sa, sb = strengths.get(a), strengths.get(b)
            if sa is None or sb is None:
                continue  # a hand the engine could not rank: refuted by exhaustive
            kept.append((a, b))
            texts.append((_written(a, rng), _written(b, rng)))
            expected.append(_sign(sa, sb))
        self.judge("random pairs", kept, texts, expected)

    def neighbours(self, level_reps: Sequence[Hand]) -> None:
        pairs, texts = [], []
        for low, high in itertools.pairwise(level_reps):
            sigmas = [*RECOLOURINGS, *filter(None, [_clubless(low, high)])]
            for sigma in sigmas:
                a, b = recolour(high, sigma), recolour(low, sigma)
                pairs.append((a, b))
                texts.append((_written(a, high_first=True), _written(b)))
        self.judge("neighbours in other suits", pairs, texts, [1] * len(pairs))

    def suit_patterns(self, reps: Sequence[Hand]) -> None:
        pairs, texts = [], []
        for rep in reps:
            for sigma in RECOLOURINGS:
                twin = recolour(rep, sigma)
                if twin != rep:
                    pairs.append((twin, rep))
                    texts.append((_written(twin, high_first=True), _written(rep)))
        self.judge("suit patterns", pairs, texts, [0] * len(pairs))

    def _strengths(self, hands: list[Hand]) -> dict[Hand, Strength]:
        distinct = list(dict.fromkeys(hands))
        return {h: s for h, s in zip(distinct, self.rank(distinct), strict=True)
                if isinstance(s, Strength)}


def check_comparator(size: int, deck: Sequence[int], reps: Sequence[Hand],
                     level_reps: Sequence[Hand], compare: Compare,
                     rank: Rank) -> ComparatorEvidence:
    """Every check, for one hand size."""
    checks = Checks(size, compare, rank)
    checks.suit_patterns(reps)
    checks.neighbours(level_reps)
    checks.random_pairs(deck)
    return checks.evidence


def not_antisymmetric(sample: Sequence[tuple[Hand, Hand, int]],
                      again: Sequence[int | Faulty]) -> list[tuple[tuple[Hand, Hand], Faulty]]:
    """The pairs of ``sample`` (with their first answers) whose answer asked swapped,
    ``again``, is not the negation of the first: each with the fault that says so."""
    out = []
    for (a, b, first), second in zip(sample, again, strict=True):
        if isinstance(second, Faulty) or second != -first:
            said = second.problem if isinstance(second, Faulty) else second
            out.append(((a, b), Faulty("malformed", f"compare is not antisymmetric: compare("
                                                    f"{hand_text(a)}, {hand_text(b)}) = "
                                                    f"{first} but compare({hand_text(b)}, "
                                                    f"{hand_text(a)}) = {said}")))
    return out
