"""The table's obligations: what a single wager could not show, each citing its clause
(:mod:`.clauses`), a table engine's whole check (:mod:`.table_check`) and run
(:mod:`.table_run`), what its scripts reached (:mod:`.coverage`), and how a failing case is
tallied and reads in a report (:mod:`.tally`, :mod:`.witness`)."""
