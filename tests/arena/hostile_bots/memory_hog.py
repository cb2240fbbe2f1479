hoard = []


def act(observation, legal_actions):
    while True:
        hoard.append(bytes(256 << 20))
