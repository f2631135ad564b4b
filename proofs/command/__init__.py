"""The ``casino-proofs`` command: argument parsing, the sub-commands, exit codes."""
