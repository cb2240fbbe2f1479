"""Katana's state and its mechanics: cards, piles, resilience, honour, attack difficulty,
damage, which moves are legal, the end of the game and its scoring.

The turn flow and the choices players make are in ``_rules.py``, which builds
on this module; the rulings where the rulebook is silent are listed there.
Compiled by Cython (typed by ``_core.pxd``) and also run as plain Python.
"""
import array

import cython

from .._rng import Rng
from . import data
from .actions import ACTIONS

MIN_PLAYERS = data.MIN_PLAYERS
MAX_PLAYERS = data.MAX_PLAYERS

# --- cards, characters, roles (ids are the order of the data module's tables) ---
NUM_CARDS = len(data.CARDS)
NUM_WEAPONS = sum(1 for c in data.CARDS if c.kind == data.WEAPON)
FIRST_PERMANENT = NUM_WEAPONS
NUM_PERMANENTS = sum(1 for c in data.CARDS if c.kind == data.PERMANENT)
(CONCENTRATION, ARMURE, ATTAQUE_RAPIDE, BUSHIDO, PARADE, GEISHA, DIVERSION, CRI_DE_GUERRE, CEREMONIE,
 MEDITATION, JU_JITSU, DAIMYO) = [data.card_index(key) for key in (
    "concentration", "armure", "attaque_rapide", "code_du_bushido", "parade", "geisha", "diversion",
    "cri_de_guerre", "ceremonie_du_the", "meditation", "ju_jitsu", "daimyo")]
DECK_SIZE = sum(c.copies for c in data.CARDS)

(BENKEI, CHIYOME, GINCHIYO, GOEMON, HANZO, HIDEYOSHI, IEYASU, KOJIRO, MUSASHI, NOBUNAGA, TOMOE,
 USHIWAKA) = [data.character_index(key) for key in (
    "benkei", "chiyome", "ginchiyo", "goemon", "hanzo", "hideyoshi", "ieyasu", "kojiro", "musashi",
    "nobunaga", "tomoe", "ushiwaka")]
NUM_CHARACTERS = len(data.CHARACTERS)

SHOGUN, SAMURAI, NINJA, RONIN = [data.role_index(key) for key in ("shogun", "samurai", "ninja", "ronin")]
TEAM_OF_ROLE = array.array("i", [data.TEAMS.index(r.team) for r in data.ROLES])
NINJA_TEAM = data.TEAMS.index(data.NINJA_TEAM)

CARD_RANGE = array.array("i", [c.range for c in data.CARDS])
CARD_DAMAGE = array.array("i", [c.damage for c in data.CARDS])
RESILIENCE = array.array("i", [c.resilience for c in data.CHARACTERS])
FULL_DECK = array.array("i", [c for c, card in enumerate(data.CARDS) for copy in range(card.copies)])
# The role cards dealt to n players, at offset n * MAX_PLAYERS.
ROLE_DECKS = array.array("i", [
    ([role for role, count in enumerate(data.ROLE_COUNTS[0].get(n, ())) for copy in range(count)]
     + [0] * MAX_PLAYERS)[position]
    for n in range(MAX_PLAYERS + 1) for position in range(MAX_PLAYERS)])
SHOGUN_HONOR = array.array("i", [data.STARTING_HONOR[0].get(n, (0, 0))[0] for n in range(MAX_PLAYERS + 1)])
OTHER_HONOR = array.array("i", [data.STARTING_HONOR[0].get(n, (0, 0))[1] for n in range(MAX_PLAYERS + 1)])
STARTING_HAND = array.array("i", data.STARTING_HAND[0])
HAND_LIMIT = data.HAND_LIMIT[0]
DRAWS_PER_TURN = data.DRAWS_PER_TURN[0]

