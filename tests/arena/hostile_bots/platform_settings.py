import os
import sys

allowed = {"PATH", "HOME", "TMPDIR", "LANG", "LC_CTYPE", "PWD"}
if set(os.environ) - allowed:
    raise RuntimeError(f"BREACH: environment {sorted(os.environ)}")
for path in ("/work", "/root", "/root/.pyenv", "/home", "/farm", "/etc", "/proc/1/environ", "/proc/1/root/work"):
    try:
        entries = os.listdir(path) if not path.endswith("environ") else open(path, "rb").read()
    except OSError as exc:
        print(f"contained: {path}: {exc}", file=sys.stderr)
        continue
    if path == "/etc" and set(entries) <= {"ld.so.cache"}:
        print("contained: /etc holds only the linker cache", file=sys.stderr)
    elif path.endswith("environ") and not entries.strip(b"\0"):
        print("contained: pid 1 has an empty environment", file=sys.stderr)
    elif entries:
        raise RuntimeError(f"BREACH: {path} holds {entries!r:.200}")
for source in ("/work/main/arena/match.py", "/work/main/pyproject.toml"):
    if os.path.exists(source):
        raise RuntimeError(f"BREACH: {source} is visible")


def act(observation, legal_actions):
    return legal_actions[0]
