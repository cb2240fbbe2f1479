"""Risques, the rules every scene shares: dice pools, wagers, risks, wounds, honor and glory.

One source for both builds, like ``_rules``: compiled by Cython (typed by
``_core.pxd``, cimported by ``_rules.pxd``) and run as plain Python
for the cross-check.  ``RiskCore`` holds the whole state of a match and
resolves one contested risk from its pools to its wound; the rules module
``_rules`` subclasses it with the scenes (Duel, Frappe-éclair, Massacre),
the decisions' legality and the engine contract, and says what follows a hit
(``_after_hit``).  Numbers come from ``data``.

Every contested risk (a Frappe, a Massacre strike or initiative, a Duel):
each side's pool is Valeur + the sources that apply (roster) + its best
martial reputation's rank + 2 per known handicap of the opponent, and then, by
decision, +4 for 1 honor and + rank for each of the opponent's wounds invoked
(the wounded gets 1 honor).  Wagers are set aside, the rest rolled (sum of
d6).  The highest score of at least 10 has the Privilege and keeps all its
wagers, another 10+ keeps half (rounded up), under 10 keeps none.  Rulings
where the text is silent:

* A tie for the highest score: nobody has the Privilege, both keep half their
  wagers, nobody is hurt.
* The Privilege holder hits the other side: a katana kills (rank 6), another
  weapon deals rank 1 + 1 per kept wager he spends on it (at most rank 6); every
  2 kept wagers left (his or a loser's) are 1 glory point.  A Vérité has no
  other mechanical effect, so a loser's kept wagers all become glory.
* Vassals take a wound meant for their commander (or, for the Yojimbo's
  guards, for a samurai he protects) when their commander's seat decides so;
  any hit kills a vassal.  Only vassals present can: in the Frappe, those of a
  commander in the scene; in the Massacre, those still in it (they leave with
  their commander when he stops or is put out of combat).
* A death can be turned into a rank-5 wound for 1 honor.
* The dead are hurt no more: one who fell earlier in his initiative group
  still strikes, but if he loses that exchange the winner has nobody left to
  hit, and all his kept wagers become glory.  Nobody dies twice.
"""
import array

import cython

from . import data
from .actions import ACTIONS, PARTICIPANTS, FIRST_VASSAL as _FIRST_VASSAL

MAXP = data.MAX_PLAYERS
MAXPART = len(PARTICIPANTS)   # 7 samurai, then the General's 2 ashigaru and the Yojimbo's 2 guards
FIRST_VASSAL = _FIRST_VASSAL
NRANK = 6                     # wounds[seat * NRANK + rank], ranks 1..5
MAXREP = 4
THRESHOLD = data.THRESHOLD[0]
MAX_WAGER = data.MAX_WAGER[0]
MAX_WOUND_WAGERS = data.MAX_WOUND_WAGERS[0]
SURVIVAL = data.SURVIVAL_POINTS[0]

M_DUEL, M_FRAPPE, M_MASSACRE = 0, 1, 2
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

# --- actions: the offsets of the blocks declared in actions.py ---
POOL_DONE, SPEND_HONOR = ACTIONS.first("POOL_DONE"), ACTIONS.first("SPEND_HONOR")
INVOKE_WOUND = ACTIONS.first("INVOKE_WOUND_RANK")       # + rank - 1
CALM, GARDE, FRAPPE, SURPRISE = [ACTIONS.first(name) for name in ("CALM", "GARDE", "FRAPPE", "SURPRISE")]
TARGET = ACTIONS.first("TARGET")                        # + participant
WAGER = ACTIONS.first("WAGER")                          # + count, 0..MAX_WAGER
ROLL = ACTIONS.first("ROLL")
WOUND_WAGERS = ACTIONS.first("WOUND_WAGERS")            # + wagers spent on the wound, 0..5
(DUEL_DRAW, SAVE, ACCEPT_DEATH, ABSORB, NO_ABSORB, PROTECT, NO_PROTECT, CONTINUE, STOP, SEPPUKU,
 NO_SEPPUKU) = [ACTIONS.first(name) for name in (
    "DUEL_DRAW", "SAVE", "ACCEPT_DEATH", "ABSORB", "NO_ABSORB", "PROTECT", "NO_PROTECT", "CONTINUE",
    "STOP", "SEPPUKU", "NO_SEPPUKU")]
