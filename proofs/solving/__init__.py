"""Solver plumbing: SMT-LIB text of a query, fast evaluation of Z3 terms."""
