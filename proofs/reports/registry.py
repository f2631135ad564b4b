"""Every report format of every document, in one place (issue 33).

Each document type (``reports/documents.py``) lists its formats in the order ``--help`` and a
usage error name them, the first its default; each format names its renderer (a function of
``casino_proofs.reports`` taking the document and returning the report's text) and what the
document must hold for it beyond its verdicts (``needs``: the auditor's page shows the
ambiguity findings, the house edges and the PAR sheet, which the command computes before
rendering). A command's ``--format`` choices and default come from here
(``command/options.py:format_option``), and it renders with :func:`render`; no command names a
format.

A renderer's module is imported when the format is rendered, not before: a command starts
without loading the report modules it will not use (``tests/test_registry.py`` renders every
format of every document).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from casino_proofs.reports.documents import (
    AmbiguitiesDocument,
    CheckDocument,
    CompareDocument,
    CoverageDocument,
    DiffDocument,
    EdgeDocument,
    MutantsDocument,
    ParDocument,
    RankDocument,
    ReplayDocument,
    SettleDocument,
)

#: what a document may need computed for a format: the ambiguity findings, the house-edge
#: rows, the PAR sheet
NEEDS = ("findings", "edges", "par")


@dataclass(frozen=True)
class Format:
    """One format of one document: its name, its renderer (``module:function`` in
    ``casino_proofs.reports``) and what it needs computed into the document."""

    name: str
    renderer: str
    needs: frozenset[str] = frozenset()


def _formats(*entries: tuple[str, str] | Format) -> tuple[Format, ...]:
    return tuple(e if isinstance(e, Format) else Format(*e) for e in entries)


FORMATS: dict[type, tuple[Format, ...]] = {
    CheckDocument: _formats(
        ("text", "check:check_text"), ("json", "check:check_json"),
        ("junit", "formats:check_junit"), ("sarif", "formats:check_sarif"),
        ("markdown", "formats:check_markdown"),
        Format("html", "html:check_html", frozenset(NEEDS))),
    ParDocument: _formats(
        ("text", "par:par_text"), ("json", "jsondoc:as_json"), ("csv", "par:par_csv"),
        ("markdown", "par:par_markdown"), ("html", "par:par_html")),
    DiffDocument: _formats(
        ("text", "diff:diff_text"), ("json", "jsondoc:as_json"),
        ("markdown", "diff:diff_markdown"), ("html", "diff:diff_html")),
    AmbiguitiesDocument: _formats(
        ("text", "findings:ambiguities_report"), ("json", "jsondoc:as_json"),
        ("sarif", "formats:ambiguities_sarif")),
    EdgeDocument: _formats(("text", "findings:edge_report"), ("json", "jsondoc:as_json")),
    SettleDocument: _formats(("text", "check:settle_report"), ("json", "jsondoc:as_json")),
    RankDocument: _formats(("text", "check:rank_report"), ("json", "jsondoc:as_json")),
    CompareDocument: _formats(("text", "check:compare_report"), ("json", "jsondoc:as_json")),
    CoverageDocument: _formats(("text", "assurance:coverage_report"), ("json", "jsondoc:as_json")),
    MutantsDocument: _formats(("text", "assurance:mutants_report"), ("json", "jsondoc:as_json")),
    ReplayDocument: _formats(("text", "replay:replay_text"), ("json", "jsondoc:as_json")),
}


def documents() -> tuple[type, ...]:
    """Every document type that has formats."""
    return tuple(FORMATS)


def _entries(doc_type: type) -> tuple[Format, ...]:
    try:
        return FORMATS[doc_type]
    except KeyError:
        raise KeyError(f"{doc_type.__name__} has no formats in reports/registry.py") from None


def _entry(doc_type: type, form: str) -> Format:
    for entry in _entries(doc_type):
        if entry.name == form:
            return entry
    raise KeyError(f"{doc_type.__name__} has no format {form!r}; it has "
                   f"{', '.join(formats(doc_type))}")


def formats(doc_type: type) -> tuple[str, ...]:
    """The document's formats, in the order ``--format`` lists them."""
    return tuple(entry.name for entry in _entries(doc_type))


def default(doc_type: type) -> str:
    """The document's default format: its first."""
    return _entries(doc_type)[0].name


def needs(doc_type: type, form: str) -> frozenset[str]:
    """What the format shows beside the document's own fields (of :data:`NEEDS`), for the
    command to compute before rendering."""
    return _entry(doc_type, form).needs


def renderer(doc_type: type, form: str) -> Callable[[Any], str]:
    """The function rendering a document of ``doc_type`` in ``form``."""
    module, _, name = _entry(doc_type, form).renderer.partition(":")
    function: Callable[[Any], str] = getattr(
        importlib.import_module(f"casino_proofs.reports.{module}"), name)
    return function


def render(doc: object, form: str) -> str:
    """The document in the format ``form``."""
    return renderer(type(doc), form)(doc)
