"""How a manifest's field is refused: one line naming the file and the field (exit 2)."""

from __future__ import annotations


class BundleError(ValueError):
    """A bundle that is not intact, or not a bundle; the message names the file (and the
    field)."""


def fail(where: str, what: str) -> BundleError:
    """The refusal of the manifest's field ``where``, saying ``what`` is wrong with it."""
    return BundleError(f"manifest.json: {where}: {what}")
