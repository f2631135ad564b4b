"""Every Pai Gow hand whose combination two sides name differently, and every ordered pair of
hands they order differently -- counted exactly, by class, never pair by pair.

A side is the specification under some readings (a hand's combination, and its conventional
key as its strength), or an implementation under test under some readings (its answers). Both
are put every hand of the deck: every five-card high hand and every two-card low hand.

**Classes.** A hand's class is its abstraction (its cards' ranks in order, and whether its
natural cards share one suit); the specification is proved to depend on nothing else (check's
obligation ``abstraction``), so it is evaluated once per class, and a class's hands are counted
combinatorially. An implementation is asked about every hand; its answers are filed under
(class, answer A, answer B), so that an implementation that does depend on suits is counted
exactly all the same.

**Ordered pairs.** Two hands are ordered differently when one side ranks the first above,
below or level with the second and the other side does not say the same. The hands are merged
into groups that both sides value alike; for each group, the hands of every combination that it
is discordant with are counted by a sweep in the order of side A with a Fenwick tree over side
B's values (pairs both sides rank the same way, below and above, and pairs both tie, are
subtracted from all pairs) -- some 10,000 groups instead of 8 x 10^12 pairs. The grid of
combination against combination uses the specification's combinations (under A's readings
when A is the specification, else under B's, else the default readings).
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, islice
from math import comb
from typing import Any

from casino_proofs import spec
from casino_proofs.paigow.obligations.discord import Level, discordant_partners
from casino_proofs.paigow.obligations.every_hand import (
    Key,
    abstraction,
    classes,
    hand_text,
    hands_starting_with,
    representative,
)
from casino_proofs.paigow.obligations.scope_spec import CLAUSE_OF, SCOPES, ScopeSpec
from casino_proofs.protocol.answers import Faulty, Refused, Strength
from casino_proofs.protocol.channel_log import ChannelLog
from casino_proofs.protocol.engine import Engine
from casino_proofs.solving.z3_compile import compile_terms, evaluate_with_z3
from casino_proofs.spec.paigow import CODES, JOKER_INDEX
from casino_proofs.untrusted import processes

FULL_DECK: tuple[int, ...] = tuple(range(JOKER_INDEX + 1))
BATCH = 20_000
KINDS_PER_CELL = 3  # the most numerous kinds of disagreement shown per cell of the grid
COMBINATION_EXAMPLES = 3  # classes shown per pair of combinations that differ

#: What a side says of one hand: ("v", strength, combination or None) or ("x", why not).
Answer = tuple[Any, ...]
#: Which ordering statements hold a class: (bits of their higher sides, bits of their lower).
Signature = tuple[int, int]


@dataclass
class PaiGowSide:
    """One side of a Pai Gow diff."""

    label: str
    readings: dict[str, str]
    engine: Engine | None = None  # None: the specification

    @property
    def is_spec(self) -> bool:
        return self.engine is None


# -- what the specification says of a class ------------------------------------------------


class SpecRanker:
    """The specification of one scope under some readings, evaluated once per class."""

    def __init__(self, scope: str, readings: Mapping[str, str]) -> None:
        self.built = ScopeSpec.build(scope, spec.Readings.from_dict(dict(readings)))
        self.inputs = list(self.built.spec.hand.cards)
        self._compiled = compile_terms(self.inputs, self.built.outputs())
        self._memo: dict[Key, tuple[Answer, Signature]] = {}
        self._by_z3: dict[tuple[int, ...], Answer] = {}

    def _view(self, key: Key) -> tuple[Answer, Signature]:
        found = self._memo.get(key)
        if found is None:
            view = self.built.split(self._compiled(*representative(key)))
            higher = sum(1 << i for i, (h, _l) in enumerate(view.membership) if h)
            lower = sum(1 << i for i, (_h, lo) in enumerate(view.membership) if lo)
            found = self._memo[key] = (("v", view.key, view.category), (higher, lower))
        return found

    def answer(self, key: Key) -> Answer:
        return self._view(key)[0]

    def signature(self, key: Key) -> Signature:
        """The ordering statements of s. 40 whose higher side, and whose lower side, hold the
        class (bit i: statement i)."""
        return self._view(key)[1]

    def conflicting(self, first: Signature, second: Signature) -> tuple[str, str] | None:
        """Two statements that order two hands of these signatures opposite ways, if any."""
        up, down = first[0] & second[1], second[0] & first[1]
        if not (up and down):
            return None
        ids = [st.id for st in self.built.statements]
        return ids[(up & -up).bit_length() - 1], ids[(down & -down).bit_length() - 1]

    def answer_by_z3(self, hand: tuple[int, ...]) -> Answer:
        """The same, by Z3's own evaluation of the combination and key terms at ``hand`` (for
        replay: another path than the compiled terms)."""
        found = self._by_z3.get(hand)
        if found is None:
            found = self._by_z3[hand] = self._evaluate_by_z3(hand)
        return found

    def _evaluate_by_z3(self, hand: tuple[int, ...]) -> Answer:
        terms = [self.built.spec.category(), *self.built.key_terms]
        values = evaluate_with_z3(self.inputs, terms, hand)
        names = {code: name for name, code in CODES.items()}
        return ("v", tuple(int(v) for v in values[1:]), names[values[0]])

    def statements(self, first: tuple[int, ...], second: tuple[int, ...]) -> list[str]:
        """The ordering statements of s. 40 that put one of the two hands above the other."""
        v1 = self.built.split(self._compiled(*first))
        v2 = self.built.split(self._compiled(*second))
        out = []
        for st, (h1, l1), (h2, l2) in zip(self.built.statements, v1.membership, v2.membership,
                                          strict=True):
            if (h1 and l2) or (h2 and l1):
                out.append(st.id)
        return out


@cache
def _ranker(scope: str, readings: tuple[tuple[str, str], ...]) -> SpecRanker:
    return SpecRanker(scope, dict(readings))


def spec_ranker(scope: str, readings: Mapping[str, str]) -> SpecRanker:
    """The specification of ``scope`` under ``readings``, built once per process."""
    return _ranker(scope, tuple(sorted(readings.items())))


# -- the pass over every hand --------------------------------------------------------------

#: (class, answer A, answer B) -> [hands, the lowest hand]
Groups = dict[tuple[Key, Answer, Answer], list[Any]]

_JOB: dict[str, Any] = {}
_OPEN: dict[str, Engine] = {}


def engine_answers(engine: Engine, hands: list[tuple[int, ...]],
                    readings: Mapping[str, str]) -> list[Answer]:
    out: list[Answer] = []
    for answer in engine.rank(hands, readings):
        if isinstance(answer, Strength):
            out.append(("v", answer.value, answer.combination))
        elif isinstance(answer, Refused):
            out.append(("x", f"refused: {answer.reason}"))
        else:
            out.append(("x", f"{answer.fault}: {answer.problem}"))
    return out


def _side_answers(tag: str, hands: list[tuple[int, ...]],
                  keys: list[Key]) -> list[Answer]:
    side: PaiGowSide = _JOB[tag]
    if side.engine is None:
        ranker: SpecRanker = _JOB[f"{tag}-ranker-{len(hands[0])}"]
        return [ranker.answer(k) for k in keys]
    if tag not in _OPEN:
        _OPEN[tag] = side.engine.fresh()
    return engine_answers(_OPEN[tag], hands, side.readings)


#: A pass's answers to the hands asked again afterwards: hand -> (answer A, answer B)
Sample = dict[tuple[int, ...], tuple[Answer, Answer]]
#: one task's answers: the task, its groups, its sampled hands, each engine side's channel
TaskOut = tuple[tuple[str, int], Groups, Sample, dict[str, ChannelLog]]
SAMPLE_SEED = 53
SAMPLE_HIGH = 5_000  # five-card hands asked again; every two-card hand is


def _sample() -> frozenset[tuple[int, ...]]:
    """The hands asked again after the pass: a seeded sample of five-card hands, and every
    two-card hand."""
    rng = random.Random(SAMPLE_SEED)
    high = {tuple(sorted(rng.sample(FULL_DECK, 5))) for _ in range(SAMPLE_HIGH)}
    return frozenset(high | set(combinations(FULL_DECK, 2)))


def _pass_task(task: tuple[str, int]) -> TaskOut:
    scope, position = task
    size = SCOPES[scope]
    hands: Iterator[tuple[int, ...]] = hands_starting_with(FULL_DECK, position, size)
    groups: Groups = {}
    sample: Sample = {}
    chosen: frozenset[tuple[int, ...]] = _JOB["sample"]
    while True:
        batch = list(islice(hands, BATCH))
        if not batch:
            break
        keys = [abstraction(h) for h in batch]
        answers_a = _side_answers("a", batch, keys)
        answers_b = _side_answers("b", batch, keys)
        for hand, key, x, y in zip(batch, keys, answers_a, answers_b, strict=True):
            group = groups.get((key, x, y))
            if group is None:
                groups[(key, x, y)] = [1, hand]
            else:
                group[0] += 1
            if hand in chosen:
                sample[hand] = (x, y)
    logs = {tag: log for tag, engine in _OPEN.items()
            if (log := engine.take_channel()) is not None}
    return task, groups, sample, logs


def _close_open() -> None:
    while _OPEN:
        _OPEN.popitem()[1].close()


def _close_in_worker(_: int) -> None:
    _close_open()


@dataclass
class PassOut:
    """Both sides' answers about every hand, per scope, filed by (class, A, B); and their
    answers to the hands to be asked again."""

    groups: dict[str, Groups]
    sample: Sample = field(default_factory=dict)
    #: each engine side's channel, over the pass (by side tag)
    channel: dict[str, ChannelLog] = field(default_factory=dict)


def every_hand(a: PaiGowSide, b: PaiGowSide, workers: int = 2,
               progress: Callable[[int, int], None] | None = None) -> PassOut:
    """Both sides' answers about every hand of both scopes, filed by (class, A, B)."""
    _JOB.clear()
    _JOB.update(a=a, b=b, sample=_sample())
    for tag, side in (("a", a), ("b", b)):
        if side.is_spec:
            for scope, size in SCOPES.items():
                _JOB[f"{tag}-ranker-{size}"] = spec_ranker(scope, side.readings)
        else:
            assert side.engine is not None
            side.engine.hello  # noqa: B018 - asked once here, before workers copy the engine
    out: dict[str, Groups] = {scope: {} for scope in SCOPES}
    if a.is_spec and b.is_spec:  # no engine to ask: the classes, counted
        for scope, size in SCOPES.items():
            for key, n in classes(size).items():
                hand = representative(key)
                x = _JOB[f"a-ranker-{size}"].answer(key)
                y = _JOB[f"b-ranker-{size}"].answer(key)
                out[scope][(key, x, y)] = [n, hand]
        return PassOut(out)
    done = PassOut(out)
    tasks = [(scope, p) for scope, size in SCOPES.items()
             for p in range(len(FULL_DECK) - size + 1)]
    tasks.sort(key=lambda t: -comb(len(FULL_DECK) - 1 - t[1], SCOPES[t[0]] - 1))
    if workers <= 1:
        try:
            results: Iterator[TaskOut] = map(_pass_task, tasks)
            _merge(done, results, len(tasks), progress)
        finally:
            _close_open()
        return done
    with multiprocessing.get_context("fork").Pool(
            workers, processes.exit_with_parent, (os.getpid(),)) as pool:
        _merge(done, pool.imap_unordered(_pass_task, tasks), len(tasks), progress)
        pool.map(_close_in_worker, range(workers * 4))
    return done


