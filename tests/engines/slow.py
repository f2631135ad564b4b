"""Run an engine and pass it every request only after a delay: ``python slow.py SECONDS
COMMAND...``. A slow engine, of any protocol, for the progress tests: the checker waits on it
while its progress must go on speaking (the hellos that fence each request are not slowed)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

delay, *command = sys.argv[1:]
engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
assert engine.stdin is not None and engine.stdout is not None
for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") not in ("hello", "bye"):
        time.sleep(float(delay))
    engine.stdin.write(line)
    engine.stdin.flush()
    if request.get("op") == "bye":
        break
    sys.stdout.write(engine.stdout.readline())
    sys.stdout.flush()
engine.stdin.close()
engine.wait(timeout=5)
