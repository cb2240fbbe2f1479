"""Risques: the conflict rules of Sang & Honneur as a competitive game for bots.

One source for both builds: compiled by Cython (typed by ``_risques.pxd``) and
run as plain Python for the cross-check.  Numbers and the roster are in
``risques_data``; the design is in ``docs/games/risques.md``.

The game.  A match is ``scenes`` violent scenes, one season apart (wounds heal
between them per the wound table).  Seats are samurai drawn from the roster.
``mode``: ``duel`` (2 players, the four-stage Duel), ``frappe`` (2 players, a
Frappe-éclair), ``massacre`` (3-7 players: an opening Frappe-éclair by the
scene's instigator, then the Massacre).  ``auto`` (default) is duel for 2
players and massacre for more.

Every contested risk (a Frappe, a Massacre strike, a Duel): each side's pool
is Valeur + the sources that apply (roster) + its best martial reputation's
rank + 2 per known handicap of the opponent, and then, by decision, +4 for 1
honor and + rank for each of the opponent's wounds invoked (the wounded gets 1
honor).  Wagers are set aside, the rest rolled (sum of d6).  The highest score
of at least 10 has the Privilege and keeps all its wagers, another 10+ keeps
half (rounded up), under 10 keeps none.  Rulings where the text is silent:

* A tie for the highest score: nobody has the Privilege, both keep half their
  wagers, nobody is hurt.
* The Privilege holder hits the other side: a katana kills (rank 6), another
  weapon deals rank 1 + 1 per kept wager he spends on it (at most rank 6); every
  2 kept wagers left (his or a loser's) are 1 glory point.  A Vérité has no
  other mechanical effect, so a loser's kept wagers all become glory.
* Frappe-éclair: both sides declare secretly and at once CALM, GARDE,
  FRAPPE or SURPRISE.  Nobody strikes: another round (Garde stays); in the 3rd
  round one must strike.  One strikes: +2 dice to him unless the other is on
  guard.  SURPRISE costs 1 honor (a scandalous act) and, against a samurai
  neither on guard nor striking, leaves him without dice; otherwise it is a plain
  strike without the bonus.  Both strike: no bonus.
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

from ._rng import Rng
from . import risques_data as data
from . import risques_views as views

GAME_ID = "risques"
GAME_NAME = "Risques"
RULES_VERSION = "1.1"
MIN_PLAYERS = 2
MAX_PLAYERS = 7
OPTIONS = (
    {"name": "mode", "default": "auto", "choices": ("auto", "duel", "frappe", "massacre"),
     "help": "duel or frappe (2 players), massacre (3-7); auto: duel for 2 players, massacre for more"},
    {"name": "honor_pool", "default": "shared", "choices": ("shared", "personal"),
     "help": "one honor reserve for everybody (the rulebook) or one per samurai"},
    {"name": "scenes", "default": 2, "choices": (1, 2, 3, 4),
     "help": "violent scenes per match, one season apart"},
)

MAXP = 7
MAXPART = 11                  # 7 samurai, then the General's 2 ashigaru and the Yojimbo's 2 guards
FIRST_VASSAL = 7
NRANK = 6                     # wounds[seat * NRANK + rank], ranks 1..5
MAXREP = 4
THRESHOLD = data.THRESHOLD[0]
MAX_WAGER = data.MAX_WAGER[0]
MAX_WOUND_WAGERS = data.MAX_WOUND_WAGERS[0]
SURVIVAL = data.SURVIVAL_POINTS[0]

M_DUEL, M_FRAPPE, M_MASSACRE = 0, 1, 2
MODE_NAMES = ("duel", "frappe", "massacre")
R_NONE, R_DUEL, R_FRAPPE, R_STRIKE, R_INIT, R_SEPPUKU = 0, 1, 2, 3, 4, 5

NUM_CHARACTERS = len(data.CHARACTERS)
_V = data.VIRTUES
STATIC_POOL = array.array("i", [data.static_pool(c) for c in data.CHARACTERS])
VALEUR = array.array("i", [c.virtues[_V.index("valeur")] for c in data.CHARACTERS])
COURAGE = array.array("i", [c.virtues[_V.index("courage")] for c in data.CHARACTERS])
GIRI = array.array("i", [c.giri_rank for c in data.CHARACTERS])
KATANA = array.array("i", [1 if c.weapon == data.KATANA else 0 for c in data.CHARACTERS])
COMMANDS = array.array("i", [0 if c.role == data.GENERAL else 1 if c.role == data.YOJIMBO else -1
                             for c in data.CHARACTERS])
MAX_REPS = array.array("i", [data.max_reputations(c) for c in data.CHARACTERS])
REP0 = array.array("i", [(list(c.reputations) + [None] * MAXREP)[i][1] if i < len(c.reputations) else -1
                         for c in data.CHARACTERS for i in range(MAXREP)])
REP0_MARTIAL = array.array("i", [1 if i < len(c.reputations) and c.reputations[i][2] else 0
                                 for c in data.CHARACTERS for i in range(MAXREP)])
HEALED = array.array("i", data.HEALED_RANK[0])
DEATH_RANK = data.DEATH_RANK[0]
DECLARE_ROUNDS = data.DECLARE_ROUNDS[0]
FRAPPE_BONUS = data.FRAPPE_BONUS[0]
HANDICAP_DICE = data.HANDICAP_DICE[0]
HONOR_DICE = data.HONOR_DICE[0]
KATANA_WOUND = data.KATANA_WOUND[0]
MASSACRE_ROUNDS = data.MASSACRE_ROUNDS[0]
POINTS_PER_RANK = data.POINTS_PER_RANK[0]
SAVED_RANK = data.SAVED_RANK[0]
SCENE_HONOR = data.SCENE_HONOR[0]
SEPPUKU_HONOR = data.SEPPUKU_HONOR[0]
START_HONOR = data.START_HONOR[0]
SURPRISE_HONOR_COST = data.SURPRISE_HONOR_COST[0]
VASSAL_RANK = data.VASSAL_RANK[0]
WAGERS_PER_GLORY = data.WAGERS_PER_GLORY[0]

# --- actions: fixed integers with stable names ---
POOL_DONE, SPEND_HONOR = 0, 1
INVOKE_WOUND = 2                        # + rank - 1
CALM, GARDE, FRAPPE, SURPRISE = 7, 8, 9, 10
TARGET = 11                             # + participant
WAGER = TARGET + MAXPART                # + count, 0..MAX_WAGER
ROLL = WAGER + MAX_WAGER + 1
WOUND_WAGERS = ROLL + 1                 # + wagers spent on the wound, 0..5
DUEL_DRAW = WOUND_WAGERS + MAX_WOUND_WAGERS + 1
SAVE, ACCEPT_DEATH, ABSORB, NO_ABSORB = DUEL_DRAW + 1, DUEL_DRAW + 2, DUEL_DRAW + 3, DUEL_DRAW + 4
PROTECT, NO_PROTECT, CONTINUE, STOP = DUEL_DRAW + 5, DUEL_DRAW + 6, DUEL_DRAW + 7, DUEL_DRAW + 8
SEPPUKU, NO_SEPPUKU = DUEL_DRAW + 9, DUEL_DRAW + 10
NUM_ACTIONS = NO_SEPPUKU + 1
ACTION_NAMES = views.ACTION_NAMES
assert len(ACTION_NAMES) == NUM_ACTIONS

# --- phases ---
P_POOL, P_DECLARE, P_TARGET, P_PICK, P_WAGER, P_OPEN_WAGER, P_ROLL = 1, 2, 3, 4, 5, 6, 7
P_SPEND, P_SAVE, P_ABSORB, P_PROTECT, P_CONTINUE, P_SEPPUKU, P_OVER = 8, 9, 10, 11, 12, 13, 14
PHASE_NAMES = views.PHASE_NAMES
END_NONE, END_SCENES, END_STANDING, END_FORFEIT = 0, 1, 2, 3

(EV_SCENE, EV_HONOR, EV_POOL, EV_INVOKE, EV_DECLARE, EV_TARGET, EV_WAGER, EV_ROLL, EV_PRIVILEGE,
 EV_WOUND, EV_ABSORB, EV_DEATH, EV_SAVE, EV_GLORY, EV_DRAW, EV_PROTECT, EV_CONTINUE, EV_SEPPUKU,
 EV_HEAL, EV_STRIKE, EV_STRIKES, EV_SURPRISED, EV_END) = range(23)


def _zeros(count):
    return array.array("i", [0] * count)


class RisquesState:
    """A match of Risques.  Participants 0..n-1 are the seats' samurai, 7..10 the vassals."""

    def __init__(self, n_players, seed, mode, shared, scenes, record=True):
        self.character = _zeros(MAXP)
        self.glory = _zeros(MAXP)
        self.dead = _zeros(MAXP)
        self.dignified = _zeros(MAXP)
        self.protected = _zeros(MAXP)
        self.wounds = _zeros(MAXP * NRANK)
        self.reps = _zeros(MAXP * MAXREP)
        self.rep_martial = _zeros(MAXP * MAXREP)
        self.honor = _zeros(MAXP + 1)
        self.commander = _zeros(2)
        self.vrank = _zeros(4)
        self.p_owner = _zeros(MAXPART)
        self.p_in = _zeros(MAXPART)
        self.p_ask = _zeros(MAXPART)
        self.p_secret = _zeros(MAXPART)
        self.p_choice = _zeros(MAXPART)
        self.p_target = _zeros(MAXPART)
        self.p_wager = _zeros(MAXPART)
        self.p_pool = _zeros(MAXPART)
        self.p_sum = _zeros(MAXPART)
        self.p_kept = _zeros(MAXPART)
        self.p_honor = _zeros(MAXPART)
        self.p_guard = _zeros(MAXPART)
        self.p_strikes = _zeros(MAXPART)
        self.p_struck = _zeros(MAXPART)
        self.p_down_pass = _zeros(MAXPART)
        self.p_down_sum = _zeros(MAXPART)
        self.p_init = _zeros(MAXPART)
        self.p_inv = _zeros(MAXPART * NRANK)
        self.legal = _zeros(NUM_ACTIONS)
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

    # ------------------------------------------------------------ helpers
    def _log(self, kind, a, b, amount, extra):
        """Keeps the history when recording (the fast path does not)."""
        if self.record:
            self.events.append((kind, a, b, amount, extra))

    def _roll(self, count):
        total = 0
        for i in range(count):
            if len(self.scripted) > 0:
                total += self.scripted.pop(0)
            else:
                total += 1 + self.rng.below(6)
        return total

    def _hidx(self, seat):
        return MAXP if self.shared else seat

    def _change_honor(self, seat, delta):
        self.honor[self._hidx(seat)] += delta
        self._log(EV_HONOR, seat, -1, delta, 0)

    def _fit(self, s):
        return self.dead[s] == 0 and self.wounds[s * NRANK + 5] == 0

    def _katana(self, p):
        return p < FIRST_VASSAL and KATANA[self.character[p]] == 1

    def rep_rank(self, s):
        """Rank of the seat's best martial reputation: the one reputation invoked in a fight."""
        best = 0
        for i in range(MAXREP):
            if self.reps[s * MAXREP + i] >= 0 and self.rep_martial[s * MAXREP + i]:
                r = self.reps[s * MAXREP + i] // POINTS_PER_RANK
                if r > best:
                    best = r
        return best

    def base_pool(self, p, opp):
        """The dice ``p`` brings to the current risk against ``opp`` before its choices."""
        if p >= FIRST_VASSAL:
            c = self.character[self.p_owner[p]]
            pool = VALEUR[c] + GIRI[c]
        else:
            pool = STATIC_POOL[self.character[p]] + self.rep_rank(p)
            if 0 <= opp < FIRST_VASSAL:
                pool += HANDICAP_DICE
        if self.risk == R_FRAPPE and p == self.bonus_p:
            pool += FRAPPE_BONUS
        if (self.risk == R_STRIKE or self.risk == R_INIT) and self.mround == 1 and p == self.frappe_winner:
            pool += FRAPPE_BONUS
        return pool

    def _glory(self, seat, points):
        """Glory goes to the seat's best martial reputation, or a new one if there is room."""
        if points <= 0:
            return
        self.glory[seat] += points
        slot = -1
        free = -1
        count = 0
        for i in range(MAXREP):
            k = seat * MAXREP + i
            if self.reps[k] >= 0:
                count += 1
                if self.rep_martial[k] and (slot < 0 or self.reps[k] > self.reps[seat * MAXREP + slot]):
                    slot = i
            elif free < 0:
                free = i
        if slot < 0:
            if count < MAX_REPS[self.character[seat]] and free >= 0:
                slot = free
                self.reps[seat * MAXREP + slot] = 0
                self.rep_martial[seat * MAXREP + slot] = 1
            else:
                slot = 0
        self.reps[seat * MAXREP + slot] += points
        self._log(EV_GLORY, seat, slot, points, 0)

    def _owners_in(self):
        count = 0
        for s in range(self.n):
            if self.p_in[s]:
                count += 1
        return count

    def _valid_target(self, p, q):
        return q != p and self.p_in[q] == 1 and self.p_owner[q] != self.p_owner[p]

    def _has_target(self, p):
        for q in range(MAXPART):
            if self._valid_target(p, q):
                return True
        return False

    def _ask(self, phase, p):
        self.phase = phase
        self.p_ask[p] = 1

    def _asking(self):
        for p in range(MAXPART):
            if self.p_ask[p]:
                return True
        return False

    # ------------------------------------------------------------- scenes
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

    def score(self, s):
        total = self.glory[s]
        if (self.dead[s] == 0 and self.wounds[s * NRANK + 5] == 0) or self.dignified[s]:
            total += SURVIVAL
        if not self.shared:
            total += self.honor[s]
        return total

    # -------------------------------------------------------------- risks
    def _start_frappe(self, a, b):
        self.risk = R_NONE
        self.ra = a
        self.rb = b
        self.decl_round = 0
        self.bonus_p = -1
        self.surprised = -1
        self._ask(P_DECLARE, a)
        self._ask(P_DECLARE, b)

    def _start_risk(self, kind, a, b):
        self.risk = kind
        self.ra = a
        self.rb = b
        for p in (a, b):
            self._prepare(p, b if p == a else a)
        self.phase = P_POOL
        if kind == R_DUEL:
            self.p_ask[a] = 1
            return
        for p in (a, b):
            if p < FIRST_VASSAL:
                self.p_ask[p] = 1
        if not self._asking():
            self._pools_done()

    def _prepare(self, p, opp):
        self.p_pool[p] = self.base_pool(p, opp)
        self.p_honor[p] = 0
        self.p_wager[p] = 0
        self.p_sum[p] = 0
        self.p_kept[p] = 0
        for r in range(NRANK):
            self.p_inv[p * NRANK + r] = 0

    def _pools_done(self):
        a = self.ra
        b = self.rb
        self._log(EV_POOL, a, b, self.p_pool[a], self.p_pool[b])
        if self.risk == R_DUEL:
            self._ask(P_OPEN_WAGER, a if self.p_pool[a] >= self.p_pool[b] else b)
        else:
            self._ask(P_WAGER, a)
            self._ask(P_WAGER, b)

    def _reveal_wagers(self):
        for p in range(MAXPART):
            if self.p_secret[p]:
                self.p_secret[p] = 0
                self.p_wager[p] = self.p_choice[p]
                self._log(EV_WAGER, p, -1, self.p_wager[p], 0)
        self.phase = P_ROLL
        if self.risk == R_INIT:
            for p in range(MAXPART):
                if self.p_in[p]:
                    self.p_ask[p] = 1
        else:
            self.p_ask[self.ra] = 1
            self.p_ask[self.rb] = 1

    def _roll_for(self, p):
        dice = self.p_pool[p] - self.p_wager[p]
        if p == self.surprised and self.risk == R_FRAPPE:
            dice = 0
        self.p_sum[p] = self._roll(dice)
        self._log(EV_ROLL, p, -1, self.p_sum[p], dice)

    def _resolve_pair(self):
        a = self.ra
        b = self.rb
        sa = self.p_sum[a]
        sb = self.p_sum[b]
        w = -1
        if sa >= THRESHOLD and sa > sb:
            w = a
        elif sb >= THRESHOLD and sb > sa:
            w = b
        self.winner = w
        for p in (a, b):
            if p == w:
                self.p_kept[p] = self.p_wager[p]
            elif self.p_sum[p] >= THRESHOLD:
                self.p_kept[p] = (self.p_wager[p] + 1) // 2
            else:
                self.p_kept[p] = 0
        self._log(EV_PRIVILEGE, w, -1, self.p_kept[a], self.p_kept[b])
        for p in (a, b):
            if p != w:
                self._glory(self.p_owner[p], self.p_kept[p] // WAGERS_PER_GLORY)
        if w < 0:
            self._after_hit()
        elif self._katana(w) and self.risk != R_DUEL:
            self._spend(w, WOUND_WAGERS)
        else:
            self._ask(P_SPEND, w)

    def _spend(self, p, action):
        loser = self.rb if p == self.ra else self.ra
        if action == DUEL_DRAW:
            self._log(EV_DRAW, p, loser, 0, 0)
            self._glory(self.p_owner[p], self.p_kept[p] // WAGERS_PER_GLORY)
            self._after_hit()
            return
        k = action - WOUND_WAGERS
        rank = KATANA_WOUND if self._katana(p) else 1 + k
        self._glory(self.p_owner[p], (self.p_kept[p] - k) // WAGERS_PER_GLORY)
        self._hit(loser, rank, p)

    def _hit(self, q, rank, by):
        self.victim = q
        self.wound_rank = rank
        self.hitter = by
        self._log(EV_WOUND, q, by, rank, 0)
        if q >= FIRST_VASSAL:
            self.vrank[q - FIRST_VASSAL] = 0
            self._log(EV_DEATH, q, by, 0, 0)
            self._knock_out(q)
            self._after_hit()
            return
        if self.risk != R_DUEL:
            if self._vassal_for(q, 0) >= 0 or self._vassal_for(q, 1) >= 0:
                self._ask(P_ABSORB, self.commander[0] if self._vassal_for(q, 0) >= 0 else self.commander[1])
                return
        self._take_wound()

    def _vassal_for(self, q, k):
        """A vassal of commander ``k`` able to take a wound for samurai ``q`` (-1: none)."""
        c = self.commander[k]
        if c < 0 or self.dead[c]:
            return -1
        if c != q and not (k == 1 and self.protected[q] and self.mode == M_MASSACRE):
            return -1
        for j in range(2):
            if self.vrank[2 * k + j] > 0:
                return FIRST_VASSAL + 2 * k + j
        return -1

    def _absorb(self, seat):
        q = self.victim
        k = 0 if self._vassal_for(q, 0) >= 0 and self.commander[0] == seat else 1
        v = self._vassal_for(q, k)
        self.vrank[v - FIRST_VASSAL] -= 1
        if self.vrank[v - FIRST_VASSAL] <= 0:
            self.p_in[v] = 0
        self._log(EV_ABSORB, v, q, self.wound_rank, 0)
        if seat != q:
            self._glory(seat, 1)
        self._after_hit()

    def _take_wound(self):
        s = self.victim
        r = self.wound_rank
        if r >= DEATH_RANK:
            if self.honor[self._hidx(s)] >= 1:
                self._ask(P_SAVE, s)
                return
            self._die(s)
        else:
            self.wounds[s * NRANK + r] += 1
            if r == SAVED_RANK:
                self._knock_out(s)
        self._after_hit()

    def _die(self, s):
        self.dead[s] = 1
        self._log(EV_DEATH, s, self.hitter, 0, 0)
        self._knock_out(s)

    def _knock_out(self, p):
        self.p_in[p] = 0
        self.p_down_pass[p] = self.pass_no
        self.p_down_sum[p] = self.group_sum
        if p < FIRST_VASSAL:
            for k in range(2):
                if self.commander[k] == p:
                    self.p_in[FIRST_VASSAL + 2 * k] = 0
                    self.p_in[FIRST_VASSAL + 2 * k + 1] = 0

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

    # ----------------------------------------------------------- massacre
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
        self.phase = P_WAGER
        for p in range(MAXPART):
            if self.p_in[p]:
                self._prepare(p, self.p_target[p])
                self.p_ask[p] = 1
                self._log(EV_POOL, p, -1, self.p_pool[p], 0)

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

    # ------------------------------------------------------- legal moves
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
            opp = self.rb if p == self.ra else self.ra
            if opp < FIRST_VASSAL:
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

    # ------------------------------------------------------- transitions
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
                opp = self.rb if p == self.ra else self.ra
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
                if self.p_choice[x] == SURPRISE:
                    self.surprised = y
                    self._log(EV_SURPRISED, y, x, 0, 0)
                else:
                    self.bonus_p = x
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

    # ------------------------------------------------- the engine contract
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
        return M_DUEL if n_players == 2 else M_MASSACRE
    if mode not in MODE_NAMES:
        raise ValueError("risques has no mode %r (modes: auto, %s)" % (mode, ", ".join(MODE_NAMES)))
    m = MODE_NAMES.index(mode)
    if m != M_MASSACRE and n_players != 2:
        raise ValueError("risques mode %s is played by 2 players, not %d" % (mode, n_players))
    if m == M_MASSACRE and n_players < 3:
        raise ValueError("risques mode massacre is played by 3 to 7 players, not %d" % n_players)
    return m


def new_state(n_players, seed, options=None):
    options = options or {}
    if n_players < MIN_PLAYERS or n_players > MAX_PLAYERS:
        raise ValueError("risques is played by %d to %d players, not %d" % (MIN_PLAYERS, MAX_PLAYERS, n_players))
    mode = resolve_mode(n_players, options.get("mode", "auto"))
    pool = options.get("honor_pool", "shared")
    if pool not in ("shared", "personal"):
        raise ValueError("risques honor_pool must be shared or personal, not %r" % (pool,))
    scenes = options.get("scenes", 2)
    if isinstance(scenes, bool) or scenes not in (1, 2, 3, 4):
        raise ValueError("risques scenes must be 1 to 4, not %r" % (scenes,))
    return RisquesState(n_players, seed, mode, pool == "shared", scenes, True)


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
