"""Pai Gow's part of the coverage table (``casino-proofs coverage``,
:mod:`casino_proofs.analyses.assurance.coverage`): the statements and combinations of each
scope's specification, the obligations they give rise to, by the sentences they rest on, and
the ordering statements of s. 40 the specification does not state."""

from __future__ import annotations

from collections.abc import Callable

from casino_proofs import regulation, spec
from casino_proofs.analyses.assurance.coverage import registered, sentences_of
from casino_proofs.paigow.obligations.scope_spec import SCOPES, ScopeSpec
from casino_proofs.spec.paigow import COMBINATIONS


def _names(scope: str) -> list[str]:
    """The combinations a scope names: every one for the high hand, the pair for the low."""
    return [n for n, _ in COMBINATIONS] if scope == "high" else ["pair"]


def constraints(note: Callable[..., None]) -> None:
    """Every statement and combination of each scope's specification, noted with the
    clauses it cites."""
    for scope in SCOPES:
        built = ScopeSpec.build(scope, spec.Readings())
        for st in built.statements:
            note(f"spec s. 40 {scope} statement {st.id}", st.clauses)
        for name in _names(scope):
            note(f"spec s. 40 {scope} combination {name}", (dict(COMBINATIONS)[name],))


def obligations() -> dict[str, list[str]]:
    """Each scope's order and combination obligations by the sentences they rest on."""
    found: dict[str, list[str]] = {}
    for scope in SCOPES:
        built = ScopeSpec.build(scope, spec.Readings())
        for st in built.statements:
            for c in st.clauses:
                if registered(c):
                    for s in sentences_of(c):
                        found.setdefault(s, []).append(f"paigow/{scope}/order/{st.id}")
        for name in _names(scope):
            for s in sentences_of(dict(COMBINATIONS)[name]):
                found.setdefault(s, []).append(f"paigow/{scope}/combination/{name}")
    return found


def ordering_gaps() -> list[str]:
    """The ordering statements s. 40 makes (regulation/paigow.toml, ``orders``) that the
    specification does not state."""
    stated = {scope: {st.id for st in ScopeSpec.build(scope, spec.Readings()).statements}
              for scope in SCOPES}
    names = [n for n, _ in COMBINATIONS]
    missing = []
    for sentence in regulation.sentences().values():
        paragraph = regulation.paragraph_of(sentence.id)
        for order in sentence.orders:
            if paragraph == "r3-40-intro":
                wanted = [f"r3-40-intro:{a}>{b}" for i, a in enumerate(names)
                          for b in names[i + 1:]]
                scopes = ["high"]
            else:
                wanted = [f"{paragraph}:{order}"]
                scopes = ["high", "low"] if paragraph == "r3-40-10" else ["high"]
            missing += [f"{scope}: {w} ({sentence.id})" for w in wanted for scope in scopes
                        if w not in stated[scope]]
    conventional = {
        "conv-no-combination-lowest": ("high", [f"conv:{n}>no-combination" for n in names]),
        "conv-low-hand": ("low", ["conv:pair>no-combination"]),
    }
    for cid, convention in regulation.conventions().items():
        if convention.orders:
            scope, wanted = conventional[cid]
            missing += [f"{scope}: {w} ({cid})" for w in wanted if w not in stated[scope]]
    return missing
