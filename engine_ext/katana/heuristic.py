"""A Katana heuristic bot that plays from its observation only.

``KatanaAggressor`` keeps a suspicion score per seat (how likely that seat is
on another team than its own) from what it can see: its own role, the
shogun, and who attacks whom.  On its turn it plays permanents first, heals
when hurt, draws with the Cérémonie du thé, then attacks the strongest
suspected enemy it can reach with the hardest-hitting weapon that reaches
it; it parries weapon attacks whenever it can, keeps its Daimyo (they score
at the end, except for the ronin) and discards its least useful card.  Ties
are broken by its own seeded generator, so it is deterministic from its seed.
"""
import random

from . import data
from .actions import ACTION_NAMES

ACTION_ID = {name: i for i, name in enumerate(ACTION_NAMES)}
CARD = {c.key: c for c in data.CARDS}
WEAPON_KEYS = [c.key for c in data.CARDS if c.kind == data.WEAPON]
PERMANENT_PRIORITY = ("attaque_rapide", "concentration", "armure", "code_du_bushido")
SHOGUN_SIDE = ("shogun", "samurai")


def _card_value(key, role):
    """How much the bot wants to keep a card in hand (higher: keep)."""
    card = CARD[key]
    if key == "daimyo":
        return 1 if role == "ronin" else 9
    if key == "parade":
        return 8
    if card.kind == data.PERMANENT:
        return 7
    if card.kind == data.WEAPON:
        return 2 + card.damage + card.range / 2
    return {"ceremonie_du_the": 6, "meditation": 5, "geisha": 4, "diversion": 4}.get(key, 3)


