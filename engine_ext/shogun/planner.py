"""Looking ahead for ``shogun-smith``: its placements weighed by playing the game on to its end.

The match loop offers a built-in player copies of the game its seat cannot tell apart from the real
one (``sample(draw)``: the state with everything the seat has not seen redrawn, never the real
state; see ``arena.match``).  At each placement of its turn the seat takes the few placements its
own weights rank best (the one it would take, the next ones, a monk on the best, passing) and plays
each on a copy to the end of the game: itself and the other seats by the heuristic's own choices,
the ghost by the engine.  Then only its own choice and the best other one are played on further
copies (the draws go where the choice is made).  It keeps the placement with the best mean final
margin (its score minus the best other score, the ghost's total included), the heuristic's own
choice unless another does better by ``keep_margin``.  Same copies for every candidate (common draws), so the comparison
is of the placements, not of the luck of the draw; everything is fixed by the copies' seeds, so a
match stays reproducible from its seed.

It looks ahead at the ghost's tables only (issue 16: beating the ghost); without a ghost, and
without copies (``act`` alone, as a bot that only gets observations), the seat plays its weights.
The play-outs read the table through ``views.decision_view`` (the observation's entries the
heuristic reads), which costs a fraction of the whole observation.
"""

from . import views

PLANNED_PHASES = ("turn",)
PLACEMENTS = ("WORKER_", "MONK_", "PASS")


def margin(state, seat):
    """The seat's final score minus the best other score at the table (the ghost's total too)."""
    score = state.score
    others = [score[s] for s in range(state.n) if s != seat]
    if state.ghost is not None:
        others.append(state.ghost.total)
    return score[seat] - (max(others) if others else 0)


def play_out(state, players):
    """Plays ``state`` (changed in place) to the end, each seat by its heuristic ``players[s]``."""
    state.record = False
    state.events = []
    while not state.over:
        seat = state.actor
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if len(legal) == 1 else players[seat].act(views.decision_view(state, seat), legal))


def candidates(smith, named, choice, limit):
    """The placements worth weighing: the heuristic's ``choice`` first, then its best-ranked other
    placements (a worker, and a monk on the best place when the seat may send one), then passing."""
    found = [choice]

    def add(name):
        if name in named and name not in found:
            found.append(name)

    places = [place for _, place in getattr(smith, "placements", [])]
    if places:
        add("MONK_" + places[0])
    for place in places:
        if len(found) >= limit:
            break
        add("WORKER_" + place)
    add("PASS")
    return found


class TurnPlanner:
    """Weighs a smith's placements on sampled copies of the game (see the module's text)."""

    def __init__(self, smith_class, candidates=5, draws=1, keep_margin=0.0, finalists=2):
        self.smith_class = smith_class
        self.candidates = candidates
        self.draws = draws
        self.keep_margin = keep_margin     # another placement must do this much better on average
        self.finalists = finalists         # the placements played on every draw after the first

    def choose(self, smith, observation, legal_actions, choice, sample, names):
        named = {names[a]: a for a in legal_actions}
        weighed = candidates(smith, named, names[choice], self.candidates)
        if len(weighed) < 2:
            return choice
        seat = observation["seat"]
        totals = [0.0] * len(weighed)
        alive = list(range(len(weighed)))
        for draw in range(self.draws):
            copy = sample(draw)
            copy.record = False
            copy.events = []
            for k in alive:
                state = copy.clone()
                state.apply(seat, named[weighed[k]])
                play_out(state, self._players(state.n, draw))
                totals[k] += margin(state, seat)
            if draw == 0:       # the next draws only for the heuristic's choice and the best other one
                alive = [0] + sorted(alive[1:], key=lambda k: (-totals[k], k))[:self.finalists - 1]
        best = max(alive, key=lambda k: (totals[k] + (self.keep_margin * self.draws if k == 0 else 0), -k))
        return named[weighed[best]]

    def _players(self, n, draw):
        return [self.smith_class(draw * 8 + s) for s in range(n)]
