"""The clause registry: verbatim texts, stable IDs, and every cited ID registered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from casino_proofs import impl, regulation, spec

ROOT = Path(__file__).resolve().parent.parent
#: the published text, kept in the repository (regulation/source/README.md)
SEEDS = ROOT / "regulation" / "source"
CLAUSE_ID = re.compile(r"\b(r3-[0-9.]+-(?:intro|\d+)(?:\.s\d+)?|conv-[a-z0-9-]+[a-z0-9])")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _seed(prefix: str) -> str:
    files = sorted(SEEDS.glob(f"{prefix}_*.txt"))
    assert files, f"the regulation's published text {prefix}_*.txt is missing from {SEEDS}"
    return _norm(files[0].read_text(encoding="utf-8"))


def test_every_paragraph_id_of_95_15_95_16_and_40_is_registered() -> None:
    ids = {p.id for p in regulation.paragraphs()}
    expected = ({f"r3-95.15-{n}" for n in range(1, 12)} | {f"r3-95.16-{n}" for n in range(1, 5)}
                | {f"r3-40-{n}" for n in range(1, 11)})
    assert expected | {"r3-95.15-intro", "r3-95.16-intro", "r3-40-intro"} == ids


def test_every_sentence_is_verbatim_in_the_seeds() -> None:
    english = _seed("000") + " " + _seed("001") + " " + _seed("002")
    french = _seed("004")
    for sentence in regulation.sentences().values():
        assert _norm(sentence.en) in english, sentence.id
        if sentence.fr is not None:
            assert _norm(sentence.fr) in french, sentence.id


def test_r3_95_15_has_a_french_text_for_every_sentence() -> None:
    for p in regulation.paragraphs():
        if p.section == "95.15":
            assert p.fr is not None, p.id


def _cited_ids(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        found |= set(CLAUSE_ID.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("package", ["spec", "impl"])
def test_every_clause_id_cited_in_code_is_registered(package: str) -> None:
    cited = _cited_ids(package)
    assert cited, f"{package} cites no clause"
    for cid in sorted(cited):
        regulation.lookup(cid)  # KeyError names the unregistered ID


def test_every_spec_rule_cites_registered_clauses_and_readings() -> None:
    readings = regulation.readings()
    for w in spec.wagers():
        regulation.lookup(w.paragraph)
        for rule in w.rules:
            assert rule.clauses
            for cid in rule.clauses:
                regulation.lookup(cid)
            for rid in rule.readings:
                assert rid in readings


def test_every_paragraph_of_95_15_and_95_16_is_encoded_by_some_rule() -> None:
    cited = {regulation.paragraph_of(c) for w in spec.wagers() for r in w.rules
             for c in r.clauses}
    for p in regulation.paragraphs():
        if p.section in ("95.15", "95.16") and not p.id.endswith("-intro"):
            assert p.id in cited, p.id


def test_conventions_are_marked_as_not_regulation_text() -> None:
    for cid in regulation.conventions():
        assert regulation.is_convention(cid)
        assert regulation.quote(cid).startswith("[convention, not regulation text]")


def test_readings_registry_spec_and_impl_agree_on_names_values_and_defaults() -> None:
    registry = {rid: (tuple(v.name for v in r.values), r.default)
                for rid, r in regulation.readings().items()}
    spec_side = {rid: (values, spec.Readings().as_dict()[rid])
                 for rid, values in spec.Readings.choices().items()}
    impl_side = {rid: (values, impl.Readings().as_dict()[rid])
                 for rid, values in impl.readings.VALUES.items()}
    assert registry == spec_side == impl_side


def test_spec_and_impl_name_the_same_wagers() -> None:
    assert list(spec.WAGER_NAMES) == list(impl.WAGERS)
    assert len(impl.WAGERS) == 4 + 6 + 3 + 21 + 4 + 4


def _outside(texts: list[str]) -> list[str]:
    """The files ``texts`` name that the repository does not hold."""
    root = Path(__file__).resolve().parent.parent
    named = {m for text in texts for m in re.findall(r"[\w./-]+\.(?:md|py|toml|txt)\b", text)}
    return sorted(n for n in named if not (root / n).is_file())


def test_no_convention_cites_a_file_outside_the_repository() -> None:
    """Issue 44: four conventions cited ``shared/REFERENCE.md``, which is not in the
    repository, and the blueprint showed it. Every file a convention names is one of the
    repository's (the check sees the old citation)."""
    said = [c.source + " " + c.text for c in regulation.conventions().values()]
    assert _outside(said) == []
    assert _outside(["as summarised in shared/REFERENCE.md."]) == ["shared/REFERENCE.md"]
