"""A Katana starter bot: plays its team's game with a few plain rules.

Run it:  arena match katana examples/bots/katana_samurai.py random random random
Check it: arena validate katana examples/bots/katana_samurai.py

It knows the action names from the start message (``setup``), so it reads the
legal actions as names: PLAY_<card>, TARGET_SEAT_<n>, PARRY, DISCARD_<card>...
Observation fields and action names are listed in docs/bots/katana.md.
"""

# Cards worth playing, best first; weapons come after them, strongest first.
PLAY_ORDER = ["concentration", "attaque_rapide", "armure", "daimyo", "ceremonie_du_the",
              "cri_de_guerre", "ju_jitsu", "diversion", "geisha"]
# Cards to throw away first when the hand is too big.
DISCARD_ORDER = ["code_du_bushido", "meditation", "bokken", "bo", "shuriken", "naginata", "diversion",
                 "geisha", "kiseru", "kusarigama", "ju_jitsu", "cri_de_guerre"]
WEAPON_DAMAGE = {"bokken": 1, "kiseru": 2, "wakizashi": 3, "bo": 1, "kusarigama": 2, "katana": 3,
                 "shuriken": 1, "kanabo": 2, "nodachi": 3, "naginata": 1, "nagayari": 2,
                 "tanegashima": 1, "daikyu": 2}


class Bot:
    def setup(self, info):
        self.names = info["action_names"]
        self.seat = info["seat"]

    def act(self, observation, legal_actions):
        named = {self.names[a]: a for a in legal_actions}
        phase = observation["phase"]
        if phase in ("parry_choice", "battlecry"):
            return self._defend(named)
        if phase == "choose_target":
            return self._target(observation, named)
        if phase in ("jujitsu", "bushido_choice", "discard_down"):
            return self._discard(named)
        if phase == "draw_choice":
            return named["DRAW_FROM_PILE"]
        if phase == "geisha_choice":
            permanents = [a for n, a in named.items() if n != "GEISHA_HAND"]
            return permanents[0] if permanents else named["GEISHA_HAND"]
        if phase == "play_cards":
            return self._play(observation, named)
        return legal_actions[0]

    def _defend(self, named):
        if "PARRY" in named:
            return named["PARRY"]
        for name, action in named.items():
            if name.startswith("PARRY_WITH_"):
                return action
        return named["TAKE_DAMAGE"]

    def _discard(self, named):
        for card in DISCARD_ORDER:
            if "DISCARD_" + card.upper() in named:
                return named["DISCARD_" + card.upper()]
        discards = [a for n, a in named.items() if n.startswith("DISCARD_")]
        if discards:
            return discards[0]
        return named.get("TAKE_DAMAGE", named.get("BUSHIDO_PAY_HONOR"))

    def _play(self, observation, named):
        me = observation["seats"][self.seat]
        if "PLAY_MEDITATION" in named and me["resilience"] < me["max_resilience"]:
            return named["PLAY_MEDITATION"]
        for card in PLAY_ORDER:
            if "PLAY_" + card.upper() in named:
                return named["PLAY_" + card.upper()]
        weapons = [(WEAPON_DAMAGE[n[5:].lower()], a) for n, a in named.items()
                   if n.startswith("PLAY_") and n[5:].lower() in WEAPON_DAMAGE]
        if weapons and self._enemies(observation):
            return max(weapons)[1]
        return named["END_TURN"]

    def _enemies(self, observation):
        """Seats this bot would hurt: the shogun's side attacks everyone but the shogun; the
        others attack the shogun first, then whoever is weakest."""
        role = observation["you"]["role"]
        shogun = observation["shogun"]
        seats = [s for s in range(observation["players"]) if s != self.seat]
        if role in ("shogun", "samurai"):
            return [s for s in seats if s != shogun]
        return seats

    def _target(self, observation, named):
        targets = {int(n.rsplit("_", 1)[1]): a for n, a in named.items() if n.startswith("TARGET_SEAT_")}
        card = (observation.get("pending") or {}).get("card")
        role = observation["you"]["role"]
        shogun = observation["shogun"]
        if card == "meditation":   # the target draws a card: help the shogun's side if on it
            friend = shogun if role == "samurai" else None
            return targets.get(friend, next(iter(targets.values())))
        enemies = self._enemies(observation)
        seats = observation["seats"]

        def preference(seat):
            hunted = role == "ninja" and seat == shogun
            return (seat not in enemies, not hunted, seats[seat]["resilience"])
        return targets[min(targets, key=preference)]
