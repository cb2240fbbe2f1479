"""Leaves a daemon behind: double fork, new session, signals ignored, sleeping forever."""
import os
import signal
import time

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, signal.SIG_IGN)
        os.closerange(0, 64)
        while True:
            time.sleep(1)
    os._exit(0)
os.wait()


def act(observation, legal_actions):
    return legal_actions[0]
