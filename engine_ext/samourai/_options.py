"""Samouraï & Katana, the optional rules that add decisions (rulebook §8.3 and §15, and the
designer's new options): diplomacy (O1, O2), the clan treasury (O5), the Shogun's power (O9), the
exchange (O10), the Emperor's office and support (O11, O12), the limited Emperor and rank changes
(O15, O16).  The options that only change a number or a legality test (O3, O4, O6-O8, O13, O14,
O17, O18) are read where that rule is.

One source for both builds (``_options.pxd``).  Rulings where the options are silent:

* Diplomacy (O1 and O2 as one option, A48, A49): in his activation turn a clan may offer one card
  a round to another clan, in the open; that clan answers with one of its cards, swapped in the
  open, or refuses.  Koku may be given to anyone in one's own turn, up to 20 a gift.
* Clan treasury (O5, A50): in his own turns a clan sets koku aside, one at a time, never to come
  back; the others see that he did (his koku are public) but not his treasury, revealed at the
  end and turned into honour, 3 koku for 1, rounded down.
* The Shogun's power (O9, A52): once a round the Shogun may cancel "le pouvoir de la carte de son
  choix du moment que la carte ne lui est pas destinée": a card played by another clan and not
  aimed at him (asked after any counter, before it takes effect); a counter (Tsunami, Terre
  brûlée, Justice shogunale) played by another clan against a third one's move or card, asked
  before it cancels anything (cancelled, the move or card stands and the others may still counter
  it); a battle's blue special in a battle between two other clans, asked after the reveal and
  before the totals, when a special was committed (a public count), the Shogun naming whose:
  it loses its fan or effect, not its sabres.  The card stays discarded and paid.
* Exchange (O10, A53): once a round in his activation turn, a clan holding 5 cards or more, all
  warriors, shows them, discards one and draws one.
* The Emperor's office (O11, A54): once a round in his activation turn and until the end is
  latched, the Emperor names a buyer and a price (1 to 20 koku); the buyer pays it for 1 honour
  or refuses.
* The Emperor's support (O12, A55): once a round, when a battle between two other clans is about
  to be fought, the Emperor may offer one side 1 to 3 of his samurai, taken one at a time from
  his territories; that side accepts or refuses.  Offering spends the support, even refused (he
  gave it, "il l'annonce"; the consent is the other clan's); passing does not: he is asked again
  at the round's next battle between two other clans.  They count
  on that side (at most 8 samurai in all), never die of sabres, stay where they are meanwhile,
  and after a win go home and earn the Emperor 1 honour each; after a defeat they die; after a
  tie they go home.
* The limited Emperor (O15, A58): at the start of each round the Emperor announces the whole
  order, one clan at a time, for both phases.  Rank changes (O16, A59; needs O15): then, in the
  announced order, each clan with 3 honour may once pay 3 to swap places with the clan above
  or below; the displaced clan may pay 3 to swap back.
"""
import cython

from ._play import SamouraiPlay

if not cython.compiled:   # the compiled module cimports the same names (see _options.pxd)
    from ._core import (  # noqa: F401
        ACCEPT, CANCEL_ATTACKER, CANCEL_DEFENDER, CATEGORY, CAT_WARRIOR, COUNT, COUNTER, DISCARD, DONE, DOWN,
        ECHANGE, EV_GIFT, EV_OFFER,
        EV_OFFICE, EV_ORDER, EV_RANK, EV_SET_ASIDE, EV_SHOGUN_CANCEL, EV_SHOW, EV_SUPPORT, EV_TRADE, GIVE_KOKU,
        HAND_REFILL, MAX_COUNT, NK, NT, OFFER, OFFER_TRADE, PASS, PLAYER, REFUSE, SELL_OFFICE, SET_ASIDE,
        SHOGUN_CANCEL, ST_ACTIVATE, ST_EXCHANGE, ST_GIFT_AMOUNT, ST_GIFT_PLAYER, ST_OFFICE_ANSWER,
        ST_OFFICE_BUYER, ST_OFFICE_PRICE, ST_ORDER, ST_RANK, ST_RANK_COUNTER, ST_SHOGUN, ST_SUPPORT,
        ST_SUPPORT_ANSWER, ST_SUPPORT_FROM, ST_TRADE_ANSWER, ST_TRADE_CARD, ST_TRADE_PLAYER, SUPPORT_ATTACKER,
        SUPPORT_DEFENDER, TERRITORY, UP)
    from ._play import SH_CARD, SH_CARD_COUNTER, SH_MOVE_COUNTER, SH_SPECIAL  # noqa: F401

