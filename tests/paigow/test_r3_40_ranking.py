"""Section 40, transcribed by hand: each combination and each ordering statement, checked on
both the specification and the implementation."""

from __future__ import annotations

import pytest

from casino_proofs.paigow.command.hands import compare, rank

CATEGORY = [  # clause, hand, combination
    ("r3-40-1", "As Ah Ad Ac Jk", "five-aces"),
    ("r3-40-2", "Ah Kh Qh Jh Th", "royal-flush"),
    ("r3-40-2", "Kh Qh Jh Th Jk", "royal-flush"),  # the joker completes a royal flush
    ("r3-40-3", "9c 8c 7c 6c 5c", "straight-flush"),
    ("r3-40-3", "As 2s 3s 4s 5s", "straight-flush"),
    ("r3-40-3", "2s 3s 4s 6s Jk", "straight-flush"),
    ("r3-40-4", "Kh Kd Kc Ks 2c", "four-of-a-kind"),
    ("r3-40-4", "As Ad Ac 7h Jk", "four-of-a-kind"),  # the joker as an ace
    ("r3-40-5", "2c 2d 2h 3s 3c", "full-house"),
    ("r3-40-5", "Ac Ad Kh Ks Jk", "full-house"),
    ("r3-40-6", "Ad Kd 9d 5d 2d", "flush"),
    ("r3-40-6", "Kd 9d 5d 2d Jk", "flush"),  # the joker completes a flush
    ("r3-40-7", "Ah 2d 3c 4s 5s", "straight"),
    ("r3-40-7", "Ah Kd Qc Js Ts", "straight"),
    ("r3-40-7", "9h 8d 6c 5s Jk", "straight"),  # the joker completes a straight
    ("r3-40-8", "9h 9d 9c 5s 2c", "three-of-a-kind"),
    ("r3-40-9", "9h 9d 5c 5s 2c", "two-pairs"),
    ("r3-40-10", "9h 9d 7c 5s 2c", "pair"),
    ("r3-40-10", "Ah 9d 7c 5s Jk", "pair"),  # the joker as an ace pairs the ace
    ("conv-no-combination-lowest", "Kh 9d 7c 5s Jk", "no-combination"),  # but not the king
    ("r3-40-10", "Ah Jk", "pair"),  # two-card low hand
    ("r3-40-10", "7h 7d", "pair"),
    ("conv-no-combination-lowest", "Kh 9d 7c 5s 2c", "no-combination"),
    ("conv-low-hand", "Kh 7d", "no-combination"),
]


@pytest.mark.parametrize(("clause", "hand", "category"), CATEGORY,
                         ids=[f"{c} {h}" for c, h, _ in CATEGORY])
def test_r3_40_combination(clause: str, hand: str, category: str) -> None:
    doc = rank(hand, {})
    assert doc["spec"]["category"] == category, "spec"
    assert doc["impl"]["category"] == category, "impl"
    assert doc["clause"] == clause


ORDER = [  # clause, higher hand, lower hand
    ("r3-40-intro.s1", "As Ah Ad Ac Jk", "Ah Kh Qh Jh Th"),
    ("r3-40-intro.s1", "Ah Kh Qh Jh Th", "As 2s 3s 4s 5s"),
    ("r3-40-intro.s1", "6c 5c 4c 3c 2c", "Ah Ad Ac As Kc"),
    ("r3-40-intro.s1", "2c 2d 2h 2s 3c", "As Ad Ac Kh Ks"),
    ("r3-40-intro.s1", "2c 2d 2h 3s 3c", "Ad Kd 9d 5d 3d"),
    ("r3-40-intro.s1", "7d 5d 4d 3d 2d", "Ah Kd Qc Js Ts"),
    ("r3-40-intro.s1", "6h 5d 4c 3s 2s", "As Ad Ac Kh Qs"),
    ("r3-40-intro.s1", "2h 2d 2c 4s 3s", "As Ad Kc Kh Qs"),
    ("r3-40-intro.s1", "3h 3d 2c 2s 4s", "As Ad Kc Qh Js"),
    ("r3-40-3.s2", "As 2s 3s 4s 5s", "Ks Qs Js Ts 9s"),
    ("r3-40-3.s2", "Ks Qs Js Ts 9s", "Qs Js Ts 9s 8s"),
    ("r3-40-3.s2", "7s 6s 5s 4s 3s", "6s 5s 4s 3s 2s"),
    ("r3-40-4.s1", "As Ad Ac Ah 2c", "Ks Kd Kc Kh Qc"),
    ("r3-40-4.s1", "3s 3d 3c 3h 2c", "2s 2d 2c 2h Ac"),
    ("r3-40-5.s1", "As Ad Ac Kh Ks", "Ks Kd Kc Ah As"),
    ("r3-40-5.s1", "2s 2d 2c 4h 4s", "2s 2d 2c 3h 3s"),
    ("r3-40-7.s1", "Ah Kd Qc Js Ts", "Ah 2d 3c 4s 5s"),
    ("r3-40-7.s1", "Ah 2d 3c 4s 5s", "Kh Qd Jc Ts 9s"),
    ("r3-40-7.s1", "7h 6d 5c 4s 3s", "6h 5d 4c 3s 2s"),
    ("r3-40-8.s1", "As Ad Ac 2h 3s", "Ks Kd Kc Ah Qs"),
    ("r3-40-8.s1", "3s 3d 3c 4h 5s", "2s 2d 2c Ah Ks"),
    ("r3-40-9.s1", "As Ad Kc Kh 2s", "As Ad Qc Qh Ks"),
    ("r3-40-9.s1", "4s 4d 2c 2h 3s", "3s 3d 2c 2h As"),
    ("r3-40-10.s1", "As Ad 2c 3h 4s", "Ks Kd Ac Qh Js"),
    ("r3-40-10.s1", "3s 3d 2c 4h 5s", "2s 2d Ac Kh Qs"),
    ("r3-40-10.s1", "As Ad", "Ks Kd"),
    ("r3-40-10.s1", "3s 3d", "2s 2d"),
    ("conv-joker-best", "2s 3d 4c 5h Jk", "Kh Qd Jc Ts 9s"),  # A-2-3-4-5, not 6-5-4-3-2
    ("conv-no-combination-lowest", "2s 2d 3c 4h 5s", "Ah Kd Qc Jh 9s"),
    ("conv-low-hand", "2s 2d", "As Kd"),
    ("conv-low-hand", "As Qd", "Ks Qd"),
    ("conv-tiebreak", "As Kd 9c 4h 3s", "As Kd 9c 4h 2s"),
    ("conv-tiebreak", "Ks Kd Kc Qh Qs", "Qs Qd Qc Ah As"),
]


