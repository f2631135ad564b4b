"""A right engine whose hello changes once it has settled a batch (it counts its requests in
its version, say): the fence after the first request is not its first hello. A hello that is
not the first is a fault of the channel the moment it is read: REFUTED, and the engine given
up on at once, never a wait for a fence that never comes.

expect: exit=1 verdict=REFUTED says="the engine's hello changed" input=no
"""
import json
import sys

from _engine import any_7

settled = 0
for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "hello":
        version = "1" if settled == 0 else f"1+{settled}"
        print(json.dumps({"name": "counting engine", "version": version, "games": ["craps"],
                          "wagers": ["any-7"]}), flush=True)
    elif request.get("op") == "settle":
        settled += 1
        print(json.dumps({"batch": [any_7(item) for item in request["batch"]]}), flush=True)
    else:
        break
