"""Risques: the conflict rules of Sang & Honneur as a competitive game for bots.

One source for both builds: compiled by Cython (typed by ``_rules.pxd``) and
run as plain Python for the cross-check.  The state and the resolution of one
contested risk (pools, wagers, Privilege, wounds, honor, glory) are in
``_core`` (its docstring has those rulings); this module is the
scenes built on it, the decisions' legality and the engine contract.  Numbers
and the roster are in ``data``; the design is in
``docs/games/risques.md``.

The game.  A match is ``scenes`` violent scenes, one season apart (wounds heal
between them per the wound table).  Seats are samurai drawn from the roster.
``mode``: ``duel`` (2 players, the four-stage Duel), ``frappe`` (2 players, a
Frappe-éclair), ``massacre`` (3-7 players: an opening Frappe-éclair by the
scene's instigator, then the Massacre).  ``auto`` (default) is duel for 2
players and massacre for more.  Rulings of the scenes where the text is
silent:

* Frappe-éclair: both sides declare secretly and at once CALM, GARDE,
  FRAPPE or SURPRISE.  Nobody strikes: another round (Garde stays); in the 3rd
  round one must strike.  One strikes: +2 dice to him unless the other is on
  guard.  SURPRISE costs 1 honor (a scandalous act) and, against a samurai
  neither on guard nor striking, leaves him without dice, the striker keeping
  his +2; otherwise it is a plain strike (with no bonus: the other is on guard
  or strikes too).  Both strike: no bonus.
* Massacre: targets secret and simultaneous; initiative wagers secret; each
  strike is a contested risk of the striker against his target where the
  winner hits the loser.  A striker whose target is down picks another one
  (or loses the strike if there is none).  Those who fall in an initiative
  group still strike in it (ties strike together).  After the strikes the
  survivors say in seat order whether they go on (at most 3 rounds).  The
  Frappe winner has +2 dice in the whole first round.
* Vassals (a General's ashigaru, a Yojimbo's guards) take part in a Massacre
  as participants of their commander's seat, rolling his Valeur + Giri with a
  spear; any hit kills one.  In Frappe and Massacre scenes (never in the ritual
  Duel) a commander may have one take a wound meant for him (it loses its 1
  rank); the Yojimbo names at the start of the Massacre the samurai his guards
  protect, and earns 1 glory each time a guard takes a wound for one of them.
  Vassals leave the Massacre with their commander (he stops, dies or is put out
  at rank 5): from then on they take no wound for anybody.
* Honor: the pool is shared (rulebook) or personal (option).  Each fighter
  adds 1 at the start of a scene; invoked wounds add 1; a successful seppuku
  adds 4 + its wagers.  Spending: +4 dice (once per risk), turning a death into
  a rank-5 wound, paying for a surprise.
* Wounds of rank 5 put a samurai out of the scene and of the match (it heals in
  a year).  At the end of each scene such a samurai may commit seppuku: an
  open Courage + Giri risk; success adds the honor and restores his dignity.
* Score: glory points won in the match, + 10 if the samurai ends alive and
  able to fight or died by a successful seppuku, + his honor left when the
  pool is personal.  Ranks follow the scores (ties share a rank).

The Duel: the challenger (alternating by scene) then the other gather their
dice in the open; the larger pool (ties: the challenger) chooses the wager
count, the other wagers as many as he can; both roll at once.  The Privilege
holder strikes or declares a draw; survivors gain the opponent's wagers made in
glory if he kept at least 2 dice to roll.
"""
import array

import cython

from .._rng import Rng
from ._core import RiskCore
from . import data
from . import views
from .spec import SPEC

if not cython.compiled:   # the compiled module cimports the same names (see _rules.pxd)
    from ._core import *  # noqa: F401,F403

MIN_PLAYERS, MAX_PLAYERS = data.MIN_PLAYERS, data.MAX_PLAYERS
MODE_NAMES = ("duel", "frappe", "massacre")
ACTION_NAMES = views.ACTION_NAMES
PHASE_NAMES = views.PHASE_NAMES


