"""What a capability adds to an engine: the hooks the obligations and the commands reach
through it, one protocol a capability.

An engine declares its :class:`~casino_proofs.protocol.engine.Capability` flags; a caller
asks ``engine.can(Capability.X)``, then reaches the hooks of X through its accessor here
(:func:`table_player`, ...). An accessor checks the engine has what it declared: one that
declares a capability without its hooks (a new door that forgot one) is an error that
names them, never a hook silently skipped. ``tests/test_capabilities.py`` checks every door
of :mod:`casino_proofs.adapters` against :data:`HOOKS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast, runtime_checkable

from casino_proofs import spec
from casino_proofs.obligations.verdict import Result
from casino_proofs.protocol.answers import Faulty
from casino_proofs.protocol.comparisons import ComparatorEvidence
from casino_proofs.protocol.engine import Capability, Engine


class MissingHooks(TypeError):
    """An engine that declares a capability without the hooks it adds (a defect of its
    door, not of the implementation under test)."""


class TableVerdicts(Protocol):
    """What a table did in its scripts or sessions, judged (``tables.table_run.TableRun``)."""

    def results(self, specs: Sequence[spec.WagerSpec]) -> list[Result]:
        """The table's own obligations about the wagers of ``specs``."""

    def not_applicable(self) -> list[dict[str, str]]:
        """What of the table's obligations cannot apply to it, and why."""

    def resting(self, results: list[Result]) -> list[Result]:
        """``results`` (every obligation of the craps run) with the protocol-1 refutations
        that rest on a table finding sharing its cause."""


@runtime_checkable
class TablePlayer(Protocol):
    """:attr:`Capability.PLAYS_TABLES`: a table played (``play:``) or logged (a session
    log)."""

    def table_run(self, readings: Mapping[str, str]) -> TableVerdicts:
        """The table's scripts or sessions under ``readings``, judged once and kept."""

    def table_domain(self) -> list[dict[str, Any]]:
        """The fault domain of each run's verdicts (none for a log: its sessions are what
        they are)."""

    def focus(self, wagers: Sequence[str]) -> None:
        """The craps wagers a check is about (a table plays its scripts for these alone)."""

    def policies_in_force(self) -> tuple[str, ...]:
        """The conventions of the house rules the table declared (its policies)."""


@runtime_checkable
class RecordFile(Protocol):
    """:attr:`Capability.READS_RECORDS`: an engine read from a file of records."""

    def unreadable_records(self) -> tuple[int, int, list[tuple[int, str]]]:
        """(records, records that could not be read, the first of those: line and why)."""


@runtime_checkable
class HandComparer(Protocol):
    """:attr:`Capability.COMPARES_HANDS`: a Pai Gow evaluator with a comparison beside its
    strengths."""

    def compare(self, pairs: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
                readings: Mapping[str, str]) -> list[int | Faulty]:
        """1, 0 or -1 for each pair of hands."""


@runtime_checkable
class DerivedRanking(Protocol):
    """:attr:`Capability.RANKS_BY_COMPARISON`: a Pai Gow evaluator with only a comparison,
    its strengths derived from it."""

    def comparator_evidence(self, size: int, deck: Sequence[int],
                            readings: Mapping[str, str]) -> ComparatorEvidence:
        """Its comparisons tested against the order derived from them, for hands of ``size``
        cards of ``deck``."""


@runtime_checkable
class LibraryDefaults(Protocol):
    """:attr:`Capability.EXPLICIT_DEFAULTS`: a library of ours, which users call without
    readings."""

    def explicit_defaults(self) -> Engine:
        """The same implementation called with every reading passed explicitly."""


#: each capability that adds hooks, and the protocol holding them
HOOKS: dict[Capability, type] = {
    Capability.PLAYS_TABLES: TablePlayer, Capability.READS_RECORDS: RecordFile,
    Capability.COMPARES_HANDS: HandComparer, Capability.RANKS_BY_COMPARISON: DerivedRanking,
    Capability.EXPLICIT_DEFAULTS: LibraryDefaults,
}


def hook_names(capability: Capability) -> tuple[str, ...]:
    """The methods ``capability`` adds (none for a capability without hooks)."""
    protocol = HOOKS.get(capability)
    if protocol is None:
        return ()
    return tuple(n for n, v in vars(protocol).items() if not n.startswith("_") and callable(v))


def missing_hooks(cls: type) -> list[str]:
    """The hooks an engine class's declared capabilities add that it lacks, each named with
    its capability (``plays-tables: table_domain``)."""
    declared: Capability = getattr(cls, "capabilities", Capability(0))
    return [f"{c.words}: {name}" for c in declared for name in hook_names(c)
            if not callable(getattr(cls, name, None))]


def _checked(engine: Engine, capability: Capability) -> None:
    """MissingHooks unless ``engine`` declares ``capability`` and has its hooks."""
    if not engine.can(capability):
        raise MissingHooks(f"{type(engine).__name__} ({engine.target[:80]}) does not declare "
                           f"the capability {capability.words}")
    if not isinstance(engine, HOOKS[capability]):
        raise MissingHooks(f"{type(engine).__name__} declares the capability "
                           f"{capability.words} without its hooks: "
                           f"{', '.join(missing_hooks(type(engine)))}")


def table_player(engine: Engine) -> TablePlayer:
    """The hooks of :attr:`Capability.PLAYS_TABLES` (MissingHooks if the engine lacks them)."""
    _checked(engine, Capability.PLAYS_TABLES)
    return cast(TablePlayer, engine)


def record_file(engine: Engine) -> RecordFile:
    """The hook of :attr:`Capability.READS_RECORDS`."""
    _checked(engine, Capability.READS_RECORDS)
    return cast(RecordFile, engine)


def hand_comparer(engine: Engine) -> HandComparer:
    """The hook of :attr:`Capability.COMPARES_HANDS`."""
    _checked(engine, Capability.COMPARES_HANDS)
    return cast(HandComparer, engine)


def derived_ranking(engine: Engine) -> DerivedRanking:
    """The hook of :attr:`Capability.RANKS_BY_COMPARISON`."""
    _checked(engine, Capability.RANKS_BY_COMPARISON)
    return cast(DerivedRanking, engine)


def library_defaults(engine: Engine) -> LibraryDefaults:
    """The hook of :attr:`Capability.EXPLICIT_DEFAULTS`."""
    _checked(engine, Capability.EXPLICIT_DEFAULTS)
    return cast(LibraryDefaults, engine)


def policies_in_force(engine: Engine) -> tuple[str, ...]:
    """The conventions of the house rules the engine declared: a table's policies, none for
    any other engine."""
    if engine.can(Capability.PLAYS_TABLES):
        return table_player(engine).policies_in_force()
    return ()
