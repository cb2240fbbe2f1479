"""Finished matches stored as a worker stores them, without a worker: for tests that read them."""
from django.utils import timezone

from arena import replay
from arena.agents import builtin
from arena.match import agent_seed, play_match
from web.matches.models import Match, MatchSeat


def store_finished_games(house, seeds, players=3, game="katana", kind=Match.Kind.LADDER):
    """Finished matches as a worker stores them: played here by random bots, one row per seat."""
    from web.matches import services as match_services
    played = []
    for seed in seeds:
        # not published: no worker may claim it while it is being stored here
        match = match_services.match_create(game=game, seats=house[:players], seed=seed, kind=kind, publish=False)
        outcome = play_match(game, seed=seed, agents=[builtin("random", agent_seed(seed, s)) for s in range(players)])
        Match.objects.filter(pk=match.pk).update(status=Match.Status.DONE, steps=len(outcome.steps),
                                                 result=outcome.result, finished_at=timezone.now(),
                                                 replay=replay.to_dict(outcome, ["random"] * players))
        for s, rank in enumerate(outcome.result["ranks"]):
            MatchSeat.objects.filter(match=match, seat=s).update(rank=rank, status="ok")
        played.append(({}, seed, outcome.result["ranks"], len(outcome.steps)))
    return played
