"""The PAR sheet: ``craps`` (every wager followed from its start to its decision, exact
figures), ``paigow`` (how often each combination occurs over every five-, two- and seven-card
hand), ``seven_cards`` (the seven-card count, by rank pattern and flush suit), ``montecarlo``
(a seeded check on the arithmetic) and ``sheet`` (the sheet of a run, from both games)."""
