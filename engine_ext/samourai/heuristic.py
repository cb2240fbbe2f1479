"""A built-in Samouraï & Katana player that builds provinces and fights only with the odds.

``Warlord`` ("samourai-warlord") reads its observation only, like any bot:

* it values a territory by its taxes, its city, Kyoto, and above all the province it belongs to:
  a territory that completes a province is worth that province's honour every round, one that
  breaks another clan's complete province is worth breaking it;
* in phase 1 it keeps a few koku for its moves and spends the rest on samurai, placed where they
  will attack or expand next, or where the largest enemy stack threatens a territory it values;
  once it is rich it builds a castle on its most exposed city;
* in its activation turn it first plays the cards that pay at once (trade, theatre, tea
  ceremony, a Ninja on the largest hand, Wako on the richest clan, affront and complot on the
  leader, an uprising or a sect where it frees a territory it wants), then takes free territories
  one samurai at a time and attacks when its two best cards, its samurai and its best special
  beat an estimate of the defence (the defender's likely two best cards for his hand size, his
  samurai, the mountain, the castle) by a margin; it ends its turn when nothing is worth a koku;
* in battle it commits its two strongest cards, sparing those it wants for their powers, and a
  special that helps; a defender who cannot win gives up his two weakest cards (the two strongest
  are also the best pair behind a castle, which doubles the weaker of the two);
* it answers an attack on a territory it values with Terre brûlée, Tsunami or Justice, a harmful
  card aimed at it with Justice, and a sea move of the leader with Tsunami;
* as Emperor it names the leaders first and itself last, to answer what they do; in phase 4 it
  throws its weakest warriors away to draw better cards;
* every tie between clans goes to the first clockwise from its left, so that no seat number is
  favoured.

Options: it answers every step they add with something legal and cautious (it passes, refuses
offers, never sells honour).  Its choices are deterministic: no randomness is needed.
"""
from . import data
from .actions import ACTIONS

NAMES = ACTIONS.names
NT = len(data.TERRITORIES)
NK = len(data.CARDS)
TKEYS = data.TERRITORY_KEYS
CKEYS = data.CARD_KEYS
_TI = {key: i for i, key in enumerate(TKEYS)}
_CI = {key: i for i, key in enumerate(CKEYS)}

END_TURN, PASS, DONE, MOVE = (ACTIONS.first(n) for n in ("END_TURN", "PASS", "DONE", "MOVE"))
BUY_SAMURAI, BUY_CASTLE, NO_SPECIAL = (ACTIONS.first(n) for n in ("BUY_SAMURAI", "BUY_CASTLE", "NO_SPECIAL"))
DESTROY, REPLACE, ECHANGE = ACTIONS.first("DESTROY"), ACTIONS.first("REPLACE"), ACTIONS.first("ECHANGE")
ACCEPT, REFUSE, SHOGUN_CANCEL = ACTIONS.first("ACCEPT"), ACTIONS.first("REFUSE"), ACTIONS.first("SHOGUN_CANCEL")
CANCEL_ATTACKER, CANCEL_DEFENDER = ACTIONS.first("CANCEL_ATTACKER"), ACTIONS.first("CANCEL_DEFENDER")
TERRITORY, PLAYER, COUNT = ACTIONS.first("TERRITORY"), ACTIONS.first("PLAYER"), ACTIONS.first("COUNT")
PLAY, COMMIT, DISCARD = ACTIONS.first("PLAY"), ACTIONS.first("COMMIT"), ACTIONS.first("DISCARD")

# --- the map, as lists by territory index -----------------------------------------------------
PROVINCE = [data.PROVINCE_KEYS.index(t.province) for t in data.TERRITORIES]
P_HONOR = [p.honor for p in data.PROVINCES]
P_SIZE = [PROVINCE.count(p) for p in range(len(data.PROVINCES))]
MOUNTAIN = [t.terrain == data.MOUNTAIN for t in data.TERRITORIES]
TAX = [data.MOUNTAIN_TAX[0] if m else data.PLAIN_TAX[0] for m in MOUNTAIN]
PC = [data.city_points(t) for t in data.TERRITORIES]
KYOTO = _TI[data.KYOTO]
LAND = [[_TI[k] for k in data.neighbours(key, sea=False)] for key in TKEYS]
SEA = [[_TI[k] for k in data.neighbours(key, sea=True)] for key in TKEYS]
NEIGHBOURS = [LAND[t] + SEA[t] for t in range(NT)]

