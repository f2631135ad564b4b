"""Pai Gow's door: an evaluator that only compares two hands, its strengths derived from
its compare()."""
