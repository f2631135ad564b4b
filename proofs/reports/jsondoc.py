"""A document's JSON report: its ``json()``, indented, as every JSON report is written."""

from __future__ import annotations

import json
from typing import Any, Protocol


class HasJson(Protocol):
    def json(self) -> dict[str, Any]: ...


def dumps(doc: dict[str, Any]) -> str:
    """A JSON document as a report: indented, UTF-8 as it is, one line break at its end."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def as_json(doc: HasJson) -> str:
    """The document's JSON report."""
    return dumps(doc.json())
