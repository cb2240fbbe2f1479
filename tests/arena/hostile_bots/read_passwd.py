import sys

for path in ("/etc/passwd", "/etc/shadow", "/etc/hostname", "/root/.bash_history"):
    try:
        with open(path) as handle:
            handle.read()
    except OSError as exc:
        print(f"contained: {path}: {exc}", file=sys.stderr)
    else:
        raise RuntimeError(f"BREACH: read {path}")


def act(observation, legal_actions):
    return legal_actions[0]
