"""Tournaments under misuse: an organiser sees the number of matches before creating, may enter
only the bots whose owners allow it, is capped per day, and (with staff) can cancel."""
import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from web.bots import services as bot_services
from web.errors import ServiceError
from web.matches.models import Match
from web.tournaments import services
from web.tournaments.models import Tournament


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user(username="kojiro", password="y" * 12)


def _api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _bot_of(owner, name, **flags):
    bot = bot_services.bot_create(game="katana", name=name, owner=owner)
    bot_services.bot_version_add_builtin(bot=bot, agent="random")
    if flags:
        bot_services.bot_set_entry(bot=bot, user=owner, others_may_enter=flags["others_may_enter"])
    return bot


def test_the_preview_counts_the_matches_and_stores_nothing(user, house):
    preview = services.tournament_preview(name="t", game="katana", bots=house[:6], players_per_match=3,
                                          rounds=2, owner=user)
    # two rounds; each deals 6 entrants into two tables of 3, every table a rotation of 3 games
    assert preview == {"matches": 12, "seats": 3, "left_today": 2000 - 12}
    assert not Tournament.objects.exists() and not Match.objects.exists()
    answer = _api(user).post("/api/tournaments/preview/", {"game": "katana", "bots": [b.pk for b in house[:6]],
                                                            "players_per_match": 3, "rounds": 2}, format="json")
    assert answer.status_code == 200 and answer.json()["matches"] == 12
    tournament = services.tournament_create(name="t", game="katana", bots=house[:6], players_per_match=3, rounds=2,
                                            owner=user)
    assert Match.objects.filter(tournament_round__tournament=tournament).count() == 6   # round one queued


def test_the_form_shows_the_count_before_creating(client, user, house):
    client.force_login(user)
    params = {"game": "katana", "format": "tables", "bots": [b.pk for b in house[:6]], "players_per_match": 3,
              "rounds": 2, "games_per_pairing": 1}
    fragment = client.get(reverse("tournament-preview"), params, HTTP_HX_REQUEST="true").content.decode()
    assert "This tournament will create at most 12 matches (tables of 3)." in fragment
    assert "You may queue 1,988 more matches today after it." in fragment
    page = client.get(reverse("tournament-preview"), params).content.decode()   # without JavaScript
    assert 'id="tournament-form"' in page and "at most 12 matches" in page
    assert not Tournament.objects.exists()


def test_an_organiser_enters_only_bots_whose_owners_allow_it(user, stranger, house):
    closed = _bot_of(stranger, "closed")
    opened = _bot_of(stranger, "opened", others_may_enter=True)
    mine = _bot_of(user, "mine")
    with pytest.raises(ServiceError, match="'closed': its owner does not let others enter it in tournaments"):
        services.tournament_create(name="t", game="katana", bots=[closed, mine, house[0]], owner=user)
    assert not Tournament.objects.exists()
    tournament = services.tournament_create(name="t", game="katana", bots=[opened, mine, house[0]], owner=user)
    assert tournament.participants.count() == 3
    services.tournament_create(name="own", game="katana", bots=[closed, house[0], house[1]], owner=stranger)
    from web.tournaments.forms import TournamentCreateForm
    offered = {b.name for b in TournamentCreateForm(game="katana", organiser=user).fields["bots"].queryset}
    assert "opened" in offered and "mine" in offered and "closed" not in offered and house[0].name in offered
    answer = _api(stranger).patch(f"/api/bots/{closed.pk}/", {"others_may_enter": True}, format="json")
    assert answer.status_code == 200 and answer.json()["others_may_enter"] is True
    services.tournament_create(name="t2", game="katana", bots=[closed, mine, house[0]], owner=user)


def test_one_account_cannot_queue_more_than_its_daily_matches(user, house, settings, django_user_model):
    settings.ARENA_TOURNAMENT_MATCHES_PER_DAY = 20
    services.tournament_create(name="a", game="katana", bots=house[:6], players_per_match=3, rounds=1, owner=user)
    # the first queued its whole plan (6); a second of up to 18 would pass the 20
    with pytest.raises(ServiceError) as refused:
        services.tournament_create(name="b", game="katana", bots=house[:6], players_per_match=3, rounds=3,
                                   owner=user)
    assert str(refused.value) == ("this tournament can create up to 18 matches, and you may queue 14 more today "
                                  "(at most 20 a day): enter fewer bots or play fewer rounds or games")
    assert Tournament.objects.count() == 1
    services.tournament_create(name="c", game="katana", bots=house[:6], players_per_match=3, rounds=2, owner=user)
    staff = django_user_model.objects.create_user(username="daimyo", password="z" * 12, is_staff=True)
    services.tournament_create(name="d", game="katana", bots=house[:6], players_per_match=3, rounds=5, owner=staff)


def test_the_creator_or_staff_cancels_and_queued_matches_are_dropped(client, user, stranger, house,
                                                                     django_user_model):
    tournament = services.tournament_create(name="t", game="katana", bots=house[:6], players_per_match=3,
                                            rounds=3, owner=user)
    from web.matches import execution
    first = list(Match.objects.filter(tournament_round__tournament=tournament).order_by("pk"))
    token = execution.match_claim(match_id=first[0].pk, worker="test")
    rows = list(first[0].seats.select_related("bot", "bot_version").order_by("seat"))
    execution.match_store_result(match_id=first[0].pk, lease_token=token,
                                 played=execution.match_play(match=Match.objects.get(pk=first[0].pk), seats=rows))
    standings = Tournament.objects.get(pk=tournament.pk).standings
    assert _api(stranger).post(f"/api/tournaments/{tournament.pk}/cancel/").status_code == 403
    with pytest.raises(ServiceError, match="only the tournament's creator or staff can cancel it"):
        services.tournament_cancel(tournament=tournament, user=stranger)
    client.force_login(user)
    page = client.post(reverse("tournament-cancel", args=[tournament.pk]), follow=True).content.decode()
    assert "The tournament is cancelled: 5 queued matches dropped, the standings kept as they were." in page
    tournament.refresh_from_db()
    assert tournament.status == "cancelled" and tournament.standings == standings
    assert list(Match.objects.filter(tournament_round__tournament=tournament)) == [first[0]]
    assert 'id="cancel-form"' not in client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    staff = django_user_model.objects.create_user(username="daimyo", password="z" * 12, is_staff=True)
    other = services.tournament_create(name="u", game="katana", bots=house[:3], owner=user)
    answer = _api(staff).post(f"/api/tournaments/{other.pk}/cancel/")
    assert answer.status_code == 200 and answer.json() == {"id": other.pk, "status": "cancelled", "dropped": 3}
