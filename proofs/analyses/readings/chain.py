"""A craps wager followed from its placing until it leaves the table: an absorbing Markov chain.

The chain's states are the table's (its point, or the come-out roll next, and whether that is a
new shooter's first roll) and the wager's own (its point and the player's working call, which
stays with it: conv-call-stands). The 36 equally likely rolls move it; a roll that decides the
wager absorbs it into an *end*: the decision and the net it pays. The table moves as the pass
line does (conv-single-chance-pass); a seven-out brings a new shooter.

Everything is exact: transition probabilities are fractions of 36, and the linear systems are
solved by Gauss-Jordan elimination over fractions. The house edge (:mod:`edge`) and the PAR
sheet (:mod:`par`) both read the chain.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from casino_proofs.protocol.answers import DICE
from casino_proofs.spec.vocabulary import POINT_NUMBERS

#: A settlement as (decision, net, the wager's point after the roll, 0 for none).
Outcome = tuple[str, Fraction, int]
Settle = Callable[[int, int, bool, int, bool, bool], Outcome]
#: How a wager ends: its decision and its net per unit staked.
End = tuple[str, Fraction]
#: (the table's point or 0, the wager's point or 0, the working call, a new shooter's first)
ChainState = tuple[int, int, bool, bool]
ROLL = Fraction(1, 36)


class Undefined(Exception):
    """The wager's settlement is not defined somewhere on its way (a gap, a conflict, or the
    implementation refusing), or it can go on forever."""


@dataclass(frozen=True)
class Start:
    """Where a wager is followed from."""

    table_point: int  # the table's point; 0: the next roll is a come-out roll
    point: int  # the wager's point, 0 for none
    working: bool
    label: str
    first_roll: bool = False  # the next (come-out) roll is a new shooter's first


@dataclass(frozen=True)
class Chain:
    """The wager's transient states (the start first), and from each, the probability of
    moving to each other state and of ending each way on the next roll."""

    states: tuple[ChainState, ...]
    moves: tuple[dict[int, Fraction], ...]
    ends: tuple[dict[End, Fraction], ...]
    #: per state, what each of the 36 rolls does: the next state's index, or how it ends
    rolls: tuple[tuple[int | End, ...], ...] = ()

    def outcomes(self) -> list[End]:
        """Every way the wager can end, in a fixed order."""
        return sorted({e for row in self.ends for e in row},
                      key=lambda e: (e[0], e[1]))


def table_after(table: int, total: int) -> tuple[int, bool]:
    """The pass line: a point is set on the come-out roll and ended by itself or a 7; a 7 once
    the point is set ends the shooter's turn, so the next roll is a new shooter's first."""
    if table == 0:
        return (total if total in POINT_NUMBERS else 0), False
    if total == 7:
        return 0, True
    return (0 if total == table else table), False


def build(settle: Settle, start: Start) -> Chain:
    """The chain of one wager from ``start`` (Undefined if a settlement is)."""
    first: ChainState = (start.table_point, start.point, start.working, start.first_roll)
    index: dict[ChainState, int] = {first: 0}
    queue: list[ChainState] = [first]
    moves: list[dict[int, Fraction]] = []
    ends: list[dict[End, Fraction]] = []
    rolls: list[tuple[int | End, ...]] = []
    while len(moves) < len(queue):
        table, point, working, shooter_first = queue[len(moves)]
        move: dict[int, Fraction] = {}
        end: dict[End, Fraction] = {}
        by_roll: list[int | End] = []
        for d1, d2 in DICE:
            decision, net, after = settle(d1, d2, table == 0, point, working, shooter_first)
            if decision != "none":
                end[(decision, net)] = end.get((decision, net), Fraction(0)) + ROLL
                by_roll.append((decision, net))
                continue
            table_next, first_next = table_after(table, d1 + d2)
            following: ChainState = (table_next, after, working, first_next)
            if following not in index:
                index[following] = len(queue)
                queue.append(following)
            j = index[following]
            move[j] = move.get(j, Fraction(0)) + ROLL
            by_roll.append(j)
        moves.append(move)
        ends.append(end)
        rolls.append(tuple(by_roll))
    return Chain(tuple(queue), tuple(moves), tuple(ends), tuple(rolls))


def solve(chain: Chain, columns: list[list[Fraction]]) -> list[list[Fraction]]:
    """For each right-hand side b (one value per state), the x with x = b + M x, where M is
    the chain's moves: the exact solution of (I - M) x = b by Gauss-Jordan elimination."""
    n = len(chain.states)
    k = len(columns)
    matrix = [[Fraction(0)] * (n + k) for _ in range(n)]
    for i, move in enumerate(chain.moves):
        matrix[i][i] = Fraction(1)
        for j, p in move.items():
            matrix[i][j] -= p
        for c, column in enumerate(columns):
            matrix[i][n + c] = column[i]
    for col in range(n):
        pivot = next((r for r in range(col, n) if matrix[r][col] != 0), None)
        if pivot is None:
            raise Undefined("the wager can go on forever without being decided")
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        matrix[col] = [v / lead for v in matrix[col]]
        for r in range(n):
            if r != col and matrix[r][col] != 0:
                factor = matrix[r][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col],
                                                           strict=True)]
    return [[matrix[i][n + c] for i in range(n)] for c in range(k)]


def end_probabilities(chain: Chain) -> dict[End, Fraction]:
    """The probability that the wager, from its start, ends each way."""
    ends = chain.outcomes()
    columns = [[row.get(e, Fraction(0)) for row in chain.ends] for e in ends]
    return {e: x[0] for e, x in zip(ends, solve(chain, columns), strict=True)}


def expected_rolls(chain: Chain) -> Fraction:
    """The expected number of rolls the wager stays in action, from its start."""
    return solve(chain, [[Fraction(1)] * len(chain.states)])[0][0]


def expected_net(settle: Settle, start: Start) -> Fraction:
    """The exact expected net per unit staked, following the wager until it leaves."""
    return sum((p * net for (_d, net), p in end_probabilities(build(settle, start)).items()),
               Fraction(0))
