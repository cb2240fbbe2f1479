"""Samouraï & Katana: what a seat knows of the cards it cannot see, and a copy of the game with
everything else dealt anew (``resample_hidden``).

Plain Python over the state's fields and its log, shared by both builds.

A seat does not see the draw pile's order, the cards the other clans draw, what they commit to a
battle until the reveal, what they set aside in phase 4 until all are revealed, nor the card a
Ninja takes between two other clans.  It sees, besides the table and its own cards, every card
played, revealed, discarded or shown (the exchange of a hand of warriors), both cards of an
accepted trade, the card it lost to a Ninja or took with one, and the discard pile that becomes
the draw pile when it is reshuffled.  So it may know some of the cards another clan holds (the
card a Ninja took from it, a card it traded away, a hand shown), and what a draw pile holds.

The copy keeps what matters of that.  It is built from the log as the seat saw it.  Every card
another clan holds is a token, known to the seat or not.  An unknown token came from a draw pile:
the discard pile reshuffled last, whose cards the seat counted as they were discarded, if it was
drawn from it; otherwise from all the other cards nobody could see (the deal, the hands and pile
of a constructed position, and the piles reshuffled before: the seat's memory of those older
piles is not used, reading them apart contradicts itself too often to be worth it).  A card
another clan plays, reveals, discards or shows is one of its tokens: a known one of that kind if
it has one (the seat can then no longer be sure it holds another), else an unknown one whose pile
can still have held that kind, as likely as that pile's unsettled cards are that kind.  A Ninja
between two other clans moves one of the victim's tokens, chosen at random as the engine does.
Then every unknown token, and the draw pile, are dealt anew from what each pile still holds, and
each clan's tokens are split at random between its hand, the cards it committed (the blue one
among its specials) and its discards set aside.  Hand sizes, committed counts and every public
fact are unchanged; koku, honour and the clan treasuries are public (every koku set aside is
announced) and stay as they are.

A random choice the rest of the log contradicts (the card was the last of its kind in that pile,
another clan's play needed it) is made again; if the last reshuffled pile cannot be kept apart
within its first 25 attempts (about one copy in a thousand in random games), its cards are read as
coming from the same pile as the others.

The log's hidden entries are rewritten to match the new deal (the cards each clan drew, took or
committed), so that every seat's view of the copy is consistent; the seat's own view is the same
as in the original.  The engine's random generator is reseeded: future draws and Ninja picks are
as unknown to the seat as the rest.
"""
import random

from . import data
from .views import EVENT_NAMES

NK = len(data.CARDS)
SPECIAL = tuple(card.category == data.SPECIAL for card in data.CARDS)
(EV_DRAW, EV_RESHUFFLE, EV_PLAY, EV_COMMIT, EV_REVEAL, EV_DISCARD, EV_STEAL, EV_OFFER, EV_TRADE, EV_SHOW,
 EV_BATTLE) = [EVENT_NAMES.index(name) for name in (
    "draw", "reshuffle", "play", "commit", "reveal", "discard", "steal", "offer", "trade", "show", "battle")]
_CARD_EVENTS = frozenset((EV_DRAW, EV_RESHUFFLE, EV_PLAY, EV_REVEAL, EV_DISCARD, EV_STEAL, EV_OFFER, EV_TRADE,
                          EV_SHOW))
# Random choices that contradict the log later are retried from the start: first reading the last
# reshuffled pile apart, then, after BY_PILE_ATTEMPTS, as one with the others.  Long games with many
# trades (6 clans, diplomacy) contradict themselves in most readings of their single pile too (one
# reading in seven succeeded in the hardest position found), hence the generous bound; a reading
# costs about a millisecond at a thousand events.
BY_PILE_ATTEMPTS = 25
ATTEMPTS = 400


class _Contradiction(Exception):
    """A random choice made while reading the log does not fit what the log says later: ``seat``
    had no card that could be the one it played (None: another contradiction)."""

    def __init__(self, seat=None):
        super().__init__(seat)
        self.seat = seat


class _Unaccounted(Exception):
    """The log does not account for a draw pile (a constructed position that began with discards
    and reshuffled them): the piles are then read as one."""


