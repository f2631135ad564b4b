"""What the implementation under test is asked and what it answers, as plain checked data.

Every implementation — ours, a Python module, a program over the engine protocol, a recorded
table — is asked the same questions (a :class:`CrapsInput`, a Pai Gow hand) and its answers
are read here, strictly, into one of:

- :class:`Settled` / :class:`Strength`: a well-formed answer;
- :class:`Refused`: the implementation rejected the input (``{"error": ...}``, or our
  implementation raising its own input error);
- :class:`Faulty`: anything else — a wrong type, a malformed answer, a crash, no answer in
  time, a gap in a recorded table. It names the problem in plain words; the obligations turn it
  into REFUTED (or ERROR for a timeout) with the input.

Nothing here trusts the implementation: no answer is used before it is read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeGuard

from casino_proofs.spec.vocabulary import POINT_NUMBERS

DECISIONS = ("win", "lose", "push", "none")
#: the point numbers (the specification's), and the 36 ordered outcomes of two dice
POINTS = POINT_NUMBERS
DICE = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
#: the grammar of a net: an optional minus, ASCII digits, and optionally a slash and more digits
#: whose value is not zero; at most NET_CHARS characters ("-0" is zero, "+4" and "1/-1" are not
#: nets)
_FRACTION = re.compile(r"-?[0-9]+(/[0-9]+)?")
NET_CHARS = 40


@dataclass(frozen=True)
class CrapsInput:
    """One question: a wager standing in a state, and a roll (the dice in the order rolled)."""

    wager: str
    come_out: bool
    point: int | None
    working: bool
    first_roll: bool
    die_1: int
    die_2: int

    def sort_key(self) -> tuple[str, bool, int, bool, bool, int, int]:
        return (self.wager, self.come_out, self.point or 0, self.working, self.first_roll,
                self.die_1, self.die_2)

    def item(self) -> dict[str, Any]:
        """The protocol's form of the question."""
        return {"wager": self.wager,
                "state": {"come_out": self.come_out, "point": self.point,
                          "working": self.working, "first_roll": self.first_roll},
                "roll": [self.die_1, self.die_2]}

    def state_json(self) -> dict[str, Any]:
        return {"come_out": self.come_out, "point": self.point, "working": self.working,
                "first_roll": self.first_roll}

    def text(self) -> str:
        parts = [f"{self.wager} on roll {self.die_1},{self.die_2}",
                 "come-out roll" if self.come_out else "not a come-out roll",
                 f"point {self.point}" if self.point else "no point"]
        if self.working:
            parts.append("working")
        if self.first_roll:
            parts.append("a shooter's first roll")
        return ", ".join(parts)


@dataclass(frozen=True)
class Settled:
    """A well-formed settlement: the decision, the exact net per unit staked, and the wager's
    state after the roll — its point (None when it has none or has left the table) and the
    player's working call it carries (False once it has left)."""

    decision: str
    net: Fraction
    point: int | None
    working: bool = False

    def json(self) -> dict[str, Any]:
        return {"decision": self.decision, "net": str(self.net), "point": self.point}

    def key(self) -> tuple[str, Fraction, int, bool]:
        return self.decision, self.net, self.point or 0, self.working


@dataclass(frozen=True)
class Refused:
    """The implementation rejected the input, with its reason."""

    reason: str

    def json(self) -> dict[str, Any]:
        return {"error": self.reason}


#: what an input no script or log of a table observed is answered (a ``Faulty`` whose fault is
#: ``unobserved``): it proves nothing, and a report groups every ERROR it causes
UNOBSERVED = "no script of legal play at this table observed this input"
#: what an input a table's declared policy keeps it from is answered (a ``Faulty`` whose fault is
#: ``excluded``): not established, one finding with the policy that the text contradicts
EXCLUDED = "the table's declared policy keeps it from this input"


@dataclass(frozen=True)
class Faulty:
    """An answer that is not one: ``fault`` is ``malformed`` (wrong type or shape), ``crash``
    (the implementation raised or exited), ``timeout`` (no answer in time), ``missing`` (a
    recorded table has no row for the input), ``nondeterministic`` (asked twice, answered
    differently), ``unasked`` (the engine was given up on before the input was asked: it
    had to be restarted, or failed to answer in time, too often, or failed on every input
    tried alone for too long), ``unobserved`` (a table was never seen in that state: no
    script or log reached it) or ``excluded`` (a table's declared policy keeps it from that
    state). ``timeout``, ``unasked``, ``unobserved`` and ``excluded`` prove nothing about
    the input."""

    #: faults that say nothing about the input itself: ERROR, never REFUTED
    UNANSWERED = ("timeout", "unasked", "unobserved", "excluded")

    fault: str
    problem: str

    def json(self) -> dict[str, Any]:
        return {"fault": self.fault, "problem": self.problem}


def is_unanswered(answer: object) -> TypeGuard[Faulty]:
    """The implementation gave no answer to the input (it hung, or was given up on first): that
    proves nothing about the input, neither a fault nor agreement."""
    return isinstance(answer, Faulty) and answer.fault in Faulty.UNANSWERED


@dataclass(frozen=True)
class Strength:
    """A Pai Gow hand's strength, normalised so that larger is better, and the combination the
    implementation names, when it names one."""

    value: tuple[int, ...]
    combination: str | None = None

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"strength": list(self.value)}
        if self.combination is not None:
            out["combination"] = self.combination
        return out


CrapsAnswer = Settled | Refused | Faulty
RankAnswer = Strength | Refused | Faulty


def answer_key(answer: CrapsAnswer | RankAnswer) -> tuple[Any, ...]:
    """What two askings of one input must agree on: a settlement or a strength whole; a
    refusal, whatever reason it gives; a fault by which fault it is (its text may name the
    line of the engine's output it was on, which differs from one asking to the next)."""
    if isinstance(answer, Refused):
        return ("refused",)
    if isinstance(answer, Faulty):
        return ("fault", answer.fault)
    return ("answer", answer)

