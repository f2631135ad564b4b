"""Constraints are tracked under their clause IDs: a PROVED obligation names what it used."""

from __future__ import annotations

from casino_proofs.craps.assurance.ours import check_craps
from casino_proofs.obligations.verdict import Verdict


def test_r3_95_15_1_s6_alone_decides_every_come_out_roll_of_an_idle_hard_way() -> None:
    results = {r.obligation.id: r for r in check_craps(wagers=["hard-8"])}
    off = results["craps/hard-8/come-out-off/exhaustive"]
    assert off.verdict is Verdict.PROVED
    assert off.core == ("r3-95.15-1.s6#3",)
    on = results["craps/hard-8/not-come-out/exhaustive"]
    assert on.core == ("r3-95.15-1.s1#0", "r3-95.15-1.s2#1", "r3-95.15-1.s5#2")


def test_r3_95_16_1_agreement_rests_on_its_own_rule() -> None:
    results = {r.obligation.id: r for r in check_craps(wagers=["pass-odds"])}
    r = results["craps/pass-odds/point/agrees/r3-95.16-1.s2#0"]
    assert r.verdict is Verdict.PROVED
    assert r.core == ("impl-differs", "r3-95.16-1.s2#0")
