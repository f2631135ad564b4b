"""Protocol 2: a craps engine checked as a table, played roll by roll (docs/engine-protocol.md,
"Protocol 2: the table interface"). The engines themselves (``play:``, session logs) are
doors in :mod:`casino_proofs.adapters`; this package is what they are judged by.

- :mod:`.model`: the table as the conventions move it (the point, the shooter);
- :mod:`.planner`: the scripts, written from the specification, that reach every
  (wager, state) through legal play and then play every roll; :mod:`.payouts`: the money
  scripts;
- :mod:`.observe`: a played script read back into protocol-1 inputs and settlements, and the
  table-level facts (placements, withdrawals, the table's point);
- :mod:`.table_check`: a table engine's whole check: its scripts planned, played and read,
  then its long sessions and history scripts;
- :mod:`.table_run`: what the scripts showed (:class:`~.table_run.TableRun`), and the
  protocol-1 answers drawn from it; :mod:`.long_sessions`: the sessions played as players bet,
  within :mod:`.play_budget`;
- :mod:`.obligations`: what a single wager could not show, each citing its clause.
"""
