"""Batches put to a program, and the input that breaks one found: narrowed, never forgotten.

A request that breaks (the program exits, hangs, writes a line that is not the answer, answers
a batch with the wrong number of answers) is split in ``PIECES``, each asked, and a piece that
breaks is split again, until the one input that causes it is alone; that input gets a
``Faulty`` answer naming the problem and the last lines of the program's standard error. The
broken request itself is kept in the channel's log
(:class:`~casino_proofs.protocol.channel_log.ChannelLog`): one that broke although each of its
inputs was answered in smaller requests is a fault no input shows, and the ``channel``
obligation refutes it, naming the batch size. An engine that fails too often is given up on.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from typing import Any

from casino_proofs.adapters.program.channel import Broken, Channel, items_field
from casino_proofs.protocol.answers import Faulty
from casino_proofs.protocol.channel_log import ChannelFault
from casino_proofs.untrusted.bounds import BOUNDS, RESTARTS
from casino_proofs.untrusted.printable import one_line

#: restarts before an engine is given up on (``--max-restarts``: docs/commands.md, "Bounds")
MAX_RESTARTS = RESTARTS
#: how many pieces a batch that breaks is split into
PIECES = 16
#: timeouts after which the engine is given up on (each costs --engine-timeout-ms; finding one
#: hanging input in a batch of 4,000 costs four, ten of them among 4,000 inputs about 25)
MAX_TIMEOUTS = 48
#: inputs asked alone that fail one after another, no answer between, before it is given up on
MAX_BROKEN_IN_A_ROW = 16
#: requests in a row that got no answer in time, before the engine is given up on (a batch
#: that times out is followed by one of its inputs asked alone, so that an engine with one
#: hanging input is never taken for an engine that answers nothing)
MAX_SILENT_IN_A_ROW = 3
#: faults of a request that the input in flight does not explain, whatever it is: asked alone,
#: such an input is asked once more before its answer is taken for the fault
CHANNEL_FAULTS = ("crash", "desync")

#: an item as the wire carries it, for an operation
Wire = Callable[[str, Any], Any]
#: an answer read, given its item's index
Read = Callable[[Any, int], Any]
#: a request's items and their answers, checked whole: why they are not answers to those
#: items (the answers of another request, say), or None
Check = Callable[[Sequence[Any], list[Any]], str | None]


class Narrowing:
    """Every batch asked over ``channel``, narrowed where it breaks; the counts that decide
    when the engine is hopeless."""

    def __init__(self, channel: Channel, wire: Wire, restarts: int = MAX_RESTARTS) -> None:
        self.channel, self.wire = channel, wire
        self.patience = Patience(restarts)
        self.check: Check | None = None
        #: inputs the engine once failed on when asked alone (no answer in time, or it exited):
        #: not asked again (each would cost another timeout, or restart), answered with the
        #: same fault
        self._hung: dict[str, Faulty] = {}

    def answers(self, op: str, items: Sequence[Any], told: dict[str, str], size: int,
                read: Read, check: Check | None = None,
                done: Callable[[int], None] | None = None) -> list[Any]:
        """One answer per item, asked in requests of at most ``size`` items; ``done`` is told
        how many more were answered after each request."""
        def key(i: int) -> str:
            return json.dumps([op, self.wire(op, items[i])], sort_keys=True)

        # Inputs that hung or crashed before are not asked again (their keys are only worked
        # out when some input has: 60,000 of them cost half a second).
        fresh = [i for i in range(len(items)) if key(i) not in self._hung] if self._hung \
            else list(range(len(items)))
        asked = [items[i] for i in fresh]

        def read_fresh(answer: Any, j: int) -> Any:
            return read(answer, fresh[j])

        self.check = check
        got: list[Any] = []
        for start in range(0, len(asked), size):
            got += self._isolate(op, asked, start, min(len(asked), start + size), told,
                                 read_fresh)[0]
            if done is not None:
                done(min(len(asked), start + size) - start)
        for i, answer in zip(fresh, got, strict=True):
            if isinstance(answer, Faulty) and answer.fault in ("timeout", "crash"):
                self._hung[key(i)] = answer
        if len(fresh) == len(items):
            return got
        answers = dict(zip(fresh, got, strict=True))
        return [answers[i] if i in answers else self._hung[key(i)] for i in range(len(items))]

    def _ask(self, op: str, items: Sequence[Any], told: dict[str, str]) -> list[Any]:
        """One request of ``items``, whole and of the right length (``Broken`` otherwise)."""
        field = items_field(op)
        request: dict[str, Any] = {"op": op, field: [self.wire(op, x) for x in items]}
        if told:
            request["readings"] = told
        log = self.channel.log
        log.requests += 1
        log.largest = max(log.largest, len(items))
        answer = self.channel.exchange(request)
        if not isinstance(answer, dict) or not isinstance(answer.get(field), list):
            if isinstance(answer, dict) and isinstance(answer.get("error"), str):
                raise Broken("malformed", f"the engine refused the whole request: "
                                          f"{one_line(answer['error'][:200])}")
            raise Broken("malformed", f"the answer is not {{\"{field}\": [...]}}")
        if len(answer[field]) != len(items):
            raise Broken("malformed", f"{len(answer[field])} answers to a batch of "
                                      f"{len(items)}")
        wrong = self.check(items, answer[field]) if self.check is not None else None
        if wrong is not None:
            raise Broken("malformed", wrong)
        return list(answer[field])

    def _isolate(self, op: str, items: Sequence[Any], lo: int, hi: int,
                 told: dict[str, str], read: Read) -> tuple[list[Any], bool]:
        """The answers to items[lo:hi], and whether some input among them broke a request
        alone; a batch that breaks is split in ``PIECES`` until the input that breaks it is
        alone, and the broken batch is logged."""
        if self.gave_up is not None:
            return [Faulty("unasked", self.gave_up)] * (hi - lo), False
        try:
            got = self._ask(op, items[lo:hi], told)
        except Broken as broken:
            return self._broke(op, items, lo, hi, told, read, broken)
        self.patience.answered()
        return [read(a, i) for i, a in zip(range(lo, hi), got, strict=True)], False

    @property
    def gave_up(self) -> str | None:
        """Why the engine was given up on (every input not yet asked is then ``unasked``)."""
        return self.patience.gave_up

    def _alone(self, op: str, items: Sequence[Any], i: int, told: dict[str, str], read: Read,
               broken: Broken) -> tuple[list[Any], bool]:
        """One input broke a request alone. An exit or a line too many is the channel's
        fault, never the input's, until the input breaks it again: it is asked once more."""
        log = self.channel.log
        if broken.fault in CHANNEL_FAULTS and self.gave_up is None:
            try:
                got = self._ask(op, items[i:i + 1], told)
            except Broken as again:
                self.patience.count(again, alone=True)
                broken = again
            else:
                self.patience.answered()
                log.faults.append(ChannelFault(op, 1, broken.fault, broken.problem, False,
                                               True))
                return [read(got[0], i)], False
        if broken.fault == "desync":  # a line too many is the channel's, never an input's
            log.faults.append(ChannelFault(op, 1, "desync", broken.problem, False, True))
        if broken.hopeless:
            return [Faulty("unasked", self.gave_up or broken.problem)], False
        return [Faulty(broken.fault, broken.problem)], True

    def _probe(self, op: str, items: Sequence[Any], hi: int, told: dict[str, str]) -> None:
        """After a batch got no answer in time, its last input alone: an engine that answers
        it is not silent (its silence was that batch's), one that does not is nearer being
        given up on."""
        try:
            self._ask(op, items[hi - 1:hi], told)
        except Broken as broken:
            self.patience.count(broken, alone=False)
        else:
            self.patience.answered()

    def _broke(self, op: str, items: Sequence[Any], lo: int, hi: int, told: dict[str, str],
               read: Read, broken: Broken) -> tuple[list[Any], bool]:
        """items[lo:hi] broke a request: the input alone gets the fault; a batch is split."""
        log = self.channel.log
        self.patience.count(broken, alone=hi - lo == 1)
        if hi - lo == 1:
            return self._alone(op, items, lo, told, read, broken)
        if broken.fault == "timeout" and self.gave_up is None:
            self._probe(op, items, hi, told)
        if self.gave_up is not None:  # which input of the batch broke it is not known
            log.faults.append(ChannelFault(op, hi - lo, broken.fault, broken.problem, False,
                                           broken.hopeless))
            return [Faulty("unasked", self.gave_up)] * (hi - lo), False
        pieces = min(PIECES, hi - lo)
        bounds = [lo + (hi - lo) * k // pieces for k in range(pieces + 1)]
        answers: list[Any] = []
        explained = False
        for start, end in itertools.pairwise(bounds):
            part, alone = self._isolate(op, items, start, end, told, read)
            answers += part
            explained = explained or alone
        settled = not any(isinstance(a, Faulty) and a.fault == "unasked" for a in answers)
        self.channel.log.faults.append(ChannelFault(op, hi - lo, broken.fault, broken.problem,
                                                    explained and broken.fault != "desync",
                                                    settled))
        return answers, explained


class Patience:
    """How many times an engine has failed, and when it is hopeless: isolating each failing
    input costs a request per split, and a hang costs a timeout each time."""

    def __init__(self, most_restarts: int = MAX_RESTARTS) -> None:
        #: the restarts after which the engine is given up on
        self.most_restarts = most_restarts
        self.restarts = self.timeouts = self.broken_in_a_row = self.silent_in_a_row = 0
        #: why the engine was given up on: every input not yet asked is ``unasked``, with this
        self.gave_up: str | None = None

    def answered(self) -> None:
        self.broken_in_a_row = self.silent_in_a_row = 0

    def count(self, broken: Broken, alone: bool) -> None:
        """Count a broken request; give the engine up when it is hopeless."""
        if broken.restarted:
            self.restarts += 1
        if broken.fault == "timeout":
            self.timeouts += 1
            self.silent_in_a_row += 1
        if alone:
            self.broken_in_a_row += 1
        if self.gave_up is None:
            self.gave_up = self._hopeless(broken)

    def _hopeless(self, broken: Broken) -> str | None:
        if broken.hopeless:
            return "its channel cannot be kept in step (its hello changed); the rest is not asked"
        if self.silent_in_a_row >= MAX_SILENT_IN_A_ROW:
            return (f"the engine answered nothing for {MAX_SILENT_IN_A_ROW} requests in a row, "
                    "each given --engine-timeout-ms; the rest is not asked")
        if self.restarts > self.most_restarts:
            return (f"the engine was restarted {self.most_restarts:,} times, each after it "
                    f"broke its channel (the bound: {BOUNDS['restarts'].option}); the rest is "
                    "not asked")
        if self.timeouts >= MAX_TIMEOUTS:
            return (f"the engine failed to answer in time {MAX_TIMEOUTS} times; the rest is not "
                    "asked")
        if self.broken_in_a_row >= MAX_BROKEN_IN_A_ROW:
            return (f"the engine failed on {MAX_BROKEN_IN_A_ROW} inputs in a row, each asked "
                    f"alone (the last: {broken.problem[:120]}); the rest is not asked")
        return None
