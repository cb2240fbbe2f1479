"""Katana (Samurai Sword, dV Giochi 2012): the rules.

One source for both builds: compiled by Cython (typed by ``_rules.pxd``) and
run as plain Python for the cross-check.  Cards in a hand are counted by kind
(copies of a card are indistinguishable); the draw and discard piles keep
their order.

Rulings where the rulebook leaves two rules' interaction open (each is tested):

* Deck exhaustion is noticed when a card must be drawn (or turned over by the
  Code du bushido) from an empty pile: the discard pile is shuffled into a new
  pile and every player loses 1 honour at once.  With no discard pile either,
  nothing is drawn and nobody loses honour.
* A played card goes to the discard pile as soon as it is played; cards
  discarded by its effect (a parry, a Geisha's victim) lie on top of it.
* Damage bonuses (Attaque rapide, Musashi) are added first, then Ginchiyo's
  reduction (minimum 1); damage beyond the last resilience point is ignored
  and draws nothing for Ushiwaka.
* After a weapon hit: the defeat and its honour transfer first (which may end
  the game), then Ushiwaka's and Tomoe's draws, then the victoire au fil de
  l'épée.
* Lame perdue costs the defeated player 3 points, added after the
  multipliers like the Daimyo points.  It applies whenever the game ends
  because of that defeat, including a lone survivor's voided sword victory.
* The 3-player shogun who would lose honour to the Code du bushido simply
  discards it: his choice is still between a weapon and the Code.
* Cri de guerre and Ju Jitsu ask every affected player in turn order from the
  player on the left.  Harmless players and Chiyome are not affected.
* Ranking: after a victoire au fil de l'épée the survivor's team is first and
  the others follow by score; otherwise teams rank by score, ties broken in
  favour of the ninjas, then the shogun's team.

To keep hidden information out of the decision structure, the target of a
weapon is always asked whether to parry, and every affected player is always
asked about a Cri de guerre or Ju Jitsu, whatever their hand holds.
"""
import array

import cython

from .._rng import Rng
from ._core import KatanaCore, MAX_PLAYERS, MIN_PLAYERS
from . import data
from . import views
from .spec import SPEC

if not cython.compiled:   # the compiled module cimports the same names (see _rules.pxd)
    from ._core import *  # noqa: F401,F403
    from ._core import _is_weapon

ACTION_NAMES = views.ACTION_NAMES
PHASE_NAMES = views.PHASE_NAMES
END_REASONS = views.END_REASONS
EVENT_NAMES = views.EVENT_NAMES


