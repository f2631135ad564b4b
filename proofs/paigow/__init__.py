"""The Pai Gow Poker room: the ranking of combinations of section 40 (issue 46). Its slices sit
on the floors of the shared rooms they extend (CONTRIBUTING.md, "Where things go"):

- :mod:`.obligations`: the ranking and comparison of hands proved, hand by hand;
- :mod:`.diff`: two Pai Gow engines compared; :mod:`.par`: the game's PAR tables.
"""
