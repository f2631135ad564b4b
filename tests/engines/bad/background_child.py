"""A right engine that starts a helper in the background (a cache warmer, say) and never
stops it: the check must end it with the engine. (Given a file name, it writes the helper's
process ID there, for the test that no process outlives the run.)

expect: exit=0 says="Result: PROVED" input=no
"""
import subprocess
import sys

from _engine import serve

helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
if len(sys.argv) > 1:
    with open(sys.argv[1], "a") as f:
        f.write(f"{helper.pid}\n")
serve()