class KatanaAggressor:
    """Attacks the strongest reachable suspected enemy, parries when it can, plays permanents,
    keeps Daimyo."""

    name = "katana-aggressor"

    def __init__(self, seed):
        self._rng = random.Random(seed)
        self._hostility = None

    # ------------------------------------------------------------ beliefs
    def _prior(self, obs):
        me, shogun, n = obs["seat"], obs["shogun"], obs["players"]
        role = obs["you"]["role"]
        hostility = [0.5] * n
        hostility[me] = 0.0
        if role in SHOGUN_SIDE:
            if me != shogun:
                hostility[shogun] = 0.0
        elif role == "ninja":
            hostility[shogun] = 1.0
            # Two or three ninjas among n - 1 others: most unknown seats are friends at 4-5 players.
            for s in range(n):
                if s not in (me, shogun):
                    hostility[s] = 0.45
        else:  # ronin: everybody is an enemy
            hostility = [1.0] * n
            hostility[me] = 0.0
        return hostility

    def _observe(self, obs):
        if self._hostility is None:
            self._hostility = self._prior(obs)
        h = self._hostility
        me, shogun, role = obs["seat"], obs["shogun"], obs["you"]["role"]
        if role == "ronin":
            return
        for event in obs["events"]:
            if event["event"] != "target" or event.get("card") not in CARD:
                continue
            if CARD[event["card"]].kind != data.WEAPON:
                continue
            attacker, victim = event["seat"], event["target"]
            if attacker == me or attacker == shogun and role in SHOGUN_SIDE:
                continue
            if victim == shogun:
                # Whoever strikes the shogun is against it: an enemy of the shogun's side,
                # most likely a friend of a ninja.
                h[attacker] += 0.35 if role in SHOGUN_SIDE else -0.25
            elif victim == me:
                h[attacker] += 0.25
            elif h[victim] > 0.6:
                h[attacker] -= 0.15  # striking my suspected enemy
            elif h[victim] < 0.4:
                h[attacker] += 0.15  # striking my suspected friend
            h[attacker] = min(1.0, max(0.0, h[attacker]))
        if role == "ninja":
            h[shogun] = 1.0
        elif me != shogun:
            h[shogun] = 0.0

    # ------------------------------------------------------------- table
    @staticmethod
    def _difficulty(obs, attacker, target):
        seats, n = obs["seats"], obs["players"]
        best = n
        for step in (1, -1):
            d, s = 1, (attacker + step) % n
            while s != target:
                if not seats[s]["harmless"]:
                    d += 1
                s = (s + step) % n
            best = min(best, d)
        best += seats[target]["permanents"].get("armure", 0)
        if seats[target]["character"] == "benkei":
            best += 1
        return best

    def _reach(self, obs, target, weapon):
        me = obs["seat"]
        if target == me or obs["seats"][target]["harmless"]:
            return False
        if obs["seats"][me]["character"] == "kojiro":
            return True
        return self._difficulty(obs, me, target) <= CARD[weapon].range

    def _target_score(self, obs, target, damage):
        seat = obs["seats"][target]
        score = self._hostility[target] * 10
        if damage >= seat["resilience"]:
            score += 3  # a defeat takes honour
        score += seat["honor"] * 0.3 + seat["hand_size"] * 0.1
        return score + self._rng.random() * 0.01

    def _enemies(self, obs, candidates):
        return [t for t in candidates if self._hostility[t] >= 0.55]

    # ------------------------------------------------------------ choices
    def act(self, obs, legal):
        if not legal:   # the engine's fault: said plainly rather than as a failure deep inside
            raise ValueError(f"{self.name} was asked to decide with no legal action to choose from")
        self._observe(obs)
        names = {ACTION_NAMES[a]: a for a in legal}
        phase = obs["phase"]
        choose = getattr(self, "_" + phase, None)
        action = choose(obs, names) if choose is not None else None
        if action is None or action not in legal:
            action = legal[self._rng.randrange(len(legal))]
        return action

    def _play_cards(self, obs, names):
        you, me = obs["you"], obs["seat"]
        hand, role = you["hand"], you["role"]
        for key in PERMANENT_PRIORITY[:3]:
            if "PLAY_" + key.upper() in names:
                return names["PLAY_" + key.upper()]
        if "PLAY_CODE_DU_BUSHIDO" in names and self._enemies(obs, range(obs["players"])):
            return names["PLAY_CODE_DU_BUSHIDO"]
        mine = obs["seats"][me]
        if "PLAY_MEDITATION" in names and mine["resilience"] <= mine["max_resilience"] - 2:
            return names["PLAY_MEDITATION"]
        if "PLAY_CEREMONIE_DU_THE" in names:
            return names["PLAY_CEREMONIE_DU_THE"]
        weapon = self._best_weapon(obs, names)
        if weapon is not None:
            return weapon
        others = [s for s in range(obs["players"]) if s != me and not obs["seats"][s]["harmless"]]
        enemies = self._enemies(obs, others)
        for key in ("cri_de_guerre", "ju_jitsu"):
            if "PLAY_" + key.upper() in names and 2 * len(enemies) > len(others):
                return names["PLAY_" + key.upper()]
        for key in ("geisha", "diversion"):
            if "PLAY_" + key.upper() in names and enemies:
                return names["PLAY_" + key.upper()]
        if "PLAY_DAIMYO" in names and role == "ronin":
            return names["PLAY_DAIMYO"]
        if "NOBUNAGA_DRAW" in names and mine["resilience"] >= 3 and len(hand) < 6:
            return names["NOBUNAGA_DRAW"]
        return names.get("END_TURN")

    def _best_weapon(self, obs, names):
        best, best_score = None, 0.0
        for key in WEAPON_KEYS:
            action = names.get("PLAY_" + key.upper())
            if action is None:
                continue
            for t in range(obs["players"]):
                if self._hostility[t] < 0.55 or not self._reach(obs, t, key):
                    continue
                score = self._target_score(obs, t, CARD[key].damage) + CARD[key].damage
                if score > best_score:
                    best, best_score = action, score
        return best

    def _choose_target(self, obs, names):
        card = obs["pending"]["card"]
        targets = [int(name.rsplit("_", 1)[1]) for name in names if name.startswith("TARGET_SEAT_")]
        if not targets:
            return None
        if card == "meditation":  # the target draws a card: give it to a friend
            pick = min(targets, key=lambda t: (self._hostility[t], self._rng.random()))
        else:
            damage = CARD[card].damage if card in CARD else 0
            pick = max(targets, key=lambda t: self._target_score(obs, t, damage))
        return names["TARGET_SEAT_%d" % pick]

    def _parry_choice(self, obs, names):
        if "PARRY" in names:
            return names["PARRY"]
        parries = [n for n in names if n.startswith("PARRY_WITH_")]
        if parries:
            role = obs["you"]["role"]
            return names[min(parries, key=lambda n: _card_value(n[len("PARRY_WITH_"):].lower(), role))]
        return names.get("TAKE_DAMAGE")

    def _battlecry(self, obs, names):
        if obs["seats"][obs["seat"]]["resilience"] <= 2:
            return self._parry_choice(obs, names)
        return names.get("TAKE_DAMAGE")

    def _cheapest_discard(self, obs, names, fallback):
        role = obs["you"]["role"]
        discards = [n for n in names if n.startswith("DISCARD_")]
        if not discards:
            return names.get(fallback)
        return names[min(discards, key=lambda n: (_card_value(n[len("DISCARD_"):].lower(), role), n))]

    def _jujitsu(self, obs, names):
        return self._cheapest_discard(obs, names, "TAKE_DAMAGE")

    def _bushido_choice(self, obs, names):
        return self._cheapest_discard(obs, names, "BUSHIDO_PAY_HONOR")

    def _discard_down(self, obs, names):
        return self._cheapest_discard(obs, names, None)

    def _draw_choice(self, obs, names):
        pile = obs["discard_pile"]
        if pile and _card_value(pile[-1], obs["you"]["role"]) >= 5:
            return names.get("DRAW_FROM_DISCARD")
        return names.get("DRAW_FROM_PILE")

    def _geisha_choice(self, obs, names):
        target = obs["pending"]["target"]
        if target == obs["seat"]:
            return names.get("GEISHA_CODE_DU_BUSHIDO")
        for key in PERMANENT_PRIORITY:
            if "GEISHA_" + key.upper() in names:
                return names["GEISHA_" + key.upper()]
        return names.get("GEISHA_HAND")
