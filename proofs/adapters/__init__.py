"""Every way the implementation under test is reached, one module a door, and one
:func:`~casino_proofs.adapters.targets.open_target`:

- :mod:`.ours`: this project's implementation, in this process (the only module of the tool
  that imports ``impl``); :mod:`.mutated`: it, with answers changed (``mutants``);
- :mod:`.exec_engine`: a program speaking protocol 1 (``exec:``; ``python:`` runs
  :mod:`.python_host` as that program); :mod:`.comparing`: a Pai Gow evaluator that only
  compares; :mod:`.play_engine`: a table engine speaking protocol 2 (``play:``);
- :mod:`.settlement_table`: a recorded settlement table (``table:FILE``, CSV or JSON
  records); :mod:`.session_log`: a table's session log (``table:FILE``, sessions);
  :mod:`.bundle_answers`: the answers an audit bundle holds (``replay``);
- :mod:`.program`: the process, channel and narrowing machinery the programs share.
"""
