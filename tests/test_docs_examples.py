"""The pages a vendor writes an engine from say what the checker does (issue 43, "A vendor's
first hour"): every example message of docs/engine-protocol.md and docs/checking-your-engine.md
validates against the published schema of its kind, and every key of those schemas is named
on the page (both ways); every hello names the protocol version its page's play examples
speak; every exchange is replayed against the example engine or table (examples/engines/),
which answers it as the page shows, and every play answer shown is judged right by the
checker's reference table. The policies the page offers validate, and the checker reads them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from casino_proofs import spec
from casino_proofs.craps.table.judging import policies as declared
from casino_proofs.craps.table.judging.oracle import offered_specs
from casino_proofs.craps.table.obligations.table_check import failing
from casino_proofs.craps.table.obligations.table_run import setting_of
from casino_proofs.craps.table.scripts.planner import Script
from casino_proofs.protocol.hello import protocol_version, read_hello
from casino_proofs.protocol.money import Money

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = ROOT / "docs" / "engine-protocol.md"
WALKTHROUGH = ROOT / "docs" / "checking-your-engine.md"
PAGES = (PROTOCOL, WALKTHROUGH)
needs_node = pytest.mark.skipif(shutil.which("node") is None,
                                reason="node is not installed (.ci/run installs it)")
Message = dict[str, Any]


@cache
def _schema(name: str) -> dict[str, Any]:
    text = resources.files("casino_proofs").joinpath(f"schemas/{name}.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def _blocks(page: Path) -> list[str]:
    """The page's fenced code blocks, in order."""
    text = page.read_text()
    return [m.group(3) for m in re.finditer(r"^( *)```(\w*)\n(.*?)^\1```", text, re.M | re.S)]


def _exchanges(page: Path) -> list[tuple[Message, Message | None]]:
    """Every request shown on the page with the answer shown to it (None for one shown
    alone, or answered by nothing: ``bye``), and every answer shown alone (a hello), with an
    empty request; in the page's order. A transcript's answers come in the order of its
    requests, the fence's hellos among them."""
    out: list[tuple[Message, Message | None]] = []
    pending: Message | None = None
    for block in _blocks(page):
        lines = [line.strip() for line in block.strip().splitlines()]
        if lines and all(line[:2] in ("> ", "< ") for line in lines):
            asked = [json.loads(line[2:]) for line in lines if line.startswith(">")]
            said = [json.loads(line[2:]) for line in lines if line.startswith("<")]
            said += [None] * (len(asked) - len(said))  # bye is not answered
            out += list(zip(asked, said, strict=True))
            continue
        try:
            value = json.loads(block)
        except ValueError:
            continue  # a shell command, a report: not a message
        if "op" in value:
            if pending is not None:
                out.append((pending, None))
            pending = value
        else:
            out.append((pending or {}, value))
            pending = None
    if pending is not None:
        out.append((pending, None))
    return out


def _table_hello(message: Message | None) -> bool:
    return isinstance(message, dict) and message.get("interface") == "table"


def _schemas_of(request: Message, answer: Message | None) -> tuple[str | None, str | None]:
    """The published schemas a request and its answer are instances of."""
    op = request.get("op")
    if op == "play" or (op == "hello" and request.get("protocol") == 2):
        asked: str | None = "engine-play"
    else:
        asked = "engine-request" if op else None
    if answer is None:
        return asked, None
    if "name" in answer:
        return asked, "engine-table-hello" if _table_hello(answer) else "engine-hello"
    said = {"play": "engine-play-answer", "settle": "engine-settle", "rank": "engine-rank",
            "compare": "engine-rank"}[str(op)]
    return asked, said


def _all() -> list[tuple[str, Message, Message | None]]:
    return [(page.name, q, a) for page in PAGES for q, a in _exchanges(page)]


def test_the_pages_show_every_kind_of_message() -> None:
    """The parser finds what the pages hold (a page that lost its examples would pass the
    tests below by showing nothing)."""
    ops = {q.get("op") for _p, q, _a in _all()}
    assert ops >= {"hello", "settle", "rank", "compare", "play", "bye"}
    assert sum(_table_hello(a) for _p, _q, a in _all()) >= 3


@pytest.mark.parametrize(("page", "request_", "answer"), _all())
def test_every_example_message_validates_against_its_published_schema(
        page: str, request_: Message, answer: Message | None) -> None:
    asked, said = _schemas_of(request_, answer)
    if asked is not None:
        jsonschema.validate(request_, _schema(asked))
    if said is not None:
        jsonschema.validate(answer, _schema(said))