def tally(table: dict[Any, list[Any]], key: Any, n: int, hand: tuple[int, ...]) -> None:
    """Add ``n`` hands, the lowest of them ``hand``, to ``table[key]`` ([hands, lowest])."""
    seen = table.get(key)
    if seen is None:
        table[key] = [n, hand]
    else:
        seen[0] += n
        seen[1] = min(seen[1], hand)


def _merge(out: PassOut, results: Iterator[TaskOut],
           total: int, progress: Callable[[int, int], None] | None) -> None:
    for done, ((scope, _p), groups, sample, logs) in enumerate(results, start=1):
        for tag, log in logs.items():
            out.channel.setdefault(tag, ChannelLog()).merge(log)
        for g, (n, hand) in groups.items():
            tally(out.groups[scope], g, n, hand)
        out.sample.update(sample)
        if progress is not None:
            progress(done, total)


def unanswered(answer: Answer) -> bool:
    """The engine did not answer in time, or was given up on before it was asked."""
    return answer[0] == "x" and str(answer[1]).startswith(Faulty.UNANSWERED)


def _asked_alike(answer: Answer) -> Answer:
    """What two askings must agree on: a strength whole; a failure by its kind (its text may
    name the line of the engine's output it was on)."""
    return answer if answer[0] == "v" else ("x", str(answer[1]).split(":")[0])


