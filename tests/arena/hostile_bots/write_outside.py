import os
import sys

NAME = "arena-hostile-escape"
for folder in ("/", "/usr", "/bot", "/arena", "/etc", "/work", "/root", "/var/tmp", "/dev/shm", "/proc/1/root/tmp"):
    path = os.path.join(folder, NAME)
    try:
        with open(path, "w") as handle:
            handle.write("escaped")
    except OSError as exc:
        print(f"contained: {path}: {exc}", file=sys.stderr)
    else:
        raise RuntimeError(f"BREACH: wrote {path}")
with open(os.path.join("/tmp", NAME), "w") as handle:   # its own place: allowed
    handle.write("mine")


def act(observation, legal_actions):
    return legal_actions[0]
