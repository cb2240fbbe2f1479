"""A built-in Risques player that wagers by the odds of the dice.

``OddsPlayer`` ("risques-odds") reads the public table and, for every wager,
works out from the exact distribution of a sum of d6 how likely each amount is
to win the Privilege, to lose it or to leave both sides unhurt, against an
opponent whose secret wager it cannot see (taken as uniform over what he may
wager).  It picks the wager with the best expected worth: a hit that kills or
puts a rival out of the match is worth his survival points, kept wagers are
glory, being hit costs what the opponent's weapon can do.  Around that:

* every die with a cost is taken when it helps to fight: 1 honor (keeping one
  for buying back a death when the honor is personal), every wound of the
  opponent;
* in a Frappe-éclair it puts its hand on its weapon first (Garde: immune to
  surprise, no bonus for the other), then surprises an opponent who is not on
  guard or strikes;
* in a Massacre it points at the weakest rival samurai (fewest dice, most
  wounds), takes few extra strikes, and leaves the fight once the round is
  over; a Yojimbo keeps his guards for himself;
* wagers kept on a hit go to the wound when they put the rival out, else to
  glory; it never declares a draw; it buys back a death with honor and, out of
  the match with a rank-5 wound, commits seppuku with the wager most likely to
  restore its dignity.
"""
from functools import lru_cache

from . import views

NAMES = views.ACTION_NAMES
ID = {name: index for index, name in enumerate(NAMES)}
PARTICIPANTS = views.PARTICIPANTS
THRESHOLD = 10
SURVIVAL = 10          # score of a samurai alive and able to fight at the end
INITIATIVE_WAGER = 2   # extra strikes asked for in a Massacre round (each strike is a fight)


@lru_cache(maxsize=None)
def sum_distribution(dice):
    """Probabilities of the sums 0..6*dice of ``dice`` six-sided dice."""
    dist = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(dist) + 6)
        for total, p in enumerate(dist):
            if p:
                for face in range(1, 7):
                    nxt[total + face] += p / 6
        dist = nxt[:len(dist) + 6]
    return tuple(dist)


@lru_cache(maxsize=None)
def duel_odds(mine, theirs):
    """(P I take the Privilege, P he takes it) when I roll ``mine`` dice and he rolls ``theirs``."""
    a, b = sum_distribution(max(mine, 0)), sum_distribution(max(theirs, 0))
    below_b = [0.0] * (len(a) + 1)      # below_b[s]: P(his sum < s)
    running = 0.0
    for s in range(len(below_b)):
        below_b[s] = running
        running += b[s] if s < len(b) else 0.0
    win = sum(p * below_b[s] for s, p in enumerate(a) if s >= THRESHOLD)
    below_a = [0.0] * (len(b) + 1)
    running = 0.0
    for s in range(len(below_a)):
        below_a[s] = running
        running += a[s] if s < len(a) else 0.0
    lose = sum(p * below_a[s] for s, p in enumerate(b) if s >= THRESHOLD)
    return win, lose


def reach(dice):
    """P(the sum of ``dice`` d6 is at least 10)."""
    return sum(sum_distribution(max(dice, 0))[THRESHOLD:])


