"""The regulation as data: clause texts, conventions and readings, each under a stable ID.

Neither ``spec`` nor ``impl`` imports this package: they cite clause IDs as plain strings, and
the proofs check that every ID they cite is registered here. The texts are those of
chapter S-13.1, r. 3 in its 2012-09-01 version (see ``REGULATION``).
"""

from casino_proofs.regulation.registry import (
    REGULATION,
    Convention,
    Paragraph,
    Reading,
    ReadingValue,
    Sentence,
    conventions,
    conventions_in_force,
    is_convention,
    lookup,
    paragraph_of,
    paragraphs,
    quote,
    readings,
    section_files,
    sentences,
)

__all__ = [
    "REGULATION",
    "Convention",
    "Paragraph",
    "Reading",
    "ReadingValue",
    "Sentence",
    "conventions",
    "conventions_in_force",
    "is_convention",
    "lookup",
    "paragraph_of",
    "paragraphs",
    "quote",
    "readings",
    "section_files",
    "sentences",
]
