"""Samouraï & Katana, the play of an activation turn: reaction windows, cards, moves and battles.

One source for both builds (``_play.pxd``).  ``SamouraiPlay`` extends the state of ``_core`` with
what happens between a clan's decisions in its activation turn and the other clans' answers to
them; ``_options`` subclasses it with the optional rules' decisions, which provide the moments
before a card's power and before a battle's cards (``_before_resolve``, ``_before_commit``,
``_support_outcome``), and ``_rules`` with the rounds, the legality of each decision and the
engine contract, which provides the end of a turn (``_end_activation_turn``).  The rulings are
stated in ``_rules``' docstring.
"""
import cython

from ._core import SamouraiCore

if not cython.compiled:   # the compiled module cimports the same names (see _play.pxd)
    from ._core import (  # noqa: F401
        AMOUNT, BATTLE_DRAW, BATTLE_HONOR, COST, DESTROY, EFFECT, EV_BATTLE, EV_BATTLE_END, EV_CANCEL, EV_CASTLE,
        EV_COMMIT, EV_ELIMINATED, EV_ENTER, EV_FREE, EV_KOKU, EV_LOSSES, EV_MOVE, EV_PLAY, EV_RETREAT, EV_REVEAL,
        EV_SEPPUKU, EV_STEAL, EV_TARGET, EV_UPRISING, FX_AFFRONT, FX_HONOR, FX_KOKU, FX_NINJA, FX_SCORCHED, FX_SECT,
        FX_UPRISING, FX_WAKO, DONE, JUSTICE, LINK, MOVE_PRICE, NEIGHBOURS, NEIGHBOUR_START, NINJA, NK, NT, PASS, PLAY,
        PLAYER, RELOCATE, REPLACE, SCORCHED, SHOGUN_DEFEAT_HONOR, ST_ACTIVATE, ST_CASTLE, ST_COMMIT, ST_COUNTER,
        ST_RETREAT, ST_TARGET_PLAYER, ST_TARGET_TERRITORY, ST_WINDOW, TERRITORY, TSUNAMI, WAKO,
        WINNING_DEFENDER_DRAW, W_AFTER, W_MOVE, W_START)

CTX_TURN, CTX_WINDOW = 0, 1
# what the Shogun's power would cancel (O9): a card's power, a battle's special, a counter to a
# move, Justice shogunale countering a card
SH_CARD, SH_SPECIAL, SH_MOVE_COUNTER, SH_CARD_COUNTER = 0, 1, 2, 3


