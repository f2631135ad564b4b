"""Craps's part of what the blueprint shows beside the verdicts
(:mod:`casino_proofs.analyses.assurance.blueprint_inputs`): each wager's rules (a guard
implying its settlement) and state classes, readable and as SMT-LIB 2, the edges between the
clauses a rule cites, each wager's home sentence, and the PAR rows of the specification."""

from __future__ import annotations

import z3

from casino_proofs import regulation, spec
from casino_proofs.analyses.assurance.blueprint_inputs import (
    Constraint,
    Inputs,
    note,
    readable,
    smtlib,
)


def constraints(readings: spec.Readings, inputs: Inputs) -> None:
    """Every wager's rules and state classes, each at the sentences it cites."""
    found, edges, homes = inputs.constraints, inputs.edges, inputs.wager_home
    from casino_proofs.spec.vocabulary import Decision

    decision, net, after = z3.Const("decision", Decision), z3.Real("net"), z3.Int("next_point")
    for w in spec.wagers(readings):
        home = regulation.lookup(w.paragraph)
        homes[w.name] = home.sentences[0].id if isinstance(home, regulation.Paragraph) \
            else w.paragraph
        for i, rule in enumerate(w.rules):
            s = rule.settlement
            said = z3.And(decision == s.decision, net == s.net, after == s.next_point)
            note(found, Constraint(
                f"{w.name} rule #{i}: {rule.label}", rule.clauses, rule.readings,
                f"if {readable(rule.guard)} then {s.decision}, net {readable(s.net)}, point "
                f"after the roll {readable(s.next_point)}",
                smtlib([z3.Implies(rule.guard, said)])))
            edges += [(rule.clauses[0], c) for c in rule.clauses[1:]]
        for cls in w.states:
            note(found, Constraint(f"{w.name} state class {cls.name}: {cls.description}",
                                    cls.clauses, (), readable(cls.constraint),
                                    smtlib([cls.constraint])))


def par(inputs: Inputs, _workers: int) -> None:
    """Every craps PAR row of the specification, under the readings in force."""
    from casino_proofs.craps.par.edges import par_rows, row_json

    inputs.par_craps = [row_json(r) for r in par_rows(inputs.readings)]
