"""Pai Gow Poker, s. 40 of the by-law: the game's room (issue 46). Its slices sit on the floors
of the shared rooms they extend (CONTRIBUTING.md, "Where things go"):

- :mod:`.obligations`: the ranking and comparison of hands proved, hand by hand;
- :mod:`.diff`: two Pai Gow engines compared; :mod:`.par`: the game's PAR tables.
"""