NUM_ACTIONS = ACTIONS.size
ACTION_NAMES = ACTIONS.names

# --- phases ---
P_POOL, P_DECLARE, P_TARGET, P_PICK, P_WAGER, P_OPEN_WAGER, P_ROLL = 1, 2, 3, 4, 5, 6, 7
P_SPEND, P_SAVE, P_ABSORB, P_PROTECT, P_CONTINUE, P_SEPPUKU, P_OVER = 8, 9, 10, 11, 12, 13, 14
END_NONE, END_SCENES, END_STANDING, END_FORFEIT = 0, 1, 2, 3

(EV_SCENE, EV_HONOR, EV_POOL, EV_INVOKE, EV_DECLARE, EV_TARGET, EV_WAGER, EV_ROLL, EV_PRIVILEGE,
 EV_WOUND, EV_ABSORB, EV_DEATH, EV_SAVE, EV_GLORY, EV_DRAW, EV_PROTECT, EV_CONTINUE, EV_SEPPUKU,
 EV_HEAL, EV_STRIKE, EV_STRIKES, EV_SURPRISED, EV_END) = range(23)


def _zeros(count):
    return array.array("i", [0] * count)


class RiskCore:
    """The state of a match and the resolution of one risk.  Participants 0..n-1 are the seats'
    samurai, 7..10 the vassals."""

    def _allocate(self):
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

    def _after_hit(self):
        """What follows a risk's outcome (a hit, a draw, nobody hurt): the scene's flow decides."""
        pass

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

    def _alive(self, p):
        """Whether ``p`` can still be hurt: a samurai not dead, a vassal with his rank left."""
        if p >= FIRST_VASSAL:
            return self.vrank[p - FIRST_VASSAL] > 0
        return self.dead[p] == 0

    def _present(self, v):
        """Whether vassal ``v`` is in the scene and can take a wound: in the Frappe (no Massacre
        round yet) with his commander, in the Massacre while he has not left it."""
        if self.vrank[v - FIRST_VASSAL] <= 0:
            return False
        if self.mround > 0:
            return self.p_in[v] == 1
        return self.p_in[self.commander[(v - FIRST_VASSAL) // 2]] == 1

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

    def score(self, s):
        total = self.glory[s]
        if (self.dead[s] == 0 and self.wounds[s * NRANK + 5] == 0) or self.dignified[s]:
            total += SURVIVAL
        if not self.shared:
            total += self.honor[s]
        return total

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

    def _opponent(self, p):
        """Whom ``p`` faces in the current risk: his target in the initiative, else the other side."""
        if self.risk == R_INIT:
            return self.p_target[p]
        return self.rb if p == self.ra else self.ra

    def _pools_done(self):
        if self.risk == R_INIT:
            for p in range(MAXPART):
                if self.p_in[p]:
                    self._log(EV_POOL, p, -1, self.p_pool[p], 0)
                    self._ask(P_WAGER, p)
            return
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
        loser = b if w == a else a
        if w < 0:
            self._after_hit()
        elif not self._alive(loser):
            # he fell earlier in his initiative group and still struck: nobody is left to hit
            self._glory(self.p_owner[w], self.p_kept[w] // WAGERS_PER_GLORY)
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
        """A vassal of commander ``k`` present in the scene and able to take a wound for samurai
        ``q`` (-1: none)."""
        c = self.commander[k]
        if c < 0:
            return -1
        if c != q and not (k == 1 and self.protected[q] and self.mode == M_MASSACRE):
            return -1
        for j in range(2):
            v = FIRST_VASSAL + 2 * k + j
            if self._present(v):
                return v
        return -1

    def _absorb(self, seat):
        q = self.victim
        k = 0 if self._vassal_for(q, 0) >= 0 and self.commander[0] == seat else 1
        v = self._vassal_for(q, k)
        self.vrank[v - FIRST_VASSAL] -= 1
        if self.vrank[v - FIRST_VASSAL] <= 0:
            self._knock_out(v)
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
