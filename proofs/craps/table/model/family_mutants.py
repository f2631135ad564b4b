"""The suite proved complete for a family's machine by killing every mutant of that machine
(docs/engine-protocol.md, "The fault domain").

Under Chow's fault model (1978), a faulty implementation of a finite machine differs from it
by **output faults** (a transition answers otherwise) and **transfer faults** (a transition
goes to another state), and by **extra states** up to the depth a suite claims. The
mutants are made mechanically from the stated machine:

- every output fault: each transition whose output is not the table's choice;
- every transfer fault: each transition sent to each other state its own is apart from (a
  state compatible with its own -- whatever a table there answers, its own allows -- is an
  equivalent mutant: counted, not generated);
- at k of 1 or more, extra-state mutants: a transition sent to a copy of its state that
  answers one of its inputs otherwise or goes elsewhere on it (the k-A-complete suites of
  Vaandrager and Melse, CONCUR 2025, find these), as many as :data:`EXTRA_MUTANTS` allows,
  every n-th of them in a fixed order.

The suite's scripts, as played, are read on the machine (each event matched to the input it
is at the table the machine is at: a script is a word of the machine), and each mutant is run
on every word: it is **killed** when some word's outputs differ from the machine's. A word is
followed only while the mutant takes its inputs (an input the mutant's state does not take
proves nothing, either way). The suite is complete when every mutant is killed (Fabbri et al.,
mutation analysis of FSM-based test suites).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from casino_proofs.craps.table.judging.reference import ReferenceTable
from casino_proofs.craps.table.model.family_inputs import Event, Label, label_words
from casino_proofs.craps.table.model.family_machine import (
    FamilyMachine,
    Key,
    Output,
    state_words,
    step,
)
from casino_proofs.craps.table.model.family_probes import EITHER, Pair, differs

#: extra-state mutants made for one family at most (every n-th of all, in a fixed order)
EXTRA_MUTANTS = 4_000


@dataclass
class Word:
    """A script read on the machine: the state before each input, the input, its output."""

    script: int
    states: list[Key] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    outputs: list[Output] = field(default_factory=list)


def read(machine: FamilyMachine, scripts: Sequence[Sequence[Event]],
         cut: Sequence[int | None] = ()) -> list[Word]:
    """Each script as a word of the machine, as far as its events are the machine's inputs
    (a script goes on past them at no state of this machine), and (``cut``, a script's) as
    far as the event before the first the table refused that the text leaves to it (the
    machine takes it: the table is in another state of it after)."""
    out = []
    for i, events in enumerate(scripts):
        word = Word(i)
        ref = ReferenceTable(machine.setting)
        stop = cut[i] if i < len(cut) else None
        for event in events[:None if stop is None else stop - 1]:
            move = machine.move(ref, event)
            if move is None:
                break
            word.states.append(machine.state_of(ref))
            word.labels.append(move.label)
            word.outputs.append(move.output)
            ref = move.after if move.event == event else step(machine.setting, ref, event)[1]
        out.append(word)
    return out


@dataclass(frozen=True)
class Mutant:
    """The machine with one fault: at ``state`` on ``label`` (after ``into``, entered by
    ``label`` and its copy answering ``then``), an output fault, or a transfer to
    ``target``."""

    state: Key
    label: Label
    target: Key | None = None
    then: Label | None = None
    #: from the fault on, the table refuses every choice the text leaves to it (a legal
    #: policy on its own: the fault is the transfer)
    refusing: bool = False

    def words(self) -> str:
        said = self._words()
        return said + (", and refuses every choice the text leaves to it" if self.refusing
                       else "")

    def _words(self) -> str:
        where = f"at the state \"{state_words(self.state)}\", on \"{label_words(self.label)}\""
        if self.then is not None:
            where += (", the table goes to an extra state that, on \"" +
                      label_words(self.then) + "\", ")
            fault = "answers otherwise" if self.target is None else \
                f"goes to \"{state_words(self.target)}\""
            return where + fault
        return where + (", the table answers otherwise" if self.target is None else
                        f", the table goes to \"{state_words(self.target)}\"")


@dataclass
class Mutation:
    """One family's mutants: how many of each kind, the equivalent ones left out, the
    killed, those only the scripts past a refusal the text allows would kill (not reachable
    at this table), and those that survived."""

    generated: dict[str, int] = field(default_factory=dict)
    killed: int = 0
    equivalent: int = 0
    extra_of: int = 0
    beyond: int = 0
    survived: list[Mutant] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.generated.values())

    @property
    def survivor(self) -> Mutant | None:
        return self.survived[0] if self.survived else None

    @property
    def survivors(self) -> int:
        return len(self.survived)

    def json(self) -> dict[str, Any]:
        return {"generated": self.total, "killed": self.killed, "by_kind": self.generated,
                "equivalent": self.equivalent, "extra_state_of": self.extra_of,
                "not_reachable_here": self.beyond, "survivors": self.survivors,
                "first_survivor": self.survivor.words() if self.survivor else None}

    def past_refusals(self, whole: Analysis) -> None:
        """Of the survivors, those the scripts as planned kill (``whole``: read past the
        events the table refused that the text leaves to it) are not reachable at this
        table: counted apart, not survivors."""
        beyond = [m for m in self.survived if whole.killed(m)]
        self.beyond = len(beyond)
        self.survived = [m for m in self.survived if m not in beyond]


class Analysis:
    """The mutants of one machine run on the words of its suite."""

    def __init__(self, machine: FamilyMachine, apart: set[Pair], words: list[Word],
                 refusing: set[Pair] | None = None) -> None:
        self.machine, self.apart, self.words = machine, apart, words
        self.refusing = refusing or set()
        self.edges = machine.edges
        self.at: dict[tuple[Key, Label], list[tuple[int, int]]] = {}
        self.at_then: dict[tuple[Key, Label, Label], list[tuple[int, int]]] = {}
        for w, word in enumerate(words):
            for pos, key in enumerate(zip(word.states, word.labels, strict=True)):
                self.at.setdefault(key, []).append((w, pos))
                if pos + 1 < len(word.labels):
                    self.at_then.setdefault((*key, word.labels[pos + 1]), []).append((w, pos))
        self._diverges: dict[tuple[Key, int, int, bool], bool] = {}

    def diverges(self, state: Key, w: int, pos: int, refusing: bool = False) -> bool:
        """Whether word ``w`` from its ``pos``-th input, run from ``state``, answers
        otherwise than the machine did (``refusing``: a table that refuses every choice the
        text leaves to it, and stays where it is; where the machine leaves the choice to
        the table too, the script is cut there)."""
        memo = (state, w, pos, refusing)
        found = self._diverges.get(memo)
        if found is not None:
            return found
        word, answer = self.words[w], False
        for label, due in zip(word.labels[pos:], word.outputs[pos:], strict=True):
            edge = self.edges[state].get(label)
            if edge is None:
                break
            if differs(due, edge[0], refusing):
                answer = True
                break
            if refusing and edge[0] == EITHER:
                if due == EITHER:
                    break
                continue  # refused, as due: the table stays
            state = edge[1]
        self._diverges[memo] = answer
        return answer

    def killed(self, m: Mutant) -> bool:
        if m.then is None:
            where = self.at.get((m.state, m.label), [])
            if m.target is None:
                return bool(where)
            return any(self.diverges(m.target, w, pos + 1, m.refusing) for w, pos in where)
        where = self.at_then.get((m.state, m.label, m.then), [])
        if m.target is None:
            return bool(where)
        return any(self.diverges(m.target, w, pos + 2) for w, pos in where)

    def _apart(self, due: Key, got: Key) -> bool:
        """Whether a table in ``got`` where the machine is in ``due`` can be caught."""
        return (due, got) in self.apart

    def single(self) -> Iterator[tuple[str, Mutant | None]]:
        """Every output fault and every transfer fault (None: an equivalent one); a transfer
        to a state that leaves some answer to the table twice: taking, then refusing every
        choice."""
        choosing = {u for u, edges in self.edges.items()
                    if any(o == EITHER for o, _t in edges.values())}
        for s, edges in self.edges.items():
            for label, (o, t) in edges.items():
                if o != EITHER:
                    yield "output", Mutant(s, label)
                for u in self.edges:
                    if u != t:
                        yield "transfer", Mutant(s, label, u) if self._apart(t, u) else None
                    if u in choosing and u != t:
                        yield "transfer", Mutant(s, label, u, refusing=True) \
                            if (t, u) in self.refusing else None

    def _apart_from(self) -> dict[Key, list[Key]]:
        return {t: [u for u in self.edges if u != t and self._apart(t, u)] for t in self.edges}

    def extra(self, budget: int) -> tuple[int, Iterator[Mutant]]:
        """Extra-state mutants: each transition into a copy of its state that answers one of
        its inputs otherwise, or goes to another state on it: how many there are, and every
        n-th of them (at most ``budget``), in a fixed order."""
        others = self._apart_from()
        groups = [(s, label, then, o2 != EITHER, others[t2])
                  for s, edges in self.edges.items() for label, (_o, t) in edges.items()
                  for then, (o2, t2) in self.edges[t].items()]
        total = sum(int(output) + len(us) for *_k, output, us in groups)
        stride = max(1, -(-total // budget))

        def chosen() -> Iterator[Mutant]:
            at = 0
            for s, label, then, output, us in groups:
                size = int(output) + len(us)
                for i in range(-at % stride, size, stride):
                    yield Mutant(s, label, None if output and i == 0 else
                                 us[i - int(output)], then)
                at += size
        return total, chosen()

    def run(self, k: int, budget: int = EXTRA_MUTANTS) -> Mutation:
        out = Mutation()
        for kind, m in self.single():
            if m is None:
                out.equivalent += 1
                continue
            self._count(out, kind, m)
        if k >= 1:
            out.extra_of, chosen = self.extra(budget)
            for m in chosen:
                self._count(out, "extra-state", m)
        return out

    def _count(self, out: Mutation, kind: str, m: Mutant) -> None:
        out.generated[kind] = out.generated.get(kind, 0) + 1
        if self.killed(m):
            out.killed += 1
            return
        out.survived.append(m)

    def script(self, m: Mutant) -> list[Event]:
        """A script that reaches the mutant's fault: its state's access script, then its
        input there (and the input after it, for an extra state)."""
        access = list(self.machine.access[m.state])
        ref = self.machine.first[m.state]
        move = next(x for x in self.machine.moves(ref) if x.label == m.label)
        out = [*access, move.event]
        if m.then is not None:
            after = next((x for x in self.machine.moves(move.after) if x.label == m.then),
                         None)
            if after is not None:
                out.append(after.event)
        return out
