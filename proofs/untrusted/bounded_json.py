"""JSON from outside, parsed with bounds: nothing an engine, a table or a bundle writes can
exhaust the tool's memory or stack, or say one thing twice.

``loads`` refuses, with one line saying why (:class:`UntrustedJSON`, a ``ValueError``):

- a document over ``max_bytes``;
- text that is not UTF-8, or not JSON;
- nesting deeper than ``max_depth`` levels of arrays and objects (100,000 nested lists
  would otherwise end in a ``RecursionError``);
- an object with a key given twice (``{"net": "9", "net": "4"}``: which one counts would be
  the parser's choice, and the tool never chooses silently);
- ``NaN``, ``Infinity`` and ``-Infinity``, which Python's parser accepts and JSON does not;
- a string holding a lone surrogate (``"\\ud800"``, escaped: UTF-8 cannot hold one), which
  is no Unicode text: Python's parser keeps it, and writing it out would fail at the end of
  a run, after all its work.
"""

from __future__ import annotations

import json
import re
from typing import Any

from casino_proofs.untrusted.printable import is_text

#: Deeper than any message of the protocol or file of a bundle ever is (they nest four deep).
MAX_DEPTH = 64


class UntrustedJSON(ValueError):
    """JSON from outside that the tool refuses to read; the message says why, in one line."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise UntrustedJSON(f"the key {key[:40]!r} is given twice in one object")
            seen.add(key)
    return out


#: an escaped surrogate, of a pair or alone (rare: looked for in the parsed value only then)
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate of a string (a key too) in ``value``, or None (a pair of
    escapes is one character once parsed; one alone stays a surrogate)."""
    level = [value]
    while level:
        nxt = []
        for node in level:
            if type(node) is str:
                found = _SURROGATE.search(node)
                if found:
                    return found.group()
            elif type(node) is dict:
                nxt += [*node.keys(), *node.values()]
            elif type(node) is list:
                nxt += node
        level = nxt
    return None


def _constant(name: str) -> Any:
    raise UntrustedJSON(f"{name} is not JSON")


def depth_exceeds(value: Any, max_depth: int) -> bool:
    """Whether ``value`` nests arrays and objects deeper than ``max_depth`` (level by level,
    iteratively: a deep value must not exhaust the stack that measures it)."""
    level = [value] if isinstance(value, list | dict) else []
    depth = 0
    while level:
        depth += 1
        if depth > max_depth:
            return True
        level = [child for node in level
                 for child in (node.values() if type(node) is dict else node)
                 if type(child) is list or type(child) is dict]
    return False


def loads(data: str | bytes, *, max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``data``, read with bounds (UntrustedJSON saying why it is not)."""
    if len(data) > max_bytes:
        raise UntrustedJSON(f"over {max_bytes:,} bytes")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise UntrustedJSON("not UTF-8 text") from None
    else:
        text = data
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except UntrustedJSON:
        raise
    except RecursionError:
        raise UntrustedJSON(f"nested deeper than {max_depth} levels") from None
    except ValueError as exc:
        raise UntrustedJSON(f"not JSON ({str(exc).splitlines()[0][:100]})") from None
    if isinstance(value, list | dict) and depth_exceeds(value, max_depth):
        raise UntrustedJSON(f"nested deeper than {max_depth} levels")
    if ("\\u" in text and _ESCAPED_SURROGATE.search(text)) or (
            not isinstance(data, bytes) and not is_text(text)):
        lone = _lone_surrogate(value)
        if lone is not None:
            raise UntrustedJSON(f"a string with a lone surrogate (\\u{ord(lone):04x}), "
                                "not Unicode text")
    return value