def _keys(schema: Any) -> set[str]:
    """Every property a schema names, at any depth."""
    if isinstance(schema, list):
        return {k for item in schema for k in _keys(item)}
    if not isinstance(schema, dict):
        return set()
    out = set(schema.get("properties", {})) if isinstance(schema.get("properties"), dict) \
        else set()
    return out | {k for value in schema.values() for k in _keys(value)}


@pytest.mark.parametrize("name", ["engine-request", "engine-hello", "engine-settle",
                                  "engine-rank", "engine-table-hello", "engine-play",
                                  "engine-play-answer", "settlement-record"])
def test_every_key_of_a_protocol_schema_is_named_on_the_page(name: str) -> None:
    """The other way: a schema key the page never names is a shape no vendor can learn of
    (or one the page dropped)."""
    text = PROTOCOL.read_text()
    missing = [k for k in sorted(_keys(_schema(name)))
               if f'"{k}"' not in text and f"`{k}`" not in text]
    assert not missing, f"{name}: keys the page never names: {missing}"


def test_every_table_hello_names_the_version_its_pages_play_examples_speak() -> None:
    """The version trap (issue 43): a hello naming no version is spoken to in 2.0, while the
    pages' play examples are 2.1's ``{"id", "events"}``: a table written from them would be
    refused its first request."""
    for page in PAGES:
        exchanges = _exchanges(page)
        plays = [q for q, _a in exchanges if q.get("op") == "play"]
        assert plays, page.name
        assert all(isinstance(s, dict) and "id" in s for q in plays for s in q["scripts"])
        hellos = [a for _q, a in exchanges if _table_hello(a)]
        assert hellos, page.name
        for hello in hellos:
            assert hello is not None
            assert protocol_version(hello, 2) == "2.1", (page.name, hello)


def _checked_hello(hello: Message) -> tuple[Money, declared.Policies]:
    """A table hello read as the checker reads it (any refusal raises)."""
    read = read_hello(hello)
    money = Money.read(hello["money"])
    return money, declared.read(hello.get("policies"), hello.get("limits"), read.wagers)


def _plays() -> list[tuple[str, Message, Message, Message]]:
    """Every play exchange of the pages, with the table hello shown before it."""
    out = []
    for page in PAGES:
        hello: Message | None = None
        for q, a in _exchanges(page):
            if _table_hello(a):
                hello = a
            if q.get("op") == "play" and a is not None:
                assert hello is not None, page.name
                out.append((page.name, hello, q, a))
    return out


@pytest.mark.parametrize(("page", "hello", "request_", "answer"), _plays())
def test_every_play_answer_shown_is_the_reference_tables(
        page: str, hello: Message, request_: Message, answer: Message) -> None:
    """The checker reads the page's hello, and judges each script's answers shown on the page
    right, event by event."""
    money, policies = _checked_hello(hello)
    specs = offered_specs(tuple(hello["wagers"]), spec.Readings.from_dict({}))
    setting = setting_of(specs, hello["wagers"], money, policies)
    for script, said in zip(request_["scripts"], answer["scripts"], strict=True):
        assert said["id"] == script["id"]
        played = Script("page", "page", tuple(script["events"]), {}, id=script["id"])
        assert failing(setting, played, said["answers"]) is None, (page, script["id"])


def _table_options(hello: Message) -> list[str]:
    """The example table's options for the house rules and money a hello declares."""
    out = ["--unit", hello["money"]["unit"], "--rounding", hello["money"]["rounding"]]
    if "stake_unit" in hello["money"]:
        out += ["--stake-unit", hello["money"]["stake_unit"]]
    if "limits" in hello:
        out += ["--max-stake", str(hello["limits"]["max_stake"])]
    for name, value in hello.get("policies", {}).items():
        if name == "odds-limit":
            value = value if isinstance(value, str) else value["multiple"]
            out += ["--policy", f"odds-limit={value}"]
        elif value is True:
            out += ["--policy", name]
        else:
            out += ["--policy", f"{name}={value}"]
    return out


