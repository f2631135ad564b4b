"""What comes from outside the tool, read and shown without trusting it.

Everything an engine writes, a recorded table holds or an audit bundle says may come from
someone who wants a green verdict, or who wants the tool to crash, hang or paint the terminal.
These jobs live here, below every other part of the tool:

- :mod:`~casino_proofs.untrusted.bounded_json`: JSON parsed with a bound on its size and on
  its nesting, refusing duplicate keys and the non-JSON constants ``NaN`` and ``Infinity``;
- :mod:`~casino_proofs.untrusted.printable`: text made safe to print: every control character
  (ANSI escapes, carriage returns, bidirectional overrides) shown as a visible escape;
- :mod:`~casino_proofs.untrusted.processes`: programs started so that nothing they start
  outlives the check (a subreaper, a parent-death signal, every descendant ended);
- :mod:`~casino_proofs.untrusted.bounds`: the bound on the work each input from outside can
  cause, and the option that raises it (docs/commands.md, "Bounds");
- :mod:`~casino_proofs.untrusted.files`: a folder read as regular files only, each to a
  bound (no FIFO, device or link out of it).
"""
