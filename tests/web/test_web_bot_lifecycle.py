"""A bot's life (choose a version, retire, bring back, delete) and the seats of the matches queued
for it: each seat is the bot it names, at the version that plays for it, and one bot's life never
stops the ladder, a tournament or someone else's challenge."""
import random

import pytest
from django.test import override_settings

from tests.web.challenge_helpers import api_of, bot_of
from web.bots import selectors as bot_selectors
from web.bots import services as bot_services
from web.challenges import services as challenge_services
from web.matches import services as match_services
from web.matches.ladder import ladder_fill
from web.matches.models import Match, MatchSeat
from web.tournaments import services as tournament_services
from workers import tasks


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user(username="ronin-owner", password="x" * 12)


def _two_versions(owner, name="ronin"):
    bot = bot_of(owner, name)
    bot_services.bot_version_add_builtin(bot=bot, agent="heuristic")
    return bot


def _seats_are_their_bots(matches):
    for match in matches:
        seats = list(match.seats.select_related("bot_version"))
        assert len({s.bot_id for s in seats}) == len(seats), f"{match} seats one bot twice"
        for seat in seats:
            assert seat.bot_version.bot_id == seat.bot_id
            assert seat.bot_version_id == bot_selectors.bot_current_version(bot=seat.bot).pk


def test_choosing_a_version_changes_the_version_of_that_bot_only(house, owner):
    ronin = _two_versions(owner)
    bot_services.bot_version_choose(bot=ronin, user=owner, number=1)
    resolved = {bot.pk: bot.current_version_id for bot in bot_selectors.playable_bots(game="katana")}
    expected = {bot.pk: bot_selectors.bot_current_version(bot=bot).pk for bot in [*house, ronin]}
    assert resolved == expected
    assert len(set(resolved.values())) == 7
    created = ladder_fill(game="katana", target=12, rng=random.Random(3))
    assert created
    _seats_are_their_bots(created)


def test_choosing_another_version_drops_the_queued_ladder_matches_of_the_old_one(house, owner):
    ronin = _two_versions(owner)
    ladder_fill(game="katana", target=30, rng=random.Random(5))
    assert MatchSeat.objects.filter(bot=ronin, bot_version__number=2).exists()
    with match_services.bot_changing(bot_id=ronin.pk):
        bot_services.bot_version_choose(bot=ronin, user=owner, number=1)
    assert not MatchSeat.objects.filter(bot=ronin, match__status="queued").exclude(bot_version__number=1).exists()
    _seats_are_their_bots(Match.objects.filter(status="queued"))


def test_retiring_a_bot_leaves_every_ladder_running(house, owner, settings):
    settings.ARENA_LADDER_ENABLED = True
    ronin = _two_versions(owner)
    bot_services.bot_version_choose(bot=ronin, user=owner, number=2)
    for game in ("risques", "shogun"):
        bot_services.house_bots_ensure(game=game, count=4)
    ladder_fill(game="katana", target=20, rng=random.Random(1))
    with match_services.bot_changing(bot_id=ronin.pk):
        bot_services.bot_retire(bot=ronin, user=owner)
    assert not MatchSeat.objects.filter(bot=ronin, match__status="queued").exists()
    assert tasks._ladder_tick() > 0
    for game in ("katana", "risques", "shogun"):
        assert Match.objects.filter(game=game, kind="ladder", status="queued").exists(), game
    assert not MatchSeat.objects.filter(bot=ronin, match__status="queued").exists()


def test_one_games_ladder_failing_does_not_stop_the_others(house, settings, monkeypatch):
    settings.ARENA_LADDER_ENABLED = True
    bot_services.house_bots_ensure(game="risques", count=4)
    from web.matches import ladder

    real = ladder.ladder_fill

    def broken_for_katana(*, game, **kwargs):
        if game == "katana":
            raise RuntimeError("katana's ladder is broken")
        return real(game=game, **kwargs)

    monkeypatch.setattr(ladder, "ladder_fill", broken_for_katana)
    assert tasks._ladder_tick() > 0
    assert Match.objects.filter(game="risques", kind="ladder").exists()


def test_a_retired_entrant_voids_its_tables_and_the_tournament_moves_on(house, owner):
    ronin = bot_of(owner, "ronin")
    tournament = tournament_services.tournament_create(name="Spring", game="katana", bots=[*house[:4], ronin],
                                                       players_per_match=5, rounds=2, seed=4, owner=owner)
    with match_services.bot_changing(bot_id=ronin.pk):
        bot_services.bot_retire(bot=ronin, user=owner)
    first = tournament.rounds.get(number=1)
    voided = first.matches.filter(seats__bot=ronin)
    assert voided.exists() and all(m.status == "error" and "withdrawn" in m.error for m in voided)
    from tests.web.test_web_tournaments import _run_to_the_end
    tournament = _run_to_the_end(tournament)
    assert tournament.status == "done"
    second = tournament.rounds.get(number=2).matches.filter(seats__bot=ronin)
    assert second.exists() and set(second.values_list("status", flat=True)) == {"error"}


def test_an_opponent_retired_during_a_challenge_ends_its_games_not_the_challenge(house, owner, django_user_model):
    other = django_user_model.objects.create_user(username="other", password="x" * 12)
    mine = bot_of(owner, "mine")
    theirs = bot_of(other, "theirs", others_may_enter=True)
    challenge = challenge_services.challenge_create(owner=owner, bot=mine, opponents=[theirs, house[0]], games=6,
                                                    seats=3)
    with match_services.bot_changing(bot_id=theirs.pk):
        bot_services.bot_retire(bot=theirs, user=other)
    assert not challenge.matches.filter(status="queued").exists()
    assert set(challenge.matches.values_list("error", flat=True)) == {match_services.withdrawn_reason(bot_name="theirs")}


def test_the_api_brings_a_retired_bot_back_and_its_queued_matches_follow(house, owner):
    ronin = bot_of(owner, "ronin")
    api = api_of(owner)
    assert api.patch(f"/api/bots/{ronin.pk}/", {"retired": True}, format="json").status_code == 200
    answer = api.patch(f"/api/bots/{ronin.pk}/", {"retired": False}, format="json")
    assert answer.status_code == 200 and answer.json()["deleted"] is False
    assert ronin.pk in {bot.pk for bot in bot_selectors.playable_bots(game="katana")}


def test_a_deleted_bot_cannot_be_brought_back(house, owner, played_match):
    ronin = bot_of(owner, "ronin")
    match = match_services.match_create(game="katana", seats=[ronin, *house[:3]], seed=1)
    assert bot_services.bot_delete(bot=ronin, user=owner) == "anonymised"
    ronin.refresh_from_db()
    ronin.owner = owner   # as the owner knew it
    with pytest.raises(Exception, match="only the owner|was deleted"):
        bot_services.bot_unretire(bot=ronin, user=owner)
    assert match.pk


@override_settings(ARENA_PUBLISH_TASKS=False)
def test_validation_that_passes_a_newer_version_drops_the_old_versions_ladder_matches(house, owner):
    ronin = bot_of(owner, "ronin")
    ladder_fill(game="katana", target=30, rng=random.Random(2))
    assert MatchSeat.objects.filter(bot=ronin, match__status="queued").exists()
    newer = bot_services.bot_version_add_builtin(bot=ronin, agent="heuristic")
    match_services.queued_matches_follow_bot(bot_id=ronin.pk)
    assert not MatchSeat.objects.filter(bot=ronin, match__status="queued").exclude(bot_version=newer).exists()
