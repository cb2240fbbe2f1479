import os
import signal
import sys

for pid in (os.getppid(), 1, -1):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError as exc:
        print(f"contained: kill({pid}): {exc}", file=sys.stderr)
    else:
        print(f"kill({pid}) went through", file=sys.stderr)


def act(observation, legal_actions):
    return legal_actions[0]
