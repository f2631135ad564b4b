"""What tells a family machine's states apart (docs/engine-protocol.md, "The fault domain").

A state t is **apart from** a state u when a table in u, where the machine is in t, can be
caught: some input both take has an answer t demands (not ``either``, what the text leaves
to the table) that u's answer is not (u's ``either`` is not: a table in u may answer as t
demands), or leads, answered alike, to two states the first apart from the second. A table
in u may also refuse every choice the text leaves it: t is apart from such a table
(``refusing``) where u's ``either`` meets an answer t demands other than a refusal, or after
it (a refusal keeps the table where it is; a choice refused where t leaves it to the table
too ends what a script shows). A state u that t is not apart from is **compatible** with it:
whatever a table in u answers, t allows. The machine's **probes** -- one input, or two in a
row, rolls first -- tell the pairs apart, and each state's **identifier** is, for each state
it is apart from or that is apart from it, the first probe, in the order chosen, that tells
the two apart: two such states share the probe that tells them so (harmonized state
identifiers, the HSI method).
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_proofs.craps.table.model.family_inputs import Label
from casino_proofs.craps.table.model.family_machine import Edges, Key, Output

#: (t, u): a table in u where the machine is in t can be caught
Pair = tuple[Key, Key]
#: a probe: the names of its rolls
Probe = tuple[Label, ...]
EITHER: Output = ("either",)


REFUSED: Output = ("refused",)


def differs(due: Output, got: Output, refusing: bool = False) -> bool:
    """Whether a table answering as ``got`` is caught where ``due`` is demanded. A table's
    choice, ``either``, allows any answer: where it is due, nothing is caught; where it is
    what the table's state answers, that table may answer as due, so nothing is caught
    either -- unless it is ``refusing``: a table that refuses every choice the text leaves
    to it."""
    if refusing and got == EITHER:
        got = REFUSED
    return EITHER not in (due, got) and due != got


def step_pair(edges: dict[Key, Edges], a: Key, b: Key, label: Label, refusing: bool
              ) -> tuple[bool, tuple[Key, Key] | None] | None:
    """One input from the machine at ``a`` and a table at ``b`` (``refusing``: one that
    refuses every choice, staying where it is): whether it is caught, else the two states
    after it (None: the script is cut there -- a choice refused where the machine leaves it
    to the table too); None if either does not take the input."""
    ea, eb = edges[a].get(label), edges[b].get(label)
    if ea is None or eb is None:
        return None
    (oa, na), (ob, nb) = ea, eb
    if differs(oa, ob, refusing):
        return True, None
    if refusing and ob == EITHER:
        return False, (None if oa == EITHER else (na, b))
    return False, (na, nb)


def apart(edges: dict[Key, Edges], refusing: bool = False) -> set[Pair]:
    """Every pair (t, u) of states with t apart from u (the least fixpoint: caught on one
    input, or after inputs answered alike that reach a pair apart); ``refusing``: from a
    table in u that refuses every choice the text leaves to it."""
    states = list(edges)
    out: set[Pair] = set()
    follows: dict[Pair, list[Pair]] = {}
    for a in states:
        for b in states:
            if a == b:
                continue
            nexts = []
            for label in edges[a].keys() & edges[b].keys():
                caught, after = step_pair(edges, a, b, label, refusing) or (False, None)
                if caught:
                    out.add((a, b))
                    break
                if after is not None and after[0] != after[1]:
                    nexts.append(after)  # (a table in the machine's state is never caught)
            else:
                follows[(a, b)] = nexts
    changed = True
    while changed:
        changed = False
        for pair, nexts in follows.items():
            if pair not in out and any(n in out for n in nexts):
                out.add(pair)
                changed = True
    return out


def tells(edges: dict[Key, Edges], probe: Probe, a: Key, b: Key, refusing: bool = False
          ) -> bool:
    """Whether ``probe`` tells ``a`` apart from ``b``: both take it, and some answer ``a``
    demands is not ``b``'s (``refusing``: a table in ``b`` that refuses every choice)."""
    for label in probe:
        found = step_pair(edges, a, b, label, refusing)
        if found is None:
            return False
        caught, after = found
        if caught:
            return True
        if after is None:
            return False
        a, b = after
    return False


def probes(edges: dict[Key, Edges], pairs: set[Pair], refusing: bool = False,
           start: Sequence[Probe] = ()) -> tuple[list[Probe], set[Pair]]:
    """Probes that tell every pair apart, chosen greedily after ``start`` (one input first,
    then two; rolls before other inputs, each in the order first met); and the pairs no
    probe tells apart (none: else the suite is not complete)."""
    names = sorted(dict.fromkeys(label for e in edges.values() for label in e),
                   key=lambda label: label[0] != "roll")
    left = {pair for pair in pairs
            if not any(tells(edges, p, *pair, refusing) for p in start)}
    chosen: list[Probe] = []
    for length in (1, 2):
        candidates: list[Probe] = [(a,) for a in names] if length == 1 else \
            [(a, b) for a in names for b in names]
        told = {c: {pair for pair in left if tells(edges, c, *pair, refusing)}
                for c in candidates}
        while left:
            best = max(candidates, key=lambda c: len(told[c] & left))
            if not told[best] & left:
                break
            chosen.append(best)
            left -= told[best]
    return chosen, left


def identifiers(edges: dict[Key, Edges], pairs: set[Pair], chosen: Sequence[Probe],
                refusing: set[Pair] | None = None) -> dict[Key, list[Probe]]:
    """Each state's identifier: for each state it is apart from, the first probe chosen that
    tells the two apart (shared by both); and for each pair in ``refusing``, the first that
    tells them apart from a table refusing every choice."""
    out: dict[Key, list[Probe]] = {s: [] for s in edges}
    marked = [(pair, False) for pair in sorted(pairs, key=repr)] + \
        [(pair, True) for pair in sorted(refusing or set(), key=repr)]
    for (a, b), refuses in marked:
        probe = next((p for p in chosen if tells(edges, p, a, b, refuses)), None)
        if probe is None:
            continue
        for s in (a, b):
            if probe not in out[s]:
                out[s].append(probe)
    order = {p: i for i, p in enumerate(chosen)}
    return {s: sorted(ps, key=order.__getitem__) for s, ps in out.items()}
