"""What replay says: one :class:`Finding` per obligation (and per manifest field or file that
does not re-derive), and what it takes on record, with why.

A finding's ``status``:

- ``same``: re-derived, and as the bundle says;
- ``differs``: a query answered otherwise than recorded;
- ``unknown``: a query exhausted the solver's budget;
- ``rederived-otherwise``: derived again, it is not what the bundle records (a verdict, a
  field, a hash);
- ``regenerated-otherwise``: a query rebuilt from the installed package is not the bundle's;
- ``missing``: the installed package gives rise to it, and the bundle lacks it;
- ``unexpected``: the bundle holds it, and nothing gives rise to it;
- ``on-record``: it rests on what the bundle holds only as a hash or a claim (the engine's
  answers over every hand, its channel, the environment): taken as recorded, and said to be.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from casino_proofs.audit.bundle import query_file

if TYPE_CHECKING:
    from casino_proofs.audit.intact import Bundle

#: statuses that fail a replay
BAD = ("differs", "rederived-otherwise", "regenerated-otherwise", "missing", "unexpected")


@dataclass
class Finding:
    """What replay found about one obligation, field or file."""

    obligation: str
    status: str
    detail: str = ""
    queries: list[dict[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class OnRecord:
    """Something replay cannot re-derive and takes as the bundle records it."""

    what: str
    why: str


#: fields of an obligation entry that depend on more than the recorded answers: the resource
#: counts (on the terms the solver's process made before), and the models Z3 picks
PROCESS_DEPENDENT = ("resources",)


def entry_differences(recorded: dict[str, Any], expected: dict[str, Any],
                      skip: tuple[str, ...] = PROCESS_DEPENDENT) -> list[str]:
    """The fields in which a recorded obligation entry is not the one derived again."""
    keys = (set(recorded) | set(expected)) - set(skip) - {"queries"}
    return sorted(k for k in keys if recorded.get(k) != expected.get(k))


def differing(oid: str, recorded: dict[str, Any], expected: dict[str, Any],
              skip: tuple[str, ...] = PROCESS_DEPENDENT) -> Finding | None:
    """A finding naming the first field that does not re-derive, or None."""
    fields = entry_differences(recorded, expected, skip)
    if not fields:
        return None
    name = fields[0]
    return Finding(oid, "rederived-otherwise",
                   f"obligations.json: its {name} is {_short(recorded.get(name))}; derived "
                   f"again, {_short(expected.get(name))}"
                   + (f" (and {len(fields) - 1} more field(s))" if len(fields) > 1 else ""))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 100 else text[:97] + "..."


def compare_texts(bundle: Bundle, oid: str, recorded: dict[str, Any],
                  rebuilt: tuple[tuple[str, str], ...]) -> list[Finding]:
    """The recorded queries of one obligation against the ones rebuilt from the installed
    package: the same files, texts and expected answers."""
    files = [q["file"] for q in recorded["queries"]]
    if len(files) != len(rebuilt):
        return [Finding(oid, "regenerated-otherwise",
                        f"{len(rebuilt)} queries rebuilt, {len(files)} in the bundle")]
    for i, (name, (expected, text)) in enumerate(zip(files, rebuilt, strict=True)):
        if name != query_file(oid, i):
            return [Finding(oid, "regenerated-otherwise", f"{name}: not where the query "
                                                          "belongs")]
        if bundle.text(name) != text:
            return [Finding(oid, "regenerated-otherwise",
                            f"{name}: not the query the installed package builds")]
        if recorded["queries"][i].get("expected") != expected:
            return [Finding(oid, "regenerated-otherwise",
                            f"{name}: recorded to answer {recorded['queries'][i]['expected']}, "
                            f"rebuilt to answer {expected}")]
    return []