class KatanaState(KatanaCore):
    """A game of Katana.  Seats are numbered clockwise; the shogun plays first."""

    def __init__(self, n_players, seed, record=True):
        if n_players < MIN_PLAYERS or n_players > MAX_PLAYERS:
            raise ValueError("katana is played by %d to %d players, not %d" % (MIN_PLAYERS, MAX_PLAYERS, n_players))
        self._allocate()
        self.reset(n_players, seed, record)

    def reset(self, n_players, seed, record):
        """Deal a new game in place (the fast path reuses one state for many games)."""
        n = n_players
        self.n = n
        self.seed = seed
        self.record = record
        self.events = []
        self.rng = Rng(seed)
        for i in range(MAX_PLAYERS * NUM_CARDS):
            self.hand[i] = 0
        for i in range(MAX_PLAYERS * NUM_PERMANENTS):
            self.permanents[i] = 0
        for s in range(MAX_PLAYERS):
            self.hand_size[s] = 0
            self.stars[s] = 0
        self.over = False
        self.end_reason = END_NONE
        self.winner_team = -1
        self.lost_blade_victim = -1
        self.forfeited = -1
        self.bushido_holder = -1
        self.decisions = 0
        self.turn_number = 0
        self.weapons_played = 0
        self.pending_card = -1
        self.pending_target = -1
        self.reacting = -1
        self.draws_left = 0
        self._deal_roles()
        self._deal_characters()
        for s in range(n):
            self.honor[s] = SHOGUN_HONOR[n] if self.role[s] == SHOGUN else OTHER_HONOR[n]
        for i in range(DECK_SIZE):
            self.pile[i] = FULL_DECK[i]
        self.pile_len = DECK_SIZE
        self.discard_len = 0
        self._shuffle(self.pile, 0, DECK_SIZE)
        for position in range(n):
            self._take_from_pile((self.shogun + position) % n, STARTING_HAND[position])
        self._start_turn(self.shogun)

    def _deal_roles(self):
        # The role cards and the ninjas' stars are shuffled in the scratch buffer; with 4
        # players the third ninja card is the one removed unseen.
        n = self.n
        scratch = self.legal
        for i in range(n):
            scratch[i] = ROLE_DECKS[n * MAX_PLAYERS + i]
        self._shuffle(scratch, 0, n)
        for i in range(3):
            scratch[MAX_PLAYERS + i] = i + 1
        self._shuffle(scratch, MAX_PLAYERS, 3)
        ninjas = 0
        for s in range(n):
            role = scratch[s]
            self.role[s] = role
            if role == SHOGUN:
                self.shogun = s
            if role == NINJA:
                self.stars[s] = scratch[MAX_PLAYERS + ninjas]
                ninjas += 1

    def _deal_characters(self):
        scratch = self.legal
        for i in range(NUM_CHARACTERS):
            scratch[i] = i
        self._shuffle(scratch, 0, NUM_CHARACTERS)
        for s in range(self.n):
            self.character[s] = scratch[s]
            self.hp[s] = RESILIENCE[scratch[s]]

    # ------------------------------------------------------------ turn flow
    def _start_turn(self, seat):
        self.turn = seat
        self.turn_number += 1
        self.weapons_played = 0
        self._log(EV_TURN, seat, -1, -1, self.turn_number, 0)
        if self.hp[seat] == 0:
            self.hp[seat] = RESILIENCE[self.character[seat]]
            self._log(EV_RECOVER, seat, -1, -1, self.hp[seat], 0)
        if self.bushido_holder == seat:
            card = self._turn_over_top_card()
            if self.over:
                return
            if card >= 0 and _is_weapon(card):
                self._decide(BUSHIDO_CHOICE, seat)
                return
            self._pass_bushido()
        self._begin_draw()

    def _pass_bushido(self):
        holder = self.bushido_holder
        left = (holder + 1) % self.n
        self.permanents[holder * NUM_PERMANENTS + BUSHIDO - FIRST_PERMANENT] -= 1
        self.permanents[left * NUM_PERMANENTS + BUSHIDO - FIRST_PERMANENT] += 1
        self.bushido_holder = left
        self._log(EV_BUSHIDO_PASS, holder, left, BUSHIDO, 1, 0)

    def _begin_draw(self):
        seat = self.turn
        count = DRAWS_PER_TURN
        if self.character[seat] == HIDEYOSHI:
            count += 1
        if self.n == 3 and self.role[seat] == SHOGUN:
            count += 1
        if self.character[seat] == IEYASU and self.discard_len > 0:
            self.draws_left = count
            self._decide(DRAW_CHOICE, seat)
            return
        self._take_from_pile(seat, count)
        if not self.over:
            self._decide(PLAY_CARDS, seat)

    def _end_turn(self):
        self._start_turn((self.turn + 1) % self.n)

    def _check_sword_victory(self, killer, victim):
        if self.n == 3 or self.over:
            return
        survivor = -1
        for s in range(self.n):
            if self.hp[s] > 0:
                if survivor >= 0:
                    return
                survivor = s
        if victim >= 0 and survivor == killer and self._team(killer) == self._team(victim):
            self._finish(END_SWORD_VOID, killer, victim)
        else:
            self._finish(END_SWORD, killer, victim)

    def _resolve_hit(self):
        attacker = self.turn
        target = self.pending_target
        weapon = self.pending_card
        lost = self._wound(target, self.weapon_damage(attacker, target, weapon), attacker)
        if self.over:
            return
        victim = target if self.hp[target] == 0 else -1
        if self.character[target] == USHIWAKA and lost > 0:
            self._take_from_pile(target, lost)
            if self.over:
                return
        if self.character[attacker] == TOMOE and lost > 0:
            self._take_from_pile(attacker, 1)
            if self.over:
                return
        if victim >= 0:
            self._check_sword_victory(attacker, victim)

    def _affected_by_mass_card(self, seat):
        return not self._harmless(seat) and self.character[seat] != CHIYOME

    def _next_reaction(self, phase):
        """Ask the next affected player (clockwise) about the Cri de guerre or Ju Jitsu in play."""
        s = self.reacting
        while s != self.turn:
            if self._affected_by_mass_card(s):
                self.reacting = s
                self._decide(phase, s)
                return
            s = (s + 1) % self.n
        self.reacting = -1
        self._decide(PLAY_CARDS, self.turn)

    def _mass_card_damage(self, seat):
        self._wound(seat, 1, self.turn)
        if not self.over and self.hp[seat] == 0:
            self._check_sword_victory(self.turn, seat)

    # ----------------------------------------------------------- transitions
    def _apply(self, action):
        """Applies a legal action of the actor, then runs the game on to the next decision."""
        seat = self.actor
        phase = self.phase
        self.decisions += 1
        if phase == PLAY_CARDS:
            if action == END_TURN:
                if self.hand_size[seat] > HAND_LIMIT:
                    self._decide(DISCARD_DOWN, seat)
                else:
                    self._end_turn()
            elif action == NOBUNAGA_DRAW:
                self.hp[seat] -= 1
                self._log(EV_NOBUNAGA, seat, -1, -1, 1, 0)
                self._take_from_pile(seat, 1)
            else:
                self._play(seat, action - PLAY)
        elif phase == CHOOSE_TARGET:
            self._target(seat, action - TARGET)
        elif phase == PARRY_CHOICE:
            self._parry_or_take(seat, action)
            if action == TAKE_DAMAGE:
                self._resolve_hit()
            if not self.over:
                self._decide(PLAY_CARDS, self.turn)
        elif phase == BATTLECRY or phase == JUJITSU:
            if action == TAKE_DAMAGE:
                self._mass_card_damage(seat)
            elif phase == BATTLECRY:
                self._parry_or_take(seat, action)
            else:
                self._discard_from_hand(seat, action - DISCARD)
            if not self.over:
                self.reacting = (seat + 1) % self.n
                self._next_reaction(phase)
        elif phase == BUSHIDO_CHOICE:
            if action == BUSHIDO_PAY_HONOR:
                self.permanents[seat * NUM_PERMANENTS + BUSHIDO - FIRST_PERMANENT] -= 1
                self.bushido_holder = -1
                self._to_discard(BUSHIDO)
                self._log(EV_PERMANENT_LOST, seat, seat, BUSHIDO, 1, 0)
                if not (self.n == 3 and self.role[seat] == SHOGUN):
                    self._change_honor(seat, -1)
                    if self.honor[seat] <= 0:
                        self._finish(END_HONOR, -1, -1)
                        return
            else:
                self._discard_from_hand(seat, action - DISCARD)
                self._pass_bushido()
            self._begin_draw()
        elif phase == DRAW_CHOICE:
            count = self.draws_left
            if action == DRAW_FROM_DISCARD:
                self.discard_len -= 1
                card = self.discard[self.discard_len]
                self._gain(seat, card)
                self._log(EV_TAKE_DISCARD, seat, -1, card, 1, 0)
                count -= 1
            self._take_from_pile(seat, count)
            if not self.over:
                self._decide(PLAY_CARDS, seat)
        elif phase == GEISHA_CHOICE:
            self._geisha(seat, action)
        elif phase == DISCARD_DOWN:
            self._discard_from_hand(seat, action - DISCARD)
            if self.hand_size[seat] <= HAND_LIMIT:
                self._end_turn()

    def _parry_or_take(self, seat, action):
        if action == PARRY:
            self._lose(seat, PARADE)
            self._to_discard(PARADE)
            self._log(EV_PARRY, seat, self.turn, PARADE, 1, 0)
        elif action != TAKE_DAMAGE:
            weapon = action - PARRY_WITH
            self._lose(seat, weapon)
            self._to_discard(weapon)
            self._log(EV_PARRY, seat, self.turn, weapon, 1, 0)

    def _play(self, seat, card):
        self._lose(seat, card)
        self._log(EV_PLAY, seat, -1, card, 1, 0)
        if card == CONCENTRATION or card == ARMURE or card == ATTAQUE_RAPIDE:
            self.permanents[seat * NUM_PERMANENTS + card - FIRST_PERMANENT] += 1
            return
        if card == BUSHIDO or _is_weapon(card) or card == DIVERSION or card == GEISHA or card == MEDITATION:
            if card != BUSHIDO:
                self._to_discard(card)
            self.pending_card = card
            self._decide(CHOOSE_TARGET, seat)
            return
        self._to_discard(card)
        if card == CRI_DE_GUERRE or card == JU_JITSU:
            self.reacting = (seat + 1) % self.n
            self._next_reaction(BATTLECRY if card == CRI_DE_GUERRE else JUJITSU)
        elif card == CEREMONIE:
            self._take_from_pile(seat, 3)
            for i in range(1, self.n):
                if self.over:
                    return
                self._take_from_pile((seat + i) % self.n, 1)
        elif card == DAIMYO:
            self._take_from_pile(seat, 2)

    def _target(self, seat, t):
        card = self.pending_card
        self._log(EV_TARGET, seat, t, card, 1, 0)
        if _is_weapon(card):
            self.weapons_played += 1
            self.pending_target = t
            self._decide(PARRY_CHOICE, t)
            return
        if card == BUSHIDO:
            self.permanents[t * NUM_PERMANENTS + BUSHIDO - FIRST_PERMANENT] += 1
            self.bushido_holder = t
        elif card == DIVERSION:
            stolen = self._random_card_of(t)
            self._lose(t, stolen)
            self._gain(seat, stolen)
            self._log(EV_STEAL, seat, t, stolen, 1, (1 << seat) | (1 << t))
        elif card == MEDITATION:
            self.hp[seat] = RESILIENCE[self.character[seat]]
            self._log(EV_HEAL, seat, -1, -1, self.hp[seat], 0)
            self._take_from_pile(t, 1)
            if self.over:
                return
        elif card == GEISHA:
            self.pending_target = t
            self._decide(GEISHA_CHOICE, seat)
            return
        self._decide(PLAY_CARDS, seat)

    def _geisha(self, seat, action):
        t = self.pending_target
        if action == GEISHA_HAND:
            self._discard_from_hand(t, self._random_card_of(t))
        else:
            card = FIRST_PERMANENT + action - GEISHA_PERMANENT
            self.permanents[t * NUM_PERMANENTS + action - GEISHA_PERMANENT] -= 1
            self._to_discard(card)
            if card == BUSHIDO:
                self.bushido_holder = -1
            self._log(EV_PERMANENT_LOST, seat, t, card, 1, 0)
        self._decide(PLAY_CARDS, seat)

    # ------------------------------------------------- the engine contract
    def current_seats(self):
        """Seats that must decide now (never more than one in Katana)."""
        return [] if self.over else [self.actor]

    def legal_actions(self, seat):
        if self.over or seat != self.actor:
            return []
        k = self._fill_legal()
        return [self.legal[i] for i in range(k)]

    def apply(self, seat, action):
        if self.over:
            raise ValueError("the game is over")
        if seat != self.actor:
            raise ValueError("seat %d cannot act now: seat %d decides" % (seat, self.actor))
        if isinstance(action, bool) or not isinstance(action, int) or not self._is_legal(action):
            raise ValueError("illegal action %r for seat %d in phase %s" % (
                action, seat, PHASE_NAMES[self.phase]))
        self._apply(action)

    def is_terminal(self):
        return self.over

    def observation(self, seat, since=0):
        return views.observation(self, seat, since)

    def full_view(self, since=0):
        return views.full_view(self, since)

    def result(self):
        return views.result(self)

    def forfeit(self, seat):
        """``seat`` leaves the game (its bot failed).  Katana's hidden teams cannot play on one
        player short: the game ends at once, scored as it stands, and that seat ranks last."""
        if self.over:
            raise ValueError("the game is over")
        if seat < 0 or seat >= self.n:
            raise ValueError("no seat %d in a %d-player game" % (seat, self.n))
        self.forfeited = seat
        self._finish(END_FORFEIT, -1, -1)

    def resample_hidden(self, seat, seed):
        return views.resample_hidden(self, seat, seed)

    def clone(self):
        other = KatanaState.__new__(KatanaState)
        other._copy_from(self)
        return other


def new_state(n_players, seed, options=None):
    SPEC.check_players(n_players)
    SPEC.resolve_options(options)   # Katana has none: any given is an error
    return KatanaState(n_players, seed, True)


def play_random_games(n_players, n_games, seed):
    """The fast path: ``n_games`` whole games between uniform random players, inside the engine.

    Returns the decisions made and the wins per team, for benchmarks and mass simulation."""
    state = KatanaState(n_players, seed, False)
    policy = Rng(seed, 54)
    decisions = 0
    wins = [0, 0, 0]
    for g in range(n_games):
        if g > 0:
            state.reset(n_players, seed + g, False)
        while not state.over:
            k = state._fill_legal()
            state._apply(state.legal[policy.below(k)])
        decisions += state.decisions
        wins[state.winner_team] += 1
    return {"games": n_games, "decisions": decisions,
            "wins": {data.TEAMS[t]: wins[t] for t in range(3)}}
