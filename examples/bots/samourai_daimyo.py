"""A Samouraï et Katana starter bot: buys samurai where it is strongest, attacks only with the odds,
fights with its best cards and keeps its powers for their effects.

Run it:  arena match samourai examples/bots/samourai_daimyo.py random random
Observation fields and action names: docs/bots/samourai.md.
"""
VALUES = {"ashigaru": 1, "samourai": 2, "archers": 2, "cavaliers": 3, "arquebusiers": 3, "hatamoto": 4,
          "gunbai": 2, "nobori": 2, "alliance": 2, "ronin": 2, "embuscade": 1, "ikko_ikki": 5, "hokke": 4,
          "nichiren": 4, "ceremonie_du_the": 5, "theatre_no": 3, "affront": 2, "complot": 3,
          "commerce_nanban": 3, "ninja": 5, "justice_shogunale": 5, "tsunami": 4, "terre_brulee": 4, "wako": 3}
SPECIALS = ("gunbai", "nobori", "ronin", "alliance")
GOOD_PLAYS = ("PLAY_CEREMONIE_DU_THE", "PLAY_THEATRE_NO", "PLAY_COMMERCE_NANBAN")


class Bot:
    def setup(self, info):
        self.names = info["action_names"]
        self.seat = info["seat"]
        self.moves = 0

    def act(self, observation, legal_actions):
        named = {self.names[a]: a for a in legal_actions}
        step = observation["pending"]["step"]
        me = observation["seats"][self.seat]
        board = {t["key"]: t for t in observation["territories"]}
        mine = [key for key, t in board.items() if t["owner"] == self.seat]
        if step == "commit":                     # the two best values, then a fan if any
            cards = sorted((VALUES.get(n[7:].lower(), 0), a) for n, a in named.items() if n.startswith("COMMIT_"))
            if "NO_SPECIAL" in named:
                specials = [named["COMMIT_" + s.upper()] for s in SPECIALS if "COMMIT_" + s.upper() in named]
                return specials[0] if specials else named["NO_SPECIAL"]
            return cards[-1][1]
        if step in ("purchase", "activate"):
            if step == "activate":
                for play in GOOD_PLAYS:
                    if play in named:
                        return named[play]
                if "MOVE" in named and self.moves < 2:
                    self.moves += 1
                    return named["MOVE"]
            elif "BUY_SAMURAI" in named and me["koku"] > 2:
                return named["BUY_SAMURAI"]
            self.moves = 0
            return named.get("END_TURN", legal_actions[0])
        if step in ("buy_where", "move_from", "setup_place"):   # where we are strongest
            spots = [(board[n[10:].lower()]["samurai"], a) for n, a in named.items() if n.startswith("TERRITORY_")]
            if spots:
                return max(spots)[1]
        if step == "move_to":                    # a free territory, else a weak enemy one
            options = []
            for n, a in named.items():
                t = board[n[10:].lower()]
                weight = 0 if t["owner"] is None else 1 if t["owner"] == self.seat else 2 + t["samurai"]
                options.append((weight, a))
            return min(options)[1]
        if step == "move_count":                 # everyone but one
            counts = sorted((int(n.rsplit("_", 1)[1]), a) for n, a in named.items() if n.startswith("COUNT_"))
            return counts[-2][1] if len(counts) > 1 and len(mine) == 1 else counts[-1][1]
        if step == "discard":
            return named["DONE"]
        if step == "castle_taken":
            return named.get("REPLACE", named["DESTROY"])
        if "PASS" in named:
            return named["PASS"]
        return legal_actions[0]
