"""A Pai Gow evaluator with only ``compare(a, b)``: strengths derived from its comparisons
(docs/engine-protocol.md, "compare").

Some evaluators have no strength per hand, only a comparison of two. The obligations need a
strength per hand, so one is derived from the engine's answers alone, with about as many
comparisons as there are hands:

1. the fixed representative of every class of the abstraction (9,997 classes of five-card
   hands, 182 of two-card ones) is sorted by the engine's comparisons: a quicksort whose
   partitions are all asked at once (one request per level, about 30 in all), each element
   against its part's middle element, ties kept together;
2. each hand is compared with its class's representative: equal, it takes the
   representative's level; otherwise it is placed among the sorted representatives by binary
   search (every such hand of a batch asked at once), between two levels or on one;
3. a seeded sample of the comparisons is asked again with the hands swapped: an answer that is
   not the negation of the first (not antisymmetric) makes every hand of the two classes a
   fault, and the ``exhaustive`` obligation refutes it.

The levels are integers, higher is better: ``2 * level`` on a level, ``2 * level + 1`` between
it and the next. They reflect the comparisons asked, and only those: an engine whose
comparisons are not transitive is judged on the order those comparisons give.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from casino_proofs.adapters.comparator_checks import check_comparator, not_antisymmetric
from casino_proofs.adapters.exec_engine import ExecEngine, hand_text
from casino_proofs.paigow.obligations.every_hand import abstraction, classes, representative
from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, Faulty, RankAnswer, Strength
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.comparisons import ComparatorEvidence
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import Hello

#: pairs per compare request
COMPARE_BATCH = 20_000
#: comparisons asked again, swapped, per hand size
ANTISYMMETRY_SAMPLE = 400
ANTISYMMETRY_SEED = 40

Hand = tuple[int, ...]


def _read(answer: Any, _i: int) -> int | Faulty:
    if type(answer) is int and answer in (-1, 0, 1):
        return answer
    if isinstance(answer, dict) and set(answer) == {"error"}:
        return Faulty("malformed", f"the engine refused to compare: {str(answer['error'])[:80]}")
    return Faulty("malformed", f"a comparison is -1, 0 or 1, not {str(answer)[:40]}")


class ComparingEngine(Engine):
    """An ``exec:`` engine whose hello says ``"ranking": "compare"``: what the program can
    be asked, its strengths derived from its comparisons."""

    capabilities = Capability.RANKS_BY_COMPARISON

    def __init__(self, inner: ExecEngine) -> None:
        super().__init__(inner.target)
        self.inner = inner
        self.kind = inner.kind
        self.capabilities = inner.capabilities | Capability.RANKS_BY_COMPARISON
        #: per hand size: each class's level, and one representative per level
        self._levels: dict[int, tuple[dict[Any, int], list[Hand]]] = {}
        self._faulty: dict[Any, Faulty] = {}
        self.comparisons = 0

    def _start(self) -> Hello:
        return self.inner.hello

    def fresh(self) -> ComparingEngine:
        twin = ComparingEngine(self.inner.fresh())
        twin._hello = self._hello
        return twin

    def close(self) -> None:
        self.inner.close()

    def take_channel(self) -> ChannelLog | None:
        return self.inner.take_channel()

    def describe(self) -> dict[str, Any]:
        return {**self.inner.describe(), "ranking": "compare"}

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        return self.inner.settle(batch, readings)

    # -- comparisons ------------------------------------------------------------------------

    def _compare(self, pairs: Sequence[tuple[Hand, Hand]],
                 readings: Mapping[str, str]) -> list[int | Faulty]:
        if not pairs:
            return []
        # the first hand written high to low, the second low to high: a comparator that reads
        # cards in one order only is asked in both (the antisymmetry sample swaps them)
        return self._compare_texts([(hand_text(a[::-1]), hand_text(b)) for a, b in pairs],
                                   readings)

    def _compare_texts(self, texts: Sequence[tuple[str, str]],
                       readings: Mapping[str, str]) -> list[int | Faulty]:
        self.comparisons += len(texts)
        return self.inner._answers("compare", [list(t) for t in texts], readings,
                                   COMPARE_BATCH, _read)

    def comparator_evidence(self, size: int, deck: Sequence[int],
                            readings: Mapping[str, str]) -> ComparatorEvidence:
        """The comparisons tested against the order derived from them (in this process)."""
        levels, level_reps = self._sorted(size, readings)
        reps = [representative(k) for k in sorted(levels)]
        return check_comparator(size, deck, reps, level_reps,
                                lambda texts: self._compare_texts(texts, readings),
                                lambda hands: list(self._rank_size(hands, size, readings)))

    def _sorted(self, size: int, readings: Mapping[str, str]) -> tuple[dict[Any, int],
                                                                      list[Hand]]:
        """Each class's level, and one representative per level, lowest first."""
        if size in self._levels:
            return self._levels[size]
        segments: list[list[Hand]] = [[representative(k) for k in sorted(classes(size))]]
        settled = [False]
        asked: list[tuple[Hand, Hand, int]] = []
        while not all(settled):
            pairs = [(h, seg[len(seg) // 2]) for seg, ok in zip(segments, settled, strict=True)
                     if not ok for h in seg if h != seg[len(seg) // 2]]
            answers = iter(self._compare(pairs, readings))
            next_segments: list[list[Hand]] = []
            next_settled: list[bool] = []
            for seg, ok in zip(segments, settled, strict=True):
                if ok:
                    next_segments.append(seg)
                    next_settled.append(True)
                    continue
                pivot = seg[len(seg) // 2]
                below: list[Hand] = []
                equal = [pivot]
                above: list[Hand] = []
                for h in seg:
                    if h == pivot:
                        continue
                    got = next(answers)
                    if isinstance(got, Faulty):
                        self._faulty.setdefault(abstraction(h), got)
                        got = 0
                    asked.append((h, pivot, got))
                    (below if got < 0 else equal if got == 0 else above).append(h)
                for group, tie in ((below, False), (equal, True), (above, False)):
                    if group:
                        next_segments.append(group)
                        next_settled.append(tie or len(group) == 1)
            segments, settled = next_segments, next_settled
        levels = {abstraction(h): level for level, seg in enumerate(segments) for h in seg}
        self._antisymmetry(asked, readings)
        self._levels[size] = (levels, [seg[0] for seg in segments])
        return self._levels[size]

    def rank(self, hands: Sequence[Hand], readings: Mapping[str, str]) -> list[RankAnswer]:
        out: list[RankAnswer | None] = [None] * len(hands)
        for size in sorted({len(h) for h in hands}):
            mine = [i for i, h in enumerate(hands) if len(h) == size]
            for i, answer in zip(mine, self._rank_size([hands[i] for i in mine], size,
                                                       readings), strict=True):
                out[i] = answer
        return [a if a is not None else Faulty("malformed", "not ranked") for a in out]

    def _rank_size(self, hands: list[Hand], size: int,
                   readings: Mapping[str, str]) -> list[RankAnswer]:
        levels, level_reps = self._sorted(size, readings)
        keys = [abstraction(h) for h in hands]
        got = self._compare([(h, representative(k)) for h, k in zip(hands, keys, strict=True)],
                            readings)
        out: list[RankAnswer] = []
        bounds: dict[int, tuple[int, int]] = {}  # hands to place: their (lo, hi) among levels
        for i, (key, g) in enumerate(zip(keys, got, strict=True)):
            if key in self._faulty:
                out.append(self._faulty[key])
            elif isinstance(g, Faulty):
                out.append(g)
            elif g == 0:
                out.append(Strength((2 * levels[key],)))
            else:
                out.append(Strength((0,)))
                bounds[i] = (0, len(level_reps))
        _place(hands, bounds, out, level_reps,
               lambda pairs: self._compare(pairs, readings))
        return out

    def _antisymmetry(self, asked: list[tuple[Hand, Hand, int]],
                      readings: Mapping[str, str]) -> None:
        """A seeded sample of the comparisons asked again, swapped."""
        sample = random.Random(ANTISYMMETRY_SEED).sample(asked, min(ANTISYMMETRY_SAMPLE,
                                                                     len(asked)))
        again = self._compare([(b, a) for a, b, _ in sample], readings)
        for (a, b), fault in not_antisymmetric(sample, again):
            self._faulty.setdefault(abstraction(a), fault)
            self._faulty.setdefault(abstraction(b), fault)


def _place(hands: list[Hand], bounds: dict[int, tuple[int, int]], out: list[RankAnswer],
           level_reps: list[Hand],
           compare: Callable[[list[tuple[Hand, Hand]]], list[int | Faulty]]) -> None:
    """The hands that do not tie their class's representative, placed among the levels by
    binary search, every pending hand of the batch at once (``bounds``: each one's (lo, hi)
    among the levels; ``out``: their strengths, filled in)."""
    while bounds:  # binary search, every pending hand of the batch at once
        order = sorted(bounds)
        mids = {i: (bounds[i][0] + bounds[i][1]) // 2 for i in order}
        answers = compare([(hands[i], level_reps[mids[i]]) for i in order])
        for i, g in zip(order, answers, strict=True):
            lo, hi = bounds[i]
            if isinstance(g, Faulty):
                out[i] = g
                del bounds[i]
            elif g == 0:
                out[i] = Strength((2 * mids[i],))
                del bounds[i]
            else:
                lo, hi = (lo, mids[i]) if g < 0 else (mids[i] + 1, hi)
                if lo >= hi:
                    out[i] = Strength((2 * lo - 1,))  # between level lo - 1 and lo
                    del bounds[i]
                else:
                    bounds[i] = (lo, hi)