@pytest.mark.parametrize(("clause", "higher", "lower"), ORDER,
                         ids=[f"{c} {h} > {lo}" for c, h, lo in ORDER])
def test_r3_40_order(clause: str, higher: str, lower: str) -> None:
    doc = compare(higher, lower, {})
    assert doc["spec"]["winner"] == "a", "spec"
    assert doc["impl"]["winner"] == "a", "impl"
    assert clause in doc["decided_by"], doc["decided_by"]
    assert compare(lower, higher, {})["winner"] == "b"


@pytest.mark.parametrize(("a", "b"), [
    ("Ah Kh Qh Jh Th", "As Ks Qs Js Ts"),  # royal flushes tie
    ("Ah Kd 9c 4h 3s", "As Kh 9d 4c 3h"),  # suits never rank
    ("Kh Qd Jc Ts Jk", "Ah Kd Qc Js Ts"),  # the joker as the ace of a straight
    ("Ah 7d", "Jk 7c"),  # the joker counts as an ace in the low hand
])
def test_conv_tiebreak_ties(a: str, b: str) -> None:
    doc = compare(a, b, {})
    assert doc["winner"] == "tie" and doc["spec"]["winner"] == "tie"


def test_joker_reading_ace_only_completes_nothing() -> None:
    assert rank("Kd 9d 5d 2d Jk", {"joker": "ace-only"})["category"] == "no-combination"
    assert rank("Kh Qd Jc Ts Jk", {"joker": "ace-only"})["category"] == "straight"
    assert rank("9h 8d 6c 5s Jk", {"joker": "ace-only"})["category"] == "no-combination"


def test_a_specification_mutant_in_force_is_what_rank_evaluates() -> None:
    """A specification mutant in force (the mutation runs of ``casino-proofs mutants``) is
    what rank evaluates: with flushes described by nothing, a flush is no longer one."""
    from casino_proofs.paigow.assurance.mutants import _never
    from casino_proofs.paigow.obligations.scope_spec import SPEC_MUTATION

    assert rank("Ad Kd 9d 5d 2d", {})["spec"]["category"] == "flush"
    SPEC_MUTATION.append(_never("flush"))
    try:
        assert rank("Ad Kd 9d 5d 2d", {})["spec"]["category"] != "flush"
    finally:
        SPEC_MUTATION.pop()
    assert rank("Ad Kd 9d 5d 2d", {})["spec"]["category"] == "flush"


def test_a_specification_changed_by_other_means_is_what_rank_evaluates(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34: a specification changed other than through the mutation hook was served
    from the specification kept from the question before, so that one process gave two
    answers to one question. With flushes formed by nothing, a flush is no longer one, and
    with them restored it is one again."""
    import z3

    from casino_proofs.spec.paigow import PaiGowSpec

    assert rank("Ad Kd 9d 5d 2d", {})["spec"]["category"] == "flush"
    with monkeypatch.context() as patched:
        patched.setattr(PaiGowSpec, "forms_flush", lambda _self: z3.BoolVal(False))
        assert rank("Ad Kd 9d 5d 2d", {})["spec"]["category"] == "no-combination"
        assert compare("Ad Kd 9d 5d 2d", "Ah Kh 9c 5s 3d", {})["spec"]["winner"] == "b"
    assert rank("Ad Kd 9d 5d 2d", {})["spec"]["category"] == "flush"
