"""Text from outside, made safe to print.

An engine's standard error, a field of a recorded table, a file name in a forged manifest can
hold ANSI escape sequences (clear the screen, paint "Result: PROVED" in green), a carriage
return that overwrites the line, or a bidirectional override that reorders what a reader sees.
Every such character is shown as a visible escape (``\\u001b``, ``\\u202e``) instead: the
form JSON itself uses, so that an escaped JSON document is still JSON.

``printable`` keeps line feeds and tabs (a report is many lines); ``one_line`` escapes them
too (an error message is one line). Both are applied where text leaves the tool, so nothing
printed escapes them, whichever report, format or message it travels in: the escapes are
plain ASCII, valid inside JSON strings, XML and HTML alike.
"""

from __future__ import annotations

import re

#: C0 controls but tab and line feed, DEL, C1 controls (U+009B is a CSI on some terminals),
#: the line and paragraph separators, and the bidirectional marks and overrides.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                     "\u202a-\u202e\u2066-\u2069]")
_UNSAFE_OR_BREAK = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                              "\u202a-\u202e\u2066-\u2069\x85]")


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def printable(text: str) -> str:
    """``text`` with every control character but tab and line feed escaped."""
    return _UNSAFE.sub(_escape, text)


def one_line(text: str) -> str:
    """``text`` with every control character escaped, line breaks included."""
    return _UNSAFE_OR_BREAK.sub(_escape, text)


def is_text(text: str) -> bool:
    """Whether ``text`` is Unicode text UTF-8 can write: no lone surrogate (what Python makes
    of bytes that are not UTF-8, or of an escaped surrogate in JSON)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
