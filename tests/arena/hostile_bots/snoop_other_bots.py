"""Looks everywhere it can for another bot's code (the tests stage one with a secret mark in it)."""
import glob
import os
import sys

MARK = "SECRET-OF-" + "ANOTHER-BOT"
places = ["/tmp/**", "/tmp/arena-bot-*/bot/*", "/proc/*/root/bot/*", "/proc/*/root/tmp/**", "/proc/*/cwd/*",
          "/var/tmp/**", "/dev/shm/**", "/work/**/*.py"]
seen = 0
for pattern in places:
    for path in glob.glob(pattern, recursive=True)[:5000]:
        try:
            with open(path, errors="replace") as handle:
                text = handle.read(1 << 20)
        except OSError:
            continue
        seen += 1
        if MARK in text and not path.startswith("/bot/"):
            raise RuntimeError(f"BREACH: found another bot's file at {path}")
print(f"contained: read {seen} files, none another bot's", file=sys.stderr)
others = [p for p in os.listdir("/proc") if p.isdigit()]
print(f"contained: {len(others)} processes visible", file=sys.stderr)


def act(observation, legal_actions):
    return legal_actions[0]
