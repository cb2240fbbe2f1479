hoard = []


def act(observation, legal_actions):
    while True:
        hoard.append(bytearray(256 << 20))
