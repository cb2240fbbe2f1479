"""Burns CPU in a child while answering: only the CPU-time rlimit stops the child."""
import os

if os.fork() == 0:
    while True:
        pass


def act(observation, legal_actions):
    n = 0
    while n < 10 ** 9:
        n += 1
    return legal_actions[0]
