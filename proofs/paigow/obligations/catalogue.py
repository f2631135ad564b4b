"""Every Pai Gow obligation, named once: its ID, kind, clauses, subject and description.

The checks build their obligations here, and ``replay`` asks here which obligations a run
gives rise to (for its readings and the engine it checked), so the two never drift apart: a
bundle that drops, adds or relabels an obligation is caught by the same names that made it.
"""

from __future__ import annotations

from collections.abc import Sequence

from casino_proofs.obligations.channel import channel_obligation
from casino_proofs.obligations.verdict import Obligation
from casino_proofs.paigow.obligations.queries import PARTS, abstraction_cases, combination_names
from casino_proofs.paigow.obligations.scope_spec import CLAUSE_OF, SCOPES
from casino_proofs.spec.paigow import OrderStatement

ANY_HAND = "r3-40-intro.s1"
#: the kinds, in the order a report lists them
ORDER = ["exhaustive", "abstraction", "nonvacuous", "statement", "evaluator", "bulk",
         "combination",
         "order", "convention", "consistency", "preorder", "comparator", "deterministic",
         "library-defaults", "channel"]


def _ob(scope: str, kind: str, subject: str, clauses: tuple[str, ...], description: str,
        suffix: str = "", joker: bool = True) -> Obligation:
    oid = f"paigow/{scope}/{kind}" + (f"/{suffix}" if suffix else "")
    readings = ("joker",) if scope == "high" and joker else ()
    return Obligation(oid, kind, clauses[0], clauses, subject, f"{scope} hands", description,
                      readings, game="paigow")


def exhaustive(scope: str, deck_size: int) -> Obligation:
    return _ob(scope, "exhaustive", "every hand", (ANY_HAND,),
               f"every {SCOPES[scope]}-card hand of the {deck_size}-card deck gets a "
               "well-formed strength", joker=False)


def combination(scope: str, name: str) -> Obligation:
    clause = CLAUSE_OF[name] if name != "no-combination" or scope == "high" else "conv-low-hand"
    rests_on = ("conv-highest-combination", "conv-joker-ace-or-completes") \
        if scope == "high" else ()
    return _ob(scope, "combination", name, (clause, *rests_on),
               f"the implementation calls every {name} hand a {name}", name)


def order(scope: str, statement: OrderStatement) -> Obligation:
    return _ob(scope, "order", statement.description, statement.clauses,
               f"the implementation ranks as the text says: {statement.description}",
               statement.id)


def convention(scope: str) -> Obligation:
    conventions = ("conv-tiebreak", "conv-joker-best", "conv-highest-combination") \
        if scope == "high" else ("conv-low-hand",)
    return _ob(scope, "convention", "order within combinations", conventions,
               "where the text is silent the implementation follows the conventions", "order")


def consistency(scope: str) -> Obligation:
    return _ob(scope, "consistency", "conventions against the text",
               (ANY_HAND, "conv-tiebreak"),
               "the conventions never contradict an ordering statement of s. 40", "conventions")


def evaluator(scope: str) -> Obligation:
    return _ob(scope, "evaluator", "fast evaluation of the specification", (ANY_HAND,),
               "the compiled evaluation of the spec agrees with Z3's", "sample")


def bulk(scope: str) -> Obligation:
    return _ob(scope, "bulk", "the specification in bulk", (ANY_HAND,),
               "the bulk table of the specification (kept between runs) equals the Z3 "
               "specification on every abstraction class", "table")


def preorder(scope: str) -> Obligation:
    return _ob(scope, "preorder", "the implementation's order", (ANY_HAND,),
               "compare() follows the values, for every hand", "compare")


def comparator(scope: str) -> Obligation:
    return _ob(scope, "comparator", "the evaluator's comparisons", (ANY_HAND,),
               "an evaluator with only a comparison: its comparisons, asked of pairs the "
               "derivation never asked (random pairs, neighbouring levels in other suits, "
               "each class in other suits, cards in other orders), all agree with the order "
               "derived from them", "compare", joker=False)


def deterministic(scope: str) -> Obligation:
    return _ob(scope, "deterministic", "every hand", (ANY_HAND,),
               "hands asked again (by the same process, and by another, their cards in "
               "another order) get the same strengths", joker=False)


def library_defaults(scope: str) -> Obligation:
    return _ob(scope, "library-defaults", "every hand", (ANY_HAND,),
               "evaluate(hand) as a user calls it agrees with the registry's defaults passed "
               "explicitly", joker=False)


def channel(scope: str) -> Obligation:
    return channel_obligation("paigow", f"paigow/{scope}/channel", f"{scope} hands")


def smt(qid: str) -> Obligation:
    """The obligation a query of :mod:`~casino_proofs.paigow.obligations.queries` decides,
    from its ID (``paigow/high/abstraction/order/pair``, ``paigow/low/nonvacuous/pair``,
    ``paigow/high/statement/r3-40-7:second``)."""
    _game, scope, kind, subject = qid.split("/", 3)
    if kind == "statement":
        clauses: tuple[str, ...] = (ANY_HAND,) if subject.startswith("r3-40-intro") else (
            (subject.split(":")[0],) if subject.startswith("r3-40") else
            ("conv-no-combination-lowest" if scope == "high" else "conv-low-hand",))
        description = "the statement names hands on both sides and none on both"
    elif kind == "nonvacuous":
        clauses = (CLAUSE_OF[subject],)
        description = f"some hand is a {subject}"
    else:
        part, case = subject.split("/")
        clauses = (ANY_HAND, CLAUSE_OF[case])
        description = (f"the specification's {part} depends only on ranks and suitedness, "
                       f"for hands that are a {case}")
    return Obligation(qid, kind, clauses[0], clauses, subject, f"{scope} hands", description,
                      ("joker",) if scope == "high" else (), game="paigow")


def smt_ids(scope: str, statements: Sequence[OrderStatement]) -> list[str]:
    """The IDs of the queries about the specification itself, for one scope."""
    out = [f"paigow/{scope}/abstraction/{part}/{case}" for part in PARTS
           for case in abstraction_cases(scope)]
    out += [f"paigow/{scope}/nonvacuous/{name}" for name in combination_names(scope)]
    return out + [f"paigow/{scope}/statement/{st.id}" for st in statements]


def expected(scope: str, statements: Sequence[OrderStatement], deck_size: int, *, named: bool,
             compare: bool, spec_checks: bool, ours: bool, program: bool,
             compare_only: bool = False) -> list[Obligation]:
    """Every obligation one scope of a run gives rise to. ``named``: the engine named the
    combinations; ``compare``: it offers ``compare()``; ``spec_checks``: the obligations about
    the specification alone are run; ``ours``: it is our implementation (library-defaults);
    ``program``: it is a program, with a channel; ``compare_only``: it has only a
    comparison."""
    out = [exhaustive(scope, deck_size)]
    if spec_checks:
        out += [smt(qid) for qid in smt_ids(scope, statements)]
    if named:
        out += [combination(scope, name) for name in combination_names(scope)]
    out += [order(scope, st) for st in statements]
    out.append(convention(scope))
    if spec_checks:
        out += [consistency(scope), evaluator(scope), bulk(scope)]
    if compare:
        out.append(preorder(scope))
    if compare_only:
        out.append(comparator(scope))
    out.append(deterministic(scope))
    if ours:
        out.append(library_defaults(scope))
    if program:
        out.append(channel(scope))
    return out
