"""Sessions that are a function of the seed alone (principle 6: the same scripts on every run
and every machine).

Hypothesis, now and then (about one draw in twenty), draws a constant it found in the source
of the *local* modules loaded in the process: modules outside site-packages and the standard
library. Which those are depends on how the tool was installed (an editable install makes its
own modules local), on what else the process imported (a test suite, a caller's library), and
on the source of those modules. So, derandomized or not, the random sessions would differ
from one install to the next. While the sessions are drawn, the local constants are taken to
be none (hypothesis's own global constants stay: they are part of its version).

This reaches into hypothesis's internals (``providers._get_local_constants``, the constants
cache); if a release moves them, :func:`seed_alone` refuses to run rather than draw sessions
that depend on the machine (tests/test_table_sessions_seeded.py holds it to that).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


class Unseeded(RuntimeError):
    """This hypothesis release no longer lets the sessions be drawn from the seed alone."""


@contextlib.contextmanager
def seed_alone() -> Iterator[None]:
    """Hypothesis draws no constant from local modules inside the block."""
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants
        saved = providers._get_local_constants
        cache = providers.CONSTANTS_CACHE.cache
    except (ImportError, AttributeError) as exc:  # pragma: no cover - a future hypothesis
        raise Unseeded(f"hypothesis {exc}: the random sessions cannot be made independent "
                       "of the modules loaded; pin hypothesis to a release this tool knows") \
            from None
    empty = Constants()
    setattr(providers, "_get_local_constants", lambda: empty)  # noqa: B010 (private, typed per release)
    cache.clear()
    try:
        yield
    finally:
        setattr(providers, "_get_local_constants", saved)  # noqa: B010
        cache.clear()
