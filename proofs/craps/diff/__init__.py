"""Every craps input on which two sides settle differently, proved complete, with the money.

A side is the specification under some readings, or an implementation under test (our
implementation, a program, a Python module, a recorded table) under some readings. Both are
asked about every input that can be put to them: every wager, every state of the universe,
all 36 rolls. An answer is normalised to what it means: a settlement (decision, net, the
wager's point and working call after the roll), or *outside* (the input cannot occur: the
specification's state classes do not hold it, the engine refuses it, the table has no row),
or, for the specification, a *gap* or a *conflict*, or, for an engine, a *fault*.

The list of differing inputs is then proved complete: for each wager, an SMT query over
symbolic dice and states, each side given by its own function -- the specification's rules,
or the implementation's lifted function graph -- asks for an input where the sides differ
that is not on the list; it must be unsatisfiable. A wager whose query is satisfiable names the
input the list missed (a defect of the diff, never of the sides).

The money: the exact house edge of every wager that differs, on each side, from the starts
``edge`` uses, and the change.

The jobs, one module each: :mod:`.sides` (asking each side, the differences),
:mod:`.completeness` (the SMT proof that the list misses nothing), :mod:`.confirm` (every
difference asked again) and :mod:`.money` (the house edges it moves).
"""

from casino_proofs.craps.diff.completeness import Completeness, prove_complete
from casino_proofs.craps.diff.confirm import replay
from casino_proofs.craps.diff.money import EdgeChange, edge_changes
from casino_proofs.craps.diff.sides import (
    Difference,
    Side,
    ask,
    differences,
    inputs_of,
    meaning_json,
    unanswered,
)

__all__ = ["Completeness", "Difference", "EdgeChange", "Side", "ask", "differences",
           "edge_changes", "inputs_of", "meaning_json", "prove_complete", "replay",
           "unanswered"]
