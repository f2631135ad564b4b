"""A craps bundle derived again (``replay``): the answers on record judged again
(:mod:`.answers`), and a table's family machines derived again from its hello and compared
(:mod:`.machines`)."""
