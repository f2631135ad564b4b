"""Pai Gow's readings of the text: its ambiguities, decided."""