class _Token:
    """A card another clan holds, as the seat knows it."""
    __slots__ = ("kind", "pile")

    def __init__(self, kind, pile):
        self.kind = kind        # the card's kind, or -1 while the seat does not know it
        self.pile = pile        # the draw pile it was drawn from, -1 for a card the seat handed over


def _counts(cards):
    counts = [0] * NK
    for card in cards:
        counts[card] += 1
    return counts


def _hidden_counts(state, seat):
    """Per seat, the cards ``seat`` cannot see it hold now: its hand, its discards set aside and
    its battle cards not yet revealed."""
    held = [state.hand_size[s] + state.pending_size[s] for s in range(state.n)]
    for i in _unrevealed_slots(state):
        held[_slot_owner(state, i)] += 1
    held[seat] = 0
    return held


def _unrevealed_slots(state):
    if state.b_att < 0 or state.b_revealed:
        return []
    return [i for i in range(6) if state.b_cards[i] >= 0]


def _slot_owner(state, i):
    return state.b_att if i < 3 else state.b_def


class _Ledger:
    """The other clans' cards as ``seat`` knows them, read from the log (see the module's
    docstring).  Piles: 1, the discard pile reshuffled last, if ``by_pile``; 0, every other card
    nobody could see: those of the log's start and of the piles reshuffled before (and of the
    last one too, without ``by_pile``)."""

    def __init__(self, state, log, seat, rng, by_pile, forced):
        self.state = state
        self.log = log          # the log's entries that move cards, with their index
        self.seat = seat
        self.rng = rng
        self.by_pile = by_pile
        self.forced = forced    # the n-th card taken: the pile it must come from
        self.choices = []       # (n, seat, another pile it could have come from), in reading order
        self.takes = 0
        self.known = {s: [] for s in range(state.n) if s != seat}      # tokens the seat knows
        self.unknown = {}       # per other seat: per pile, its tokens the seat does not know
        self.left = []          # per draw pile: its cards whose kind is not settled (seen or chosen)
        self.unsettled = []     # per draw pile: how many those are
        self.drawn = {}         # a hidden draw's index in the log: the tokens it dealt
        self.taken = {}         # a hidden Ninja's index in the log: the token it moved

    # ------------------------------------------------------------------ the log's start
    def begin(self):
        """The tokens and the first pile at the log's start, worked back from the state now and
        every change of hands the log records."""
        state, seat = self.state, self.seat
        change = [0] * state.n                  # hidden cards each seat gained minus lost
        seen = [0] * NK                         # cards that left what nobody could see
        handed = [0] * NK                       # cards that went from the seat's sight to hiding
        reshuffled = []                         # each reshuffled discard pile
        discard = [0] * NK
        first_reshuffle = True
        offer = -1
        for index, (kind, actor, a, b, amount, _) in self.log:
            if kind == EV_DRAW:
                if actor == seat:
                    for card in a:
                        seen[card] += 1
                else:
                    change[actor] += amount
            elif kind == EV_RESHUFFLE:
                if self.by_pile and first_reshuffle and amount != sum(discard):
                    raise _Unaccounted       # the discard pile did not start empty
                first_reshuffle = False
                reshuffled.append(discard)
                discard = [0] * NK
            elif kind in (EV_PLAY, EV_REVEAL) or (kind == EV_SHOW and amount == 0):
                discard[a] += 1
                if actor != seat:
                    change[actor] -= 1
                    seen[a] += 1
            elif kind == EV_DISCARD:
                for card in a:
                    discard[card] += 1
                if actor != seat:
                    change[actor] -= len(a)
                    for card in a:
                        seen[card] += 1
            elif kind == EV_STEAL:               # the thief ``actor`` took card ``a`` from ``b``
                if b != seat:
                    change[b] -= 1
                if actor != seat:
                    change[actor] += 1
                if actor == seat:
                    seen[a] += 1
                elif b == seat:
                    handed[a] += 1
            elif kind == EV_OFFER:
                offer = a
            elif kind == EV_TRADE and a >= 0:    # ``actor`` answered the offer of ``b``
                if b == seat:
                    handed[offer] += 1
                    seen[a] += 1
                elif actor == seat:
                    handed[a] += 1
                    seen[offer] += 1
        hidden = _hidden_counts(state, seat)
        unseen_now = _counts(state.pile)
        for s in range(state.n):
            if s != seat:
                for k in range(NK):
                    unseen_now[k] += state.hand[s * NK + k] + state.pending[s * NK + k]
        for i in _unrevealed_slots(state):
            if _slot_owner(state, i) != seat:
                unseen_now[state.b_cards[i]] += 1
        if self.by_pile and not first_reshuffle and discard != _counts(state.discard):
            raise _Unaccounted
        at_start = [unseen_now[k] + seen[k] - handed[k] - sum(pile[k] for pile in reshuffled) for k in range(NK)]
        if min(at_start) < 0:
            raise _Unaccounted
        if self.by_pile and reshuffled:
            self.left = [[at_start[k] + sum(pile[k] for pile in reshuffled[:-1]) for k in range(NK)], reshuffled[-1]]
        else:
            self.left = [[at_start[k] + sum(pile[k] for pile in reshuffled) for k in range(NK)]]
        self.reshuffles = len(reshuffled)
        self.unsettled = [sum(pile) for pile in self.left]
        self.size = sum(at_start)
        for s in self.known:
            start = hidden[s] - change[s]
            if start < 0:
                raise _Unaccounted
            self.unknown[s] = [[_Token(-1, 0) for _ in range(start)]] + [[] for _ in self.left[1:]]
            self.size -= start

    # ------------------------------------------------------------------ reading the log
    def _draw_piles(self):
        """The pile each drawn card came from, by the draw's index in the log; the cards the seat
        drew are settled at once (whatever is read before them must leave them to their pile)."""
        size = self.size
        pile = emptied = 0
        carry = 0           # after a reshuffle: the next draw's first cards came from the emptied pile
        reshuffles = 0
        piles = {}
        for i, (kind, actor, a, _, amount, _) in self.log:
            if kind == EV_DRAW:
                # a draw that emptied the pile is logged after the reshuffle it caused
                piles[i] = [emptied if j < carry else pile for j in range(amount)]
                if actor == self.seat:
                    for j, card in enumerate(a):
                        self.left[piles[i][j]][card] -= 1
                        self.unsettled[piles[i][j]] -= 1
                size -= amount - carry
                carry = 0
            elif kind == EV_RESHUFFLE:
                carry = size
                size = amount
                emptied = pile
                reshuffles += 1
                if reshuffles == self.reshuffles and len(self.left) == 2:
                    pile = 1
        return piles

    def read(self):
        seat = self.seat
        log = self.log
        draw_piles = self._draw_piles()
        offer = -1
        position = 0
        while position < len(log):
            i, (kind, actor, a, b, amount, _) = log[position]
            if kind == EV_DRAW:
                if actor != seat:
                    unknown = self.unknown[actor]
                    tokens = self.drawn[i] = [_Token(-1, pile) for pile in draw_piles[i]]
                    for token in tokens:
                        unknown[token.pile].append(token)
            elif kind in (EV_PLAY, EV_REVEAL) or (kind == EV_SHOW and amount == 0):
                if actor != seat:
                    self._take(actor, a)
            elif kind == EV_DISCARD:
                if actor != seat:
                    for card in a:
                        self._take(actor, card)
            elif kind == EV_SHOW:                # a hand of warriors shown, one event a card
                end = position
                while end < len(log) and log[end][1][0] == EV_SHOW and log[end][1][1] == actor and log[end][1][4] == 1:
                    end += 1
                if actor != seat:
                    self._shown(actor, [log[k][1][2] for k in range(position, end)])
                position = end
                continue
            elif kind == EV_STEAL:
                self._stolen(i, actor, a, b)
            elif kind == EV_OFFER:
                offer = a
            elif kind == EV_TRADE and a >= 0:
                self._traded(b, offer, actor, a)
            position += 1

    def _settle(self, token, card):
        token.kind = card
        self.left[token.pile][card] -= 1
        self.unsettled[token.pile] -= 1

    def _take(self, s, card):
        """One of ``s``'s tokens that is ``card``: a known one if it has one, else an unknown one
        whose pile can still have held it, as likely as that pile's unsettled cards are that card
        (or from the pile an earlier reading found it must come from)."""
        n = self.takes
        self.takes += 1
        known = self.known[s]
        for i, token in enumerate(known):
            if token.kind == card:
                return known.pop(i)
        left = self.left
        unknown = self.unknown[s]
        if len(left) == 1:
            piles = [0] if unknown[0] and left[0][card] > 0 else []
        else:
            piles = [p for p in range(len(left)) if unknown[p] and left[p][card] > 0]
        if not piles:
            raise _Contradiction(s)
        pile = piles[0]
        if len(piles) > 1:
            if self.forced.get(n) in piles:
                pile = self.forced[n]
            else:
                weights = [len(unknown[p]) * left[p][card] / self.unsettled[p] for p in piles]
                pile = self.rng.choices(piles, weights)[0]
            self.choices += [(n, s, other) for other in piles if other != pile]
        token = unknown[pile].pop()         # which token of a pile does not matter
        self._settle(token, card)
        return token

    def holding(self, s):
        return self.known[s] + [token for tokens in self.unknown[s] for token in tokens]

    def _shown(self, s, cards):
        """``s`` showed its whole hand: each of its tokens is one of these cards."""
        wanted = _counts(cards)
        for token in self.known[s]:
            wanted[token.kind] -= 1
            if wanted[token.kind] < 0:
                raise _Contradiction
        unknown = [token for tokens in self.unknown[s] for token in tokens]
        rest = [k for k in range(NK) for _ in range(wanted[k])]
        if len(rest) != len(unknown):
            raise _Contradiction
        self.rng.shuffle(unknown)
        for token in unknown:
            fits = [j for j, card in enumerate(rest) if self.left[token.pile][card] > 0]
            if not fits:
                raise _Contradiction
            self._settle(token, rest.pop(self.rng.choice(fits)))
        self.known[s] += unknown
        self.unknown[s] = [[] for _ in self.left]

    def _stolen(self, index, thief, card, victim):
        if victim == self.seat:
            self.known[thief].append(_Token(card, -1))
        elif thief == self.seat:
            self._take(victim, card)
        else:                                   # unseen: the engine picks a card at random
            known, unknown = self.known[victim], self.unknown[victim]
            pick = self.rng.randrange(len(known) + sum(len(tokens) for tokens in unknown) or 1)
            if pick < len(known):
                token = known.pop(pick)
                self.known[thief].append(token)
            else:
                pick -= len(known)
                for pile, tokens in enumerate(unknown):
                    if pick < len(tokens):
                        token = tokens.pop(pick)
                        self.unknown[thief][pile].append(token)
                        break
                    pick -= len(tokens)
                else:
                    raise _Contradiction
            self.taken[index] = token

    def _traded(self, offerer, offered, answerer, answer):
        """An accepted trade, in the open: ``offered`` went to ``answerer``, ``answer`` back."""
        seat = self.seat
        given = self._take(offerer, offered) if offerer != seat else _Token(offered, -1)
        returned = self._take(answerer, answer) if answerer != seat else _Token(answer, -1)
        if answerer != seat:
            self.known[answerer].append(given)
        if offerer != seat:
            self.known[offerer].append(returned)

    # ------------------------------------------------------------------ dealing anew
    def deal(self):
        """Chooses the blue card each clan committed, then deals every unknown token and the draw
        pile from what each pile still holds; returns the new draw pile."""
        state = self.state
        specials = {}
        for i in _unrevealed_slots(state):
            owner = _slot_owner(state, i)
            if owner != self.seat and i % 3 == 2:
                specials[owner] = self._blue(owner)
        slots = [[token for s in self.unknown for token in self.unknown[s][pile]] for pile in range(len(self.left))]
        last = len(self.left) - 1
        new_pile = []
        for pile, tokens in enumerate(slots):
            free = [k for k in range(NK) for _ in range(self.left[pile][k])]
            if len(free) != len(tokens) + (len(state.pile) if pile == last else 0):
                raise _Unaccounted
            self.rng.shuffle(free)
            for token in tokens:
                self._settle(token, free.pop())
            if pile == last:
                new_pile = free
        return new_pile, specials

    def _blue(self, s):
        """The token ``s`` committed as its special: one of its known blue cards, or an unknown
        token made a blue card its pile still holds."""
        choices = [token for token in self.known[s] if SPECIAL[token.kind]]
        for pile, tokens in enumerate(self.unknown[s]):
            if any(SPECIAL[k] and self.left[pile][k] > 0 for k in range(NK)):
                choices += tokens
        if not choices:
            raise _Contradiction
        token = self.rng.choice(choices)
        if token.kind < 0:
            blues = [k for k in range(NK) for _ in range(self.left[token.pile][k]) if SPECIAL[k]]
            self._settle(token, self.rng.choice(blues))
            self.unknown[s][token.pile].remove(token)
            self.known[s].append(token)
        return token


