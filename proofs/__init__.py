"""casino-proofs: a reference formal model of Québec's By-law respecting casino games
(chapter S-13.1, r. 3).

The installed namespace ``casino_proofs`` holds:

- ``casino_proofs.regulation`` (folder ``regulation/``): the text, sentence by sentence, and
  the registries of conventions and readings;
- ``casino_proofs.spec`` (``spec/``): the clauses as Z3 constraints;
- ``casino_proofs.impl`` (``impl/``): the plain implementation, usable as a library;
- the proof tool itself (this folder, ``proofs/``): ``adapters`` (the implementation under
  test), ``obligations`` (what is proved, per game), ``solving``, ``analyses``, ``reports``,
  ``audit`` and ``command``.

This module imports nothing: importing ``casino_proofs.impl`` must not pull in the proofs.
"""
