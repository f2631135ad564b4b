"""This project's own implementation (``casino_proofs.impl``) as an engine, in this process.

The only module of the proof tool that imports ``impl``. It calls the library as a user does:
``settle(wager, state, roll)`` and ``evaluate(hand)`` without readings when the readings in
force are the defaults, so what is proved is the entry point users call (and, built with
``explicit=True``, the same calls with every reading passed explicitly: the obligation
``library-defaults`` compares the two). Every answer is read as strictly as a foreign
engine's: a float net, a decision that is not a ``Decision``, a settlement whose next state
drops the player's call, are faults with the input, not crashes of the check.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import Any, TypeVar

from casino_proofs import impl
from casino_proofs.impl import paigow
from casino_proofs.impl.cards import Card, parse_card
from casino_proofs.impl.readings import IMPLEMENTED, VALUES
from casino_proofs.kept import Kept
from casino_proofs.protocol.answers import (
    POINTS,
    CrapsAnswer,
    CrapsInput,
    Faulty,
    RankAnswer,
    Refused,
    Settled,
    Strength,
)
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import Hello
from casino_proofs.version import tool_version

Settle = Callable[..., Any]
Evaluate = Callable[..., Any]
Compare = Callable[..., Any]

_SYMBOLS = tuple([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["Jk"])
#: The implementation's card for each card index ((rank - 2) * 4 + suit, 52 the joker).
CARD_OF_INDEX: tuple[Card, ...] = tuple(parse_card(s) for s in _SYMBOLS)
DEFAULTS = {name: values[0] for name, values in VALUES.items()}


def _held(hand: tuple[int, ...]) -> tuple[Card, ...]:
    """The implementation's cards of a hand of card indices."""
    return tuple(itemgetter(*hand)(CARD_OF_INDEX)) if len(hand) > 1 \
        else (CARD_OF_INDEX[hand[0]],)


