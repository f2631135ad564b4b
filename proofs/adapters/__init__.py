"""Every way the implementation under test is reached, one module a door, and one
:func:`~casino_proofs.adapters.targets.open_target`:

- :mod:`.ours`: this project's implementation, in this process (the only module of the tool
  that imports ``impl``); :mod:`.mutated`: it, with answers changed (``mutants``);
- :mod:`.exec_engine`: a program speaking protocol 1 (``exec:``; ``python:`` runs
  :mod:`.python_host` as that program);
- :mod:`.bundle_answers`: the answers an audit bundle holds (``replay``); :mod:`.recorded`:
  what the engine a bundle names could be asked;
- a game's own doors are in its room, opened through the registry: craps's
  (``craps/adapters/``) a table engine speaking protocol 2 (``play:``), a recorded
  settlement table and a table's session log (``table:FILE``); Pai Gow's
  (``paigow/adapters/``) an evaluator that only compares;
- :mod:`.program`: the process, channel and narrowing machinery the programs share.
"""
