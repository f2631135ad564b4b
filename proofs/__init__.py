"""Proof obligations tying ``impl`` to ``spec``, their reports, and the ``casino-proofs``
command. The only package that imports both sides."""
