"""The obligations that ask the implementation again: ``deterministic`` (a seeded sample of
hands, by the same process and by another), ``library-defaults`` (our implementation called as
a user calls it, against the registry's defaults passed explicitly) and ``preorder`` (an
implementation's ``compare()`` against its own values).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping
from typing import Any

from casino_proofs.obligations.verdict import Result, Verdict
from casino_proofs.paigow.obligations import catalogue
from casino_proofs.paigow.obligations.every_hand import PassResult, hand_text
from casino_proofs.paigow.obligations.evidence import ScopeEvidence, result
from casino_proofs.protocol.answers import Strength, answer_key, is_unanswered
from casino_proofs.protocol.engine import Engine


def deterministic(scope: str, engine: Engine, passes: PassResult,
                  readings: Mapping[str, str]) -> Result:
    """The sampled hands, asked three times: in the pass, again by the same process at the end
    of its task, and once more by another process, their cards in another order."""
    started = time.perf_counter()
    ob = catalogue.deterministic(scope)
    hands = sorted(passes.sample)
    again = engine.rank_again(hands, readings)
    silent: list[tuple[tuple[int, ...], Any]] = []
    differing: list[tuple[tuple[int, ...], str, Any, Any]] = []
    for hand, other in zip(hands, again, strict=True):
        first = passes.sample[hand]
        askings = [("asked again by the same process", passes.sample_again.get(hand)),
                   ("asked again by another process", other)]
        for how, answer in askings:
            if answer is None:
                continue
            if is_unanswered(first) or is_unanswered(answer):  # a non-answer is no evidence
                silent.append((hand, answer if is_unanswered(answer) else first))
            elif answer_key(answer) != answer_key(first):
                differing.append((hand, how, first, answer))
    if differing:
        hand, how, first, answer = differing[0]
        count = len({h for h, *_ in differing})
        return result(ob, started, Verdict.REFUTED,
                      f"non-deterministic: {hand_text(hand)} answered two ways ({how}); "
                      f"{count:,} of {len(hands):,} hands asked again",
                      {"hands": [{"hand": hand_text(hand), "first": first.json(),
                                  "second": answer.json(), "second_asking": how}],
                       "count": count})
    if silent:
        hand, answer = silent[0]
        return result(ob, started, Verdict.ERROR,
                      f"not established: {hand_text(hand)} was not answered every time "
                      f"({len({h for h, _ in silent}):,} of {len(hands):,} hands asked again)",
                      {"hands": [{"hand": hand_text(hand), "impl": answer.json()}]})
    return result(ob, started, Verdict.PROVED,
                  f"a seeded sample of {len(hands):,} hands asked again, by the same process "
                  "and by another")


def library_defaults(ev: ScopeEvidence, explicit: Engine) -> Result:
    started = time.perf_counter()
    ob = catalogue.library_defaults(ev.scope)
    hands = [h for k in ev.keys for h in (ev.classes[k].low_hand, ev.classes[k].high_hand)]
    wanted = [ev.classes[k].low if i % 2 == 0 else ev.classes[k].high
              for k in ev.keys for i in range(2)]
    for hand, value, answer in zip(hands, wanted, explicit.rank(hands, ev.readings),
                                   strict=True):
        if not isinstance(answer, Strength) or answer.value != value:
            return result(ob, started, Verdict.REFUTED,
                          f"called as a user calls it, the library ranks {hand_text(hand)} "
                          "otherwise than with the registry's default readings",
                          {"hands": [{"hand": hand_text(hand), "impl": {"strength": list(value)},
                                      "explicit_defaults": answer.json()}]})
    return result(ob, started, Verdict.PROVED,
                  f"{len(hands):,} hands, the lowest and highest of every class")


def preorder(ev: ScopeEvidence, compare: Any) -> Result:
    """``compare()`` follows the values: every hand against its class's representative
    (in the pass), and every two neighbouring classes of the sorted order."""
    started = time.perf_counter()
    ob = catalogue.preorder(ev.scope)
    if ev.result.mismatch is not None:
        hand, rep, got, expected = ev.result.mismatch
        return result(ob, started, Verdict.REFUTED,
                      f"{hand_text(hand)} against {hand_text(rep)} (its class's "
                      f"representative): compare gives {got}, the values give {expected}",
                      {"hands": [ev.hand_json(hand), ev.hand_json(rep)]})
    ordered = sorted(ev.keys, key=lambda k: (ev.classes[k].low, k))
    pairs = [(ev.classes[a].low_hand, ev.classes[b].low_hand)
             for a, b in itertools.pairwise(ordered)]
    for (ha, hb), got in zip(pairs, compare(pairs, ev.readings), strict=True):
        va, vb = ev.impl_value(ha), ev.impl_value(hb)
        wanted = None if va is None or vb is None else (va > vb) - (va < vb)
        if got != wanted:
            return result(ob, started, Verdict.REFUTED,
                          f"{hand_text(ha)} against {hand_text(hb)}: compare gives {got}, "
                          f"the values give {wanted}",
                          {"hands": [ev.hand_json(ha), ev.hand_json(hb)]})
    return result(ob, started, Verdict.PROVED,
                  f"{ev.result.compared:,} hands against their class's representative, "
                  f"{len(pairs):,} neighbouring classes")
