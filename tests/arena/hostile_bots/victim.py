# SECRET-OF-ANOTHER-BOT: no other bot may ever read this file.
def act(observation, legal_actions):
    return legal_actions[-1]
