def act(observation, legal_actions):
    return "the best move"
