"""Proof obligations for the Pai Gow Poker ranking of s. 40, over every hand of the deck.

The strategy, in three steps:

1. ``abstraction``: Z3 proves that everything the specification says of a hand (its
   combination, its membership in each ordering statement, its conventional order) depends only
   on the rank index of each of its cards in order and on whether its non-joker cards share a
   suit (:mod:`casino_proofs.paigow.obligations.queries`).
2. The implementation under test is asked about every hand (2,869,685 five-card and 1,378
   two-card hands), each answer filed under that abstraction
   (:mod:`casino_proofs.paigow.obligations.every_hand`), in worker processes.
3. The specification is evaluated once per class (about ten thousand), and the obligations are
   checked class by class: by step 1 what holds for a class's representative holds for each of
   its hands.

Obligations (``paigow/{high|low}/...``):

- ``exhaustive``: every hand of the deck was answered with a well-formed strength;
- ``abstraction``, ``nonvacuous``, ``statement``: the queries of step 1 about the spec itself;
- ``combination``: the implementation gives every hand the specification's combination (when
  it names combinations; an engine answering strengths alone is proved on the order only);
- ``order``: the implementation's order respects each ordering statement (a violation is a
  pair of hands, with the clause);
- ``convention``: where the text is silent, the implementation orders hands as the named
  conventions do, and suits never rank (a tiebreak-only fault is caught here);
- ``consistency``: the conventions never contradict the text's statements;
- ``evaluator``: the fast evaluation of the specification agrees with Z3's own on a sample;
- ``preorder`` (an implementation with ``compare``): ``compare()`` follows the values, for
  every hand against its class's representative;
- ``deterministic``: a seeded sample of hands, asked again (a program gets the cards in another
  order), gets the same strengths;
- ``library-defaults`` (our implementation): ``evaluate(hand)`` as a user calls it agrees with
  the registry's defaults passed explicitly, on both extreme hands of every class.

Every counterexample is replayed through both sides before it is reported.

The modules: ``run`` (the pass and the queries in worker processes, then every obligation),
``catalogue`` (every obligation named once), ``evidence`` (what the checks read), and one
module per kind of check: ``combination``, ``order``, ``convention`` (and consistency),
``asked_again`` (deterministic, library-defaults, preorder), ``spec_side`` (the queries'
results, their dual evidence, evaluator), ``figures`` (exhaustive, silence, digest); beside
them ``every_hand`` (the pass), ``queries`` (the Z3 queries) and ``scope_spec`` (the
specification of one scope as terms).
"""


from casino_proofs.paigow.obligations.run import PaiGowOutcome, prove_paigow

__all__ = ["PaiGowOutcome", "prove_paigow"]