RANK_HONOR = 3          # RULEBOOK (Non respect du rang): "pour la somme de 3 honneurs"
SUPPORT_MAX = 3         # RULEBOOK (Soutien de l'Empereur): "entre 1 et 3 samouraïs"
# the option steps are numbered ST_ORDER to ST_EXCHANGE, after every core step
FIRST_OPTION_STEP, LAST_OPTION_STEP = ST_ORDER, ST_EXCHANGE


class SamouraiOptions(SamouraiPlay):
    """The decisions of the optional rules, on top of the activation turn of ``_play``."""

    def _reset_options(self):
        self.order = []
        self.rank_pos = 0
        self.rank_mover = -1
        self.office_sold = False
        self.office_buyer = -1
        self.office_price = 0
        self.support_used = False
        self.sup_side = -1
        self.sup_count = 0
        self.shogun_power_used = False
        self.trade_with = -1
        self.trade_card = -1
        self.gift_to = -1
        for s in range(self.n):
            self.treasury[s] = 0
            self.rank_used[s] = 0
            self.exchange_used[s] = 0
            self.trade_used[s] = 0
        for t in range(NT):
            self.support_sent[t] = 0

    def _new_round_options(self):
        self.office_sold = False
        self.support_used = False
        self.shogun_power_used = False
        for s in range(self.n):
            self.rank_used[s] = 0
            self.exchange_used[s] = 0
            self.trade_used[s] = 0

    def _is_other(self, seat, s):
        """Whether ``s`` is another clan still in the game."""
        return s != seat and not self.forfeited[s]

    # ------------------------------------------------------------------ verbs in a clan's turn
    def _offer_option_verbs(self, seat, activation):
        if self.clan_treasury and self.koku[seat] > 0:
            self._offer(SET_ASIDE)
        if not activation:
            return
        if (self.exchange and not self.exchange_used[seat] and self.hand_size[seat] >= HAND_REFILL
                and self._all_warriors(seat)):
            self._offer(ECHANGE)
        if self.emperor_office and seat == self.emperor and not self.office_sold and not self.latched:
            self._offer(SELL_OFFICE)
        if self.diplomacy:
            if not self.trade_used[seat] and self.hand_size[seat] > 0 and self._any_trade_partner(seat):
                self._offer(OFFER_TRADE)
            if self.koku[seat] > 0:
                self._offer(GIVE_KOKU)

    def _all_warriors(self, seat):
        for k in range(NK):
            if self.hand[seat * NK + k] and CATEGORY[k] != CAT_WARRIOR:
                return False
        return True

    def _is_trade_partner(self, seat, s):
        return self._is_other(seat, s) and self.hand_size[s] > 0

    def _any_trade_partner(self, seat):
        for s in range(self.n):
            if self._is_trade_partner(seat, s):
                return True
        return False

    def _option_verb(self, seat, action):
        """Applies an option verb of a clan's own turn; False when ``action`` is not one."""
        if action == SET_ASIDE:
            self.koku[seat] -= 1
            self.treasury[seat] += 1
            self._log(EV_SET_ASIDE, seat, -1, -1, 1, 0)
        elif action == ECHANGE:
            self.exchange_used[seat] = 1
            for k in range(NK):
                for _ in range(self.hand[seat * NK + k]):
                    self._log(EV_SHOW, seat, k, -1, 1, 0)
            self._ask(ST_EXCHANGE, seat)
        elif action == SELL_OFFICE:
            self.office_sold = True
            self._ask(ST_OFFICE_BUYER, seat)
        elif action == OFFER_TRADE:
            self.trade_used[seat] = 1
            self._ask(ST_TRADE_PLAYER, seat)
        elif action == GIVE_KOKU:
            self._ask(ST_GIFT_PLAYER, seat)
        else:
            return False
        return True

    # ------------------------------------------------------------------ legality of option steps
    def _offer_option_step(self, step, seat):
        """The legal actions of ``seat`` at an option's step."""
        if step == ST_ORDER:
            for s in range(self.n):
                if not self.forfeited[s] and s not in self.order:
                    self._offer(PLAYER + s)
        elif step == ST_RANK:
            i = self.order.index(seat)
            self._offer(PASS)
            if i > 0:
                self._offer(UP)
            if i < len(self.order) - 1:
                self._offer(DOWN)
        elif step == ST_SHOGUN and self.shogun_context == SH_SPECIAL:
            self._offer(PASS)
            if self.b_cards[2] >= 0:
                self._offer(CANCEL_ATTACKER)
            if self.b_cards[5] >= 0:
                self._offer(CANCEL_DEFENDER)
        elif step == ST_RANK_COUNTER or step == ST_SHOGUN:
            self._offer(PASS)
            self._offer(COUNTER if step == ST_RANK_COUNTER else SHOGUN_CANCEL)
        elif step == ST_OFFICE_BUYER or step == ST_GIFT_PLAYER:
            for s in range(self.n):
                if self._is_other(seat, s):
                    self._offer(PLAYER + s)
        elif step == ST_OFFICE_PRICE:
            for i in range(MAX_COUNT):
                self._offer(COUNT + i)
        elif step == ST_OFFICE_ANSWER or step == ST_SUPPORT_ANSWER:
            if step == ST_SUPPORT_ANSWER or self.koku[seat] >= self.office_price:
                self._offer(ACCEPT)
            self._offer(REFUSE)
        elif step == ST_SUPPORT:
            self._offer(PASS)
            self._offer(SUPPORT_ATTACKER)
            self._offer(SUPPORT_DEFENDER)
        elif step == ST_SUPPORT_FROM:
            if self.sup_count > 0:
                self._offer(DONE)
            for t in range(NT):
                if self._can_send(seat, t):
                    self._offer(TERRITORY + t)
        elif step == ST_TRADE_PLAYER:
            for s in range(self.n):
                if self._is_trade_partner(seat, s):
                    self._offer(PLAYER + s)
        elif step == ST_TRADE_CARD or step == ST_TRADE_ANSWER:
            if step == ST_TRADE_ANSWER:
                self._offer(REFUSE)
            for k in range(NK):
                if self.hand[seat * NK + k]:
                    self._offer(OFFER + k)
        elif step == ST_GIFT_AMOUNT:
            for i in range(min(self.koku[seat], MAX_COUNT)):
                self._offer(COUNT + i)
        elif step == ST_EXCHANGE:
            for k in range(NK):
                if self.hand[seat * NK + k]:
                    self._offer(DISCARD + k)

    def _can_send(self, seat, t):
        """O12: whether the Emperor has a samurai in ``t`` not yet lent."""
        return self.owner[t] == seat and self.samurai[t] > self.support_sent[t]

    def _any_to_send(self, seat):
        for t in range(NT):
            if self._can_send(seat, t):
                return True
        return False

    # ------------------------------------------------------------------ applying option steps
    def _option_apply(self, step, seat, action):
        if step == ST_ORDER:
            self._order_named(action - PLAYER)
        elif step == ST_RANK:
            self._rank_choice(seat, action)
        elif step == ST_RANK_COUNTER:
            if action == COUNTER:
                self._swap_ranks(seat, self.rank_mover)
            self._rank_next()
        elif step == ST_OFFICE_BUYER:
            self.office_buyer = action - PLAYER
            self._ask(ST_OFFICE_PRICE, seat)
        elif step == ST_OFFICE_PRICE:
            self.office_price = action - COUNT + 1
            self._ask(ST_OFFICE_ANSWER, self.office_buyer)
        elif step == ST_OFFICE_ANSWER:
            accepted = action == ACCEPT
            if accepted:
                self.koku[seat] -= self.office_price
                self.koku[self.emperor] += self.office_price
                self._change_honor(seat, 1)
            self._log(EV_OFFICE, self.emperor, seat, -1, self.office_price if accepted else 0, 0)
            self._ask(ST_ACTIVATE, self.active)
        elif step == ST_SUPPORT:
            if action == PASS:
                self._ask_commit()
            else:
                # O12 "une fois par tour ... peut donner son soutien": giving spends it, passing does not
                self.support_used = True
                self.sup_side = 0 if action == SUPPORT_ATTACKER else 1
                self._ask(ST_SUPPORT_FROM, seat)
        elif step == ST_SUPPORT_FROM:
            if action != DONE:
                self.support_sent[action - TERRITORY] += 1
                self.sup_count += 1
            if action == DONE or self.sup_count == SUPPORT_MAX or not self._any_to_send(seat):
                self._ask(ST_SUPPORT_ANSWER, self.b_att if self.sup_side == 0 else self.b_def)
        elif step == ST_SUPPORT_ANSWER:
            self._log(EV_SUPPORT, self.emperor, self.sup_side, -1, self.sup_count if action == ACCEPT else 0, 0)
            if action == REFUSE:
                self._clear_support()
            self._ask_commit()
        elif step == ST_SHOGUN:
            self._shogun_answer(seat, action)
        elif step == ST_TRADE_PLAYER:
            self.trade_with = action - PLAYER
            self._ask(ST_TRADE_CARD, seat)
        elif step == ST_TRADE_CARD:
            self.trade_card = action - OFFER
            self._log(EV_OFFER, seat, self.trade_card, self.trade_with, 1, 0)
            self._ask(ST_TRADE_ANSWER, self.trade_with)
        elif step == ST_TRADE_ANSWER:
            if action != REFUSE:
                answer = action - OFFER
                self._take_card(self.active, self.trade_card)
                self._take_card(seat, answer)
                self.hand[seat * NK + self.trade_card] += 1
                self.hand_size[seat] += 1
                self.hand[self.active * NK + answer] += 1
                self.hand_size[self.active] += 1
            self._log(EV_TRADE, seat, action - OFFER if action != REFUSE else -1, self.active, 0, 0)
            self._ask(ST_ACTIVATE, self.active)
        elif step == ST_GIFT_PLAYER:
            self.gift_to = action - PLAYER
            self._ask(ST_GIFT_AMOUNT, seat)
        elif step == ST_GIFT_AMOUNT:
            amount = action - COUNT + 1
            self.koku[seat] -= amount
            self.koku[self.gift_to] += amount
            self._log(EV_GIFT, seat, self.gift_to, -1, amount, 0)
            self._ask(ST_ACTIVATE, seat)
        elif step == ST_EXCHANGE:
            k = action - DISCARD
            self._take_card(seat, k)
            self._to_discard(k)
            self._log(EV_SHOW, seat, k, -1, 0, 0)
            self._draw(seat, 1)
            self._ask(ST_ACTIVATE, seat)

    # ------------------------------------------------------------------ O15, O16: the order
    def _start_order(self):
        self.order = []
        self._ask(ST_ORDER, self._namer())

    def _order_named(self, seat):
        self.order.append(seat)
        left = [s for s in range(self.n) if not self.forfeited[s] and s not in self.order]
        if len(left) == 1:
            self.order.append(left[0])
        if len(left) > 1:
            return
        self._log(EV_ORDER, self.emperor, -1, -1, len(self.order), 0)
        if self.rank_changes:
            self.rank_pos = -1
            self.announced = list(self.order)
            self._rank_next()
        else:
            self._order_done()

    def _rank_next(self):
        self.rank_pos += 1
        while self.rank_pos < len(self.announced):
            seat = self.announced[self.rank_pos]
            if not self.rank_used[seat] and self.honor[seat] >= RANK_HONOR:
                self._ask(ST_RANK, seat)
                return
            self.rank_pos += 1
        self._order_done()

    def _rank_choice(self, seat, action):
        if action == PASS:
            self._rank_next()
            return
        self.rank_used[seat] = 1
        i = self.order.index(seat)
        other = self.order[i - 1 if action == UP else i + 1]
        self.rank_mover = seat
        self._swap_ranks(seat, other)
        if self.honor[other] >= RANK_HONOR:
            self._ask(ST_RANK_COUNTER, other)
        else:
            self._rank_next()

    def _swap_ranks(self, payer, other):
        self._change_honor(payer, -RANK_HONOR)
        i = self.order.index(payer)
        j = self.order.index(other)
        self.order[i] = other
        self.order[j] = payer
        self._log(EV_RANK, payer, other, -1, RANK_HONOR, 0)

    # ------------------------------------------------------------------ O12: the Emperor's support
    def _before_commit(self):
        """The battle is declared: the Emperor may offer his support before the cards (O12)."""
        e = self.emperor
        if (self.emperor_support and not self.support_used and e != self.b_att and e != self.b_def
                and not self.forfeited[e] and self.samurai_on_board(e) > 0):
            self._ask(ST_SUPPORT, e)     # spent only if he gives it (see ST_SUPPORT)
        else:
            self._ask_commit()

    def _clear_support(self):
        self.sup_side = -1
        self.sup_count = 0
        for t in range(NT):
            self.support_sent[t] = 0

    def _support_outcome(self, winner):
        """After the battle: imperial samurai go home with 1 honour each after a win, die after a
        defeat, go home after a tie."""
        if self.sup_side < 0:
            return
        e = self.emperor
        if winner == self.sup_side:
            self._change_honor(e, self.sup_count)
        elif winner != 2:
            for t in range(NT):
                if self.support_sent[t] > 0:
                    self._remove_samurai(t, self.support_sent[t])
                    self._free_if_empty(t)
            if not self.eliminated[e] and self.territories_of(e) == 0:
                self._eliminate(e)
        self._clear_support()

    # ------------------------------------------------------------------ O9: the Shogun's power
    def _shogun_may(self, by, aimed_at):
        """Whether the Shogun may cancel a card played by ``by`` and aimed at ``aimed_at``: once a
        round, "du moment que la carte ne lui est pas destinée" (nor his own)."""
        g = self.shogun
        return (self.shogun_power and g >= 0 and not self.shogun_power_used and not self.forfeited[g]
                and g != by and g != aimed_at)

    def _ask_shogun(self, context, card, by, aimed_at):
        self.shogun_context = context
        self.sh_card = card
        self.sh_by = by
        self.sh_target = aimed_at
        self._ask(ST_SHOGUN, self.shogun)

    def _before_resolve(self):
        """A card's power is about to take effect: the Shogun may cancel it (O9)."""
        if self._shogun_may(self.c_player, self.c_target_player):
            self._ask_shogun(SH_CARD, self.c_kind, self.c_player, self.c_target_player)
        else:
            self._resolve_card()

    def _before_counter(self, context):
        """A counter is about to cancel a move or a card: the Shogun may cancel the counter's
        power (O9) when it is aimed at another clan, the one whose move or card it counters."""
        aimed = self.active if context == SH_MOVE_COUNTER else self.c_player
        if self._shogun_may(self.k_player, aimed):
            self._ask_shogun(context, self.k_card, self.k_player, aimed)
        elif context == SH_MOVE_COUNTER:
            self._move_countered()
        else:
            self._card_countered()

    def _before_fight(self):
        """A battle's cards are revealed: in a battle between two other clans, the Shogun may
        cancel the power of one of its specials before the totals (O9, A52).  Whether a special
        was committed is public (the count of cards committed)."""
        if (self.b_cards[2] >= 0 or self.b_cards[5] >= 0) and self._shogun_may(self.b_att, self.b_def):
            self._ask_shogun(SH_SPECIAL, -1, -1, -1)
        else:
            self._fight()

    def _shogun_answer(self, seat, action):
        context = self.shogun_context
        if action != PASS:
            self.shogun_power_used = True
            if context == SH_SPECIAL:
                side = 0 if action == CANCEL_ATTACKER else 1
                self.b_cancelled |= 1 << side
                self._log(EV_SHOGUN_CANCEL, seat, self.b_cards[side * 3 + 2], self.b_att if side == 0 else self.b_def,
                          0, 0)
            else:
                self._log(EV_SHOGUN_CANCEL, seat, self.sh_card, self.sh_by, 0, 0)
        self.sh_card = self.sh_by = self.sh_target = -1
        if context == SH_CARD:
            if action == PASS:
                self._resolve_card()
            else:
                self._after_card()
        elif context == SH_SPECIAL:
            self._fight()
        elif context == SH_MOVE_COUNTER:
            if action == PASS:
                self._move_countered()
            else:
                self._window_next()       # the move stands; the others may still counter it
        elif action == PASS:
            self._card_countered()
        else:
            self._counter_next()          # the card stands; the others may still counter it

    # ------------------------------------------------------------------ provided by the subclass
    def _order_done(self):
        """O15, O16: the round's order is settled (``_rules``: the purchase phase begins)."""
        raise NotImplementedError
