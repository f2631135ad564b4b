"""The craps room: the Multiple Chances and Associate Chances wagers of sections 95.15 and
95.16 (issue 46). Its slices sit on the floors of the shared rooms they extend (CONTRIBUTING.md,
"Where things go"):

- :mod:`.obligations`: what is proved of a craps engine, wager by wager, from recorded answers;
- :mod:`.table`: protocol 2, a craps engine checked as a table, played roll by roll;
- :mod:`.diff`: two craps engines compared; :mod:`.par`: the house edge of every wager.
"""
