"""What a table's PROVED covers, in words and in figures (docs/engine-protocol.md, "The fault
domain"): a black-box table can only be tested, so the report says for which tables the
verdict holds.

- **the model**: each family's machine, its states and k (:mod:`.suite`), and the
  transition model of two bets of any kinds (:mod:`.transitions`);
- **the sessions**: each usage profile, its sessions, rolls and shooters (:mod:`.long_sessions`);
- **the history**: the features, the pairs observed (2-way, all of the domain) and the
  3-way coverage reached (:mod:`.pairs`);
- **the data domains**: bet IDs, stakes, odds stakes, dice orders (:mod:`.field_domains`);
- **the hypotheses**: what no test here can show, named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from casino_proofs.craps.table.model.history import FEATURES
from casino_proofs.craps.table.scripts.field_domains import ID_CLASSES, MANY, PLAYERS, SCRIPT_IDS
from casino_proofs.craps.table.scripts.pairs import PairCoverage, outside_words
from casino_proofs.craps.table.scripts.recipes import MOST_CALLS
from casino_proofs.craps.table.scripts.suite import FamilySuite
from casino_proofs.craps.table.scripts.transitions import DEPTH, MAX_BETS, Transitions

#: the stakes the scripts and sessions play (none other is established)
STAKES_PLAYED = ("stakes of every remainder of each payout's denominator at each power of ten "
                 "up to {ceiling:,} stake units and at the maximum (the money scripts); 1, 5, "
                 "6, 7, 10, 12, 15, 25, 100, 2,520, 2,521 and 9,999 (the sessions); 7 and "
                 "2,520 after 50 and 100 rolls")
HYPOTHESES = (
    "the table treats alike the rolls of one name of a family's machine (the uniformity "
    "hypothesis: the reference table is proved to; the suite plays the first roll of each "
    "name, and every one of the 36 rolls is still played from every situation the settle "
    "scripts reach)",
    "a family's machine holds at most two of its bets on the table; more bets of a family, "
    "and bets of several families, are played by the sessions, the transition model (two "
    "bets of any kinds) and the domain scripts (three bets of one wager moved or decided on "
    "one roll), not by the k-complete suite",
    "a fault that starts after more rolls than the sessions that bet its wager play, after "
    "more than "
    f"{MOST_CALLS} calls on one bet, or at a stake, a history, a player or an ID no script "
    "or session uses, is not established by this check",
)
#: where a report's reader finds each machine whole
MACHINES = ("each machine's states, inputs, outputs and transitions: table_domain.model in the "
            "JSON report, and table-machines.json in an audit bundle")


@dataclass(frozen=True)
class FaultDomain:
    """The fault domain of one table check."""

    families: tuple[dict[str, Any], ...]
    transitions: dict[str, int]
    profiles: tuple[dict[str, Any], ...]
    pairs: dict[str, Any]
    ceiling: int
    unplayed: tuple[str, ...] = ()

    def json(self) -> dict[str, Any]:
        return {"model": {"families": list(self.families), "transitions": self.transitions},
                "sessions": list(self.profiles), "history": self.pairs,
                "data": {"bet_ids": [what for what, _ids in ID_CLASSES],
                         "stakes": STAKES_PLAYED.format(ceiling=self.ceiling),
                         "odds_stakes": "1 unit below, equal to, 1 unit above, and 2, 3, 4, 5, "
                                        "6, 7 and 10 times the line bet's, within the "
                                        "declared limit, and one over it",
                         "players": "the bets of players " + ", ".join(PLAYERS)
                                    + " beside the first's, and the first named \"p1\" "
                                    "beside the first unnamed",
                         "script_ids": [what for what, _id in SCRIPT_IDS],
                         "bets_on_one_roll": f"{MANY} bets of one wager moved or decided on "
                                             "one roll",
                         "dice": "every roll in both orders from every situation",
                         "not_played_here": list(self.unplayed)},
                "hypotheses": list(HYPOTHESES)}

    def lines(self) -> list[str]:
        """The fault domain in words, a sentence each."""
        fams = "; ".join(f"{f['family']}: {f['states']:,} states, {f['inputs']:,} inputs, "
                         f"{f['transitions']:,} transitions, k = {f['k']}, mutants killed "
                         f"{f['mutants'].get('killed', 0):,} of "
                         f"{f['mutants'].get('generated', 0):,}" + _beyond(f['mutants'])
                         for f in self.families)
        t = self.transitions
        each = "; ".join(f"{p['profile']}: {p['sessions']:,} "
                         f"session{'' if p['sessions'] == 1 else 's'} of "
                         f"{p['fewest_shooters']:,}+ shooters, {p['rolls']:,} rolls"
                         + _own(p.get("own_moves", {})) for p in self.profiles)
        h = self.pairs
        return [
            f"fault domain, the model: a suite k-complete for each family's machine ({fams}; "
            f"{MACHINES}); and the transition model of up to {t['bets']} bets of any kinds, "
            f"{t['observed']:,} of its {t['transitions']:,} transitions observed (up to "
            f"{t['depth']} events)",
            f"fault domain, the sessions: {each}",
            f"fault domain, the history: {len(FEATURES)} features; 2-way: {h['observed']:,} of "
            f"the {h['domain']:,} pairs of the domain observed (of {h['product']:,} in the "
            f"product; outside the domain: {outside_words(h)}); 3-way: "
            f"{h['triples_observed']:,} of {h['triples_product']:,}",
            f"fault domain, the data: bet IDs of {len(ID_CLASSES)} classes "
            f"({', '.join(w for w, _ in ID_CLASSES)}); script IDs of "
            f"{len(SCRIPT_IDS)} classes ({', '.join(w for w, _ in SCRIPT_IDS)}); the bets of "
            f"players {', '.join(PLAYERS)} beside the first's, and the first named \"p1\" "
            f"beside the first unnamed; {MANY} bets of one wager moved or decided on one roll; "
            f"{STAKES_PLAYED.format(ceiling=self.ceiling)}; odds of 1 unit below, equal to, "
            "and 1 unit, 2, 3, 4, 5, 6, 7 and 10 times above the line bet, within the "
            "declared limit; every roll in both orders"
            + ("; not played at this table, so not established: " + "; ".join(self.unplayed)
               if self.unplayed else ""),
            "fault domain, not covered: " + "; ".join(HYPOTHESES),
        ]


def _beyond(mutants: dict[str, Any]) -> str:
    """The mutants only scripts past a refusal the text allows would kill, in words."""
    n = mutants.get("not_reachable_here", 0)
    return f" ({n:,} not reachable at this table)" if n else ""


def _own(moves: dict[str, int]) -> str:
    """A profile's own moves in words: `` (odds taken 85 times, a Come bet 40 times)``."""
    if not moves:
        return ""
    return " (" + ", ".join(f"{m} {n:,} time{'' if n == 1 else 's'}"
                            for m, n in moves.items()) + ")"


def fault_domain(parts: Sequence[FamilySuite], mutants: Sequence[dict[str, Any]],
                 transitions: Transitions, profiles: Sequence[dict[str, Any]],
                 pairs: PairCoverage, ceiling: int, unplayed: Sequence[str] = ()
                 ) -> FaultDomain:
    killed = {m["family"]: m for m in mutants}
    return FaultDomain(
        tuple({"family": p.family.name, "states": len(p.machine.edges),
               "inputs": len(p.machine.inputs()), "transitions": p.machine.transitions,
               "k": p.k, "probes": len(p.probes), "scripts": len(p.scripts),
               "mutants": {key: value for key, value in killed.get(p.family.name, {}).items()
                           if key not in ("family", "k")},
               "machine": p.machine.json()} for p in parts),
        {"transitions": len(transitions.model),
         "observed": len(transitions.model & transitions.observed), "depth": DEPTH,
         "bets": MAX_BETS},
        tuple(profiles), pairs.figures(), ceiling, tuple(unplayed))
