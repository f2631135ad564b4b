"""The one registry of report formats (``reports/registry.py``, issue 33): every command's
``--format`` offers exactly the formats its document has, in the registry's order and with its
default, and every format of every document renders a document that a command built."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from casino_proofs.analyses.readings.ambiguities import Finding
from casino_proofs.command.main import build_parser, main
from casino_proofs.reports import registry
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

#: each command that takes --format, and the document it renders
DOCUMENTS: dict[str, type] = {
    "check": CheckDocument, "settle": SettleDocument, "rank": RankDocument,
    "compare": CompareDocument, "ambiguities": AmbiguitiesDocument, "replay": ReplayDocument,
    "mutants": MutantsDocument, "coverage": CoverageDocument, "edge": EdgeDocument,
    "par": ParDocument, "diff": DiffDocument,
}


def _format_actions() -> dict[str, argparse.Action]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out = {}
    for name, command in sub.choices.items():
        for action in command._actions:
            if "--format" in action.option_strings:
                out[name] = action
    return out


def test_every_format_option_comes_from_the_registry() -> None:
    """Each command's --format: the registry's formats, in its order, and its default."""
    actions = _format_actions()
    assert set(actions) == set(DOCUMENTS)
    for name, action in actions.items():
        document = DOCUMENTS[name]
        assert tuple(action.choices or ()) == registry.formats(document), name
        assert action.default == registry.default(document), name
        assert f"(default: {registry.default(document)}" in (action.help or ""), name
    assert set(registry.documents()) == set(DOCUMENTS.values())


def test_the_check_formats_in_the_order_of_the_usage_error() -> None:
    """The order a usage error names them (and --help shows) is the registry's."""
    assert registry.formats(CheckDocument) == ("text", "json", "junit", "sarif", "markdown",
                                               "html")
    assert registry.needs(CheckDocument, "html") == frozenset(registry.NEEDS)
    assert registry.needs(CheckDocument, "json") == frozenset()


def test_an_unknown_format_or_document_is_named() -> None:
    with pytest.raises(KeyError, match="has no format 'yaml'; it has text, json"):
        registry.renderer(EdgeDocument, "yaml")
    with pytest.raises(KeyError, match="str has no formats"):
        registry.formats(str)


class Made:
    """The document each command built, as it handed it to the registry to render."""

    def __init__(self) -> None:
        self.documents: dict[type, Any] = {}

    def keep(self, render: Callable[[object, str], str]) -> Callable[[object, str], str]:
        def kept(doc: object, form: str) -> str:
            self.documents.setdefault(type(doc), doc)
            return render(doc, form)
        return kept


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory,
         ambiguity_findings: list[Finding]) -> Iterator[Made]:
    """One small run of every command that takes --format, each document kept."""
    from casino_proofs.analyses.assurance import mutants

    every = mutants.generate("craps")
    few = [next(m for m in every if m.id.startswith("craps/impl/any-7/payout"))]
    bundle = tmp_path_factory.mktemp("registry") / "bundle"
    runs = [
        ["check", "--quiet", "--only", "craps", "--wagers", "any-7,hard-6", "--format",
         "html", "--bundle", str(bundle)],
        ["replay", str(bundle), "--solver", "z3", "--quiet"],
        ["settle", "hard-6", "--roll", "3,3"], ["rank", "As Ks Qs Js Ts"],
        ["compare", "As Ks Qs Js Ts", "2c 3c 4c 5c 6c"], ["ambiguities", "--quiet"],
        ["mutants", "--quiet"], ["coverage"], ["edge"],
        ["par", "--quiet", "--only", "craps", "--wagers", "any-7,hard-6"],
        ["diff", "spec", "spec", "--quiet", "--only", "craps", "--wagers", "hop-1-2",
         "--b-reading", "hop-call=total"],
    ]
    kept = Made()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("casino_proofs.analyses.readings.ambiguities.find_all",
                      lambda *_a, **_k: ambiguity_findings)
        patch.setattr(mutants, "generate", lambda *_a: few)
        patch.setattr(registry, "render", kept.keep(registry.render))
        for argv in runs:
            main(argv)
    yield kept


@pytest.mark.parametrize("document", sorted(DOCUMENTS.values(), key=lambda t: t.__name__),
                         ids=lambda t: t.__name__)
def test_every_format_renders_a_document_a_command_built(
        made: Made, document: type, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    doc = made.documents[document]
    for form in registry.formats(document):
        assert registry.render(doc, form).strip(), (document.__name__, form)


def test_the_check_page_holds_what_the_command_computed_for_it(made: Made) -> None:
    """The auditor's page's own inputs are in the document, computed before it rendered:
    the ambiguity findings, the house edges and the PAR sheet."""
    doc = made.documents[CheckDocument]
    assert doc.findings and doc.edges and doc.par is not None
    page = registry.render(doc, "html")
    assert 'id="house-edges"' in page and 'id="par"' in page


def test_the_check_detail_serialises_as_the_bundle_reads_it(made: Made) -> None:
    """The typed detail's JSON: the keys the bundle's manifest and the JSON report read."""
    detail = made.documents[CheckDocument].detail.json()
    assert list(detail) == ["engine", "runs", "planned", "left_out", "wagers", "scope",
                            "notes"]
    assert detail["wagers"] == ["any-7", "hard-6"]
    assert detail["scope"] == {"all_readings": False, "only": "craps"}
    assert detail["planned"] == [["craps"]]


def test_the_json_format_is_the_documents_json(made: Made) -> None:
    """Every document but the check's is written as JSON by its ``json()``, indented."""
    for document, doc in made.documents.items():
        if document is CheckDocument:
            continue
        assert registry.render(doc, "json") == json.dumps(
            doc.json(), indent=2, ensure_ascii=False) + "\n", document.__name__
