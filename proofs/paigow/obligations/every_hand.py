"""The exhaustive pass: every hand of a deck through the implementation under test.

Hands are card indices in increasing order (spec.paigow's numbering: 0 to 51, then 52 for the
joker). They go to the engine in batches; each answer is filed under the hand's abstraction:
the rank index (``index // 4``) of each of its cards in order, and whether its cards other than
the joker share one suit. The specification is proved to depend on nothing else (obligation
``abstraction``), so the specification is evaluated once per class while the implementation is
asked about every hand.

A class entry records how many hands it has, the implementation's combination (when it names
one) and strength range over them, and a hand for each extreme and each other combination
seen. Where the engine offers ``compare`` (our implementation), every hand is also compared
with its class's representative. Answers are hashed in the order asked, and the answers to a
seeded sample of hands are kept, and asked again at the end of the task by the same process
(they are asked once more, by another process, afterwards).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement, islice
from math import comb, prod
from typing import Any

from casino_proofs.obligations.capabilities import hand_comparer
from casino_proofs.protocol.answers import Faulty, Refused, Strength
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.spec.paigow import JOKER_INDEX, card_symbol

Key = tuple[tuple[int, ...], bool]
_JOKER_RANK = JOKER_INDEX // 4
Value = tuple[int, ...]
BATCH = 20_000


@dataclass
class ClassEntry:
    count: int
    combination: str | None
    low: Value
    low_hand: tuple[int, ...]
    high: Value
    high_hand: tuple[int, ...]
    others: dict[str, tuple[int, ...]]  # further combinations the impl gave, with a hand each
    #: the least hand of the class (``combination`` is the one the impl gave it)
    first: tuple[int, ...] = ()
    #: how many hands the impl gave each name other than ``combination``
    other_counts: dict[str, int] = field(default_factory=dict)

    def named(self) -> dict[str, int]:
        """How many hands of the class the implementation gave each combination name."""
        out = dict(self.other_counts)
        if self.combination is not None:
            out[self.combination] = self.count - sum(self.other_counts.values())
        return out

    def merge(self, other: ClassEntry) -> None:
        """Add another part of the class: the result depends on the hands alone, not on which
        part came first (ties go to the least hand), so a counterexample drawn from it is a
        function of the answers, whatever the workers' order."""
        names = self.named()
        for named, n in other.named().items():
            names[named] = names.get(named, 0) + n
        self.count += other.count
        if (other.low, other.low_hand) < (self.low, self.low_hand):
            self.low, self.low_hand = other.low, other.low_hand
        if other.high > self.high or (other.high == self.high
                                       and other.high_hand < self.high_hand):
            self.high, self.high_hand = other.high, other.high_hand
        seen: dict[str, tuple[int, ...]] = {}
        for entry in (self, other):
            for label, hand in ((entry.combination, entry.first), *entry.others.items()):
                if label is not None and (label not in seen or hand < seen[label]):
                    seen[label] = hand
        if other.first < self.first:
            self.first, self.combination = other.first, other.combination
        self.others = {n: h for n, h in sorted(seen.items()) if n != self.combination}
        self.other_counts = {n: c for n, c in sorted(names.items())
                             if n != self.combination and c}


