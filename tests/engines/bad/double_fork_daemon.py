"""A right engine that starts a daemon the classic way: fork, setsid, fork again, the middle
process exits at once, so the daemon is nobody's child but the checker's (its subreaper). The
check must end it. (Given a file name, it writes the daemon's process ID there.)

expect: exit=0 says="Result: PROVED" input=no
"""
import os
import sys
import time

from _engine import serve

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        if len(sys.argv) > 1:
            with open(sys.argv[1], "a") as f:
                f.write(f"{os.getpid()}\n")
        os.closerange(0, 3)
        time.sleep(3600)
    os._exit(0)
time.sleep(0.2)
serve()
