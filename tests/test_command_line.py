"""Issue 44, item 4: one command line. Every sub-command that prints a result takes
``--format``, ``--output`` and ``--quiet`` from one shared definition
(``command/options.py:report_options``); every JSON it writes has a published schema whose
``x-schema-version`` is the report's ``schema_version``; every ``--help`` is wrapped to the
terminal. The test walks every sub-command's parser."""

from __future__ import annotations

import argparse
import json
import re
from importlib import resources
from typing import Any

import jsonschema
import pytest

from casino_proofs.command import options
from casino_proofs.command.main import ORDER, build_parser, sub_commands
from casino_proofs.reports import registry

#: the sub-commands that write something other than a report: ``blueprint`` writes a site
#: (a directory of pages), so it has no ``--format``, and its ``--output`` names a directory
SITES = {"blueprint"}


def _sub_commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    chosen: dict[str, argparse.ArgumentParser] = action.choices
    return chosen


def _option(parser: argparse.ArgumentParser, flag: str) -> argparse.Action | None:
    return next((a for a in parser._actions if flag in a.option_strings), None)


def _schema(name: str) -> dict[str, Any]:
    text = resources.files("casino_proofs").joinpath(f"schemas/{name}.schema.json")
    schema: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return schema


def test_every_sub_command_is_walked() -> None:
    assert set(_sub_commands()) == {m.__name__.rsplit(".", 1)[1] for m in sub_commands()}


def test_the_sub_commands_are_listed_in_their_order_a_game_s_own_among_them() -> None:
    """``--help`` lists the sub-commands in one order, each game's own (``settle``, ``rank``:
    from its room, through the registry) where they always were (issue 46)."""
    assert list(_sub_commands()) == list(ORDER)
    assert {m.__name__ for m in sub_commands()} >= {
        "casino_proofs.craps.command.settle", "casino_proofs.paigow.command.rank"}


@pytest.mark.parametrize("name", sorted(_sub_commands()))
def test_every_sub_command_takes_format_output_and_quiet_from_one_definition(name: str) -> None:
    parser = _sub_commands()[name]
    output, quiet = _option(parser, "--output"), _option(parser, "--quiet")
    assert output is not None and quiet is not None, name
    assert quiet.help == options.QUIET and isinstance(quiet, argparse._StoreTrueAction)
    chosen = _option(parser, "--format")
    if name in SITES:
        assert chosen is None and output.metavar == "DIR" and output.required
        return
    assert chosen is not None, name
    document = parser.get_default("document")
    assert output.help == options.OUTPUT and output.metavar == "FILE" and not output.required
    assert tuple(chosen.choices or ()) == registry.formats(document)
    assert chosen.default == registry.default(document)
    assert re.match(r"\w+ format \(default: \w+", chosen.help or ""), chosen.help


def schema_problems(name: str, schema: dict[str, Any]) -> list[str]:
    """What a published report schema lacks: a valid JSON Schema, its version as
    ``x-schema-version`` and as the ``schema_version`` it demands, its name, its ``$id``."""
    jsonschema.Draft202012Validator.check_schema(schema)
    version = schema.get("x-schema-version")
    problems = [] if isinstance(version, int) and version >= 1 else ["no x-schema-version"]
    props = schema.get("properties", {})
    if props.get("schema_version") != {"const": version}:
        problems.append("schema_version is not x-schema-version")
    if props.get("schema") != {"const": f"casino-proofs/{name}"}:
        problems.append("schema names another report")
    if schema.get("$id") != f"casino-proofs/{name}/{version}":
        problems.append("$id does not name the version")
    if not {"schema", "schema_version"} <= set(schema.get("required", ())):
        problems.append("schema and schema_version not required")
    return problems


@pytest.mark.parametrize("name", sorted(set(_sub_commands()) - SITES))
def test_every_json_report_has_a_published_schema_naming_its_version(name: str) -> None:
    document = _sub_commands()[name].get_default("document")
    assert "json" in registry.formats(document), name
    assert schema_problems(document.SCHEMA, _schema(document.SCHEMA)) == []


def test_a_schema_without_its_version_is_caught() -> None:
    """The check above fails on a schema that names no version (as six did), and on one
    whose version is not the report's."""
    schema = _schema("settle")
    del schema["x-schema-version"]
    assert "no x-schema-version" in schema_problems("settle", schema)
    assert schema_problems("rank", _schema("settle"))


def _help(name: str, columns: int, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    parser = build_parser() if name == "" else _sub_commands()[name]
    return parser.format_help()


@pytest.mark.parametrize("columns", [60, 80, 200])
@pytest.mark.parametrize("name", ["", *sorted(_sub_commands())])
def test_every_help_is_wrapped_to_the_terminal(name: str, columns: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Each description was one line of 127 to 571 characters, cut by the terminal
    mid-word. Every line now fits the terminal (80 columns at most, however wide it is),
    no name is broken at its hyphens, and every word of the description is there."""
    text = _help(name, columns, monkeypatch)
    widest = min(columns, options.HELP_COLUMNS) - 1
    long = [line for line in text.splitlines() if len(line) > widest]
    assert not long, long[:3]
    assert not [line for line in text.splitlines() if re.search(r"\w-$", line)]
    parser = build_parser() if name == "" else _sub_commands()[name]
    assert " ".join((parser.description or "").split()) in " ".join(text.split())
    assert "exit codes:" in text


def test_a_list_item_of_the_help_keeps_its_hanging_indent() -> None:
    lines = options.rewrapped("exit codes:\n  0  every obligation is PROVED (check); spec and "
                              "impl agree (settle, rank, compare, edge, par)\n  1  some", 40)
    assert lines == ["exit codes:", "  0  every obligation is PROVED (check);",
                     "     spec and impl agree (settle, rank,",
                     "     compare, edge, par)", "  1  some"]
