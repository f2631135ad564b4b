"""What tells a family machine's states apart (docs/engine-protocol.md, "The fault domain").

A state t is **apart from** a state u when a table in u, where the machine is in t, can be
caught: some input both take has an answer t demands (not ``either``, what the text leaves
to the table) that u's answer is not -- u's ``either`` included, for a table in u may choose
otherwise than t demands -- or leads, answered alike, to two states the first apart from the
second. A state u that t is not apart from is **compatible** with it: whatever a table in u
answers, t allows. The machine's **probes** -- one input, or two in a row, rolls first --
tell the pairs apart, and each state's **identifier** is, for each state it is apart from or
that is apart from it, the first probe, in the order chosen, that tells the two apart: two
such states share the probe that tells them so (harmonized state identifiers, the HSI
method).
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_proofs.tables.family_inputs import Label
from casino_proofs.tables.family_machine import Edges, Key, Output

#: (t, u): a table in u where the machine is in t can be caught
Pair = tuple[Key, Key]
#: a probe: the names of its rolls
Probe = tuple[Label, ...]
EITHER: Output = ("either",)


def differs(due: Output, got: Output) -> bool:
    """Whether a table answering as ``got`` is caught where ``due`` is demanded. A table's
    choice, ``either``, allows any answer: where it is due, nothing is caught; where it is
    what the table's state answers, that table may answer as due, so nothing is caught
    either."""
    return EITHER not in (due, got) and due != got


def apart(edges: dict[Key, Edges]) -> set[Pair]:
    """Every pair (t, u) of states with t apart from u (the least fixpoint: caught on one
    input, or after inputs answered alike that reach a pair apart)."""
    states = list(edges)
    out: set[Pair] = set()
    follows: dict[Pair, list[Pair]] = {}
    for a in states:
        for b in states:
            if a == b:
                continue
            ea, eb = edges[a], edges[b]
            nexts = []
            for label in ea.keys() & eb.keys():
                (oa, na), (ob, nb) = ea[label], eb[label]
                if differs(oa, ob):
                    out.add((a, b))
                    break
                if na != nb:
                    nexts.append((na, nb))
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


def said(edges: dict[Key, Edges], state: Key, word: Sequence[Label]
         ) -> tuple[Output, ...] | None:
    """The outputs of ``word`` from ``state`` (None: some input of it is not the state's)."""
    out = []
    for label in word:
        found = edges[state].get(label)
        if found is None:
            return None
        out.append(found[0])
        state = found[1]
    return tuple(out)


def tells(edges: dict[Key, Edges], probe: Probe, a: Key, b: Key) -> bool:
    """Whether ``probe`` tells ``a`` apart from ``b``: both take it, and some answer ``a``
    demands is not ``b``'s."""
    x, y = said(edges, a, probe), said(edges, b, probe)
    return x is not None and y is not None and any(differs(p, q) for p, q in zip(x, y, strict=True))


def probes(edges: dict[Key, Edges], pairs: set[Pair]) -> tuple[list[Probe], set[Pair]]:
    """Probes that tell every pair apart, chosen greedily (one input first, then two; rolls
    before other inputs, each in the order first met); and the pairs no probe tells apart
    (none: else the suite is not complete)."""
    names = sorted(dict.fromkeys(label for e in edges.values() for label in e),
                   key=lambda label: label[0] != "roll")
    left = set(pairs)
    chosen: list[Probe] = []
    for length in (1, 2):
        states = {s for pair in left for s in pair}
        candidates: list[Probe] = [(a,) for a in names] if length == 1 else \
            [(a, b) for a in names for b in names]
        told = {c: _told(edges, c, left, states) for c in candidates}
        while left:
            best = max(candidates, key=lambda c: len(told[c] & left))
            if not told[best] & left:
                break
            chosen.append(best)
            left -= told[best]
    return chosen, left


def _told(edges: dict[Key, Edges], probe: Probe, pairs: set[Pair], states: set[Key]
          ) -> set[Pair]:
    """The pairs ``probe`` tells apart (each state's answers worked out once)."""
    answers = {s: said(edges, s, probe) for s in states}
    out = set()
    for a, b in pairs:
        x, y = answers[a], answers[b]
        if x is not None and y is not None and any(differs(p, q)
                                                   for p, q in zip(x, y, strict=True)):
            out.add((a, b))
    return out


def identifiers(edges: dict[Key, Edges], pairs: set[Pair], chosen: Sequence[Probe]
                ) -> dict[Key, list[Probe]]:
    """Each state's identifier: for each state it is apart from, the first probe chosen that
    tells the two apart (shared by both)."""
    out: dict[Key, list[Probe]] = {s: [] for s in edges}
    for a, b in sorted(pairs, key=repr):
        probe = next((p for p in chosen if tells(edges, p, a, b)), None)
        if probe is None:
            continue
        for s in (a, b):
            if probe not in out[s]:
                out[s].append(probe)
    order = {p: i for i, p in enumerate(chosen)}
    return {s: sorted(ps, key=order.__getitem__) for s, ps in out.items()}