class OddsPlayer:
    """Risques: wagers by the exact odds of the dice, guards before striking, hits the weakest."""

    name = "risques-odds"

    def __init__(self, seed):
        self.seed = seed

    # ------------------------------------------------------------------ reading the table
    def act(self, observation, legal_actions):
        if not legal_actions:   # the engine's fault: said plainly rather than as a failure deep inside
            raise ValueError(f"{self.name} was asked to decide with no legal action to choose from")
        if observation.get("game") != "risques":
            raise ValueError(f"{self.name} plays risques only, not {observation.get('game')!r}")
        legal = {NAMES[a]: a for a in legal_actions}
        self.obs = observation
        self.parts = {PARTICIPANTS.index(e["participant"]): e for e in observation["participants"]}
        acting = observation["you"]["acting_as"]
        self.me = PARTICIPANTS.index(acting) if acting else observation["seat"]
        choice = getattr(self, "_" + observation["phase"], None)
        name = choice(legal) if choice else None
        return legal[name] if name in legal else legal_actions[0]

    def _seat(self, p):
        """The seat a participant belongs to (a vassal: its commander's)."""
        return self.parts[p]["owner"] if p in self.parts else p

    def _opponent(self):
        risk = self.obs["risk"]
        if risk["kind"] == "initiative":
            return self.parts[self.me]["target"]
        return risk["b"] if risk["a"] == self.me else risk["a"]

    def _honor(self):
        if self.obs["honor_pool"] == "shared":
            return self.obs["shared_honor"]
        return self.obs["seats"][self.obs["seat"]]["honor"]

    def _katana(self, p):
        return p is not None and p < 7 and self.obs["seats"][p]["weapon"] == "katana"

    def _worth_of_hit(self, p, wagers):
        """What hitting ``p`` with ``wagers`` kept is worth to me, in score points (roughly)."""
        if p is None:
            return 0.0
        if p >= 7:                      # a vassal dies of any hit; the wagers are glory
            return 2.0 + wagers / 2
        if self._katana(self.me):
            return SURVIVAL + wagers / 2
        if wagers >= 4:                 # rank 5 or 6: out of the match
            return SURVIVAL + max(wagers - 5, 0) / 2
        return 1.0 + wagers / 2

    def _cost_of_being_hit(self, opp):
        if self.me >= 7:
            return 2.0
        if self._katana(opp):
            return SURVIVAL
        return 4.0                      # a random spender: a mid-rank wound, sometimes worse

    # ------------------------------------------------------------------ phases
    def _pool(self, legal):
        honor = self._honor()
        keep = 1 if self.obs["honor_pool"] == "personal" else 0
        if "SPEND_HONOR" in legal and honor > keep:
            return "SPEND_HONOR"
        invokes = sorted(n for n in legal if n.startswith("INVOKE_WOUND_RANK_"))
        if invokes:
            return invokes[-1]
        return "POOL_DONE"

    def _declare(self, legal):
        mine, theirs = self.parts[self.me], self.parts[self._opponent()]
        if "GARDE" in legal and not mine["on_guard"] and self.obs["declare_round"] == 0:
            return "GARDE"
        if "SURPRISE" in legal and not theirs["on_guard"] and self._honor() > 1:
            return "SURPRISE"
        return "FRAPPE"

    def _weakness(self, q):
        """Lower is an easier target: its dice less what its wounds give me, a rival samurai first."""
        seat = self._seat(q)
        wounds = self.obs["seats"][seat]["wounds"] if q < 7 else {}
        invoked = sum(int(rank) * count for rank, count in wounds.items())
        pool = self.parts[q]["pool"] or (6 if q >= 7 else 14)
        vassal = 20 if q >= 7 else 0
        return (pool - invoked + vassal, -self.obs["seats"][seat]["score"], q)

    def _target(self, legal):
        targets = [ID[n] - ID["TARGET_SEAT_0"] for n in legal if n.startswith("TARGET_")]
        best = min(targets, key=self._weakness)
        return NAMES[ID["TARGET_SEAT_0"] + best]

    _pick_target = _target

    def _wager(self, legal):
        top = max(int(n[len("WAGER_"):]) for n in legal if n.startswith("WAGER_"))
        pool = self.parts[self.me]["pool"]
        if self.obs["risk"]["kind"] == "initiative":
            wager = min(INITIATIVE_WAGER, top)
            while wager > 0 and reach(pool - wager) < 0.9:
                wager -= 1
            return "WAGER_%d" % wager
        opp = self._opponent()
        surprised = self.obs["risk"]["surprised"]
        their_pool = 0 if surprised == opp else self.parts[opp]["pool"]
        mine_rolls = 0 if surprised == self.me else None
        best, best_value = 0, None
        for w in range(top + 1):
            rolled = pool - w if mine_rolls is None else 0
            win = lose = 0.0
            for theirs in range(their_pool + 1):   # his wager: anything he may, equally likely
                pw, pl = duel_odds(rolled, their_pool - theirs)
                win += pw
                lose += pl
            win /= their_pool + 1
            lose /= their_pool + 1
            value = win * self._worth_of_hit(opp, w) - lose * self._cost_of_being_hit(opp)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = w, value
        return "WAGER_%d" % best

    def _open_wager(self, legal):
        top = max(int(n[len("WAGER_"):]) for n in legal if n.startswith("WAGER_"))
        pool = self.parts[self.me]["pool"]
        if self.obs["risk"]["kind"] == "seppuku":
            personal = self.obs["honor_pool"] == "personal"
            return "WAGER_%d" % max(range(top + 1), key=lambda w: (
                reach(pool - w) * (SURVIVAL + (4 + w if personal else 0)), -w))
        opp = self._opponent()
        their_pool = self.parts[opp]["pool"]
        best, best_value = 0, None
        for w in range(top + 1):                   # the Duel: he must wager as many as he can
            win, lose = duel_odds(pool - w, their_pool - min(w, their_pool))
            value = win * self._worth_of_hit(opp, w) - lose * self._cost_of_being_hit(opp)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = w, value
        return "WAGER_%d" % best

    def _roll(self, legal):
        return "ROLL"

    def _spend(self, legal):
        kept = self.parts[self.me]["kept"]
        spends = sorted(int(n[len("WOUND_WAGERS_"):]) for n in legal if n.startswith("WOUND_WAGERS_"))
        most = spends[-1]
        if most >= 4:                              # rank 5 or more: the rival is out of the match
            return "WOUND_WAGERS_%d" % most
        return "WOUND_WAGERS_%d" % min(kept % 2, most)   # an odd wager left is no glory: into the wound

    def _save(self, legal):
        return "SAVE"

    def _absorb(self, legal):
        victim = self.obs["pending"]["victim"]
        return "ABSORB" if victim == self.obs["seat"] else "NO_ABSORB"

    def _protect(self, legal):
        return "NO_PROTECT"

    def _continue(self, legal):
        return "STOP"

    def _seppuku(self, legal):
        return "SEPPUKU"
