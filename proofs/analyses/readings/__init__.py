"""Analyses of the readings of the text: where it can be read two ways, and what each reading
does to the money (ambiguities, house edges, the Markov chain they follow a wager through)."""
