"""``casino-proofs diff``: every input two sides disagree on, proved complete, with the money
it moves. ``compare`` runs a diff of two targets (the specification or an engine, each under
its readings) and writes its document; ``craps`` lists and proves complete the craps inputs
two sides settle differently; ``paigow`` counts the hands and ordered pairs of hands two sides
name or order differently."""

from casino_proofs.analyses.diff.compare import (
    SCHEMA,
    SCHEMA_VERSION,
    Target,
    compare_expected,
    run,
)

__all__ = ["SCHEMA", "SCHEMA_VERSION", "Target", "compare_expected", "run"]