class RisquesState(RiskCore):
    """A match of Risques: its scenes, who decides what, and the engine contract."""

    def __init__(self, n_players, seed, mode, shared, scenes, record=True):
        self._allocate()
        self.reset(n_players, seed, mode, shared, scenes, record)

    def reset(self, n_players, seed, mode, shared, scenes, record):
        n = n_players
        self.n = n
        self.seed = seed
        self.mode = mode
        self.shared = shared
        self.scenes = scenes
        self.record = record
        self.events = []
        self.scripted = []
        self.rng = Rng(seed)
        self.over = False
        self.end_reason = END_NONE
        self.forfeited = -1
        self.decisions = 0
        self.phase = 0
        self.risk = R_NONE
        self.ra = -1
        self.rb = -1
        self.winner = -1
        self.victim = -1
        self.hitter = -1
        self.wound_rank = 0
        self.cursor = 0
        self.decl_round = 0
        self.bonus_p = -1
        self.surprised = -1
        self.frappe_winner = -1
        self.mround = 0
        self.pass_no = 0
        self.group_sum = -1
        scratch = self.legal
        for i in range(NUM_CHARACTERS):
            scratch[i] = i
        for i in range(NUM_CHARACTERS - 1, 0, -1):
            j = self.rng.below(i + 1)
            scratch[i], scratch[j] = scratch[j], scratch[i]
        self.commander[0] = -1
        self.commander[1] = -1
        for s in range(MAXP):
            c = scratch[s] if s < n else 0
            self.character[s] = c
            self.glory[s] = 0
            self.dead[s] = 0
            self.dignified[s] = 0
            self.protected[s] = 0
            self.honor[s] = START_HONOR if (s < n and not shared) else 0
            for r in range(NRANK):
                self.wounds[s * NRANK + r] = 0
            for i in range(MAXREP):
                self.reps[s * MAXREP + i] = REP0[c * MAXREP + i] if s < n else -1
                self.rep_martial[s * MAXREP + i] = REP0_MARTIAL[c * MAXREP + i]
            if s < n and COMMANDS[c] >= 0:
                self.commander[COMMANDS[c]] = s
        self.honor[MAXP] = START_HONOR * n if shared else 0
        for p in range(MAXPART):
            self.p_owner[p] = p if p < n else -1
            if p >= FIRST_VASSAL:
                self.p_owner[p] = self.commander[(p - FIRST_VASSAL) // 2]
            self.p_in[p] = 0
            self.p_ask[p] = 0
            self.p_secret[p] = 0
            self.p_guard[p] = 0
            self.p_target[p] = -1
        for v in range(4):
            self.vrank[v] = VASSAL_RANK if self.commander[v // 2] >= 0 else 0
        self.scene = -1
        self._next_scene()

    def _next_scene(self):
        self.scene += 1
        n = self.n
        if self.scene > 0 and self.scene < self.scenes:
            for s in range(n):
                if self.dead[s]:
                    continue
                for r in range(1, 5):
                    k = s * NRANK + r
                    while self.wounds[k] > 0:
                        self.wounds[k] -= 1
                        if HEALED[r] > 0:
                            self.wounds[s * NRANK + HEALED[r]] += 1
                        self._log(EV_HEAL, s, r, HEALED[r], 0)
        fit = 0
        for s in range(n):
            if self._fit(s):
                fit += 1
        if self.scene >= self.scenes or fit < 2:
            self._finish(END_SCENES if fit >= 2 else END_STANDING)
            return
        self._log(EV_SCENE, self.scene, -1, self.mode, 0)
        for p in range(MAXPART):
            self.p_in[p] = 1 if p < n and self._fit(p) else 0
            self.p_guard[p] = 0
            self.p_strikes[p] = 0
        for s in range(MAXP):
            self.protected[s] = 0
        for s in range(n):
            if self.p_in[s]:
                self._change_honor(s, SCENE_HONOR)
        self.mround = 0
        self.frappe_winner = -1
        first = self.scene % 2
        if self.mode == M_DUEL:
            self._start_risk(R_DUEL, first, 1 - first)
        elif self.mode == M_FRAPPE:
            self._start_frappe(first, 1 - first)
        else:
            s = self.scene % n
            while not self.p_in[s]:
                s = (s + 1) % n
            self.risk = R_NONE
            self._ask(P_PICK, s)

    def _end_scene(self):
        self.risk = R_NONE
        for p in range(MAXPART):
            self.p_in[p] = 0
        self._offer_seppuku(0)

    def _offer_seppuku(self, start):
        for s in range(start, self.n):
            if self.dead[s] == 0 and self.wounds[s * NRANK + 5] > 0:
                self.cursor = s
                self._ask(P_SEPPUKU, s)
                return
        self._next_scene()

    def _finish(self, reason):
        self.over = True
        self.phase = P_OVER
        self.end_reason = reason
        for p in range(MAXPART):
            self.p_ask[p] = 0
        self._log(EV_END, -1, -1, reason, 0)

    def _start_frappe(self, a, b):
        self.risk = R_NONE
        self.ra = a
        self.rb = b
        self.decl_round = 0
        self.bonus_p = -1
        self.surprised = -1
        self._ask(P_DECLARE, a)
        self._ask(P_DECLARE, b)

    def _after_hit(self):
        risk = self.risk
        if risk == R_DUEL:
            a = self.ra
            b = self.rb
            for p in (a, b):
                o = b if p == a else a
                if not self.dead[p] and self.p_pool[o] - self.p_wager[o] >= 2:
                    self._glory(p, self.p_wager[o])
            self._end_scene()
        elif risk == R_FRAPPE:
            if self.mode == M_MASSACRE:
                w = self.winner
                self.frappe_winner = w if w >= 0 and self.p_in[w] else -1
                self._start_massacre()
            else:
                self._end_scene()
        else:
            self._next_strike()

    def _start_massacre(self):
        self.mround = 1
        for v in range(4):
            c = self.commander[v // 2]
            self.p_in[FIRST_VASSAL + v] = 1 if self.vrank[v] > 0 and c >= 0 and self.p_in[c] else 0
        y = self.commander[1]
        if y >= 0 and self.p_in[y] and (self.vrank[2] > 0 or self.vrank[3] > 0):
            self._offer_protection(0)
        else:
            self._start_round()

    def _offer_protection(self, start):
        y = self.commander[1]
        for s in range(start, self.n):
            if s != y and self.p_in[s]:
                self.cursor = s
                self._ask(P_PROTECT, y)
                return
        self._start_round()

    def _start_round(self):
        if self._owners_in() < 2:
            self._end_scene()
            return
        self.risk = R_INIT
        self.phase = P_TARGET
        for p in range(MAXPART):
            self.p_target[p] = -1
            if self.p_in[p]:
                self.p_ask[p] = 1

    def _targets_done(self):
        for p in range(MAXPART):
            if self.p_secret[p]:
                self.p_secret[p] = 0
                self.p_target[p] = self.p_choice[p]
                self._log(EV_TARGET, p, self.p_target[p], 0, 0)
        # the dice are gathered as for a Frappe: each samurai may add honor or his target's wounds
        self.phase = P_POOL
        for p in range(MAXPART):
            if self.p_in[p]:
                self._prepare(p, self.p_target[p])
                if p < FIRST_VASSAL:
                    self.p_ask[p] = 1
        if not self._asking():
            self._pools_done()

    def _resolve_initiative(self):
        for p in range(MAXPART):
            self.p_init[p] = self.p_sum[p]
            if self.p_in[p]:
                self.p_strikes[p] = 1 + (self.p_wager[p] if self.p_sum[p] >= THRESHOLD else 0)
                self.p_struck[p] = -1
                self._log(EV_STRIKES, p, -1, self.p_strikes[p], 0)
            else:
                self.p_strikes[p] = 0
        self.pass_no = 0
        self.group_sum = -1
        self._next_strike()

    def _can_strike(self, p):
        if self.p_strikes[p] <= 0 or self.p_struck[p] >= self.pass_no:
            return False
        if self.p_in[p]:
            return True
        # fell earlier in his own initiative group: strikes together with it
        return self.p_down_pass[p] == self.pass_no and self.p_down_sum[p] == self.p_init[p] \
            and self.group_sum == self.p_init[p]

    def _next_strike(self):
        self.risk = R_STRIKE
        while True:
            x = -1
            for p in range(MAXPART):
                if self._can_strike(p) and (x < 0 or self.p_init[p] > self.p_init[x]):
                    x = p
            if x < 0:
                more = False
                for p in range(MAXPART):
                    if self.p_in[p] and self.p_strikes[p] > 0:
                        more = True
                if not more or self._owners_in() < 2:
                    self._round_end()
                    return
                self.pass_no += 1
                self.group_sum = -1
                continue
            self.group_sum = self.p_init[x]
            self.p_struck[x] = self.pass_no
            self.p_strikes[x] -= 1
            if self._valid_target(x, self.p_target[x]):
                self._begin_strike(x, self.p_target[x])
                return
            if self._has_target(x):
                self.ra = x
                self._ask(P_PICK, x)
                return

    def _begin_strike(self, x, t):
        self._log(EV_STRIKE, x, t, self.pass_no, 0)
        self._start_risk(R_STRIKE, x, t)

    def _round_end(self):
        self.risk = R_NONE
        if self._owners_in() < 2:
            self._end_scene()
            return
        self._offer_continue(0)

    def _offer_continue(self, start):
        for s in range(start, self.n):
            if self.p_in[s]:
                self.cursor = s
                self._ask(P_CONTINUE, s)
                return
        if self.mround < MASSACRE_ROUNDS and self._owners_in() >= 2:
            self.mround += 1
            self._start_round()
        else:
            self._end_scene()

    def _fill_legal(self, p):
        """Writes the legal actions of participant ``p`` in the current phase; returns how many."""
        phase = self.phase
        k = 0
        if phase == P_POOL:
            self.legal[0] = POOL_DONE
            k = 1
            if self.p_honor[p] == 0 and self.honor[self._hidx(p)] >= 1:
                self.legal[k] = SPEND_HONOR
                k += 1
            opp = self._opponent(p)
            if 0 <= opp < FIRST_VASSAL:
                for r in range(1, 6):
                    if self.wounds[opp * NRANK + r] > self.p_inv[p * NRANK + r]:
                        self.legal[k] = INVOKE_WOUND + r - 1
                        k += 1
        elif phase == P_DECLARE:
            last = self.decl_round >= DECLARE_ROUNDS - 1
            if not last:
                if not self.p_guard[p]:
                    self.legal[k] = CALM
                    k += 1
                self.legal[k] = GARDE
                k += 1
            self.legal[k] = FRAPPE
            k += 1
            if self.honor[self._hidx(p)] >= SURPRISE_HONOR_COST:
                self.legal[k] = SURPRISE
                k += 1
        elif phase == P_TARGET or phase == P_PICK:
            for q in range(MAXPART):
                if self._valid_target(p, q) and (q < FIRST_VASSAL or self.mround > 0):
                    self.legal[k] = TARGET + q
                    k += 1
        elif phase == P_WAGER or phase == P_OPEN_WAGER:
            top = self.p_pool[p]
            if top > MAX_WAGER:
                top = MAX_WAGER
            for i in range(top + 1):
                self.legal[i] = WAGER + i
            k = top + 1
        elif phase == P_ROLL:
            self.legal[0] = ROLL
            k = 1
        elif phase == P_SPEND:
            top = 0 if self._katana(p) else self.p_kept[p]
            if top > MAX_WOUND_WAGERS:
                top = MAX_WOUND_WAGERS
            for i in range(top + 1):
                self.legal[i] = WOUND_WAGERS + i
            k = top + 1
            if self.risk == R_DUEL:
                self.legal[k] = DUEL_DRAW
                k += 1
        elif phase == P_SAVE:
            self.legal[0] = SAVE
            self.legal[1] = ACCEPT_DEATH
            k = 2
        elif phase == P_ABSORB:
            self.legal[0] = ABSORB
            self.legal[1] = NO_ABSORB
            k = 2
        elif phase == P_PROTECT:
            self.legal[0] = PROTECT
            self.legal[1] = NO_PROTECT
            k = 2
        elif phase == P_CONTINUE:
            self.legal[0] = CONTINUE
            self.legal[1] = STOP
            k = 2
        elif phase == P_SEPPUKU:
            self.legal[0] = SEPPUKU
            self.legal[1] = NO_SEPPUKU
            k = 2
        return k

    def _is_legal(self, p, action):
        k = self._fill_legal(p)
        for i in range(k):
            if self.legal[i] == action:
                return True
        return False

    def _acting(self, seat):
        """The participant ``seat`` decides for now: its samurai first, then its vassals."""
        for p in range(MAXPART):
            if self.p_ask[p] and self.p_owner[p] == seat:
                return p
        return -1

    def _apply(self, p, action):
        phase = self.phase
        self.decisions += 1
        self.p_ask[p] = 0
        if phase == P_POOL:
            if action == SPEND_HONOR:
                self.p_ask[p] = 1
                self.p_honor[p] = 1
                self.p_pool[p] += HONOR_DICE
                self._change_honor(p, -1)
            elif action != POOL_DONE:
                self.p_ask[p] = 1
                r = action - INVOKE_WOUND + 1
                opp = self._opponent(p)
                self.p_inv[p * NRANK + r] += 1
                self.p_pool[p] += r
                self._log(EV_INVOKE, p, opp, r, 0)
                self._change_honor(opp, 1)
            elif self.risk == R_DUEL and p == self.ra:
                self.p_ask[self.rb] = 1
            if not self._asking():
                self._pools_done()
        elif phase == P_DECLARE or phase == P_TARGET or phase == P_WAGER:
            self.p_choice[p] = action - TARGET if phase == P_TARGET else action - WAGER if phase == P_WAGER else action
            self.p_secret[p] = 1
            if self._asking():
                return
            if phase == P_DECLARE:
                self._declarations_done()
            elif phase == P_TARGET:
                self._targets_done()
            else:
                self._reveal_wagers()
        elif phase == P_ROLL:
            if self._asking():
                return
            if self.risk == R_INIT:
                for q in range(MAXPART):
                    if self.p_in[q]:
                        self._roll_for(q)
                self._resolve_initiative()
            else:
                self._roll_for(self.ra)
                self._roll_for(self.rb)
                self._resolve_pair()
        elif phase == P_OPEN_WAGER:
            k = action - WAGER
            self.p_wager[p] = k
            if self.risk == R_SEPPUKU:
                self._seppuku(p, k)
                return
            o = self.rb if p == self.ra else self.ra
            self.p_wager[o] = k if k <= self.p_pool[o] else self.p_pool[o]
            self._log(EV_WAGER, p, -1, k, 0)
            self._log(EV_WAGER, o, -1, self.p_wager[o], 0)
            self._roll_for(self.ra)
            self._roll_for(self.rb)
            self._resolve_pair()
        elif phase == P_PICK:
            q = action - TARGET
            if self.mround == 0:
                self._start_frappe(p, q)
            else:
                self.p_target[p] = q
                self._begin_strike(p, q)
        elif phase == P_SPEND:
            self._spend(p, action)
        elif phase == P_SAVE:
            s = self.victim
            if action == SAVE:
                self._change_honor(s, -1)
                self.wounds[s * NRANK + SAVED_RANK] += 1
                self._log(EV_SAVE, s, -1, SAVED_RANK, 0)
                self._knock_out(s)
            else:
                self._die(s)
            self._after_hit()
        elif phase == P_ABSORB:
            if action == ABSORB:
                self._absorb(p)
            elif p == self.commander[0] and self._vassal_for(self.victim, 1) >= 0:
                self._ask(P_ABSORB, self.commander[1])   # the guards may still take it
            else:
                self._take_wound()
        elif phase == P_PROTECT:
            if action == PROTECT:
                self.protected[self.cursor] = 1
                self._log(EV_PROTECT, p, self.cursor, 1, 0)
            self._offer_protection(self.cursor + 1)
        elif phase == P_CONTINUE:
            self._log(EV_CONTINUE, p, -1, 1 if action == CONTINUE else 0, 0)
            if action == STOP:
                self._knock_out(p)
            self._offer_continue(self.cursor + 1)
        elif phase == P_SEPPUKU:
            if action == SEPPUKU:
                self.risk = R_SEPPUKU
                self.ra = p
                self.rb = p
                self.p_pool[p] = COURAGE[self.character[p]] + GIRI[self.character[p]]
                self._ask(P_OPEN_WAGER, p)
            else:
                self._offer_seppuku(self.cursor + 1)

    def _declarations_done(self):
        a = self.ra
        b = self.rb
        strikes = 0
        for p in (a, b):
            self.p_secret[p] = 0
            d = self.p_choice[p]
            self._log(EV_DECLARE, p, -1, d, 0)
            if d == GARDE:
                self.p_guard[p] = 1
            if d == FRAPPE or d == SURPRISE:
                strikes += 1
        if strikes == 0:
            self.decl_round += 1
            self._ask(P_DECLARE, a)
            self._ask(P_DECLARE, b)
            return
        for p in (a, b):
            if self.p_choice[p] == SURPRISE:
                if self.honor[self._hidx(p)] >= SURPRISE_HONOR_COST:
                    self._change_honor(p, -SURPRISE_HONOR_COST)
                else:
                    self.p_choice[p] = FRAPPE
        if strikes == 1:
            x = a if self.p_choice[a] == FRAPPE or self.p_choice[a] == SURPRISE else b
            y = b if x == a else a
            if not self.p_guard[y]:
                # the striker's advantage; a total surprise also leaves the other without dice
                self.bonus_p = x
                if self.p_choice[x] == SURPRISE:
                    self.surprised = y
                    self._log(EV_SURPRISED, y, x, 0, 0)
        self._start_risk(R_FRAPPE, a, b)

    def _seppuku(self, s, k):
        dice = self.p_pool[s] - k
        total = self._roll(dice)
        success = total >= THRESHOLD
        self._log(EV_ROLL, s, -1, total, dice)
        self._log(EV_SEPPUKU, s, -1, 1 if success else 0, k)
        if success:
            self._change_honor(s, SEPPUKU_HONOR + k)
            self.dignified[s] = 1
        self.dead[s] = 1
        self.risk = R_NONE
        self._offer_seppuku(self.cursor + 1)

    def current_seats(self):
        """Seats that must decide now: several at once for the secret choices and the roll."""
        seats = []
        if self.over:
            return seats
        for s in range(self.n):
            for p in range(MAXPART):
                if self.p_ask[p] and self.p_owner[p] == s:
                    seats.append(s)
                    break
        return seats

    def legal_actions(self, seat):
        if self.over or not (0 <= seat < self.n):
            return []
        p = self._acting(seat)
        if p < 0:
            return []
        k = self._fill_legal(p)
        return [self.legal[i] for i in range(k)]

    def apply(self, seat, action):
        if self.over:
            raise ValueError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not (0 <= seat < self.n):
            raise ValueError("no seat %r" % (seat,))
        p = self._acting(seat)
        if p < 0:
            raise ValueError("seat %d cannot act now: seats %s decide" % (seat, self.current_seats()))
        if isinstance(action, bool) or not isinstance(action, int) or not self._is_legal(p, action):
            raise ValueError("illegal action %r for seat %d in phase %s" % (
                action, seat, PHASE_NAMES[self.phase]))
        self._apply(p, action)

    def is_terminal(self):
        return self.over

    def acting_participant(self, seat):
        return self._acting(seat)

    def observation(self, seat, since=0):
        return views.observation(self, seat, since)

    def full_view(self, since=0):
        return views.full_view(self, since)

    def result(self):
        return views.result(self)

    def resample_hidden(self, seat, seed):
        return views.resample_hidden(self, seat, seed)

    def forfeit(self, seat):
        """``seat`` leaves the match (its bot failed).  A scene cannot go on with a fighter who
        vanished mid-risk, so the match ends at once, scored as it stands, and that seat ranks
        last alone."""
        if self.over:
            raise ValueError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not (0 <= seat < self.n):
            raise ValueError("no seat %r in a %d-player game" % (seat, self.n))
        self.forfeited = seat
        self._finish(END_FORFEIT)

    def fill_legal_for(self, p):
        """Legal actions of participant ``p`` in the current phase, asked or not (for resampling)."""
        k = self._fill_legal(p)
        return [self.legal[i] for i in range(k)]

    def clone(self):
        other = RisquesState.__new__(RisquesState)
        other._copy_from(self)
        return other

    def _copy_from(self, src):
        for name in views.ARRAY_FIELDS:
            setattr(self, name, array.array("i", getattr(src, name)))
        for name in views.SCALAR_FIELDS:
            setattr(self, name, getattr(src, name))
        self.events = list(src.events)
        self.scripted = list(src.scripted)
        self.rng = Rng(0)
        self.rng.state = src.rng.state
        self.rng.increment = src.rng.increment


def resolve_mode(n_players, mode):
    """The mode for ``n_players``; ValueError when they do not fit together."""
    if mode == "auto":
        mode = data.auto_mode(n_players)
    if mode not in MODE_NAMES:
        raise ValueError("risques has no mode %r (modes: auto, %s)" % (mode, ", ".join(MODE_NAMES)))
    m = MODE_NAMES.index(mode)
    if m != M_MASSACRE and n_players != 2:
        raise ValueError("risques mode %s is played by 2 players, not %d" % (mode, n_players))
    if m == M_MASSACRE and n_players < 3:
        raise ValueError("risques mode massacre is played by 3 to 7 players, not %d" % n_players)
    return m


def new_state(n_players, seed, options=None):
    """A new match; ``options`` are checked and completed by the spec."""
    SPEC.check_players(n_players)
    options = SPEC.resolve_options(options)
    mode = resolve_mode(n_players, options["mode"])
    return RisquesState(n_players, seed, mode, options["honor_pool"] == "shared", options["scenes"], True)


def play_random_games(n_players, n_games, seed):
    """The fast path: ``n_games`` whole matches (default options) between uniform random players.

    Returns the decisions made, the deaths and the seats' total glory."""
    mode = resolve_mode(n_players, "auto")
    state = RisquesState(n_players, seed, mode, True, 2, False)
    policy = Rng(seed, 54)
    decisions = 0
    deaths = 0
    glory = 0
    for g in range(n_games):
        if g > 0:
            state.reset(n_players, seed + g, mode, True, 2, False)
        while not state.over:
            p = 0
            while state.p_ask[p] == 0:
                p += 1
            k = state._fill_legal(p)
            state._apply(p, state.legal[policy.below(k)])
        decisions += state.decisions
        for s in range(n_players):
            deaths += state.dead[s]
            glory += state.glory[s]
    return {"games": n_games, "decisions": decisions, "deaths": deaths, "glory": glory}