COMBINATION_NAMES = ("five-aces", "royal-flush", "straight-flush", "four-of-a-kind",
                     "full-house", "flush", "straight", "three-of-a-kind", "two-pairs", "pair",
                     "no-combination")


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value!r} (a float)"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"{type(value).__name__} {value!r}"[:80]


def _unserializable(answer: dict[str, Any]) -> Faulty:
    """A Python module's answer that is not JSON data (sent so by the module host)."""
    return Faulty("malformed", f"the answer is the Python object {answer['unserializable']}, "
                               "not JSON data")


def fraction_of(text: Any) -> Fraction | str:
    """The Fraction a net string stands for, or why it is not one."""
    if not isinstance(text, str):
        return f"net is {_type_of(text)}; a fraction string such as \"9\" or \"5/6\" is due"
    if len(text) > NET_CHARS or not _FRACTION.fullmatch(text) or (
            "/" in text and int(text.split("/")[1]) == 0):
        return (f"net {text[:NET_CHARS]!r} is not a fraction string such as \"9\", \"-1\" or "
                f"\"5/6\" (at most {NET_CHARS} characters, a denominator that is not zero)")
    return Fraction(text)


def read_settlement(answer: Any, working: bool) -> CrapsAnswer:
    """One answer of the protocol (a settlement object or an error object), read strictly.
    ``working`` is the call the wager stood with: a wager that stays carries it."""
    if not isinstance(answer, dict):
        return Faulty("malformed", f"the answer is {_type_of(answer)}, not an object")
    if "unserializable" in answer:
        return _unserializable(answer)
    if "error" in answer:
        if set(answer) != {"error"} or not isinstance(answer["error"], str):
            return Faulty("malformed", "an error answer is {\"error\": \"reason\"} alone")
        return Refused(answer["error"])
    fields = {"decision", "net", "point"}
    if set(answer) != fields:
        missing, extra = fields - set(answer), set(answer) - fields - {"working"}
        if missing or extra:
            named = ", ".join([*(f"no {m}" for m in sorted(missing)),
                               *(f"unknown field {e!r}" for e in sorted(extra))])
            return Faulty("malformed", f"a settlement has decision, net and point: {named}")
    decision = answer["decision"]
    if not isinstance(decision, str) or decision not in DECISIONS:
        return Faulty("malformed", f"decision is {_type_of(decision)}; it is one of "
                                   f"{', '.join(DECISIONS)}")
    net = fraction_of(answer["net"])
    if isinstance(net, str):
        return Faulty("malformed", net)
    point = answer["point"]
    if point is not None and (type(point) is not int or point not in POINTS):
        return Faulty("malformed", f"point is {_type_of(point)}; it is null or one of "
                                   "4, 5, 6, 8, 9, 10")
    if decision != "none" and point is not None:
        return Faulty("malformed", f"a {decision} leaves the table, so its point is null, not "
                                   f"{point}")
    carried = answer.get("working", working)
    if not isinstance(carried, bool):
        return Faulty("malformed", f"working is {_type_of(carried)}, not a boolean")
    return Settled(decision, net, point, carried if decision == "none" else False)


def read_strength(answer: Any, lower_is_better: bool) -> RankAnswer:
    """One strength of the protocol (an integer, a list of integers, an object with
    ``strength`` and ``combination``, or an error object), read strictly."""
    combination = None
    if isinstance(answer, dict):
        if "unserializable" in answer:
            return _unserializable(answer)
        if "error" in answer:
            if set(answer) != {"error"} or not isinstance(answer["error"], str):
                return Faulty("malformed", "an error answer is {\"error\": \"reason\"} alone")
            return Refused(answer["error"])
        if not set(answer) <= {"strength", "combination"} or "strength" not in answer:
            return Faulty("malformed", "a strength object has strength and, optionally, "
                                       "combination")
        combination = answer.get("combination")
        if combination is not None and combination not in COMBINATION_NAMES:
            return Faulty("malformed", f"combination is {_type_of(combination)}; it is one of "
                                       f"{', '.join(COMBINATION_NAMES)}")
        answer = answer["strength"]
    if isinstance(answer, int) and not isinstance(answer, bool):
        value: tuple[int, ...] = (answer,)
    elif isinstance(answer, list) and answer and all(
            isinstance(v, int) and not isinstance(v, bool) for v in answer):
        value = tuple(answer)
    else:
        return Faulty("malformed", f"the strength is {_type_of(answer)}; an integer or a "
                                   "non-empty list of integers is due")
    return Strength(reverse_order(value) if lower_is_better else value, combination)


def reverse_order(value: tuple[int, ...]) -> tuple[int, ...]:
    """A key whose lexicographic order is the reverse of ``value``'s, prefixes included: each
    element negated behind a continuation mark 1, and an end mark 2 above every mark (so a
    strength that is a prefix of another, smaller in the plain order, comes out larger)."""
    key: list[int] = []
    for v in value:
        key += [1, -v]
    return (*key, 2)


def read_recorded(answer: Any) -> CrapsAnswer:
    """An answer as an audit bundle records it (``answer.json()``, with the carried working
    call of a wager that stays, or a fault): read strictly again, since a bundle is untrusted
    too."""
    if isinstance(answer, dict) and "fault" in answer:
        fault, problem = answer.get("fault"), answer.get("problem")
        if set(answer) != {"fault", "problem"} or not isinstance(fault, str) \
                or not isinstance(problem, str):
            return Faulty("malformed", "a recorded fault has fault and problem")
        return Faulty(fault, problem)
    return read_settlement(answer, False)
