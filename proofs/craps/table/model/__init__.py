"""The table's model: the point and the shooter as the conventions move them (:mod:`.model`),
the abstract table (:mod:`.abstract`), each family's machine with its inputs, mutants and the
probes that tell its states apart, and the history a table can remember (:mod:`.history`,
:mod:`.subjects`)."""
