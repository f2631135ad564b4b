"""Craps's part of the checker's own assurance: our implementation run through its proofs,
and its mutants."""
