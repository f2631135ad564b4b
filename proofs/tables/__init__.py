"""Protocol 2: a craps engine checked as a table, played roll by roll (docs/engine-protocol.md,
"Protocol 2: the table interface").

- :mod:`.money`: the engine's unit and rounding, and what a stake's winnings must be;
- :mod:`.model`: the table as the conventions move it (the point, the shooter);
- :mod:`.planner`: the scripts, written from the specification, that reach every
  (wager, state) through legal play and then play every roll;
- :mod:`.observe`: a played script read back into protocol-1 inputs and settlements, and the
  table-level facts (placements, withdrawals, the table's point);
- :mod:`.obligations`: what a single wager could not show, each citing its clause.
"""
