"""A right engine whose helper leaves its process group (it calls setsid(), as a daemon does)
and sleeps: ending the group does not reach it; the check must end it all the same. (Given a
file name, it writes the helper's process ID there.)

expect: exit=0 says="Result: PROVED" input=no
"""
import os
import sys

from _engine import serve

pid = os.fork()
if pid == 0:
    os.setsid()
    if len(sys.argv) > 1:
        with open(sys.argv[1], "a") as f:
            f.write(f"{os.getpid()}\n")
    os.closerange(0, 3)
    import time

    time.sleep(3600)
    os._exit(0)
serve()