# --- the cards -----------------------------------------------------------------------------
CARD = {c.key: c for c in data.CARDS}
VALUE = {c.key: c.value for c in data.CARDS}
SABRES = {c.key: c.sabres for c in data.CARDS}
BLUE = {c.key for c in data.CARDS if c.category == data.SPECIAL}
# What a card is worth kept for its power, in combat value points: a battle spends it only when
# the fight is worth more.  Warriors and blue cards have no power outside battles.
KEEP = {"ceremonie_du_the": 3.0, "ikko_ikki": 2.0, "justice_shogunale": 1.5, "ninja": 1.0, "commerce_nanban": 1.0,
        "theatre_no": 1.0, "complot": 1.0, "hokke": 1.0, "nichiren": 1.0, "tsunami": 0.5, "terre_brulee": 1.0,
        "affront": 0.5, "wako": 0.5}
WEAK_WARRIORS = ("ashigaru", "samourai")    # thrown away in phase 4 to draw better


def _expected_best_two():
    """E[sum of the two highest values] of a hand of h cards dealt from the whole deck, h = 0..12:
    what a defender who plays his best cards is likely to show (exact over the deck's values)."""
    values = sorted((card.value for card in data.CARDS for _ in range(card.copies)), reverse=True)
    n = len(values)
    table = [0.0, 0.0]
    for h in range(2, 13):
        # P(the i-th highest card of the deck is among the two best of the hand) summed over i,
        # by the hypergeometric law of how many higher cards the hand holds.
        total = 0.0
        for i, v in enumerate(values):
            p_in = h / n
            # the card is in the hand; of the other h-1 cards, at most one is among the i higher ones
            p_none = _hyper(0, i, n - 1, h - 1)
            p_one = _hyper(1, i, n - 1, h - 1)
            total += v * p_in * (p_none + p_one)
        table.append(total)
    return table


def _hyper(k, good, population, draws):
    from math import comb
    if k > good or draws - k > population - good or draws < k:
        return 0.0
    return comb(good, k) * comb(population - good, draws - k) / comb(population, draws)


BEST_TWO = _expected_best_two()
MEAN_VALUE = sum(c.value * c.copies for c in data.CARDS) / sum(c.copies for c in data.CARDS)


def _loss(key):
    """What giving a card up costs: its power kept, and a little of its combat value."""
    return KEEP.get(key, 0.0) + 0.3 * VALUE[key] + 0.1 * SABRES[key]


