"""casino-proofs: a reference formal model of Québec's By-law respecting casino games
(chapter S-13.1, r. 3).

The installed namespace ``casino_proofs`` holds:

- ``casino_proofs.regulation`` (folder ``regulation/``): the text, sentence by sentence, and
  the registries of conventions and readings;
- ``casino_proofs.spec`` (``spec/``): the clauses as Z3 constraints;
- ``casino_proofs.impl`` (``impl/``): the plain implementation, usable as a library;
- the proof tool itself (this folder, ``proofs/``), from the ground up: ``untrusted`` (bounded
  reading of outside bytes), ``solving`` (budgets, SMT-LIB, fast evaluation), ``protocol``
  (what passes between the checker and an engine), ``obligations`` (what is proved, per game),
  ``tables`` (protocol 2: a table checked as it plays), ``adapters`` (every door to an
  engine), ``analyses`` (readings, PAR, diff, assurance), ``audit`` (the bundle and replay),
  ``reports`` (every format) and ``command``. CONTRIBUTING.md says what goes where.

This module imports nothing: importing ``casino_proofs.impl`` must not pull in the proofs.
"""
