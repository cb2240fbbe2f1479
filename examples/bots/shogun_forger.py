"""A Shōgun no Katana starter bot: forges the line where most swords can move, buys what its
swords need next, delivers whatever is finished, takes new orders when its forge is empty.

Run it:  arena match shogun examples/bots/shogun_forger.py random random
Check it: arena validate shogun examples/bots/shogun_forger.py
Observation fields and action names: docs/bots/shogun.md.
"""
RESOURCES = ["laque", "bois", "acier", "galuchat"]       # the forge's rows, top to bottom
LETTERS = "lbag"
PRICE = {"laque": 4, "bois": 1, "acier": 2, "galuchat": 3}


def next_resource(sword):
    """The resource a sword needs next (its tile key spells its composition), or None."""
    if sword["tile"] == "katana" or sword["complete"]:
        return None
    return RESOURCES[LETTERS.index(sword["tile"][sword["placed"]])]


class Bot:
    def setup(self, info):
        self.names = info["action_names"]
        self.seat = info["seat"]

    def act(self, observation, legal_actions):
        named = {self.names[a]: a for a in legal_actions}
        me = observation["seats"][self.seat]
        for prefix in ("DELIVER_", "COLLECT_", "MOVE_", "SWAP_", "COMPOSE_", "KATANA", "DRAFT_", "HONOUR_"):
            for name, action in named.items():
                if name.startswith(prefix):
                    return action
        phase = observation["phase"]
        if phase == "turn":
            return self._place(observation, me, named)
        if phase == "market_buy":
            for resource in self._wanted(me):
                if "PURCHASE_" + resource.upper() in named:
                    return named["PURCHASE_" + resource.upper()]
        if phase == "resolve_cards":
            discards = [a for n, a in named.items() if n.startswith("DISCARD_")]
            return discards[0]
        if "DONE" in named:
            return named["DONE"]
        return legal_actions[0]

    def _wanted(self, me):
        """Resources the swords need next that the stock lacks, cheapest first."""
        need = {}
        for sword in me["forge"]:
            resource = next_resource(sword)
            if resource:
                need[resource] = need.get(resource, 0) + 1
        short = [r for r, count in need.items() if count > me["stock"][r]]
        return sorted(short, key=PRICE.get)

    def _place(self, observation, me, named):
        movable = {}
        for sword in me["forge"]:
            resource = next_resource(sword)
            if resource and me["stock"][resource] > 0:
                row, column = sword["cell"][1], sword["cell"][3]
                movable["ROW_" + row] = movable.get("ROW_" + row, 0) + 1
                movable["COL_" + column] = movable.get("COL_" + column, 0) + 1
        if movable:
            line = max(movable, key=movable.get)
            if "WORKER_" + line in named:
                return named["WORKER_" + line]
        if self._wanted(me) and me["coins"] >= 2 and "WORKER_MARKET" in named:
            return named["WORKER_MARKET"]
        if len(me["forge"]) < 3:
            spaces = [a for n, a in named.items() if n.startswith("WORKER_SPACE_")]
            if spaces:
                return spaces[0]
        for place in ("WORKER_KOMAINU", "WORKER_ACADEMY", "WORKER_PALACE"):
            if place in named:
                return named[place]
        return named["PASS"]
