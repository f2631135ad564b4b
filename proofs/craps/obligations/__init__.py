"""Proof obligations for the craps wagers of s. 95.15 and 95.16, and their solving.

For every wager, every class of reachable states and all 36 ordered outcomes of two dice:

- ``domain``: the implementation accepts exactly the states the specification says are
  reachable;
- ``exhaustive``: some rule decides every outcome (a gap is reported with its outcome);
- ``exclusive``: no outcome gets two different settlements (a conflict likewise);
- ``agrees``: wherever a rule applies, the implementation settles as the rule says — the
  decision, the net and the wager's next state (its point and the working call it carries) —
  one obligation per rule and state class, so a counterexample names the clause it breaks;
- ``reachable``: every rule applies to some outcome in some reachable state (vacuity);

and for the implementation under test, per wager:

- ``offered``: the engine settles the wager (it is in its hello), unless the user left it out;
- ``validation``: impossible inputs (a die of 0 or 7, a point of 7) are refused;
- ``deterministic``: every input, asked twice in another order and batching, gets one answer;
- ``library-defaults`` (our implementation): the library called as a user calls it, with its
  own default readings, settles every input as it does with the registry's defaults passed
  explicitly;

and once, ``universe``: the state universe the SMT queries range over is exactly the one the
enumeration covers; and for an engine that is a program, ``channel``
(:mod:`casino_proofs.obligations.channel`): every request answered whole and in step.

Every query also checks that its assumptions are satisfiable. Every SMT counterexample is
replayed concretely through both sides before it is reported; one that does not replay makes
the verdict ERROR. Every query runs under the deterministic resource budget
(:mod:`casino_proofs.solving.budget`); an exhausted budget is UNKNOWN, never a verdict.

The modules: ``run`` (every obligation of a run, wager by wager), ``session`` (the solver),
``context`` (what a wager's checks share), and one module per kind: ``domain``, ``decided``
(exhaustive, exclusive), ``agrees``, ``reachable``, ``engine_checks`` (validation,
deterministic, library-defaults), ``universe``; beside them ``answers`` (asking the
implementation), ``lifting`` (its answers as SMT-LIB) and ``enumeration`` (the dual evidence).
"""

from casino_proofs.craps.obligations.run import CrapsRun, prove_craps

__all__ = ["CrapsRun", "prove_craps"]