# --- actions: the offsets of the blocks declared in actions.py ---
END_TURN = ACTIONS.first("END_TURN")
PLAY = ACTIONS.first("PLAY")                            # + card
TARGET = ACTIONS.first("TARGET_SEAT")                   # + seat
PARRY = ACTIONS.first("PARRY")                          # play a Parade
TAKE_DAMAGE = ACTIONS.first("TAKE_DAMAGE")
PARRY_WITH = ACTIONS.first("PARRY_WITH")                # + weapon (Hanzō)
DISCARD = ACTIONS.first("DISCARD")                      # + card
BUSHIDO_PAY_HONOR = ACTIONS.first("BUSHIDO_PAY_HONOR")
DRAW_FROM_DISCARD = ACTIONS.first("DRAW_FROM_DISCARD")  # Ieyasu
DRAW_FROM_PILE = ACTIONS.first("DRAW_FROM_PILE")
NOBUNAGA_DRAW = ACTIONS.first("NOBUNAGA_DRAW")
GEISHA_HAND = ACTIONS.first("GEISHA_HAND")
GEISHA_PERMANENT = ACTIONS.first("GEISHA")              # + permanent - FIRST_PERMANENT
NUM_ACTIONS = ACTIONS.size



# --- phases: who decides what ---
BUSHIDO_CHOICE = 1   # turned a weapon: discard a weapon, or pay 1 honour
DRAW_CHOICE = 2      # Ieyasu: first card from the discard pile or the pile
PLAY_CARDS = 3
CHOOSE_TARGET = 4
GEISHA_CHOICE = 5
PARRY_CHOICE = 6     # target of a weapon
BATTLECRY = 7        # Cri de guerre: parry or lose 1 resilience
JUJITSU = 8          # Ju Jitsu: discard a weapon or lose 1 resilience
DISCARD_DOWN = 9
GAME_OVER = 10

END_NONE = 0
END_HONOR = 1        # a player has no honour left
END_SWORD = 2        # victoire au fil de l'épée
END_SWORD_VOID = 3   # a lone survivor who just defeated a teammate: scored normally
END_FORFEIT = 4      # a seat's bot failed: the game cannot go on without it

# --- public events; the card of a private event is seen by its audience only ---
EV_TURN, EV_RECOVER, EV_DRAW, EV_TAKE_DISCARD, EV_RESHUFFLE, EV_FLIP, EV_BUSHIDO_PASS = range(7)
EV_PLAY, EV_TARGET, EV_PARRY, EV_DAMAGE, EV_DEFEAT, EV_HONOR, EV_STEAL, EV_DISCARD = range(7, 15)
EV_PERMANENT_LOST, EV_HEAL, EV_NOBUNAGA, EV_END = range(15, 19)


def _is_weapon(card):
    return card < NUM_WEAPONS


