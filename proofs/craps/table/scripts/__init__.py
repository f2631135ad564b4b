"""The scripts a table engine is played, written from the specification: the planner and its
money scripts, the suite complete for each family's machine, the transitions' scripts, the
history recipes and pairs, the long sessions by usage profile within their budget, every
field's domain, and a refutation shrunk to its shortest."""