def _replayed(command: list[str], requests: list[Message]) -> list[Any]:
    lines = "".join(json.dumps(q) + "\n" for q in [*requests, {"op": "bye"}])
    done = subprocess.run(command, input=lines, capture_output=True, text=True, timeout=60,
                          check=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


@needs_node
@pytest.mark.parametrize(("page", "hello", "request_", "answer"), _plays())
def test_every_play_exchange_replayed_on_the_example_table_is_answered_as_shown(
        page: str, hello: Message, request_: Message, answer: Message) -> None:
    table = ["node", str(ROOT / "examples/engines/table.js"), *_table_options(hello)]
    said = _replayed(table, [{"op": "hello", "protocol": 2}, request_])
    assert said[0]["protocol"] == hello["protocol"]
    assert said[1] == answer, page


def _same(shown: Any, said: Any) -> bool:
    """An answer as the page shows it: a refusal is one whatever its reason."""
    if isinstance(shown, dict) and "error" in shown:
        return isinstance(said, dict) and set(said) == {"error"}
    if isinstance(shown, list) and isinstance(said, list):
        return len(shown) == len(said) and all(map(_same, shown, said))
    if isinstance(shown, dict) and isinstance(said, dict):
        return shown.keys() == said.keys() and all(_same(shown[k], said[k]) for k in shown)
    return bool(shown == said)


@needs_node
def test_every_settle_exchange_replayed_on_the_example_engine_is_answered_as_shown() -> None:
    settles = [(page.name, q, a) for page in PAGES for q, a in _exchanges(page)
               if q.get("op") == "settle" and a is not None]
    assert len(settles) >= 3
    engine = ["node", str(ROOT / "examples/engines/engine.js")]
    said = _replayed(engine, [{"op": "hello", "protocol": 1}, *(q for _p, q, _a in settles)])
    for (page, _q, shown), got in zip(settles, said[1:], strict=True):
        assert _same(shown, got), (page, shown, got)


def test_every_protocol_1_hello_shown_is_read_by_the_checker() -> None:
    hellos = [a for _p, q, a in _all() if a is not None and "name" in a
              and not _table_hello(a)]
    assert len(hellos) >= 3
    for hello in hellos:
        assert protocol_version(hello, 1) == "1.0"
        read_hello(hello)


# -- the policies the page offers ------------------------------------------------------------

def _offered_policies() -> list[Message]:
    """Every shape of the page's policies table (docs/engine-protocol.md, "hello"), with K a
    whole number and R, D each of the shapes the row names."""
    text = PROTOCOL.read_text()
    rows = re.findall(r"^\s*\| `(\"[a-z-]+\": [^`]+)`([^|]*`policy-[a-z-]+`[^|]*)\|([^|]*)\|",
                      text, re.M)
    assert len(rows) >= 8, rows
    right = ['"3-4-5"', '{"multiple": 2}']
    dont = ['"3-4-5"', '{"multiple": 6}', '{"wins": 6}']
    out = []
    for shape, first, said in rows:
        shape = shape.replace("K", "2")
        if '"right": R' in shape:
            assert all(f"`{d.replace('6', 'K')}`" in said for d in dont[1:]), said
            out += [json.loads("{" + shape.replace("R", r).replace("D", d) + "}")
                    for r in right for d in dont]
        elif "a list of wagers" in first:
            out += [json.loads("{" + shape + "}"), {"no-take-down": ["hard-6"]}]
        else:
            out.append(json.loads("{" + shape + "}"))
    return out


def test_every_policy_the_page_offers_validates_and_is_read_by_the_checker() -> None:
    """The schema refused ``reuse-ids`` and the odds limit ``{"right": R, "dont": D}``, which
    the page and the CHANGELOG offer and the checker reads (issue 43)."""
    offered = _offered_policies()
    names = {name for policy in offered for name in policy}
    assert names >= {"odds-limit", "one-odds", "no-take-down", "no-working-call", "payment",
                     "reuse-ids"}
    assert any(isinstance(p.get("odds-limit"), dict) and "right" in p["odds-limit"]
               for p in offered)
    for policy in offered:
        hello = {"name": "t", "version": "1", "games": ["craps"], "wagers": ["hard-6"],
                 "interface": "table", "protocol": "2.1",
                 "money": {"unit": "1", "rounding": "exact"}, "policies": policy,
                 "limits": {"max_stake": 1000}}
        jsonschema.validate(hello, _schema("engine-table-hello"))
        _checked_hello(hello)


@pytest.mark.parametrize("policy", [
    {"reuse-ids": "yes"}, {"odds-limit": {"right": {"wins": 2}, "dont": "3-4-5"}},
    {"odds-limit": {"right": "3-4-5"}}, {"odds-limit": {"multiple": 0}}, {"house": True},
])
def test_a_policy_the_page_does_not_offer_is_refused_by_the_schema_and_the_checker(
        policy: Message) -> None:
    hello = {"name": "t", "version": "1", "games": ["craps"], "wagers": ["hard-6"],
             "interface": "table", "money": {"unit": "1", "rounding": "exact"},
             "policies": policy}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(hello, _schema("engine-table-hello"))
    with pytest.raises(declared.PolicyError):
        _checked_hello(hello)
