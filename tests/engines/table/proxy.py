"""A faulty table engine (protocol 2): the example table engine, examples/engines/table.js,
behind a proxy that spoils its answers one way (``--mutate NAME``).

- ``history``: from the 200th script played on, an Any 7 that wins is paid 5 to 1, not 4 to 1:
  the same input settled two ways, by what came before it (a money finding);
- ``stays-paid``: in script ``s5``, a bet paid its winnings is said to stay on the table;
- ``drops-bet``: in script ``s3``, a roll's answer leaves out the last bet on the table;
- ``no-interface``: the hello does not say ``"interface": "table"``;
- ``bad-rounding``: the hello declares the rounding ``"nearest"``;
- ``short-script``: script ``s7``'s answers lack their last answer;
- ``hang``: it never answers a request holding the script of a come-out roll after a
  natural then 6-6 (a timeout proves nothing: never PROVED, never REFUTED for it);
- ``ascii-players``: the table pays per player (``--policy payment=per-player``) and names
  each player of a roll's answer in ASCII (``joueur e`` for the scripts' ``joueur é``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

TABLE_JS = Path(__file__).resolve().parents[3] / "examples" / "engines" / "table.js"


def _spoil(mutate: str, answer: Any, state: dict[str, int], events: list[Any]) -> Any:
    if isinstance(answer, dict) and "interface" in answer:  # the hello
        if mutate == "no-interface":
            answer.pop("interface")
        if mutate == "bad-rounding":
            answer["money"]["rounding"] = "nearest"
        return answer
    if not isinstance(answer, dict) or "scripts" not in answer:
        return answer
    for script, played in zip(events, answer["scripts"], strict=True):
        state["scripts"] += 1
        answers = played["answers"]
        wagers = {e["place"]: (e["wager"], e["amount"]) for e in script["events"]
                  if "place" in e}
        if mutate == "short-script" and script["id"] == "s7":
            answers.pop()
        for a in answers:
            if not isinstance(a, dict) or "bets" not in a:
                continue
            for p in a.get("players", []) if mutate == "ascii-players" else []:
                p["player"] = p["player"].replace("é", "e")
            if mutate == "drops-bet" and a["bets"] and script["id"] == "s3":
                a["bets"].pop()
            for bet in a["bets"]:
                wager, amount = wagers[bet["bet"]]
                if mutate == "history" and wager == "any-7" and bet["paid"] \
                        and state["scripts"] >= 200:
                    bet["paid"] = 5 * amount
                if mutate == "stays-paid" and bet["paid"] and script["id"] == "s5":
                    bet["stays"] = True
    return answer


def main() -> None:
    mutate = sys.argv[sys.argv.index("--mutate") + 1]
    policy = ["--policy", "payment=per-player"] if mutate == "ascii-players" else []
    engine = subprocess.Popen(["node", str(TABLE_JS), *policy], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert engine.stdin is not None and engine.stdout is not None
    state = {"scripts": 0}
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        engine.stdin.write(line if line.endswith("\n") else line + "\n")
        engine.stdin.flush()
        if request.get("op") == "bye":
            break
        if mutate == "hang" and any(
                s["events"] and s["events"][0] == {"roll": [3, 4]}
                and s["events"][-1] == {"roll": [6, 6]}
                for s in request.get("scripts", [])):
            time.sleep(3600)
        answer = json.loads(engine.stdout.readline())
        events = request.get("scripts", [])
        sys.stdout.write(json.dumps(_spoil(mutate, answer, state, events)) + "\n")
        sys.stdout.flush()
    engine.terminate()


if __name__ == "__main__":
    main()