@dataclass
class PassResult:
    classes: dict[Key, ClassEntry]  # each class of hands the pass kept, by its key
    hands: int
    #: "refused: reason" / "crash: problem" -> (the first hand it happened on, how many)
    failures: dict[str, tuple[tuple[int, ...], int]]
    #: hands compared with their class's representative, and the first mismatch
    compared: int = 0
    mismatch: tuple[tuple[int, ...], tuple[int, ...], Any, int] | None = None
    sample: dict[tuple[int, ...], Any] = field(default_factory=dict)  # hand -> its answer
    #: the sampled hands asked again at the end of their task, by the same engine process
    sample_again: dict[tuple[int, ...], Any] = field(default_factory=dict)
    #: what the engine's channel went through (None: an engine with no channel)
    channel: ChannelLog | None = None
    digests: dict[int, str] = field(default_factory=dict)  # task -> sha256 of its answers
    named: bool = True  # every answer named its combination
    #: every class of the deck, answered or not: its hand count and a hand (for what the
    #: specification alone says of the deck)
    every: dict[Key, tuple[int, tuple[int, ...]]] = field(default_factory=dict)

    def merge(self, other: PassResult) -> None:
        for key, entry in other.classes.items():
            if key in self.classes:
                self.classes[key].merge(entry)
            else:
                self.classes[key] = entry
        self.hands += other.hands
        for name, (hand, n) in other.failures.items():
            first, seen = self.failures.get(name, (hand, 0))
            self.failures[name] = (min(first, hand), seen + n)
        self.compared += other.compared
        if other.mismatch is not None and (self.mismatch is None
                                           or other.mismatch[0] < self.mismatch[0]):
            self.mismatch = other.mismatch
        self.sample.update(other.sample)
        self.sample_again.update(other.sample_again)
        if other.channel is not None:
            if self.channel is None:
                self.channel = ChannelLog()
            self.channel.merge(other.channel)
        self.digests.update(other.digests)
        self.named = self.named and other.named
        for key, (n, hand) in other.every.items():
            count, first = self.every.get(key, (0, hand))
            self.every[key] = (count + n, min(first, hand))

    def digest(self) -> str:
        """One SHA-256 over the tasks' digests, in task order (independent of scheduling)."""
        h = hashlib.sha256()
        for task in sorted(self.digests):
            h.update(f"{task}:{self.digests[task]}\n".encode())
        return h.hexdigest()


