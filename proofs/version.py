"""The version of casino-proofs that runs: what every report and bundle names."""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import metadata, resources


def tool_version() -> str:
    try:
        return metadata.version("casino-proofs")
    except metadata.PackageNotFoundError:  # running from a source tree without installing
        return "0+unknown"


@cache
def source_sha256() -> str:
    """SHA-256 over the installed package's own files (its code, the regulation's data and
    the schemas), by path in a fixed order: what ran, known even where no git commit is (an
    install from a copy)."""
    digest = hashlib.sha256()
    root = resources.files("casino_proofs")

    def walk(node: resources.abc.Traversable, path: str) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            name = f"{path}/{child.name}" if path else child.name
            if child.is_dir():
                if child.name != "__pycache__":
                    walk(child, name)
            elif child.name.endswith((".py", ".toml", ".json")):
                digest.update(name.encode() + b"\0" + child.read_bytes() + b"\0")
    walk(root, "")
    return digest.hexdigest()
