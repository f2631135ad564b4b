"""Protocol 2: a craps engine checked as a table, played roll by roll (docs/engine-protocol.md,
"Protocol 2: the table interface"). The engines themselves (``play:``, session logs) are
doors in :mod:`casino_proofs.adapters`; this package is what they are judged by.

- :mod:`.model`: the table as the conventions move it (the point, the shooter);
- :mod:`.planner`: the scripts, written from the specification, that reach every
  (wager, state) through legal play and then play every roll; :mod:`.payouts`: the money
  scripts;
- :mod:`.observe`: a played script read back into protocol-1 inputs and settlements, and the
  table-level facts (placements, withdrawals, the table's point);
- :mod:`.session`: a run of scripts, and protocol-1 answers drawn from what was observed;
- :mod:`.obligations`: what a single wager could not show, each citing its clause.
"""