class OurImplementation(Engine):
    """``impl`` in this process. ``settle``, ``evaluate`` and ``compare`` may be replaced (the
    must-fail cases and the mutants hand in deliberately wrong ones)."""

    kind = "impl"
    capabilities = (Capability.ANSWERS_ANY_INPUT | Capability.ANSWERS_AGAIN
                    | Capability.COMPARES_HANDS | Capability.EXPLICIT_DEFAULTS
                    | Capability.EXPLAINS_STRENGTHS)

    def __init__(self, settle: Settle | None = None, evaluate: Evaluate | None = None,
                 compare: Compare | None = None, explicit: bool = False,
                 target: str = "impl") -> None:
        super().__init__(target)
        self._settle = settle or impl.settle
        self._evaluate = evaluate or paigow.evaluate
        self._compare = compare or paigow.compare
        self.explicit = explicit
        self._readings_of: dict[int, tuple[Any, RankAnswer]] = {}

    def is_the_library(self) -> bool:
        """Built with none of the library's functions replaced, and asked as a user asks it:
        what it answers is a function of the code alone."""
        return (self._settle is impl.settle and self._evaluate is paigow.evaluate
                and self._compare is paigow.compare and not self.explicit)

    def explicit_defaults(self) -> OurImplementation:
        """For the ``library-defaults`` obligation: :meth:`with_explicit_defaults`."""
        return self.with_explicit_defaults()

    def with_explicit_defaults(self) -> OurImplementation:
        """The same implementation, every reading passed explicitly (the registry's defaults
        where none is chosen)."""
        return OurImplementation(self._settle, self._evaluate, self._compare, explicit=True,
                                 target=self.target)

    def _start(self) -> Hello:
        return Hello("casino-proofs impl", tool_version(), ("craps", "paigow"), tuple(impl.WAGERS),
                     False, {k: tuple(v) for k, v in IMPLEMENTED.items()})

    def _readings(self, readings: Mapping[str, str]) -> impl.Readings | None:
        """None: call the library with its own defaults, as a user does."""
        chosen = {k: v for k, v in readings.items() if v in IMPLEMENTED.get(k, ())}
        if not chosen and not self.explicit:
            return None
        return impl.Readings.from_dict({**DEFAULTS, **chosen} if self.explicit else chosen)

    # -- craps ------------------------------------------------------------------------------

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        chosen = self._readings(readings)
        return [self._settle_one(q, chosen) for q in batch]

    def _settle_one(self, q: CrapsInput, readings: impl.Readings | None) -> CrapsAnswer:
        try:
            roll = impl.Roll(q.die_1, q.die_2)
            state = impl.State(point=q.point, come_out=q.come_out, working=q.working,
                               first_roll=q.first_roll)
            if readings is None:
                out = self._settle(q.wager, state, roll)
            else:
                out = self._settle(q.wager, state, roll, readings)
        except impl.CrapsError as exc:
            return Refused(str(exc))
        except Exception as exc:  # the implementation under test may fail in any way
            return Faulty("crash", f"raised {type(exc).__name__}: {exc}")
        return read_impl_settlement(out, state)

    # -- Pai Gow ----------------------------------------------------------------------------

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        chosen = self._readings(readings)
        evaluate = self._evaluate
        read = self._read
        out: list[RankAnswer] = []
        for hand in hands:
            try:
                held = _held(hand)
                value = evaluate(held) if chosen is None else evaluate(held, chosen)
            except Exception as exc:  # the implementation under test may fail in any way
                out.append(Faulty("crash", f"raised {type(exc).__name__}: {exc}"))
                continue
            out.append(read(value))
        return out

    def _read(self, value: Any) -> RankAnswer:
        """``read_hand_value``, once per value object: the library hands back the same
        ``HandValue`` for every hand alike (it remembers them), and the object is kept while
        its reading is, so that its identity stands for it."""
        seen = self._readings_of.get(id(value))
        if seen is not None and seen[0] is value:
            return seen[1]
        answer = read_hand_value(value)
        if len(self._readings_of) > 200_000:  # a faulty library that makes a new value a hand
            self._readings_of.clear()
        self._readings_of[id(value)] = (value, answer)
        return answer

    def compare(self, pairs: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
                readings: Mapping[str, str]) -> list[int | Faulty]:
        """``compare(a, b)`` of the library for each pair (1, 0 or -1), as a user calls it."""
        chosen = self._readings(readings)
        compare = self._compare
        out: list[int | Faulty] = []
        for a, b in pairs:
            try:
                ca, cb = _held(a), _held(b)
                got = compare(ca, cb) if chosen is None else compare(ca, cb, chosen)
            except Exception as exc:  # the implementation under test may fail in any way
                out.append(Faulty("crash", f"compare raised {type(exc).__name__}: {exc}"))
                continue
            if isinstance(got, bool) or got not in (1, 0, -1):
                out.append(Faulty("malformed", f"compare returned {got!r}, not 1, 0 or -1"))
            else:
                out.append(int(got))
        return out


def ours(engine: Engine | None = None) -> Engine:
    """The engine under test, or, where none is given, this project's own implementation (the
    one place the default engine is built)."""
    return engine if engine is not None else OurImplementation()


def is_our_library(engine: Engine | None) -> bool:
    """Whether ``engine`` is this project's own implementation as the library is (none given
    means it), so that its answers may be kept with the code (:mod:`casino_proofs.kept`)."""
    return engine is None or (type(engine) is OurImplementation and engine.is_the_library())


#: what the house edges and PAR figures of our own library are worked out from
LIBRARY_FIGURES = ("casino_proofs.spec", "casino_proofs.impl", "casino_proofs.regulation",
                   "casino_proofs.protocol", "casino_proofs.solving",
                   "casino_proofs.adapters.ours", "casino_proofs.analyses.readings.edge",
                   "casino_proofs.analyses.readings.chain", "casino_proofs.analyses.par")
Row = TypeVar("Row")