class KatanaCore:
    """The state of a game of Katana and the mechanics every rule uses."""

    def _allocate(self):
        self.role = array.array("i", [0] * MAX_PLAYERS)
        self.stars = array.array("i", [0] * MAX_PLAYERS)
        self.character = array.array("i", [0] * MAX_PLAYERS)
        self.hp = array.array("i", [0] * MAX_PLAYERS)
        self.honor = array.array("i", [0] * MAX_PLAYERS)
        self.hand_size = array.array("i", [0] * MAX_PLAYERS)
        self.hand = array.array("i", [0] * (MAX_PLAYERS * NUM_CARDS))
        self.permanents = array.array("i", [0] * (MAX_PLAYERS * NUM_PERMANENTS))
        self.pile = array.array("i", [0] * DECK_SIZE)
        self.discard = array.array("i", [0] * DECK_SIZE)
        self.legal = array.array("i", [0] * NUM_ACTIONS)

    # ------------------------------------------------------------------ cards
    def _shuffle(self, cards, start, count):
        """Fisher-Yates over ``cards[start:start + count]``."""
        for i in range(count - 1, 0, -1):
            j = self.rng.below(i + 1)
            cards[start + i], cards[start + j] = cards[start + j], cards[start + i]

    def _log(self, kind, actor, target, card, amount, audience):
        """Keeps the history when recording (the fast path does not); ``audience`` is a bitmask of
        the seats that see ``card`` (0: everybody)."""
        if self.record:
            self.events.append((kind, actor, target, card, amount, audience))

    def _reshuffle(self):
        """The pile is empty and a card is needed: returns False when there is none anywhere."""
        if self.discard_len == 0:
            return False
        for i in range(self.discard_len):
            self.pile[i] = self.discard[i]
        self.pile_len = self.discard_len
        self.discard_len = 0
        self._shuffle(self.pile, 0, self.pile_len)
        self._log(EV_RESHUFFLE, -1, -1, -1, self.pile_len, 0)
        for s in range(self.n):
            self._change_honor(s, -1)
        if self._someone_dishonored():
            self._finish(END_HONOR, -1, -1)
        return True

    def _take_from_pile(self, seat, count):
        for k in range(count):
            if self.pile_len == 0:
                if not self._reshuffle() or self.over:
                    return
            self.pile_len -= 1
            card = self.pile[self.pile_len]
            self._gain(seat, card)
            self._log(EV_DRAW, seat, -1, card, 1, 1 << seat)

    def _turn_over_top_card(self):
        """The Code du bushido turns the top card of the pile onto the discard pile (-1: no card)."""
        if self.pile_len == 0 and (not self._reshuffle() or self.over):
            return -1
        self.pile_len -= 1
        card = self.pile[self.pile_len]
        self._to_discard(card)
        self._log(EV_FLIP, self.bushido_holder, -1, card, 1, 0)
        return card

    def _gain(self, seat, card):
        self.hand[seat * NUM_CARDS + card] += 1
        self.hand_size[seat] += 1

    def _lose(self, seat, card):
        self.hand[seat * NUM_CARDS + card] -= 1
        self.hand_size[seat] -= 1

    def _to_discard(self, card):
        self.discard[self.discard_len] = card
        self.discard_len += 1

    def _discard_from_hand(self, seat, card):
        self._lose(seat, card)
        self._to_discard(card)
        self._log(EV_DISCARD, seat, -1, card, 1, 0)

    def _random_card_of(self, seat):
        pick = self.rng.below(self.hand_size[seat])
        base = seat * NUM_CARDS
        for c in range(NUM_CARDS):
            pick -= self.hand[base + c]
            if pick < 0:
                return c
        return -1

    # ---------------------------------------------------------- player state
    def _harmless(self, seat):
        return self.hp[seat] == 0 or self.hand_size[seat] == 0

    def _permanent(self, seat, card):
        return self.permanents[seat * NUM_PERMANENTS + card - FIRST_PERMANENT]

    def _team(self, seat):
        return TEAM_OF_ROLE[self.role[seat]]

    def _change_honor(self, seat, delta):
        self.honor[seat] += delta
        self._log(EV_HONOR, seat, -1, -1, delta, 0)

    def _someone_dishonored(self):
        for s in range(self.n):
            if self.honor[s] <= 0:
                return True
        return False

    def weapon_limit(self, seat):
        """Weapons ``seat`` may play in a turn: 1, +1 per Concentration, +1 Goemon, +1 the 3-player shogun."""
        limit = 1 + self._permanent(seat, CONCENTRATION)
        if self.character[seat] == GOEMON:
            limit += 1
        if self.n == 3 and self.role[seat] == SHOGUN:
            limit += 1
        return limit

    def difficulty(self, attacker, target):
        """Attack difficulty: the shorter way round, counting only players who are not harmless,
        plus the target's Armures and Benkei's +1."""
        n = self.n
        clockwise = 1
        s = (attacker + 1) % n
        while s != target:
            if not self._harmless(s):
                clockwise += 1
            s = (s + 1) % n
        counter = 1
        s = (attacker + n - 1) % n
        while s != target:
            if not self._harmless(s):
                counter += 1
            s = (s + n - 1) % n
        best = clockwise if clockwise < counter else counter
        best += self._permanent(target, ARMURE)
        if self.character[target] == BENKEI:
            best += 1
        return best

    def _reaches(self, attacker, target, weapon):
        if target == attacker or self._harmless(target):
            return False
        if self.character[attacker] == KOJIRO:
            return True
        return self.difficulty(attacker, target) <= CARD_RANGE[weapon]

    def weapon_damage(self, attacker, target, weapon):
        damage = CARD_DAMAGE[weapon] + self._permanent(attacker, ATTAQUE_RAPIDE)
        if self.character[attacker] == MUSASHI:
            damage += 1
        if self.character[target] == GINCHIYO and damage > 1:
            damage -= 1
        return damage

    def _decide(self, phase, seat):
        self.phase = phase
        self.actor = seat

    # --------------------------------------------------------------- combat
    def _wound(self, seat, amount, by):
        """``seat`` loses up to ``amount`` resilience; returns what was lost.  A defeat gives
        1 honour to ``by`` and may end the game."""
        lost = amount if amount < self.hp[seat] else self.hp[seat]
        self.hp[seat] -= lost
        self._log(EV_DAMAGE, by, seat, -1, lost, 0)
        if self.hp[seat] == 0 and lost > 0:
            self._log(EV_DEFEAT, by, seat, -1, 0, 0)
            self._change_honor(seat, -1)
            self._change_honor(by, 1)
            if self.honor[seat] <= 0:
                self._finish(END_HONOR, by, seat)
        return lost

    # ------------------------------------------------------------- the end
    def _finish(self, reason, killer, victim):
        self.over = True
        self.end_reason = reason
        self.phase = GAME_OVER
        self.actor = -1
        if victim >= 0 and self._team(killer) == self._team(victim):
            self.lost_blade_victim = victim
        self.team_scores = self._team_scores()
        order = self.team_order()
        self.winner_team = order[0]
        self._log(EV_END, killer, victim, -1, reason, 0)

    def seat_points(self, seat):
        """What ``seat`` adds to its team's score: honour times its multiplier, Daimyo cards
        (never multiplied, none for the ronin), minus the Lame perdue."""
        n = self.n
        role = self.role[seat]
        multiplier = data.SCORE_MULTIPLIER[0][n][role]
        if n == 4 and role == NINJA:
            most = True
            for s in range(n):
                if s != seat and self.role[s] == NINJA and self.stars[s] > self.stars[seat]:
                    most = False
            if most:
                multiplier = data.NINJA_MOST_STARS_MULTIPLIER_4P[0]
        points = self.honor[seat] * multiplier
        if role != RONIN:
            points += self.hand[seat * NUM_CARDS + DAIMYO] * data.DAIMYO_POINTS[0]
        if seat == self.lost_blade_victim:
            points -= data.LOST_BLADE_PENALTY[0]
        return points

    def _team_scores(self):
        scores = [0, 0, 0]
        for s in range(self.n):
            scores[self._team(s)] += self.seat_points(s)
        return scores

    def teams_in_play(self):
        present = []
        for s in range(self.n):
            team = self._team(s)
            if team not in present:
                present.append(team)
        return present

    def team_order(self):
        """Teams from first to last."""
        priority = data.TIE_PRIORITY[0]
        order = sorted(self.teams_in_play(),
                       key=lambda t: (-self.team_scores[t], -priority[data.TEAMS[t]]))
        if self.end_reason == END_SWORD:
            first = self._team(self.sword_survivor())
            order.remove(first)
            order.insert(0, first)
        return order

    def sword_survivor(self):
        for s in range(self.n):
            if self.hp[s] > 0:
                return s
        return -1

    def _copy_from(self, src):
        for name in ("role", "stars", "character", "hp", "honor", "hand_size", "hand",
                     "permanents", "pile", "discard", "legal"):
            setattr(self, name, array.array("i", getattr(src, name)))
        for name in ("n", "seed", "record", "over", "end_reason", "winner_team", "lost_blade_victim",
                     "forfeited", "bushido_holder", "decisions", "turn_number", "weapons_played", "pending_card",
                     "pending_target", "reacting", "draws_left", "shogun", "pile_len", "discard_len",
                     "turn", "phase", "actor"):
            setattr(self, name, getattr(src, name))
        self.events = list(src.events)
        self.team_scores = list(src.team_scores) if src.over else None
        self.rng = Rng(0)
        self.rng.state = src.rng.state
        self.rng.increment = src.rng.increment

    # ---------------------------------------------------------- legal moves
    def _fill_legal(self):
        """Writes the actor's legal actions into ``self.legal``; returns how many."""
        seat = self.actor
        base = seat * NUM_CARDS
        phase = self.phase
        k = 0
        if phase == PLAY_CARDS:
            self.legal[k] = END_TURN
            k += 1
            reach = self._easiest_attack(seat) if self.weapons_played < self.weapon_limit(seat) else 0
            bushido_free = self.bushido_holder < 0
            for c in range(NUM_CARDS):
                if self.hand[base + c] == 0 or c == PARADE:
                    continue
                if _is_weapon(c):
                    if reach == 0 or CARD_RANGE[c] < reach:
                        continue
                elif c == BUSHIDO:
                    if not bushido_free:
                        continue
                elif c == DIVERSION:
                    if not self._someone_else_holds_cards(seat):
                        continue
                elif c == GEISHA:
                    if not self._geisha_has_target(seat):
                        continue
                self.legal[k] = PLAY + c
                k += 1
            if self.character[seat] == NOBUNAGA and self.hp[seat] > 1 and self.pile_len + self.discard_len > 0:
                self.legal[k] = NOBUNAGA_DRAW
                k += 1
        elif phase == CHOOSE_TARGET:
            card = self.pending_card
            for t in range(self.n):
                if self._valid_target(seat, t, card):
                    self.legal[k] = TARGET + t
                    k += 1
        elif phase == PARRY_CHOICE or phase == BATTLECRY:
            self.legal[k] = TAKE_DAMAGE
            k += 1
            if self.hand[base + PARADE] > 0:
                self.legal[k] = PARRY
                k += 1
            if self.character[seat] == HANZO and self.hand_size[seat] > 1:
                for w in range(NUM_WEAPONS):
                    if self.hand[base + w] > 0:
                        self.legal[k] = PARRY_WITH + w
                        k += 1
        elif phase == JUJITSU or phase == BUSHIDO_CHOICE:
            self.legal[k] = TAKE_DAMAGE if phase == JUJITSU else BUSHIDO_PAY_HONOR
            k += 1
            for w in range(NUM_WEAPONS):
                if self.hand[base + w] > 0:
                    self.legal[k] = DISCARD + w
                    k += 1
        elif phase == DISCARD_DOWN:
            for c in range(NUM_CARDS):
                if self.hand[base + c] > 0:
                    self.legal[k] = DISCARD + c
                    k += 1
        elif phase == DRAW_CHOICE:
            self.legal[0] = DRAW_FROM_DISCARD
            self.legal[1] = DRAW_FROM_PILE
            k = 2
        elif phase == GEISHA_CHOICE:
            t = self.pending_target
            if t != seat and self.hand_size[t] > 0:
                self.legal[k] = GEISHA_HAND
                k += 1
            for p in range(NUM_PERMANENTS):
                if self.permanents[t * NUM_PERMANENTS + p] > 0:
                    self.legal[k] = GEISHA_PERMANENT + p
                    k += 1
        return k

    def _easiest_attack(self, seat):
        """The lowest difficulty of an attack by ``seat`` (1 for Kojirō), 0 when nobody can be attacked."""
        easiest = 0
        for t in range(self.n):
            if t == seat or self._harmless(t):
                continue
            d = 1 if self.character[seat] == KOJIRO else self.difficulty(seat, t)
            if easiest == 0 or d < easiest:
                easiest = d
        return easiest

    def _someone_else_holds_cards(self, seat):
        for t in range(self.n):
            if t != seat and self.hand_size[t] > 0:
                return True
        return False

    def _geisha_has_target(self, seat):
        for t in range(self.n):
            if self._valid_target(seat, t, GEISHA):
                return True
        return False

    def _valid_target(self, seat, t, card):
        if _is_weapon(card):
            return self._reaches(seat, t, card)
        if card == BUSHIDO:
            return True
        if card == GEISHA:
            if t != seat and self.hand_size[t] > 0:
                return True
            for p in range(NUM_PERMANENTS):
                if self.permanents[t * NUM_PERMANENTS + p] > 0:
                    return True
            return False
        if card == DIVERSION:
            return t != seat and self.hand_size[t] > 0
        return t != seat  # Méditation: another player draws

    def _is_legal(self, action):
        k = self._fill_legal()
        for i in range(k):
            if self.legal[i] == action:
                return True
        return False
