"""Analyses beyond the proofs, by purpose: :mod:`.readings` (ambiguities, house edges, the
chain), :mod:`.par` (the PAR sheet), :mod:`.diff` (two sides compared) and :mod:`.assurance`
(mutants, coverage)."""
