"""The specification's side of Pai Gow in bulk: what s. 40 says of every abstraction class of
the 53-card deck (its combination, its side of every ordering statement, its band, its
conventional key: :meth:`ScopeSpec.outputs`), one row a class, as a numpy table built once and
kept in the user's cache directory (:mod:`casino_proofs.solving.spec_cache`) for the next run.
The specification's ranking key of any hand is its class's row (the abstraction lemma).

The table depends on the specification and the readings alone, never on the engine. It is
never trusted: obligation ``bulk`` proves, on every run, that every row equals the Z3
specification's terms evaluated on that class's representative (by their compiled
evaluation, on every class; obligation ``evaluator`` confirms that evaluation by Z3's own on a
seeded sample). A table that differs is REFUTED, and the run goes on with the rows worked out
again (:func:`verified`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.paigow.obligations.every_hand import Key, classes, hand_text, representative
from casino_proofs.paigow.obligations.scope_spec import SCOPES, SPEC_MUTATION, ScopeSpec
from casino_proofs.solving import spec_cache

#: the code a table is built by, beside spec/ and regulation/ (its cache key names them)
BUILDERS = ("casino_proofs.paigow.obligations.bulk", "casino_proofs.paigow.obligations.scope_spec",
            "casino_proofs.paigow.obligations.every_hand", "casino_proofs.solving.z3_compile")


@dataclass(frozen=True)
class SpecTable:
    """Every class of the deck (sorted) and the specification's outputs on it, a row each."""

    scope: str
    keys: tuple[Key, ...]
    rows: Any  # numpy int64, one row a class, one column an output of ScopeSpec.outputs
    kept: bool = False  # read from the cache directory

    @cached_property
    def index(self) -> dict[Key, int]:
        return {k: i for i, k in enumerate(self.keys)}

    def values(self, k: Key) -> list[int]:
        """The outputs of the class ``k`` (ints; a truth value as 0 or 1)."""
        return list(self.rows[self.index[k]].tolist())


def _key_codes(keys: tuple[Key, ...]) -> Any:
    import numpy as np

    return np.array([[*ranks, int(suited)] for ranks, suited in keys], dtype=np.int16)


def _built(scope: str, keys: tuple[Key, ...],
           fast: Callable[..., tuple[Any, ...]]) -> Any | None:
    """The rows worked out by the compiled evaluation; None if an output is not a whole
    number or a truth value (a table holds integers)."""
    import numpy as np

    rows = [fast(*representative(k)) for k in keys]
    if any(type(v) not in (int, bool) for row in rows for v in row):
        return None
    return np.array(rows, dtype=np.int64)


def _fits(kept: dict[str, Any], keys: tuple[Key, ...], width: int) -> bool:
    """A kept table of the expected shape, for the very classes expected."""
    rows, codes = kept.get("rows"), kept.get("keys")
    expected = _key_codes(keys)
    return rows is not None and codes is not None and rows.shape == (len(keys), width) \
        and rows.dtype.kind == "i" and codes.shape == expected.shape \
        and bool((codes == expected).all())


def spec_table(scope: str, built: ScopeSpec, fast: Callable[..., tuple[Any, ...]],
               readings: Mapping[str, str]) -> SpecTable | None:
    """The table of ``scope`` under ``readings``: from the cache if it holds one for this
    very specification, else built (and kept). A mutated specification (the mutants) is
    built in memory alone. None: a specification whose outputs are not all integers."""
    keys = tuple(sorted(classes(SCOPES[scope])))
    width = len(built.outputs())
    mutated = bool(SPEC_MUTATION)
    table_key = spec_cache.key(f"paigow-{scope}", BUILDERS, repr(sorted(readings.items())))
    kept = None if mutated else spec_cache.load(f"paigow-{scope}", table_key)
    if kept is not None and _fits(kept, keys, width):
        return SpecTable(scope, keys, kept["rows"], kept=True)
    rows = _built(scope, keys, fast)
    if rows is None:
        return None
    if not mutated:
        spec_cache.store(f"paigow-{scope}", table_key, {"keys": _key_codes(keys), "rows": rows})
    return SpecTable(scope, keys, rows)


def verified(table: SpecTable, fast: Callable[..., tuple[Any, ...]]
             ) -> tuple[Result, SpecTable | None]:
    """Obligation ``bulk``: every row of ``table`` equals the specification's terms on its
    class's representative, as their compiled evaluation gives them. (Obligation
    ``evaluator`` confirms the compiled evaluation by Z3's own on a seeded sample; Z3 is not
    asked here again: the terms it makes in the checker change the resource counts of the
    queries a later run of the same process makes, as ``--all-readings`` does.) The table to
    go on with: ``table`` if PROVED, else the rows worked out again (none if they cannot be)."""
    import numpy as np

    started = time.perf_counter()
    ob = catalogue.bulk(table.scope)
    fresh = _built(table.scope, table.keys, fast)
    if fresh is None:
        return (Result(ob, Verdict.ERROR, time.perf_counter() - started,
                       "the specification's outputs are not all integers: no bulk table can "
                       "hold them"), None)
    differ = list(range(len(table.keys))) if fresh.shape != table.rows.shape else \
        np.flatnonzero((fresh != table.rows).any(axis=1)).tolist()
    if differ:
        k = table.keys[differ[0]]
        hand = representative(k)
        said = [int(v) for v in fresh[differ[0]].tolist()]
        detail = (f"the bulk table differs from the specification on "
                  f"{len(differ):,} of {len(table.keys):,} classes, the first "
                  f"{hand_text(hand)}")
        cex = {"hand": hand_text(hand), "table": table.values(k), "spec": said}
        return (Result(ob, Verdict.REFUTED, time.perf_counter() - started, detail, cex),
                SpecTable(table.scope, table.keys, fresh))
    return (Result(ob, Verdict.PROVED, time.perf_counter() - started,
                   f"{len(table.keys):,} classes"), table)
