"""Analyses beyond the proofs: ambiguities, house edges, clause coverage, mutants."""