_RANK_OF = tuple(i // 4 for i in range(JOKER_INDEX + 1))
_SUIT_OF = tuple(i % 4 if i != JOKER_INDEX else -1 for i in range(JOKER_INDEX + 1))
_NO_SUIT = frozenset({-1})  # the joker's


def abstraction(hand: Sequence[int]) -> Key:
    """The rank index of each card in order, and whether the non-joker cards share a suit."""
    if len(hand) == 5:  # the 2.9 million five-card hands: unrolled, for speed
        a, b, c, d, e = hand
        return ((_RANK_OF[a], _RANK_OF[b], _RANK_OF[c], _RANK_OF[d], _RANK_OF[e]),
                len({_SUIT_OF[a], _SUIT_OF[b], _SUIT_OF[c], _SUIT_OF[d], _SUIT_OF[e]}
                    - _NO_SUIT) <= 1)
    return tuple(_RANK_OF[i] for i in hand), len({_SUIT_OF[i] for i in hand} - _NO_SUIT) <= 1


def abstractions(hands: Sequence[tuple[int, ...]]) -> list[Key]:
    """:func:`abstraction` of each of ``hands`` (all of one size), worked out in bulk (numpy):
    each hand's ranks and suit bits read off tables, its class coded as one integer, and the
    code turned into the class's key by a dictionary of the classes met. The same keys as
    :func:`abstraction`, hand for hand (tests/test_bulk_spec.py), at a fraction of its cost."""
    if not hands:
        return []
    import numpy as np

    ranks_of, suit_bits, places = _numpy_tables()
    cards = np.array(hands, dtype=np.intp)
    suits = np.bitwise_or.reduce(suit_bits[cards], axis=1)
    codes = ranks_of[cards] @ places[-len(hands[0]):] * 2 + ((suits & (suits - 1)) == 0)
    known = _KEY_OF_CODE.setdefault(len(hands[0]), {})
    out = []
    for code, hand in zip(codes.tolist(), hands, strict=True):
        key = known.get(code)
        if key is None:
            key = known[code] = abstraction(hand)
        out.append(key)
    return out


@functools.cache
def _numpy_tables() -> tuple[Any, Any, Any]:
    """Each card's rank index and suit bit (none for the joker), and the place of each rank
    digit in a class's code."""
    import numpy as np

    return (np.array(_RANK_OF, dtype=np.intp),
            np.array([0 if s < 0 else 1 << s for s in _SUIT_OF], dtype=np.intp),
            np.array([(_JOKER_RANK + 1) ** (4 - i) for i in range(5)], dtype=np.intp))


#: by hand size, the key of each class code :func:`abstractions` has met (a class's code:
#: its ranks as digits, then whether it is suited)
_KEY_OF_CODE: dict[int, dict[int, Key]] = {}


def representative(key: Key) -> tuple[int, ...]:
    """A fixed hand of the class ``key`` (its cards' ranks in order and suitedness): suited,
    every card of suit 0; else the lowest suits not yet used for each rank, the first card
    moved to suit 1 when that would leave every card of one suit."""
    ranks, suited = key
    if suited:
        return tuple(JOKER_INDEX if r == JOKER_INDEX // 4 else r * 4 for r in ranks)
    used: dict[int, int] = {}
    hand = []
    for r in ranks:
        if r == JOKER_INDEX // 4:
            hand.append(JOKER_INDEX)
            continue
        hand.append(r * 4 + used.get(r, 0))
        used[r] = used.get(r, 0) + 1
    naturals = [i for i in hand if i != JOKER_INDEX]
    if len({i % 4 for i in naturals}) <= 1:  # all suit 0: give the first card suit 1
        hand[hand.index(naturals[0])] += 1
    return tuple(sorted(hand))


def classes(size: int) -> dict[Key, int]:
    """Every class of ``size``-card hands of the 53-card deck, with its number of hands:
    C(4, m) ways for each rank held m times; of those, 4 all of one suit when no rank is held
    twice (every hand when it has one natural card), the rest not."""
    out: dict[Key, int] = {}
    for ranks in combinations_with_replacement(range(_JOKER_RANK + 1), size):
        held = {r: ranks.count(r) for r in set(ranks)}
        if held.get(_JOKER_RANK, 0) > 1 or any(m > 4 for m in held.values()):
            continue
        total = prod(comb(4, m) for r, m in held.items() if r != _JOKER_RANK)
        naturals = size - held.get(_JOKER_RANK, 0)
        suited = 0 if any(m > 1 for r, m in held.items() if r != _JOKER_RANK) else 4
        if naturals == 1:
            suited = total
        for flag, n in ((True, suited), (False, total - suited)):
            if n:
                out[(ranks, flag)] = n
    return out


def _sign(a: Value, b: Value) -> int:
    return (a > b) - (a < b)


def run(engine: Engine, hands: Iterator[tuple[int, ...]], readings: Mapping[str, str],
        task: int, sample: frozenset[tuple[int, ...]]) -> PassResult:
    """Ask ``engine`` about every hand and file each answer under its abstraction.

    Longer than 60 lines: the one pass over 2.8 million hands, kept in one frame for speed."""
    table: dict[Key, ClassEntry] = {}
    result = PassResult(table, 0, {})
    digest = hashlib.sha256()
    compare = hand_comparer(engine).compare if engine.can(Capability.COMPARES_HANDS) else None
    reps: dict[Key, tuple[tuple[int, ...], Value | None]] = {}
    failed: dict[Key, tuple[int, tuple[int, ...]]] = {}  # classes of hands with no strength
    texts: dict[int, tuple[Any, str]] = {}  # an answer object's text in the digest
    while True:
        batch = list(islice(hands, BATCH))
        if not batch:
            break
        answers = engine.rank(batch, readings)
        result.hands += len(batch)
        digest.update(_answers_text(answers, texts).encode())
        pairs: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        values: list[tuple[Value, Value | None]] = []
        for hand, answer, key in zip(batch, answers, abstractions(batch), strict=True):
            if hand in sample:
                result.sample[hand] = answer
            if not isinstance(answer, Strength):
                seen = failed.get(key)
                failed[key] = (1, hand) if seen is None else (seen[0] + 1, seen[1])
                kind = "refused" if isinstance(answer, Refused) else answer.fault
                why = answer.reason if isinstance(answer, Refused) else answer.problem
                failure = f"{kind}: {why}"
                first, n = result.failures.get(failure, (hand, 0))
                result.failures[failure] = (first, n + 1)
                continue
            value, name = answer.value, answer.combination
            if name is None:
                result.named = False
            entry = table.get(key)
            if entry is None:
                table[key] = ClassEntry(1, name, value, hand, value, hand, {}, hand)
            else:
                entry.count += 1
                if value < entry.low:
                    entry.low, entry.low_hand = value, hand
                elif value > entry.high:
                    entry.high, entry.high_hand = value, hand
                if name != entry.combination and name is not None:
                    entry.other_counts[name] = entry.other_counts.get(name, 0) + 1
                    if name not in entry.others:
                        entry.others[name] = hand
            if compare is not None:
                rep = reps.get(key)
                if rep is None:
                    rep_hand = representative(key)
                    got = engine.rank([rep_hand], readings)[0]
                    rep = (rep_hand, got.value if isinstance(got, Strength) else None)
                    reps[key] = rep
                pairs.append((hand, rep[0]))
                values.append((value, rep[1]))
        if compare is not None and pairs:
            for (hand, rep_hand), (value, rep_value), said in zip(
                    pairs, values, compare(pairs, readings), strict=True):
                result.compared += 1
                expected = _sign(value, rep_value) if rep_value is not None else None
                if said != expected and (result.mismatch is None or hand < result.mismatch[0]):
                    result.mismatch = (hand, rep_hand, said, expected if expected is not None
                                       else 0)
    # The sampled hands, asked again by the same process: an engine that answers otherwise on
    # a second asking within one process must not hide behind a fresh process.
    again = sorted(result.sample)
    if again:
        result.sample_again.update(zip(again, engine.rank_again(again, readings), strict=True))
    result.digests[task] = digest.hexdigest()
    result.channel = engine.take_channel()
    every = {k: (e.count, e.first) for k, e in table.items()}  # every class of the task
    for k, (n, hand) in failed.items():
        count, first = every.get(k, (0, hand))
        every[k] = (count + n, min(first, hand))
    result.every = every
    return result


def _answers_text(answers: Sequence[Any], texts: dict[int, tuple[Any, str]]) -> str:
    """``repr`` of the batch's answers as the digest has always read them (a strength as its
    value and combination, anything else as itself), each answer object's text worked out
    once: an engine in this process hands back one object for every hand alike."""
    if len(texts) > 200_000:  # an engine that makes a new object a hand
        texts.clear()
    out = []
    for a in answers:
        seen = texts.get(id(a))
        if seen is None or seen[0] is not a:
            seen = texts[id(a)] = (a, repr((a.value, a.combination) if isinstance(a, Strength)
                                          else a))
        out.append(seen[1])
    return "[" + ", ".join(out) + "]"


def not_answered(hands: Iterator[tuple[int, ...]], task: int,
                 sample: frozenset[tuple[int, ...]], why: str) -> PassResult:
    """A task whose answers never came back (the worker running it died): every hand of it
    counted and filed as not asked, saying why, so that the ``exhaustive`` obligation is
    ERROR for it (a non-answer proves nothing either way), and its sampled hands are too."""
    result = PassResult({}, 0, {})
    fault = Faulty("unasked", why)
    first: tuple[int, ...] | None = None
    for hand in hands:
        result.hands += 1
        first = hand if first is None else first
        key = abstraction(hand)
        count, least = result.every.get(key, (0, hand))
        result.every[key] = (count + 1, min(least, hand))
        if hand in sample:
            result.sample[hand] = fault
    if first is not None:
        result.failures[f"unasked: {why}"] = (first, result.hands)
    result.digests[task] = hashlib.sha256(f"not answered: {why}".encode()).hexdigest()
    return result


def hands_starting_with(deck: tuple[int, ...], position: int,
                        size: int) -> Iterator[tuple[int, ...]]:
    """Every hand of ``size`` cards of ``deck`` whose lowest card is ``deck[position]``."""
    first = deck[position]
    for rest in combinations(deck[position + 1:], size - 1):
        yield (first, *rest)


def hand_text(hand: Sequence[int]) -> str:
    return " ".join(card_symbol(i) for i in hand)


__all__ = ["ClassEntry", "Faulty", "Key", "PassResult", "abstraction", "hand_text",
           "hands_starting_with", "not_answered", "representative", "run"]