def _resample(state, log, seat, rng, by_pile, forced):
    ledger = _Ledger(state, log, seat, rng, by_pile, forced)
    try:
        ledger.begin()
        ledger.read()
        hidden = _hidden_counts(state, seat)
        for s in ledger.known:
            if len(ledger.holding(s)) != hidden[s]:
                raise _Unaccounted
        new_pile, specials = ledger.deal()
    except _Contradiction as contradiction:
        # the latest card that clan took which could have come from the other pile is taken from
        # there next time; with none, the next reading starts afresh
        for n, s, other in reversed(ledger.choices):
            if s == contradiction.seat and n not in forced:
                forced[n] = other
                break
        else:
            forced.clear()
        raise

    other = state.clone()
    if seat in state.view_cache:     # what ``seat`` saw of the log is the same in the copy
        other.view_cache[seat] = list(state.view_cache[seat])
    other.rng = type(state.rng)(rng.getrandbits(63))
    other.pile = new_pile
    committed = {}                   # (seat, slot) of the battle not yet revealed: its new card
    for s in ledger.known:
        tokens = ledger.holding(s)
        rng.shuffle(tokens)          # a clan's tokens go to its hand, commitments, set-aside at random
        for i in _unrevealed_slots(state):
            if _slot_owner(state, i) == s:
                token = specials[s] if i % 3 == 2 else next(t for t in tokens if t is not specials.get(s))
                tokens.remove(token)
                other.b_cards[i] = token.kind
                committed[(s, i % 3)] = token.kind
        for k in range(NK):
            other.hand[s * NK + k] = 0
            other.pending[s * NK + k] = 0
        for j, token in enumerate(tokens):
            if j < state.pending_size[s]:
                other.pending[s * NK + token.kind] += 1
            else:
                other.hand[s * NK + token.kind] += 1

    events = list(other.events)
    for index, tokens in ledger.drawn.items():
        kind, actor, _, b, amount, audience = events[index]
        events[index] = (kind, actor, tuple(token.kind for token in tokens), b, amount, audience)
    for index, token in ledger.taken.items():
        kind, actor, _, b, amount, audience = events[index]
        events[index] = (kind, actor, token.kind, b, amount, audience)
    if committed:                    # the battle's hidden commitments, from its start on
        start = max(i for i, event in enumerate(events) if event[0] == EV_BATTLE)
        for index in range(start, len(events)):
            kind, actor, a, b, amount, audience = events[index]
            if kind == EV_COMMIT and a >= 0 and (actor, amount) in committed:
                events[index] = (kind, actor, committed[(actor, amount)], b, amount, audience)
    other.events = events
    return other


def resample_hidden(state, seat, seed):
    """A copy of ``state`` that ``seat`` cannot tell apart from it: what ``seat`` has not seen
    dealt anew, what it knows kept (see the module's docstring).  Random choices that the rest of
    the log contradicts are made again; if the last reshuffled pile cannot be kept apart, after
    BY_PILE_ATTEMPTS, its cards are read as coming from the same pile as the others."""
    rng = random.Random(seed)
    log = [(i, event) for i, event in enumerate(state.events) if event[0] in _CARD_EVENTS]
    by_pile = True
    forced = {}
    for attempt in range(ATTEMPTS):
        if attempt == BY_PILE_ATTEMPTS:
            by_pile = False
            forced = {}
        try:
            return _resample(state, log, seat, rng, by_pile, forced)
        except _Unaccounted:
            if not by_pile:
                break
            by_pile = False
            forced = {}
        except _Contradiction:
            continue
    raise ValueError("the log of this game does not account for its hidden cards")
