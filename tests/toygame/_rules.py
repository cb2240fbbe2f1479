"""Pig: the rules, one source for both builds like every engine.

On its turn a seat rolls a die as often as it likes: a 1 loses the points of
the turn and ends it, any other face adds to them; holding banks them.  The
first to reach the target ends the game at once.  With ``house`` set, an
automaton seat plays after the last seat of every round, holding once its turn
reaches 10 (level 1) or 15 (level 2).  Rulings: a game not over after 50
rounds ends there (``round_cap``); ranks follow the scores, the house included,
ties sharing a rank; a seat that forfeits leaves, ranks below everybody, and
the game ends when no seat is left.  Dice are chance, not hidden information:
nothing is hidden from anyone.
"""
from engine_ext._rng import Rng

from .spec import ACTIONS, SPEC

ROLL, HOLD = ACTIONS.first("ROLL"), ACTIONS.first("HOLD")
HOUSE_HOLDS_AT = (0, 10, 15)
MAX_ROUNDS = 50


class PigState:
    def __init__(self, n_players, seed, options):
        SPEC.check_players(n_players)
        options = SPEC.resolve_options(options)
        self.n = n_players
        self.target = options["target"]
        self.house = options["house"]
        self.rng = Rng(seed)
        self.scores = [0] * n_players
        self.house_score = 0
        self.left = []          # seats that forfeited, in order
        self.turn = 0
        self.turn_points = 0
        self.rounds = 1
        self.events = []
        self.over = False
        self.end_reason = ""
        self.decisions = 0

    # --- the contract ---
    def current_seats(self):
        return [] if self.over else [self.turn]

    def legal_actions(self, seat):
        if self.over or seat != self.turn:
            return []
        return [ROLL, HOLD] if self.turn_points else [ROLL]

    def apply(self, seat, action):
        if isinstance(action, bool) or not isinstance(action, int) or action not in self.legal_actions(seat):
            raise ValueError(f"{action!r} is not a legal action of seat {seat} now")
        self.decisions += 1
        if action == ROLL:
            die = self.rng.below(6) + 1
            self.events.append({"type": "roll", "seat": seat, "die": die})
            if die == 1:
                self.turn_points = 0
                self._next_turn()
            else:
                self.turn_points += die
        else:
            self.scores[seat] += self.turn_points
            self.events.append({"type": "hold", "seat": seat, "points": self.turn_points})
            self.turn_points = 0
            if self.scores[seat] >= self.target:
                self._finish("target")
            else:
                self._next_turn()

    def is_terminal(self):
        return self.over

    def forfeit(self, seat):
        if not 0 <= seat < self.n or seat in self.left:
            raise ValueError(f"seat {seat} is not in the game")
        self.left.append(seat)
        self.events.append({"type": "forfeit", "seat": seat})
        if len(self.left) == self.n:
            self._finish("forfeit")
        elif not self.over and seat == self.turn:
            self.turn_points = 0
            self._next_turn()

    def observation(self, seat, since=0):
        view = self.full_view(since)
        view["seat"] = seat
        return view

    def full_view(self, since=0):
        return {"game": "toy", "seat": None, "target": self.target, "round": self.rounds,
                "players": [{"score": self.scores[s], "in_game": s not in self.left} for s in range(self.n)],
                "house": {"level": self.house, "score": self.house_score} if self.house else None,
                "turn": None if self.over else self.turn, "turn_points": self.turn_points,
                "to_act": self.current_seats(), "over": self.over,
                "events": self.events[since:], "event_count": len(self.events)}

    def result(self):
        if not self.over:
            raise ValueError("the game is not over")
        playing = [self.scores[s] for s in range(self.n) if s not in self.left]
        if self.house:
            playing.append(self.house_score)
        distinct = sorted(set(playing), reverse=True)
        ranks = [distinct.index(self.scores[s]) + 1 if s not in self.left else 0 for s in range(self.n)]
        for order, seat in enumerate(self.left):
            ranks[seat] = len(distinct) + 1 + order
        result = {"game": "toy", "end_reason": self.end_reason, "scores": list(self.scores), "ranks": ranks,
                  "teams": ["seat_%d" % s for s in range(self.n)], "forfeited": list(self.left),
                  "rounds": self.rounds}
        if self.house:
            result["automata"] = [{"name": "house", "level": self.house, "score": self.house_score,
                                   "rank": distinct.index(self.house_score) + 1}]
        return result

    def clone(self):
        other = PigState.__new__(PigState)
        other.__dict__.update({k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()})
        other.rng = Rng(0)
        other.rng.state, other.rng.increment = self.rng.state, self.rng.increment
        return other

    def resample_hidden(self, seat, seed):
        return self.clone()   # nothing is hidden

    # --- turn flow ---
    def _next_turn(self):
        seat = self.turn
        while True:
            seat += 1
            if seat == self.n:
                if self.house and self._house_turn():
                    return
                seat = 0
                self.rounds += 1
                if self.rounds > MAX_ROUNDS:
                    self.rounds = MAX_ROUNDS
                    self._finish("round_cap")
                    return
            if seat not in self.left:
                self.turn = seat
                return

    def _house_turn(self):
        """The automaton's whole turn; True when it ends the game."""
        points = 0
        while points < HOUSE_HOLDS_AT[self.house] and self.house_score + points < self.target:
            die = self.rng.below(6) + 1
            self.events.append({"type": "roll", "seat": "house", "die": die})
            if die == 1:
                return False
            points += die
        self.house_score += points
        self.events.append({"type": "hold", "seat": "house", "points": points})
        if self.house_score >= self.target:
            self._finish("target")
            return True
        return False

    def _finish(self, reason):
        self.over = True
        self.end_reason = reason
        self.events.append({"type": "end", "reason": reason})


def new_state(n_players, seed, options=None):
    return PigState(n_players, seed, options)


def play_random_games(n_players, n_games, seed):
    """The fast path: ``n_games`` games between uniform random players."""
    policy = Rng(seed, 54)
    decisions = 0
    for g in range(n_games):
        state = PigState(n_players, seed + g, None)
        while not state.over:
            legal = state.legal_actions(state.turn)
            state.apply(state.turn, legal[policy.below(len(legal))])
        decisions += state.decisions
    return {"games": n_games, "decisions": decisions}