class SamouraiPlay(SamouraiCore):
    """Windows, cards, moves and battles of the active clan's turn."""

    # ------------------------------------------------------------------ windows
    def _eligible(self, seat):
        if seat == self.active or not self.can_play_any_time(seat):
            return False
        if self.window_kind == W_MOVE:
            return self.mv_sea or seat == self.b_def or self.justice_for_others
        return True

    def _open_window(self, kind):
        """Asks the other seats in turn, clockwise from the active clan's left (``window_pos``
        counts them from 0)."""
        self.window_kind = kind
        self.window_pos = -1
        self._window_next()

    def _window_next(self):
        self.window_pos += 1
        while self.window_pos < self.n - 1:
            seat = (self.active + 1 + self.window_pos) % self.n
            if self._eligible(seat):
                self._ask(ST_WINDOW, seat)
                return
            self.window_pos += 1
        if self.window_kind == W_MOVE:
            self._execute_move()
        elif self.window_kind == W_AFTER:
            self._after_battle()
        else:
            self._resume_turn()

    def _resume_turn(self):
        """Back to the active clan, even eliminated by his own attack (he may then only end his
        turn): who decides after a battle must not depend on its outcome."""
        self._ask(ST_ACTIVATE, self.active)

    def _offer_window_plays(self, seat):
        """The legal answers in a window: ``PASS``, then the cards ``seat`` holds and may play
        there (a move's counters in the order Tsunami, Justice, Terre brûlée; after a battle,
        Ninja then Wako; at the start of a turn, Ninja, Terre brûlée, Wako: card ids ascending)."""
        self._offer(PASS)
        kind = self.window_kind
        if kind == W_MOVE:
            if self.mv_sea and self.has_card(seat, TSUNAMI):
                self._offer(PLAY + TSUNAMI)
            if self.mv_attack and self.has_card(seat, JUSTICE) and (seat == self.b_def or self.justice_for_others):
                self._offer(PLAY + JUSTICE)
            if self.mv_attack and seat == self.b_def and self.has_card(seat, SCORCHED):
                self._offer(PLAY + SCORCHED)
            return
        if self.has_card(seat, NINJA) and not (self.new_ninja and kind == W_AFTER) and self._ninja_targets(seat):
            self._offer(PLAY + NINJA)        # Ninja's id is below Wako's (data appends, never reorders)
        if kind == W_START and self.has_card(seat, SCORCHED) and self._scorched_targets(seat):
            self._offer(PLAY + SCORCHED)     # "avant que le joueur visé ne se soit déplacé"
        if self.has_card(seat, WAKO):
            self._offer(PLAY + WAKO)

    def _scorched_targets(self, seat):
        """Terre brûlée before the active clan moves: one of ``seat``'s territories to bar to him."""
        for t in range(NT):
            if self.owner[t] == seat:
                return True
        return False

    def _ninja_targets(self, seat):
        for s in range(self.n):
            if s != seat and not self.forfeited[s] and self.hand_size[s] > 0:
                return True
        return False

    def _counter_move(self, seat, card):
        """A counter played in a move's window: the Shogun may cancel it (``_before_counter``),
        else it cancels the move."""
        self._take_card(seat, card)
        self._to_discard(card)
        self._log(EV_PLAY, seat, card, self.active, 0, 0)
        self.k_card = card
        self.k_player = seat
        self._before_counter(SH_MOVE_COUNTER)

    def _move_countered(self):
        """The counter cancels the move (R99, R101, R104)."""
        card = self.k_card
        refund = card != JUSTICE
        if refund:
            if self.mv_free:
                self.shogun_free_used = False
            self.koku[self.active] += self.mv_paid
        if card == SCORCHED:
            self.blocked[self.mv_to] = 1
        self._log(EV_CANCEL, self.active, self.mv_from, self.mv_to, 1 if refund else 0, 0)
        self.b_def = -1
        self._resume_turn()

    # ------------------------------------------------------------------ cards
    def _play_card(self, seat, card, context):
        self._take_card(seat, card)
        self._to_discard(card)
        self.koku[seat] -= COST[card]
        self._log(EV_PLAY, seat, card, -1, COST[card], 0)
        self.c_kind = card
        self.c_player = seat
        self.c_context = context
        self.c_target_player = -1
        self.c_target_terr = -1
        effect = EFFECT[card]
        if effect == FX_UPRISING or effect == FX_SECT or effect == FX_SCORCHED:
            self._ask(ST_TARGET_TERRITORY, seat)
        elif effect == FX_AFFRONT or effect == FX_NINJA or effect == FX_WAKO:
            self._ask(ST_TARGET_PLAYER, seat)
        else:
            self._before_resolve()

    def _offer_card_territories(self, seat):
        """The territories the card being played may strike (Terre brûlée: one's own, to bar)."""
        if EFFECT[self.c_kind] == FX_SCORCHED:
            for t in range(NT):
                if self.owner[t] == seat:
                    self._offer(TERRITORY + t)
            return
        barred = self.kyoto_imperial and EFFECT[self.c_kind] == FX_UPRISING
        for t in range(NT):
            if self.uprising_target(seat, t, barred):
                self._offer(TERRITORY + t)

    def _offer_card_players(self, seat):
        """The clans the card being played may aim at."""
        effect = EFFECT[self.c_kind]
        for s in range(self.n):
            if self.forfeited[s]:
                continue
            if effect == FX_AFFRONT:
                self._offer(PLAYER + s)          # R83: possibly oneself
            elif s != seat and (effect != FX_NINJA or self.hand_size[s] > 0):
                self._offer(PLAYER + s)

    def _card_targeted(self):
        self._log(EV_TARGET, self.c_player, self.c_target_player, self.c_target_terr, 0, 0)
        aimed = self.c_target_player
        self.counter_seats = []
        if aimed >= 0 and aimed != self.c_player:
            if self.can_play_any_time(aimed):
                self.counter_seats.append(aimed)
            if self.justice_for_others:        # O4: Justice may defend another clan
                for i in range(1, self.n):
                    s = (self.c_player + i) % self.n
                    if s != aimed and self.can_play_any_time(s):
                        self.counter_seats.append(s)
        self.counter_pos = -1
        self._counter_next()

    def _counter_next(self):
        self.counter_pos += 1
        if self.counter_pos < len(self.counter_seats):
            self._ask(ST_COUNTER, self.counter_seats[self.counter_pos])
        else:
            self._before_resolve()

    def _card_countered(self):
        """Justice shogunale cancels the card; its cost stays paid (A41)."""
        self._log(EV_CANCEL, self.c_player, self.c_kind, -1, 0, 0)
        self._after_card()

    def _resolve_card(self):
        card = self.c_kind
        seat = self.c_player
        effect = EFFECT[card]
        t = self.c_target_terr
        aimed = self.c_target_player
        if effect == FX_UPRISING or effect == FX_SECT:
            removed = self.samurai[t] if effect == FX_UPRISING else min(AMOUNT[card], self.samurai[t])
            self._log(EV_UPRISING, seat, t, aimed, removed, 0)
            self._remove_samurai(t, removed)
            self._free_if_empty(t)
        elif effect == FX_HONOR:
            self._change_honor(seat, AMOUNT[card])
        elif effect == FX_AFFRONT:
            self._change_honor(aimed, -AMOUNT[card])
        elif effect == FX_KOKU:
            self.koku[seat] += AMOUNT[card]
            self._log(EV_KOKU, seat, -1, -1, AMOUNT[card], 0)
        elif effect == FX_NINJA:
            if self.hand_size[aimed] > 0:
                pick = self.rng.below(self.hand_size[aimed])
                for k in range(NK):
                    pick -= self.hand[aimed * NK + k]
                    if pick < 0:
                        self._take_card(aimed, k)
                        self.hand[seat * NK + k] += 1
                        self.hand_size[seat] += 1
                        self._log(EV_STEAL, seat, k, aimed, 1, (1 << seat) | (1 << aimed))
                        break
        elif effect == FX_SCORCHED:
            self.blocked[t] = 1                  # barred to the active clan for the rest of his turn
        elif effect == FX_WAKO:
            paid = min(AMOUNT[card], self.koku[aimed])
            self.koku[aimed] -= paid
            self._log(EV_KOKU, aimed, -1, -1, -paid, 0)
        self._after_card()

    def _after_card(self):
        if self.c_context == CTX_WINDOW:
            self._window_next()
        else:
            self._ask(ST_ACTIVATE, self.active)

    # ------------------------------------------------------------------ moves
    def _move_cost(self, seat, t):
        if self.castle[t] == seat:
            return 0
        if self.shogun == seat and not self.shogun_free_used:
            return 0
        return MOVE_PRICE

    def _dest_ok(self, seat, origin, t):
        if LINK[origin * NT + t] == 0 or self.blocked[t] or self._move_cost(seat, t) > self.koku[seat]:
            return False
        return self.owner[t] < 0 or self.owner[t] == seat or self.hand_size[seat] >= 2

    def _is_origin(self, seat, o):
        """Whether ``seat`` can move samurai out of ``o`` somewhere."""
        if self.owner[o] != seat or self.samurai[o] == 0:
            return False
        for i in range(NEIGHBOUR_START[o], NEIGHBOUR_START[o + 1]):
            if self._dest_ok(seat, o, NEIGHBOURS[i]):
                return True
        return False

    def _can_move(self, seat):
        for o in range(NT):
            if self.owner[o] == seat and self._is_origin(seat, o):
                return True
        return False

    def _declare_move(self, count):
        seat = self.active
        t = self.mv_to
        self.mv_count = count
        self.mv_paid = 0
        self.mv_free = False
        if self.castle[t] != seat:
            if self.shogun == seat and not self.shogun_free_used:
                self.shogun_free_used = True
                self.mv_free = True
            else:
                self.mv_paid = MOVE_PRICE
                self.koku[seat] -= self.mv_paid
        self.moves_made += 1
        self.mv_sea = LINK[self.mv_from * NT + t] == 2
        self.mv_attack = self.owner[t] >= 0 and self.owner[t] != seat
        self.b_def = self.owner[t] if self.mv_attack else -1
        self._log(EV_MOVE, seat, self.mv_from, t, count, 0)
        if self.mv_sea or self.mv_attack:
            self._open_window(W_MOVE)
        else:
            self._execute_move()

    def _execute_move(self):
        seat = self.active
        o = self.mv_from
        t = self.mv_to
        count = self.mv_count
        self.samurai[o] -= count
        self._free_if_empty(o)
        if not self.mv_attack:
            if self.owner[t] < 0:
                self.owner[t] = seat
                self._log(EV_ENTER, seat, t, -1, count, 0)
            self.samurai[t] += count
            self._ask(ST_ACTIVATE, seat)
            return
        self.b_att = seat
        self.b_where = t
        self.b_from = o
        self.b_count = count
        self.b_n0 = 0
        self.b_n1 = 0
        self.b_forced = False
        self.b_winner = -1
        self.b_revealed = False
        self.b_cancelled = 0
        for i in range(6):
            self.b_cards[i] = -1
        self._log(EV_BATTLE, seat, t, self.b_def, count, 0)
        self._ask_retreat()

    def _ask_commit(self):
        self.b_side = 0
        self._ask(ST_COMMIT, self.b_att)

    # ------------------------------------------------------------------ battles
    def _commit(self, seat, card):
        side = self.b_side
        slot = self.b_n0 if side == 0 else self.b_n1
        self._take_card(seat, card)
        self.b_cards[side * 3 + slot] = card
        if side == 0:
            self.b_n0 += 1
        else:
            self.b_n1 += 1
        self._log(EV_COMMIT, seat, card, -1, slot, 1 << seat)
        if slot == 2:
            self._commit_done()

    def _commit_done(self):
        if self.b_side == 1:
            self._reveal()
            return
        d = self.b_def
        if self.hand_size[d] < 2:
            # R64: the attacked clan fills his hand up to 2 and fights with their values only
            self._draw(d, 2 - self.hand_size[d])
            self.b_forced = True
            for k in range(NK):
                while self.hand[d * NK + k] > 0:
                    self._take_card(d, k)
                    self.b_cards[3 + self.b_n1] = k
                    self._log(EV_COMMIT, d, k, -1, self.b_n1, 1 << d)
                    self.b_n1 += 1
            self._reveal()
            return
        self.b_side = 1
        self._ask(ST_COMMIT, d)

    def _reveal(self):
        """The cards are shown and discarded; the Shogun may then cancel a special's power
        (``_before_fight``) before the totals."""
        for i in range(6):
            if self.b_cards[i] >= 0:
                self._log(EV_REVEAL, self.b_att if i < 3 else self.b_def, self.b_cards[i], -1, i % 3, 0)
                self._to_discard(self.b_cards[i])
        self.b_revealed = True
        self._before_fight()

    def _fight(self):
        """The totals, the losses and who holds the territory (R65-R77)."""
        att = self.b_att
        d = self.b_def
        where = self.b_where
        attack, defence, att_loss, def_loss = self.battle_totals()
        winner = 0 if attack > defence else 1 if defence > attack else 2
        self.b_winner = winner
        self._log(EV_BATTLE_END, att, attack, defence, winner, 0)
        self.b_count -= att_loss
        self.reserve[att] += att_loss
        self._remove_samurai(where, def_loss)
        self._log(EV_LOSSES, att, att_loss, def_loss, 0, 0)
        if winner < 2:
            self._change_honor(att if winner == 0 else d, BATTLE_HONOR)
            loser = d if winner == 0 else att
            if loser == self.shogun:
                self._change_honor(loser, -SHOGUN_DEFEAT_HONOR)
        self._support_outcome(winner)
        if winner == 0:
            survivors = self.samurai[where]
            self.samurai[where] = 0
            self._retreat(d, survivors)
            if self.b_count > 0:
                self.owner[where] = att
                self.samurai[where] = self.b_count
            else:
                if self.castle[where] >= 0:
                    self.castles_left[self.castle[where]] += 1
                    self._log(EV_CASTLE, att, where, self.castle[where], 0, 0)
                    self.castle[where] = -1
                self._log(EV_FREE, d, where, -1, 0, 0)
                self.owner[where] = -1
        else:
            if self.b_count > 0:
                if self.owner[self.b_from] < 0:
                    self.owner[self.b_from] = att
                self.samurai[self.b_from] += self.b_count
            self._free_if_empty(where)
        for s in (d, att):
            if not self.eliminated[s] and self.territories_of(s) == 0:
                self._eliminate(s)
        # the others' window comes before the draws and the castle's fate: who is asked first must
        # not depend on the outcome, which the clan whose commitment revealed it could not foresee
        self._open_window(W_AFTER)

    def _is_retreat(self, t):
        """Whether the defender's survivors may go to ``t``: one of his other territories."""
        return self.owner[t] == self.b_def and t != self.b_where

    def _ask_retreat(self):
        """R74: the defender's survivors, if he loses, are "repositionnés à sa guise sur un ou
        plusieurs de ses territoires".  Before the cards he names where each of his samurai there
        would go, in order: the first survivor to the first territory named, and so on, since how
        many survive is not known yet (``retreat_plan``).  Automatic with one other territory;
        with none they go back to his reserve."""
        options = 0
        first = -1
        for t in range(NT):
            if self._is_retreat(t):
                options += 1
                if first < 0:
                    first = t
        self.n_retreat = 0
        present = self.samurai[self.b_where]
        if present > 0 and options >= 2:
            self._ask(ST_RETREAT, self.b_def)
            return
        if options == 1:
            self._plan_retreat(first, present)
        self._before_commit()

    def _plan_retreat(self, t, count):
        """The next ``count`` survivors would go to ``t``."""
        for i in range(count):
            self.retreat_plan[self.n_retreat] = t
            self.n_retreat += 1

    def _retreat_named(self, action):
        """The defender names where his next survivor goes, or ``DONE``: the rest follow the last."""
        present = self.samurai[self.b_where]
        if action == DONE:
            self._plan_retreat(self.retreat_plan[self.n_retreat - 1], present - self.n_retreat)
        else:
            self._plan_retreat(action - TERRITORY, 1)
        if self.n_retreat >= present:
            self._before_commit()

    def _retreat(self, d, survivors):
        """The beaten defender's ``survivors`` go where he planned, the first survivor to the first
        territory named (to his reserve without a plan); one event per territory reached."""
        if survivors <= 0:
            return
        if self.n_retreat == 0:
            self.reserve[d] += survivors
            self._log(EV_RETREAT, d, -1, -1, survivors, 0)
            return
        for i in range(survivors):
            self.samurai[self.retreat_plan[i]] += 1
        for i in range(survivors):
            t = self.retreat_plan[i]
            seen = False
            for j in range(i):
                if self.retreat_plan[j] == t:
                    seen = True
            if not seen:
                count = 0
                for j in range(i, survivors):
                    if self.retreat_plan[j] == t:
                        count += 1
                self._log(EV_RETREAT, d, t, -1, count, 0)

    def _after_battle(self):
        if self.b_winner == 0 and self.owner[self.b_where] == self.b_att and self.castle[self.b_where] >= 0:
            self._ask(ST_CASTLE, self.b_att)
        else:
            self._battle_over()

    def _castle_fate(self, action, relocated_from):
        where = self.b_where
        att = self.b_att
        old = self.castle[where]
        self.castles_left[old] += 1
        self.castle[where] = -1
        if action == REPLACE:
            self.castles_left[att] -= 1
            self.castle[where] = att
        elif action == RELOCATE:
            self.castle[relocated_from] = -1
            self._free_if_empty(relocated_from)
            self.castle[where] = att
        self._log(EV_CASTLE, att, where, old, action - DESTROY, 0)
        self._battle_over()

    def _battle_over(self):
        self._draw(self.b_att, BATTLE_DRAW)
        self._draw(self.b_def, WINNING_DEFENDER_DRAW if self.b_winner == 1 else BATTLE_DRAW)
        self._resume_turn()

    def _eliminate(self, seat):
        self.eliminated[seat] = 1
        self.done[seat] = 1
        self._log(EV_ELIMINATED, seat, -1, -1, 0, 0)

    def _do_seppuku(self, seat):
        """O3: a clan with one territory and at most 3 samurai dissolves and returns next round."""
        for t in range(NT):
            if self.owner[t] == seat:
                self._remove_samurai(t, self.samurai[t])
                if self.castle[t] == seat:
                    self.castle[t] = -1
                    self.castles_left[seat] += 1
                self.owner[t] = -1
        self._log(EV_SEPPUKU, seat, -1, -1, 0, 0)
        self._eliminate(seat)
        self._end_activation_turn()

    # ------------------------------------------------------------------ provided by the subclasses
    def _before_counter(self, context):
        """A counter was played (``k_card`` by ``k_player``) and is about to take effect
        (``_options``: the Shogun's power)."""
        raise NotImplementedError

    def _before_fight(self):
        """A battle's cards are revealed, the totals not yet made (``_options``: the Shogun's
        power on a special)."""
        raise NotImplementedError

    def _before_resolve(self):
        """A card's power is about to take effect (``_options``: the Shogun's power)."""
        raise NotImplementedError

    def _before_commit(self):
        """A battle is declared, its cards not yet committed (``_options``: the Emperor's support)."""
        raise NotImplementedError

    def _support_outcome(self, winner):
        """A battle is decided (``_options``: what becomes of the Emperor's samurai)."""
        raise NotImplementedError

    def _end_activation_turn(self):
        """The active clan's activation turn ends (``_rules``: scoring, then the next clan)."""
        raise NotImplementedError
