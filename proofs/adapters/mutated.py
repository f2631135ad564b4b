"""A mutated implementation: our implementation with some of its answers changed, the engine
``casino-proofs mutants`` runs through the proofs (:mod:`casino_proofs.analyses.assurance.mutants`
generates the changes)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from casino_proofs.protocol.answers import CrapsAnswer, CrapsInput, RankAnswer, Strength
from casino_proofs.protocol.engine import Capability, Engine
from casino_proofs.protocol.hello import Hello

Ask = Callable[[CrapsInput], CrapsAnswer]
SettleChange = Callable[[CrapsInput, CrapsAnswer, Ask], CrapsAnswer | None]
RankChange = Callable[[tuple[int, ...], Strength], Strength]


class Mutated(Engine):
    """Our implementation with some answers changed: ``settle_change`` (for one wager) and
    ``rank_change`` see each question and answer and may return another answer."""

    kind = "impl"
    capabilities = (Capability.ANSWERS_ANY_INPUT | Capability.ANSWERS_AGAIN
                    | Capability.EXPLAINS_STRENGTHS)

    def __init__(self, wager: str = "", settle_change: SettleChange | None = None,
                 rank_change: RankChange | None = None, base: Engine | None = None) -> None:
        super().__init__("impl (mutant)")
        from casino_proofs.adapters.ours import ours

        self.base = ours(base)
        self.wager = wager
        self.settle_change = settle_change
        self.rank_change = rank_change

    def _start(self) -> Hello:
        return self.base.hello

    def settle(self, batch: Sequence[CrapsInput],
               readings: Mapping[str, str]) -> list[CrapsAnswer]:
        answers = self.base.settle(batch, readings)
        if self.settle_change is None:
            return answers

        def ask(q: CrapsInput) -> CrapsAnswer:
            return self.base.settle([q], readings)[0]

        out = []
        for q, answer in zip(batch, answers, strict=True):
            changed = self.settle_change(q, answer, ask) if q.wager == self.wager else None
            out.append(answer if changed is None else changed)
        return out

    def rank(self, hands: Sequence[tuple[int, ...]],
             readings: Mapping[str, str]) -> list[RankAnswer]:
        answers = self.base.rank(hands, readings)
        change = self.rank_change
        if change is None:
            return answers
        return [change(h, a) if isinstance(a, Strength) else a
                for h, a in zip(hands, answers, strict=True)]

    def fresh(self) -> Mutated:
        return Mutated(self.wager, self.settle_change, self.rank_change, self.base.fresh())


