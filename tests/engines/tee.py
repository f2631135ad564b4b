"""Run an engine and keep a copy of every line it is sent and every line it answers:
``python tee.py LOG COMMAND...``. The tests validate the copy against the published schemas."""

from __future__ import annotations

import json
import subprocess
import sys

log_path, *command = sys.argv[1:]
engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
assert engine.stdin is not None and engine.stdout is not None
with open(log_path, "a", encoding="utf-8") as log:
    for line in sys.stdin:
        engine.stdin.write(line)
        engine.stdin.flush()
        request = json.loads(line)
        if request.get("op") == "bye":
            break
        answer = engine.stdout.readline()
        log.write(json.dumps({"request": request, "answer": json.loads(answer)}) + "\n")
        sys.stdout.write(answer)
        sys.stdout.flush()
engine.stdin.close()
engine.wait(timeout=5)
