"""The solvers a bundle's queries go through again, and what their answers mean.

Every query goes through cvc5 (the independent solver) or Z3, under the bundle's
deterministic budget (cvc5's ``rlimit-per``); an exhausted budget prints ``unknown``, never an
answer. An obligation's SMT verdict is derived again from its queries' answers, by its kind
(``smt_verdict``), and its final verdict must follow from that as ``check`` decides
(``follows``).
"""

from __future__ import annotations

from functools import lru_cache


def _first_answer(output: str | bytes) -> str:
    """The first answer a solver printed: sat, unsat or unknown (an exhausted budget prints
    unknown, whatever it adds after it)."""
    text = output.decode("utf-8", "replace") if isinstance(output, bytes) else output
    for line in text.splitlines():
        words = line.split()
        if words and words[0] in ("sat", "unsat", "unknown"):
            return words[0]
    return f"error: {text.strip()[:200]}"


@lru_cache(maxsize=8192)
def run_z3(text: str, rlimit: int, wall_ms: int) -> str:
    """Z3's answer to one query, in a context of its own (remembered: the same query under the
    same limits gets the same answer, and a process replaying many bundles of one run asks it
    once)."""
    import z3

    ctx = z3.Context()
    options = f"(set-option :rlimit {rlimit})\n(set-option :timeout {wall_ms})\n"
    try:
        output = z3.Z3_eval_smtlib2_string(ctx.ref(), options + text)
    except z3.Z3Exception as exc:  # a later command failed: the answer printed before counts
        return _first_answer(exc.value if isinstance(exc.value, str | bytes) else str(exc))
    return _first_answer(output)


@lru_cache(maxsize=8192)
def run_cvc5(text: str, rlimit: int, wall_ms: int) -> str:
    """cvc5's answer to one query (remembered, as Z3's)."""
    import cvc5

    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("rlimit-per", str(rlimit))
    solver.setOption("tlimit-per", str(wall_ms))
    parser = cvc5.InputParser(solver)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "bundle")
    symbols = parser.getSymbolManager()
    out = []
    try:
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            out.append(command.invoke(solver, symbols))
    except RuntimeError as exc:
        return f"error: {exc}"
    return _first_answer("".join(out))


# -- re-deriving verdicts ------------------------------------------------------------------

#: Obligations whose query states a claim (unsat proves it, sat refutes it).
CLAIMS = {"domain", "exclusive", "agrees", "universe", "abstraction"}


def smt_verdict(kind: str, answers: list[str]) -> str | None:
    """The SMT verdict an obligation's queries' answers give, by kind; None if the answers
    fit no verdict of that kind."""
    if "unknown" in answers:
        return "UNKNOWN"
    if not answers:
        return None
    if kind in CLAIMS:
        return {"unsat": "PROVED", "sat": "REFUTED"}.get(answers[0]) if len(answers) == 1 \
            else None
    if kind == "exhaustive":  # the claim, or the class's emptiness (VACUOUS)
        return {"unsat": "PROVED|VACUOUS", "sat": "REFUTED"}.get(answers[0]) \
            if len(answers) == 1 else None
    if kind == "nonvacuous":
        return {"sat": "PROVED", "unsat": "VACUOUS"}.get(answers[0]) if len(answers) == 1 \
            else None
    if kind == "reachable":
        return "PROVED" if answers == ["sat"] else \
            "VACUOUS" if all(a == "unsat" for a in answers) else None
    if kind == "statement":
        if answers[:2] == ["sat", "sat"] and len(answers) == 3:
            return {"unsat": "PROVED", "sat": "REFUTED"}.get(answers[2])
        if answers in (["unsat"], ["sat", "unsat"]):
            return "VACUOUS"
    return None


def follows(final: str, smt: str, enumerated: bool) -> bool:
    """Whether the final verdict follows from the SMT verdict as ``check`` decides: the same;
    or REFUTED/ERROR where the enumeration (craps) found what the query did not; or ERROR where
    a counterexample did not replay or an engine did not answer in time."""
    if final == smt:
        return True
    if smt == "PROVED" and final in ("REFUTED", "ERROR") and enumerated:
        return True
    return smt == "REFUTED" and final == "ERROR"
