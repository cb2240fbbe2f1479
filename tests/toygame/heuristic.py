"""Holds once the turn's points reach 20 or would reach the target."""


class HoldAtTwenty:
    def __init__(self, seed):
        self.seed = seed

    def act(self, observation, legal_actions):
        me = observation["players"][observation["seat"]]
        if len(legal_actions) > 1 and (observation["turn_points"] >= 20
                                       or me["score"] + observation["turn_points"] >= observation["target"]):
            return legal_actions[1]
        return legal_actions[0]
