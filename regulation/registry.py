"""Loading the clause, convention and reading registries from the TOML files beside this module."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

REGULATION = {
    "citation": "Québec, chapter S-13.1, r. 3, By-law respecting casino games",
    "citation_fr": "Québec, chapitre S-13.1, r. 3, Règlement sur les jeux de casino",
    "version": "2012-09-01",
    "source_note": "O.C. 928-2000, s. 4",
    "note": (
        "r. 3 was replaced with effect from 2011-10-13 by S-13.1, r. 3.1 (O.C. 951-2011); "
        "this model checks r. 3 as published in its 2012-09-01 version."
    ),
}


@dataclass(frozen=True)
class Sentence:
    """One sentence of a paragraph, in English and (where the seeds give it) French."""

    id: str
    en: str
    fr: str | None
    note: str | None
    orders: tuple[str, ...] = ()  # the ordering statements the sentence makes (s. 40)


@dataclass(frozen=True)
class Paragraph:
    """A numbered paragraph (or the opening words) of a section."""

    id: str
    section: str
    title: str
    sentences: tuple[Sentence, ...]

    @property
    def en(self) -> str:
        return " ".join(s.en for s in self.sentences)

    @property
    def fr(self) -> str | None:
        parts = [s.fr for s in self.sentences]
        if any(p is None for p in parts):
            return None
        return " ".join(p for p in parts if p is not None)


@dataclass(frozen=True)
class Convention:
    """A rule the seeds rely on but do not contain. Never regulation text."""

    id: str
    title: str
    text: str
    source: str
    needed_by: tuple[str, ...]
    orders: tuple[str, ...] = ()  # ordering statements the convention makes (s. 40)
    #: a house rule a table declares (in force only where declared), not the project's
    policy: bool = False


@dataclass(frozen=True)
class ReadingValue:
    name: str
    description: str
    #: why, under this value, the text itself is defective (a gap, a contradiction): no
    #: implementation can be proved against it, and ``check --all-readings`` says so
    leaves_text_defective: str | None = None


@dataclass(frozen=True)
class Reading:
    """A place where the text admits more than one meaning, with the project's default."""

    id: str
    clauses: tuple[str, ...]
    quote: str
    default: str
    values: tuple[ReadingValue, ...]
    #: the game whose text or conventions it reads: craps or paigow
    game: str = "craps"

    def value(self, name: str) -> ReadingValue:
        for v in self.values:
            if v.name == name:
                return v
        raise KeyError(name)


def _load(name: str) -> dict[str, Any]:
    text = resources.files("casino_proofs.regulation").joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def section_files() -> tuple[str, ...]:
    """The files of the by-law's sections, one a game's (``craps.toml``, ``paigow.toml``):
    every TOML file beside this module that holds paragraphs, by name. A new game's section
    is a new file here, and nothing else in this package changes."""
    here = resources.files("casino_proofs.regulation")
    names = sorted(f.name for f in here.iterdir() if f.name.endswith(".toml"))
    return tuple(n for n in names if "paragraph" in _load(n))


@cache
def paragraphs() -> tuple[Paragraph, ...]:
    """Every registered paragraph, in the order of the regulation."""
    out = []
    loaded = [p for name in section_files() for p in _load(name)["paragraph"]]
    for p in loaded:
        sents = tuple(
            Sentence(id=s["id"], en=s["en"], fr=s.get("fr"), note=s.get("note"),
                     orders=tuple(s.get("orders", ())))
            for s in p["sentence"]
        )
        out.append(Paragraph(id=p["id"], section=p["section"], title=p["title"], sentences=sents))
    return tuple(out)


@cache
def sentences() -> dict[str, Sentence]:
    return {s.id: s for p in paragraphs() for s in p.sentences}


@cache
def conventions() -> dict[str, Convention]:
    return {
        c["id"]: Convention(
            id=c["id"],
            title=c["title"],
            text=c["text"],
            source=c["source"],
            needed_by=tuple(c["needed_by"]),
            orders=tuple(c.get("orders", ())),
            policy=bool(c.get("policy", False)),
        )
        for c in _load("conventions.toml")["convention"]
    }


def conventions_in_force(policies: Iterable[str] = ()) -> dict[str, Convention]:
    """The conventions every report shows in force: all but the table policies, and those
    policies a table declared (``policies``: their IDs)."""
    chosen = set(policies)
    return {k: c for k, c in conventions().items() if not c.policy or k in chosen}


@cache
def readings() -> dict[str, Reading]:
    return {
        r["id"]: Reading(
            id=r["id"],
            clauses=tuple(r["clauses"]),
            quote=r["quote"],
            default=r["default"],
            values=tuple(
                ReadingValue(name=v["name"], description=v["description"],
                             leaves_text_defective=v.get("leaves_text_defective"))
                for v in r["value"]
            ),
            game=r["game"],
        )
        for r in _load("readings.toml")["reading"]
    }


def is_convention(clause_id: str) -> bool:
    """Whether an ID names a convention (``conv-``) or a declared table policy (``policy-``),
    never regulation text."""
    return clause_id.startswith(("conv-", "policy-"))


def lookup(clause_id: str) -> Paragraph | Sentence | Convention:
    """The registered paragraph, sentence or convention with this ID (KeyError if none)."""
    for p in paragraphs():
        if p.id == clause_id:
            return p
    if clause_id in sentences():
        return sentences()[clause_id]
    if clause_id in conventions():
        return conventions()[clause_id]
    raise KeyError(clause_id)


def paragraph_of(clause_id: str) -> str:
    """The paragraph ID of a sentence ID (``r3-95.15-1.s4`` -> ``r3-95.15-1``)."""
    return clause_id.split(".s")[0] if ".s" in clause_id else clause_id


def quote(clause_id: str, lang: str = "en") -> str:
    """The text of a clause, sentence or convention; conventions are marked as such."""
    entry = lookup(clause_id)
    if isinstance(entry, Convention):
        return f"[convention, not regulation text] {entry.text}"
    if lang == "fr":
        return entry.fr or entry.en
    return entry.en
