"""The ``channel`` obligation: an engine that is a program answered every request the checker
sent it, whole and in step, whatever the batch's size.

A request that breaks (the program exits, hangs, writes a line too many, answers a batch short)
is split until the input that breaks it is alone (:mod:`casino_proofs.adapters.exec_engine`).
When such an input is found, its own answer says so and its obligations refute it. But a
program may break only on large batches, or now and then, and answer every piece: then no
input's answer shows the fault, and only the channel's log remembers it. That is evidence, never
forgotten: a break no input explains is REFUTED (ERROR if it was only a timeout, which may be
slowness), naming the batch size and the problem.
"""

from __future__ import annotations

import time
from dataclasses import replace

from casino_proofs import games
from casino_proofs.obligations.verdict import Obligation, Result, Verdict
from casino_proofs.obligations.words import counted
from casino_proofs.protocol.channel_log import ChannelFault, ChannelLog


def channel_obligation(game: str, oid: str, scope: str) -> Obligation:
    """The channel obligation of a game's run, resting on the clause that offers the game."""
    clause = games.game(game).offered
    return Obligation(oid, "channel", clause, (clause,), "the engine", scope,
                      "every request the checker sent got a whole answer, in step, whatever "
                      "its batch size", game=game)


def _sizes(faults: list[ChannelFault]) -> str:
    sizes = sorted({f.size for f in faults}, reverse=True)
    shown = ", ".join(f"{s:,}" for s in sizes[:5])
    return shown + (f" and {len(sizes) - 5} more sizes" if len(sizes) > 5 else "")


def given_up_cause(log: ChannelLog) -> str:
    """What every ERROR of a run whose engine was given up on rests on: one fact."""
    return f"the engine was given up on: {log.gave_up}" if log.gave_up else ""


def channel_result(ob: Obligation, log: ChannelLog) -> Result:
    """The verdict on one engine's channel log."""
    started = time.perf_counter()
    # the largest first: the batch the engine fails on, not the first of its pieces that did
    unexplained = sorted(log.unexplained(), key=lambda f: -f.size)
    definite = [f for f in unexplained if f.fault != "timeout"]
    if definite or unexplained:
        shown = (definite or unexplained)[0]
        what = {"crash": "broke off", "timeout": "got no answer in time",
                "desync": "put the channel out of step", "malformed": "got no proper answer"}
        why = ("a hello that is not the engine's first is a fault of the channel, whatever "
               "the input" if "hello changed" in shown.problem else
               "a line too many is a fault of the channel, whatever the input"
               if shown.fault == "desync" else
               "no input of it fails when asked alone: the engine fails on batches, or now and "
               "then, not on an input")
        unit = "script" if shown.op == "play" else "input"
        detail = (f"a {shown.op} batch of {counted(shown.size, unit)} "
                  f"{what.get(shown.fault, 'broke')} ({shown.problem}); {why}; "
                  f"{counted(len(unexplained), 'such request')} of {log.requests:,}, batch "
                  f"size{'s' * (len(unexplained) != 1)} {_sizes(unexplained)}")
        cex = {"batch_size": shown.size, "op": shown.op, "fault": shown.fault,
               "problem": shown.problem, "requests_broken": len(unexplained),
               "requests": log.requests}
        if log.gave_up:
            detail += f"; then the engine was given up on: {log.gave_up}"
            cex["gave_up"] = log.gave_up
        if definite:
            return Result(ob, Verdict.REFUTED, time.perf_counter() - started, detail, cex,
                          cause=given_up_cause(log))
        return Result(ob, Verdict.ERROR, time.perf_counter() - started,
                      f"not established: {detail}", cex, cause=given_up_cause(log))
    if log.gave_up:
        return Result(ob, Verdict.ERROR, time.perf_counter() - started,
                      f"not established: the engine was given up on: {log.gave_up} "
                      f"({log.requests:,} requests, the largest of {log.largest:,} inputs)",
                      {"gave_up": log.gave_up, "requests": log.requests},
                      cause=given_up_cause(log))
    explained = sum(1 for f in log.faults if f.explained)
    given_up = len(log.faults) - explained
    note = (f"; {counted(explained, 'broken request')}, each narrowed down to an input that "
            "fails alone, which its own obligations show") if explained else ""
    note += (f"; {counted(given_up, 'broken request')} left when the engine was given up on "
             "(their inputs are ERROR, not asked)") if given_up else ""
    return Result(ob, Verdict.PROVED, time.perf_counter() - started,
                  f"{log.requests:,} requests, the largest of {log.largest:,} inputs, each "
                  f"answered whole and in step{note}")


def tag_given_up(results: list[Result], log: ChannelLog | None) -> list[Result]:
    """Every ERROR of a run whose engine was given up on carries that one cause: the report
    shows them as one finding, headed by the channel's."""
    cause = given_up_cause(log) if log is not None else ""
    if not cause:
        return results
    return [replace(r, cause=cause) if r.verdict is Verdict.ERROR and not r.cause else r
            for r in results]