def asked_again(side: PaiGowSide, tag: str, sample: Sample) -> list[str]:
    """Ask an engine side again about the sampled hands, in another order; each hand
    answered otherwise than in the pass, named (the first few)."""
    if side.engine is None or not sample:
        return []
    hands = sorted(sample, reverse=True)
    i = 0 if tag == "a" else 1
    wrong = []
    for start in range(0, len(hands), BATCH):
        chunk = hands[start:start + BATCH]
        for hand, again in zip(chunk, engine_answers(side.engine, chunk, side.readings),
                               strict=True):
            first = sample[hand][i]
            if _asked_alike(again) != _asked_alike(first) and not (unanswered(again)
                                                                  or unanswered(first)):
                wrong.append(hand)
    return [f"side {tag.upper()} answered {len(wrong):,} of {len(hands):,} hands asked again "
            f"otherwise than in the pass (non-deterministic), e.g. {hand_text(wrong[-1])}"
            ] if wrong else []


# -- counting the pairs ordered differently -------------------------------------------------


def sign(x: tuple[int, ...], y: tuple[int, ...]) -> int:
    return (x > y) - (x < y)


# -- the comparison of one scope ------------------------------------------------------------


@dataclass
class ScopeDiff:
    scope: str
    hands: int
    #: per side: "failure" -> (hands, the lowest hand)
    unranked: dict[str, dict[str, tuple[int, tuple[int, ...]]]]
    #: (A's combination, B's combination) -> [hands, classes, example hands]
    combinations: dict[tuple[str, str], list[Any]]
    names: dict[str, bool]  # per side: it names every hand's combination
    levels: list[Level]
    cells: dict[tuple[str, str], int]  # (combination, combination) -> ordered pairs

    @property
    def ordered_pairs(self) -> int:
        return sum(self.cells.values())


