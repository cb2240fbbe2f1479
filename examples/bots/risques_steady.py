"""A Risques starter bot: steady wagers, targets the most wounded opponent.

Run it:  arena match risques examples/bots/risques_steady.py random random
Observation fields and action names: docs/bots/risques.md.
"""


class Bot:
    def setup(self, info):
        self.names = info["action_names"]
        self.seat = info["seat"]

    def act(self, observation, legal_actions):
        named = {self.names[a]: a for a in legal_actions}
        wagers = sorted((int(n.rsplit("_", 1)[1]), a) for n, a in named.items() if n.startswith("WAGER_"))
        if wagers:   # neither nothing nor everything: about a third of the most allowed
            return wagers[len(wagers) // 3][1]
        seats = {int(n.rsplit("_", 1)[1]): a for n, a in named.items() if n.startswith("TARGET_SEAT_")}
        if seats:
            table = observation["seats"]
            return seats[max(seats, key=lambda s: (sum(table[s]["wounds"].values()), -table[s]["score"]))]
        for preferred in ("GARDE", "FRAPPE", "POOL_DONE"):
            if preferred in named:
                return named[preferred]
        return legal_actions[0]
