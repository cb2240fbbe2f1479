import sys


def act(observation, legal_actions):
    line = "x" * 4096 + "\n"
    while True:
        sys.stderr.write(line)