def compare_scope(scope: str, groups: Groups, grid: SpecRanker) -> ScopeDiff:
    """What the two sides' answers about every hand of one scope come to."""
    hands = sum(n for n, _h in groups.values())
    unranked: dict[str, dict[str, tuple[int, tuple[int, ...]]]] = {"a": {}, "b": {}}
    combos: dict[tuple[str, str], list[Any]] = {}
    names = {"a": True, "b": True}
    merged: dict[tuple[str, tuple[int, ...], tuple[int, ...]], Level] = {}
    for (key, x, y), (n, hand) in sorted(groups.items(), key=lambda g: g[1][1]):
        for tag, answer in (("a", x), ("b", y)):
            if answer[0] == "x":
                seen = unranked[tag].get(answer[1])
                unranked[tag][answer[1]] = (n, hand) if seen is None else (seen[0] + n, seen[1])
            elif answer[2] is None:
                names[tag] = False
        if x[0] != "v" or y[0] != "v":
            continue
        if x[2] is not None and y[2] is not None and x[2] != y[2]:
            entry = combos.setdefault((x[2], y[2]), [0, 0, []])
            entry[0] += n
            entry[1] += 1
            if len(entry[2]) < COMBINATION_EXAMPLES:
                entry[2].append(hand)
        combination = grid.answer(key)[2]
        level = merged.get((combination, x[1], y[1]))
        if level is None:
            merged[(combination, x[1], y[1])] = Level(combination, x[1], y[1], n, hand)
        else:
            level.hands += n
            level.hand = min(level.hand, hand)
    levels = list(merged.values())
    by_combination: dict[str, list[Level]] = {}
    for level in levels:
        by_combination.setdefault(level.combination, []).append(level)
    cells: dict[tuple[str, str], int] = {}
    for x_name, rows in by_combination.items():
        for y_name, columns in by_combination.items():
            partners = discordant_partners(rows, columns)
            pairs = 0
            for row, d in zip(rows, partners, strict=True):
                if d:
                    row.discordant[y_name] = d
                    pairs += row.hands * d
            if pairs:
                cells[(x_name, y_name)] = pairs
    return ScopeDiff(scope, hands, unranked, combos, names, levels, cells)


