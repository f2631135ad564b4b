"""Issue 15: an engine whose hello claims only non-default values of a reading is checked
under the value it claims, with a note; never refuted under a default it does not claim.
Where it claims several, or the user asks for a value it does not claim, the run stops before
any work: one line, exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from casino_proofs import spec
from casino_proofs.command.arguments import UsageError
from casino_proofs.command.claims import readings_claimed
from casino_proofs.command.main import main
from casino_proofs.protocol.hello import Hello

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tests" / "engines" / "claims" / "hop_total_only.py"
HOPS = ",".join(w for w in spec.WAGER_NAMES if w.startswith("hop-"))


def _hello(readings: dict[str, tuple[str, ...]] | None) -> Hello:
    return Hello("e", "1", ("craps", "paigow"), (), readings=readings)


def test_r3_95_15_9_an_engine_claiming_only_hop_call_total_is_proved_under_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--quiet", "--only", "craps", "--wagers", HOPS, "--engine",
                 f"python:{ENGINE}"])
    out = re.sub(r"\n {2,}(?=\S)", " ", capsys.readouterr().out)
    assert code == 0, out[:2000]
    assert ("the engine claims reading hop-call only as total: it is checked under "
            "hop-call=total, not the default combination") in out


def test_a_value_the_engine_does_not_claim_is_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--quiet", "--only", "craps", "--wagers", HOPS, "--reading",
                 "hop-call=combination", "--engine", f"python:{ENGINE}"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == ("casino-proofs: error: --reading hop-call=combination: the engine claims "
                   "reading hop-call only as total (see its hello)\n")


def test_a_claim_of_no_value_of_the_reading_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="none of its values"):
        readings_claimed(_hello({"joker": ("wild",)}), {}, ("paigow",))


def test_the_one_value_claimed_is_the_one_checked_and_said() -> None:
    chosen, notes = readings_claimed(_hello({"joker": ("ace-only", "wild")}), {},
                                     ("paigow",))
    assert chosen == {"joker": "ace-only"} and notes == [
        "the engine claims reading joker only as ace-only: it is checked under "
        "joker=ace-only, not the default ace-or-completes"]


def test_claims_that_include_the_value_in_force_change_nothing() -> None:
    assert readings_claimed(_hello({"hop-call": ("combination", "total")}), {},
                            ("craps",)) == ({}, [])
    assert readings_claimed(_hello(None), {"hop-call": "total"}, ("craps",)) == (
        {"hop-call": "total"}, [])
    # a claim about the game left out (--only craps) is not the run's business
    assert readings_claimed(_hello({"joker": ("ace-only",)}), {}, ("craps",)) == ({}, [])
