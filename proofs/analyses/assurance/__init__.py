"""Assurance about the checker itself: generated faults it must catch (mutants), and what
encodes, implements, proves and tests each sentence (coverage)."""
