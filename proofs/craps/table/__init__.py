"""Protocol 2: a craps engine checked as a table, played roll by roll (docs/engine-protocol.md,
"Protocol 2: the table interface"). The engines themselves (``play:``, session logs) are
doors in :mod:`casino_proofs.adapters`; this package is what they are judged by, in four
parts a reader walks in turn:

- :mod:`.model`: the table as the conventions move it (the point, the shooter), the abstract
  table, each family's machine (the model the suite is complete for), the history features;
- :mod:`.scripts`: the scripts, written from the specification, that reach every (wager,
  state) through legal play and then play every roll (:mod:`.scripts.planner`), the money
  scripts, the suite, the long sessions as players bet, every field's domain;
- :mod:`.judging`: what the text demands of every event (:mod:`.judging.reference`), and a
  played script read back beside it (:mod:`.judging.observe`);
- :mod:`.obligations`: what a single wager could not show, each citing its clause
  (:mod:`.obligations.clauses`), and a table engine's whole check and run.
"""
