"""The version of casino-proofs that runs: what every report and bundle names."""

from __future__ import annotations

from importlib import metadata


def tool_version() -> str:
    try:
        return metadata.version("casino-proofs")
    except metadata.PackageNotFoundError:  # running from a source tree without installing
        return "0+unknown"
