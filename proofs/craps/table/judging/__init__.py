"""Judging a played event: the reference table (:mod:`.reference`) and the specification's
settlement it rests on (:mod:`.oracle`), the rules of placements, calls and withdrawals
(:mod:`.rules`), a table's declared policies (:mod:`.policies`), and a played script read back
beside it (:mod:`.observe`, :mod:`.settlements`)."""