def figure_rows(kept: Kept[list[Row]],
                work: Callable[[dict[str, str], list[str] | None, Engine], list[Row]],
                base: Mapping[str, str] | None, wagers: list[str] | None,
                engine: Engine | None) -> list[Row]:
    """``work``'s rows of every wager (or of ``wagers``) under the base readings, for
    ``engine`` (our implementation if none); those of our own library are kept in ``kept``
    while the code is the same (every HTML report and audit bundle shows them)."""
    chosen, readings = ours(engine), dict(base or {})
    if not is_our_library(engine):
        return work(readings, wagers, chosen)
    key = (tuple(sorted(readings.items())), tuple(wagers or ()))
    return list(kept.get(key, lambda: work(readings, wagers, chosen)))


def read_impl_settlement(out: Any, state: impl.State) -> CrapsAnswer:
    """A ``Settlement`` of the library, read strictly, with the next state it gives."""
    if not isinstance(out, impl.Settlement):
        return Faulty("malformed", f"settle returned {type(out).__name__}, not a Settlement")
    if not isinstance(out.decision, impl.Decision):
        return Faulty("malformed", f"the decision is {out.decision!r}, not a Decision")
    net = out.net
    if isinstance(net, bool) or not isinstance(net, numbers.Rational):
        return Faulty("malformed", f"the net is {net!r} ({type(net).__name__}), not an exact "
                                   "fraction")
    point = out.point
    if point is not None and (isinstance(point, bool) or point not in POINTS):
        return Faulty("malformed", f"the point after the roll is {point!r}")
    decision = out.decision.value
    if decision != "none" and point is not None:
        return Faulty("malformed", f"a {decision} leaves the table, yet its point is {point}")
    return _with_next_state(Settled(decision, Fraction(net), point), out, state)


def _with_next_state(settled: Settled, out: Any, state: impl.State) -> CrapsAnswer:
    """Ask ``Settlement.next_state`` for every way the table can go on, and read the working
    call it carries (the point and the table's flags must be as given)."""
    carried: set[bool] = set()
    for come_out, first_roll in ((False, False), (True, False), (True, True)):
        try:
            following = out.next_state(state, come_out, first_roll)
        except Exception as exc:  # the implementation under test may fail in any way
            return Faulty("crash", f"next_state raised {type(exc).__name__}: {exc}")
        if settled.decision != "none":
            if following is not None:
                return Faulty("malformed", "next_state gives a state to a wager that has left "
                                           "the table")
            continue
        if not isinstance(following, impl.State):
            return Faulty("malformed", f"next_state returned {following!r}, not a State")
        if (following.point, following.come_out, following.first_roll) != (
                settled.point, come_out, first_roll):
            return Faulty("malformed", f"next_state gives {following}, not the point "
                                       f"{settled.point} and the table's come-out {come_out} "
                                       f"and first-roll {first_roll} flags")
        carried.add(following.working)
    if len(carried) > 1:
        return Faulty("malformed", "next_state carries the working call differently as the "
                                   "table goes on")
    working = carried.pop() if carried else False
    if not isinstance(working, bool):
        return Faulty("malformed", f"next_state's working call is {working!r}")
    return Settled(settled.decision, settled.net, settled.point, working)


def read_hand_value(value: Any) -> RankAnswer:
    """A ``HandValue`` of the library as a strength (strength, then tiebreak), read strictly."""
    if type(value) is not paigow.HandValue and not isinstance(value, paigow.HandValue):
        return Faulty("malformed", f"evaluate returned {type(value).__name__}, not a HandValue")
    tiebreak = value.tiebreak
    if type(value.strength) is not int or type(tiebreak) is not tuple or not all(
            type(t) is int for t in tiebreak):
        return Faulty("malformed", f"the value {value.strength!r}:{value.tiebreak!r} is not "
                                   "integers")
    if not isinstance(value.combination, paigow.Combination):
        return Faulty("malformed", f"the combination is {value.combination!r}")
    return Strength((value.strength, *value.tiebreak), value.combination.value)