class Warlord:
    """Builds provinces, buys samurai where they fight next, attacks with the odds."""

    name = "samourai-warlord"

    # How much better than the estimated defence an attack must look; a Shogun (who loses honour
    # with each battle it loses) wants more.
    MARGIN = 1.5
    MAX_MOVES = 16            # moves in one activation turn: enough for any plan, and never a loop
    KOKU_FOR_MOVES = 2        # koku kept in phase 1 for the moves of phase 2

    def __init__(self, seed=0):
        self.seed = seed
        self._plan = None
        self._battle_cards = None
        self._placing = None

    # ------------------------------------------------------------------ reading the table
    def _read(self, obs):
        """The parts of the observation every step reads; the board is read on demand."""
        self.obs = obs
        self.me = obs["seat"]
        self.n = obs["players"]
        self.seats = obs["seats"]
        self.hand = obs["you"]["hand"]
        self.koku = self.seats[self.me]["koku"]
        # the other clans clockwise from our left: every tie between clans goes to the first of
        # them, so that no seat number is favoured
        self.others = [s for s in ((self.me + i) % self.n for i in range(1, self.n)) if not self.seats[s]["forfeited"]]
        self.board_read = False

    def _board(self):
        """Owners, samurai, castles and the provinces' counts per clan, read once per decision."""
        if self.board_read:
            return
        self.board_read = True
        me = self.me
        terr = self.obs["territories"]
        self.owner = owner = [-1 if o is None else o for o in [t["owner"] for t in terr]]
        self.samurai = [t["samurai"] for t in terr]
        self.castle = [-1 if c is None else c for c in [t["castle"] for t in terr]]
        self.barred = [t["barred"] for t in terr]
        held = [[0] * len(P_SIZE) for _ in range(self.n)]
        mine = []
        for t, o in enumerate(owner):
            if o >= 0:
                held[o][PROVINCE[t]] += 1
                if o == me:
                    mine.append(t)
        self.held = held
        self.mine = mine

    def _leader(self):
        """The other clan with the most honour (ties: the most city points)."""
        best, key = -1, None
        for s in self.others:
            seat = self.seats[s]
            k = (seat["honor"], seat["clan_points"], seat["territories"])
            if best < 0 or k > key:
                best, key = s, k
        return best

    # ------------------------------------------------------------------ values
    def _gain(self, t):
        """What taking ``t`` is worth to this clan, in rough honour-and-koku points."""
        me = self.me
        p = PROVINCE[t]
        mine = self.held[me][p]
        value = 0.5 * TAX[t] + 0.8 * PC[t]
        if mine + 1 == P_SIZE[p]:
            value += 2.5 * P_HONOR[p]
        else:
            value += 0.6 * P_HONOR[p] * (mine + 1) / P_SIZE[p]
        if t == KYOTO:
            value += 1.5
        other = self.owner[t]
        if other >= 0 and other != me and self.held[other][p] == P_SIZE[p]:
            value += 1.5 * P_HONOR[p]
        return value

    def _keep_value(self, t):
        """What losing ``t`` would cost: its province (complete or nearly), its city, its taxes."""
        p = PROVINCE[t]
        mine = self.held[self.me][p]
        value = 0.5 * TAX[t] + 0.8 * PC[t] + (1.5 if t == KYOTO else 0.0)
        if mine == P_SIZE[p]:
            value += 2.5 * P_HONOR[p]
        else:
            value += 0.6 * P_HONOR[p] * mine / P_SIZE[p]
        return value

    def _battle_hand(self):
        """The hand as (score, key) for the two value slots, best first: a card's value less what
        its power is worth kept, its sabres breaking ties."""
        cards = []
        for key, count in self.hand.items():
            score = VALUE[key] - KEEP.get(key, 0.0) + 0.1 * SABRES[key]
            cards.extend([(score, key)] * count)
        cards.sort(reverse=True)
        return cards

    def _special_bonus(self, key, where, side_samurai):
        card = CARD[key]
        if card.effect == data.FX_FAN:
            return card.fan
        if card.effect == data.FX_ALLIANCE:
            adjacent = sum(self.samurai[u] for u in LAND[where] if self.owner[u] == self.me)
            return max(0, min(adjacent, card.amount, 8 - min(side_samurai, 4)))
        if card.effect == data.FX_AMBUSH:
            return 1.0
        return 0

    def _best_special(self, where, samurai):
        """(blue card, its bonus) that adds most to a battle at ``where``, or (None, 0)."""
        special, bonus = None, 0
        for key in self.hand:
            if key in BLUE:
                worth = self._special_bonus(key, where, samurai)
                if worth > bonus:
                    special, bonus = key, worth
        return special, bonus

    def _pick_cards(self, where, samurai, castle, hand=None):
        """(two value cards, special or None, total of their values and bonus) for a battle at
        ``where`` with ``samurai`` present on our side; ``hand`` is ``_battle_hand()`` if known."""
        pool = self._battle_hand() if hand is None else hand
        special, bonus = self._best_special(where, samurai)
        if special is not None and len(pool) >= 3:
            pool = list(pool)
            pool.remove(next(c for c in pool if c[1] == special))
        else:
            special, bonus = None, 0
        if len(pool) < 2:
            return None
        first, second = VALUE[pool[0][1]], VALUE[pool[1][1]]
        total = first + second + (min(first, second) if castle else 0) + bonus
        return [pool[0][1], pool[1][1]], special, total

    def _defence_estimate(self, t):
        defender = self.owner[t]
        h = self.seats[defender]["hand_size"]
        cards = BEST_TWO[min(h, 12)] if h >= 2 else 2 * MEAN_VALUE
        estimate = cards + min(self.samurai[t], 4) + 0.25 * min(h, 6)
        if MOUNTAIN[t]:
            estimate += data.MOUNTAIN_DEFENCE[0]
        if self.castle[t] == defender:
            estimate += cards / 2 - 0.5
        return estimate

    # ------------------------------------------------------------------ moves
    def _best_move(self):
        """(score, origin, destination, samurai sent) of the best move now, or None."""
        me, obs = self.me, self.obs
        owner, samurai, castle, barred, koku = self.owner, self.samurai, self.castle, self.barred, self.koku
        free_move = obs["shogun"] == me and not obs["shogun_free_move_used"]
        hand = self._battle_hand() if sum(self.hand.values()) >= 2 else None
        margin = self.MARGIN + (1.0 if obs["shogun"] == me else 0.0)
        gains = {}
        best = None
        best_score = 0.6         # a move must be worth more than this (a koku and a samurai's place)
        for o in self.mine:
            spare = samurai[o] - (0 if castle[o] == me else 1)
            if spare <= 0:
                continue
            frontier = False
            for t in NEIGHBOURS[o]:
                who = owner[t]
                if who == me:
                    continue
                frontier = True
                cost = 0 if castle[t] == me or free_move else data.MOVE_PRICE[0]
                if barred[t] or cost > koku:
                    continue
                gain = gains.get(t)
                if gain is None:
                    gain = gains[t] = self._gain(t)
                if who < 0:
                    score = gain - 0.5 * cost
                    sent = 1 if spare < 4 else 2
                else:
                    score = gain + data.BATTLE_HONOR[0] - 0.5 * cost
                    if score <= best_score or hand is None or samurai[o] < 3:
                        continue
                    picked = self._pick_cards(t, spare, False, hand)
                    if picked is None or picked[2] + min(spare, 4) - self._defence_estimate(t) < margin:
                        continue
                    sent = spare
                if score > best_score:
                    best, best_score = (score, o, t, sent), score
            if not frontier:
                # an inner stack marches towards the border
                for t in NEIGHBOURS[o]:
                    cost = 0 if castle[t] == me or free_move else data.MOVE_PRICE[0]
                    if barred[t] or cost > koku:
                        continue
                    score = 0.3 * spare - 0.5 * cost
                    if score > best_score and any(owner[u] != me for u in NEIGHBOURS[t]):
                        best, best_score = (score, o, t, spare), score
        return best

    # ------------------------------------------------------------------ cards played for their power
    def _uprising_target(self, effect):
        """(score, territory) of the best target of an uprising (every samurai) or a sect (2)."""
        best = None
        for t in range(NT):
            victim = self.owner[t]
            if victim < 0 or victim == self.me or self.castle[t] >= 0 or self.seats[victim]["territories"] < 2:
                continue
            if effect == data.FX_UPRISING and t == KYOTO and self.obs["options"].get("kyoto_imperial"):
                continue
            if effect == data.FX_SECT and self.samurai[t] > 2:
                continue
            near = any(self.owner[u] == self.me for u in NEIGHBOURS[t])
            score = self._gain(t) * (1.0 if near else 0.4) + 0.3 * min(self.samurai[t], 6)
            if best is None or score > best[0]:
                best = (score, t)
        return best

    def _card_to_play(self, legal):
        """(action, target) of a card worth playing now, or None."""
        me = self.me
        seats = self.seats
        for key in ("ninja", "commerce_nanban", "theatre_no", "ceremonie_du_the", "wako", "complot", "affront",
                    "ikko_ikki", "hokke", "nichiren"):
            action = PLAY + _CI[key]
            if action not in legal:
                continue
            if key == "ninja":
                target = max(self.others, key=lambda s: seats[s]["hand_size"])
                if seats[target]["hand_size"] >= 3:
                    return action, target
            elif key in ("commerce_nanban", "theatre_no", "ceremonie_du_the"):
                return action, None
            elif key == "wako":
                target = max(self.others, key=lambda s: (seats[s]["koku"], seats[s]["honor"]))
                if seats[target]["koku"] >= 3:
                    return action, target
            elif key in ("complot", "affront"):
                target = self._leader()
                if target >= 0 and seats[target]["honor"] >= 1 and seats[target]["honor"] >= seats[me]["honor"]:
                    return action, target
            else:
                found = self._uprising_target(CARD[key].effect)
                if found is not None and found[0] >= 2.0:
                    return action, found[1]
        return None

    # ------------------------------------------------------------------ deciding
    def act(self, observation, legal_actions):
        if not legal_actions:   # the engine's fault: said plainly rather than as a failure deep inside
            raise ValueError(f"{self.name} was asked to decide with no legal action to choose from")
        self._read(observation)
        step = observation["pending"]["step"]
        if step != "buy_where" and step != "purchase":
            self._placing = None
        handler = getattr(self, "_" + step, None)
        choice = handler(legal_actions) if handler is not None else None
        if choice is None or choice not in legal_actions:
            choice = self._fallback(legal_actions)
        return choice

    def _fallback(self, legal):
        for action in (PASS, REFUSE, DONE, END_TURN):
            if action in legal:
                return action
        return legal[0]

    def _setup_place(self, legal):
        self._board()
        def potential(t):
            free = sum(self._gain(u) for u in NEIGHBOURS[t] if self.owner[u] < 0)
            return free + 2.0 * PC[t] + (0.5 * self.samurai[t] if self.samurai[t] < 4 else -2.0)
        return max(legal, key=lambda a: (potential(a - TERRITORY), -a))

    def _name_next(self, legal):
        me = self.me
        seats = [a - PLAYER for a in legal]
        others = [s for s in seats if s != me]
        if not others:
            return PLAYER + me
        leaders = sorted(others, key=lambda s: (-self.seats[s]["honor"], (s - me) % self.n))
        return PLAYER + leaders[0] if leaders else legal[0]

    _announce_order = _name_next

    def _return(self, legal):
        self._board()
        def worth(t):
            return self._gain(t) + (1.0 if self.owner[t] < 0 else 0.0) + 0.2 * sum(
                1 for u in NEIGHBOURS[t] if self.owner[u] < 0)
        return max(legal, key=lambda a: (worth(a - TERRITORY), -a))

    def _purchase(self, legal):
        self._plan = None
        if BUY_CASTLE in legal and self.koku >= data.CASTLE_PRICE[0] + 4 and self._castle_site() is not None:
            return BUY_CASTLE
        if BUY_SAMURAI in legal and self.koku > self.KOKU_FOR_MOVES:
            return BUY_SAMURAI
        return END_TURN

    def _castle_site(self):
        self._board()
        best = None
        for t in self.mine:
            if self.castle[t] >= 0 or (t == KYOTO and self.koku < data.KYOTO_CASTLE_PRICE[0] + 4):
                continue
            enemies = sum(1 for u in NEIGHBOURS[t] if self.owner[u] not in (-1, self.me))
            score = self._keep_value(t) + enemies
            if PC[t] and (best is None or score > best[0]):
                best = (score, t)
        return best[1] if best is not None else None

    def _buy_where(self, legal):
        if self.obs["pending"].get("buying") == "castle":
            self._board()
            site = self._castle_site()
            return TERRITORY + site if site is not None else None
        if self._placing is None:
            # one purchase turn places samurai one at a time and nothing else moves meanwhile: the
            # board is read once and only the counts of our own placements change
            self._board()
            self._placing = {t: self._placement_terms(t) for t in self.mine}
        best, best_score = None, None
        for t, (prospect, threat, keep, here) in self._placing.items():
            score = prospect + max(0, threat - here + 2) * 0.1 * keep - max(0, here - 5) * 1.5 + (0.5 if here < 2 else 0)
            if best_score is None or score > best_score or (score == best_score and t < best):
                best, best_score = t, score
        prospect, threat, keep, here = self._placing[best]
        self._placing[best] = (prospect, threat, keep, here + 1)
        return TERRITORY + best

    def _placement_terms(self, t):
        """Where a new samurai does most: beside what the clan wants to take (the best neighbour's
        worth), or facing a threat (the largest enemy stack beside, against what ``t`` is worth)."""
        me, owner, samurai = self.me, self.owner, self.samurai
        prospect = 0.0
        threat = 0
        for u in NEIGHBOURS[t]:
            if owner[u] == me:
                continue
            prospect = max(prospect, self._gain(u) * (0.5 if owner[u] < 0 else 1.0))
            if owner[u] >= 0:
                threat = max(threat, samurai[u])
        return prospect, threat, self._keep_value(t), samurai[t]

    def _activate(self, legal):
        self._board()
        self._plan = None
        self._battle_cards = None
        if ECHANGE in legal:
            return ECHANGE
        card = self._card_to_play(legal)
        if card is not None:
            self._plan = ("card", card[1])
            return card[0]
        if MOVE in legal and self.obs["moves_this_turn"] < self.MAX_MOVES:
            move = self._best_move()
            if move is not None:
                self._plan = ("move",) + move[1:]
                return MOVE
        return END_TURN

    def _move_from(self, legal):
        if self._plan and self._plan[0] == "move":
            return TERRITORY + self._plan[1]
        return None

    def _move_to(self, legal):
        if self._plan and self._plan[0] == "move":
            return TERRITORY + self._plan[2]
        return None

    def _move_count(self, legal):
        if self._plan and self._plan[0] == "move":
            return min(COUNT + self._plan[3] - 1, max(legal))
        return legal[0]

    def _target_player(self, legal):
        if self._plan and self._plan[0] == "card" and self._plan[1] is not None:
            return PLAYER + self._plan[1]
        card = self.obs["pending"]["card"]["card"]
        seats = self.seats
        candidates = [s for s in self.others if PLAYER + s in legal] or [a - PLAYER for a in legal]
        if card == "ninja":
            return PLAYER + max(candidates, key=lambda s: seats[s]["hand_size"])
        if card == "wako":
            return PLAYER + max(candidates, key=lambda s: seats[s]["koku"])
        return PLAYER + max(candidates, key=lambda s: seats[s]["honor"])

    def _target_territory(self, legal):
        self._board()
        if self._plan and self._plan[0] == "card" and self._plan[1] is not None:
            return TERRITORY + self._plan[1]
        return max(legal, key=lambda a: self._gain(a - TERRITORY))

    def _window(self, legal):
        if len(legal) == 1:
            return PASS
        me, obs = self.me, self.obs
        if obs["pending"].get("window") == "move":
            self._board()
            move = obs["pending"]["move"]
            to = _TI[move["to"]]
            mover = obs["active"]
            if self.owner[to] == me:
                # an attack on us: cancel it when it would likely take something we value
                if move["count"] + 3 >= self.samurai[to] or self._keep_value(to) >= 3:
                    for key in ("terre_brulee", "tsunami", "justice_shogunale"):
                        if PLAY + _CI[key] in legal:
                            return PLAY + _CI[key]
            elif PLAY + _CI["tsunami"] in legal and mover == self._leader() and \
                    self.seats[mover]["honor"] >= self.seats[me]["honor"]:
                return PLAY + _CI["tsunami"]
            return PASS
        if obs["pending"].get("window") == "turn_start" and PLAY + _CI["terre_brulee"] in legal:
            # before a stronger neighbour moves: bar him the territory we would most miss
            self._board()
            mover = obs["active"]
            best, key = None, None
            for t in self.mine:
                threat = sum(self.samurai[u] for u in NEIGHBOURS[t] if self.owner[u] == mover)
                if threat >= self.samurai[t] + 2 and self._keep_value(t) >= 2:
                    k = (self._keep_value(t), threat)
                    if key is None or k > key:
                        best, key = t, k
            if best is not None:
                self._plan = ("card", best)
                return PLAY + _CI["terre_brulee"]
        # after a battle or before a turn: steal a card, or drown the richest clan's treasury
        if sum(self.hand.values()) >= 4 and PLAY + _CI["ninja"] in legal:
            target = max(self.others, key=lambda s: self.seats[s]["hand_size"])
            if self.seats[target]["hand_size"] >= 3:
                self._plan = ("card", target)
                return PLAY + _CI["ninja"]
        if PLAY + _CI["wako"] in legal:
            target = max(self.others, key=lambda s: self.seats[s]["koku"])
            if self.seats[target]["koku"] >= 3:
                self._plan = ("card", target)
                return PLAY + _CI["wako"]
        return PASS

    def _counter(self, legal):
        justice = PLAY + _CI["justice_shogunale"]
        if justice not in legal:
            return PASS
        card = self.obs["pending"]["card"]
        if card["target_seat"] != self.me:
            return PASS        # Justice for others (O4): kept for ourselves
        key = card["card"]
        me = self.seats[self.me]
        if key in ("affront", "complot") and me["honor"] == 0:
            return PASS
        if key == "wako" and me["koku"] < 2:
            return PASS
        if key in ("hokke", "nichiren", "ikko_ikki") and card["target_territory"] is not None:
            self._board()
            if self._keep_value(_TI[card["target_territory"]]) < 1.5:
                return PASS
        return justice

    def _retreat(self, legal):
        if DONE in legal:
            return DONE        # every survivor where the first goes
        self._board()
        where = _TI[self.obs["battle"]["territory"]]
        def worth(t):
            return (t in NEIGHBOURS[where], self.samurai[t])
        return max(legal, key=lambda a: (worth(a - TERRITORY), -a))

    def _commit(self, legal):
        battle = self.obs["battle"]
        me = self.me
        where = _TI[battle["territory"]]
        attacking = battle["attacker"]["seat"] == me
        side = battle["attacker"] if attacking else battle["defender"]
        committed = side["committed"]
        if committed == 0 or self._battle_cards is None:
            if committed < 2:
                pair, special = self._choose_battle_cards(battle, where, attacking)
                self._battle_cards = (list(pair[:2 - committed]), special)
            else:      # asked only for the special (a bot started mid-battle)
                self._board()
                samurai = battle["attacking_samurai"] if attacking else self.samurai[where]
                self._battle_cards = ([], self._best_special(where, samurai)[0])
        values, special = self._battle_cards
        if committed < 2:
            while values:
                action = COMMIT + _CI[values.pop(0)]
                if action in legal:
                    return action
            return max((a for a in legal if a != NO_SPECIAL),
                       key=lambda a: self._battle_score(CKEYS[a - COMMIT]), default=legal[0])
        if special is not None and COMMIT + _CI[special] in legal:
            return COMMIT + _CI[special]
        return NO_SPECIAL

    def _battle_score(self, key):
        return VALUE[key] - KEEP.get(key, 0.0) + 0.1 * SABRES[key]

    def _choose_battle_cards(self, battle, where, attacking):
        self._board()
        if attacking:
            samurai = battle["attacking_samurai"]
            picked = self._pick_cards(where, samurai, False)
            return (picked[0], picked[1]) if picked else ([], None)
        samurai = self.samurai[where]
        castle = self.castle[where] == self.me
        picked = self._pick_cards(where, samurai, castle)
        if picked is None:
            return [], None
        pair, special, total = picked
        attacker = battle["attacker"]
        h = self.seats[attacker["seat"]]["hand_size"] + attacker["committed"]
        expected = BEST_TWO[min(h, 12)] + min(battle["attacking_samurai"], 4) + (1.5 if attacker["committed"] == 3 else 0)
        mine = total + min(samurai, 4) + (data.MOUNTAIN_DEFENCE[0] if MOUNTAIN[where] else 0)
        if mine + 3 < expected:
            # a lost cause: give up the two cards we miss least, and no special
            cheap = sorted((_loss(key), key) for key, count in self.hand.items() for _ in range(count))
            return [cheap[0][1], cheap[1][1]], None
        return pair, special

    def _castle_taken(self, legal):
        return REPLACE if REPLACE in legal else DESTROY

    def _discard(self, legal):
        for key in WEAK_WARRIORS:
            action = DISCARD + _CI[key]
            if action in legal:
                return action
        return DONE

    def _exchange(self, legal):
        return min(legal, key=lambda a: (_loss(CKEYS[a - DISCARD]), a))

    def _office_answer(self, legal):
        price = self.obs["pending"]["office"]["price"]
        return ACCEPT if ACCEPT in legal and price <= 2 and self.koku >= price + 3 else REFUSE

    def _support_answer(self, legal):
        return ACCEPT

    def _shogun_power(self, legal):
        card = self.obs["pending"].get("card")
        leader = self._leader()
        if card is None:       # a battle's specials, revealed: take the leader's
            battle = self.obs["battle"]
            for side, action in (("attacker", CANCEL_ATTACKER), ("defender", CANCEL_DEFENDER)):
                if battle[side]["seat"] == leader and action in legal:
                    return action
            return PASS
        return SHOGUN_CANCEL if card["by"] == leader else PASS