@dataclass(frozen=True)
class Conflict:
    """Ordered pairs of hands on which the text contradicts itself on one side only: two of
    its statements put the first hand above and below the second."""

    side: str  # "a" or "b"
    statements: tuple[str, str]  # the one that puts the first hand above, and below
    pairs: int
    example: tuple[tuple[int, ...], tuple[int, ...]]


def conflicts(groups: Groups, a: SpecRanker | None, b: SpecRanker | None) -> list[Conflict]:
    """Every ordered pair of hands on which the text under one side's readings contradicts
    itself and under the other's does not (an engine's side never does), counted by the
    classes' signatures (a few dozen) rather than by pairs."""
    rankers = {"a": a, "b": b}
    if a is None and b is None:
        return []
    joint: dict[tuple[Signature | None, Signature | None], list[Any]] = {}
    for (key, _x, _y), (n, hand) in groups.items():
        tally(joint, (a.signature(key) if a else None, b.signature(key) if b else None), n,
              hand)
    found: dict[tuple[str, tuple[str, str]], list[Any]] = {}
    for s1, (n1, h1) in joint.items():
        for s2, (n2, h2) in joint.items():
            says = {}
            for i, tag in enumerate(("a", "b")):
                ranker, x, y = rankers[tag], s1[i], s2[i]
                says[tag] = ranker.conflicting(x, y) if ranker and x and y else None
            if (says["a"] is None) == (says["b"] is None):
                continue
            tag = "a" if says["a"] is not None else "b"
            pair = says[tag]
            assert pair is not None
            pairs = n1 * (n2 - 1) if s1 == s2 else n1 * n2  # not a hand with itself
            if pairs:
                entry = found.setdefault((tag, pair), [0, (h1, h2)])
                entry[0] += pairs
    return [Conflict(tag, pair, n, example)
            for (tag, pair), (n, example) in sorted(found.items())]


@dataclass(frozen=True)
class Kind:
    """One kind of disagreement: the hands of one level, against every hand of a combination
    the sides order them differently against."""

    row: Level
    column: str
    partners: int  # hands
    pairs: int
    lowest: Level  # the partner level lowest by side A
    highest: Level
    partner_levels: int
    example: tuple[int, ...]  # a partner hand
    #: what each side says of the row against every partner of this kind: 1 above, 0 level,
    #: -1 below (a kind is split so that its label holds for all of it)
    relation: tuple[int, int] = (0, 0)


def kinds(diff: ScopeDiff, cell: tuple[str, str], limit: int = KINDS_PER_CELL) -> list[Kind]:
    """The most numerous kinds of disagreement of one cell of the grid -- a level against the
    partners both sides relate to it in one same way -- with their partners found by looking
    (a second count, checked against the sweep's)."""
    x_name, y_name = cell
    rows = sorted((r for r in diff.levels if r.combination == x_name
                   and r.discordant.get(y_name)),
                  key=lambda r: (-r.hands * r.discordant[y_name], r.hand))[:limit]
    columns = [c for c in diff.levels if c.combination == y_name]
    out = []
    for row in rows:
        by_relation: dict[tuple[int, int], list[Level]] = {}
        for c in columns:
            relation = (sign(row.a, c.a), sign(row.b, c.b))
            if relation[0] != relation[1]:
                by_relation.setdefault(relation, []).append(c)
        partners = sum(c.hands for found in by_relation.values() for c in found)
        if partners != row.discordant[y_name]:
            raise AssertionError(f"the sweep counted {row.discordant[y_name]} partners of "
                                 f"{hand_text(row.hand)}, looking finds {partners}")
        for relation, found in by_relation.items():
            lowest = min(found, key=lambda c: (c.a, c.hand))
            highest = max(found, key=lambda c: (c.a, c.hand))
            n = sum(c.hands for c in found)
            out.append(Kind(row, y_name, n, row.hands * n, lowest, highest,
                            len({c.a for c in found}), lowest.hand, relation))
    out.sort(key=lambda k: (-k.pairs, k.row.hand, k.relation))
    return out[:limit]


def clause_of(combination: str | None) -> str:
    return CLAUSE_OF.get(combination or "", "")
