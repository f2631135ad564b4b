"""JSON from outside is Unicode text (proofs/untrusted/bounded_json.py): a string holding a
lone surrogate, escaped, is refused by the parser in one line, where Python's own parser keeps
it and the tool failed only when it wrote the string out, after a whole run (found by an
outside audit: a table's hello named "\\ud800")."""

from __future__ import annotations

import json

import pytest

from casino_proofs.untrusted.bounded_json import UntrustedJSON, loads


@pytest.mark.parametrize("text", [
    b'{"name": "\\ud800"}', b'{"name": "a\\uDFFFb"}', b'["x", {"\\udc00": 1}]',
    b'{"name": "\\ude00\\ud83d"}',  # a pair in the wrong order: two lone surrogates
    '{"name": "\ud800"}',  # already decoded text holding one
])
def test_a_lone_surrogate_is_refused_in_one_line(text: str | bytes) -> None:
    with pytest.raises(UntrustedJSON, match=r"^a string with a lone surrogate \(\\ud[89a-f]"
                                            r"[0-9a-f]{2}\), not Unicode text$"):
        loads(text, max_bytes=1_000)


@pytest.mark.parametrize(("text", "value"), [
    (b'{"name": "\\ud83d\\ude00"}', {"name": "\U0001F600"}),  # a pair: one character
    (b'{"name": "\\\\ud800"}', {"name": "\\ud800"}),  # an escaped backslash, then text
    ('{"name": "é"}'.encode(), {"name": "é"}),
])
def test_text_that_is_unicode_is_read_as_python_reads_it(text: bytes, value: object) -> None:
    """Must-pass beside the refusals: what Python's parser reads as Unicode, the tool reads
    the same."""
    assert loads(text, max_bytes=1_000) == value == json.loads(text)
