"""The demo's built-in players: each game's heuristic, random and mixes between them, from the registry."""
from arena import games as arena_games
from web import cli
from web.bots import services as bot_services
from web.bots.models import Bot
from web.errors import ServiceError


def test_every_game_with_a_heuristic_gets_it_random_and_the_mixes_between(db):
    rosters, game, info = cli.demo_rosters()
    assert set(rosters) == set(arena_games.game_ids())
    for game_id, bots in rosters.items():
        agents = [bot.versions.get().builtin_name for bot in bots]
        if arena_games.get(game_id).spec.heuristic:
            assert agents == ["heuristic", "mix-0.2", "mix-0.4", "mix-0.6", "mix-0.8", "random"]
            assert [bot.name for bot in bots] == agents
            assert bots[2].description == ("the heuristic's move, or with probability 0.4 a uniformly random "
                                           "legal move")
        else:
            assert set(agents) == {"random"} and len(bots) == 6
        assert all(bot.owner_id is None for bot in bots)
    # the tournament's game is the registry's first with a heuristic, at its smallest table
    first = next(g for g in arena_games.game_ids() if arena_games.get(g).spec.heuristic)
    assert game == first and info.min_players == arena_games.get(first).min_players
    again, _, _ = cli.demo_rosters()
    assert [b.pk for b in again[game]] == [b.pk for b in rosters[game]], "created once"
    assert Bot.objects.filter(game=game).count() == 6


def test_a_mix_plays_and_a_bad_builtin_name_is_refused(db):
    import pytest
    bot = bot_services.bot_create_builtin(game="katana", name="three-quarters", agent="mix-0.25")
    assert bot.versions.get().builtin_name == "mix-0.25"
    with pytest.raises(ServiceError, match="a mix takes a probability between 0 and 1, not 1.5"):
        bot_services.bot_create_builtin(game="katana", name="too-random", agent="mix-1.5")
    with pytest.raises(ServiceError, match="risques-odds plays Risques only"):
        bot_services.bot_create_builtin(game="katana", name="wrong-game", agent="risques-odds")


def test_the_demo_players_play_a_rated_match(db):
    from web.matches import execution, services as match_services
    rosters, game, info = cli.demo_rosters()
    match = match_services.match_create(game=game, seats=rosters[game][:info.min_players], seed=2)
    execution.matches_run(match_ids=[match.pk], worker="test")
    match.refresh_from_db()
    assert match.status == "done" and match.rated
    assert match.rating_entries.count() == info.min_players
