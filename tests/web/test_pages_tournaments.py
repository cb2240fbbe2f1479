"""The tournament pages: the list, the creation form (entrants, errors, rate limit), live progress
and standings."""
import pytest
from django.urls import reverse

from bot_sources import GOOD_BOT, playable_upload
from web.bots import services as bot_services
from web.matches import execution
from web.matches.models import Match
from web.tournaments import services
from web.tournaments.models import Tournament, TournamentParticipant


def _create(client, bots, **fields):
    data = {"name": "Spring cup", "game": "katana", "format": "tables", "games_per_pairing": 1,
            "players_per_match": 3, "rounds": 1, "bots": [bot.pk for bot in bots], **fields}
    return client.post(reverse("tournament-create"), data)


def test_creating_a_tournament_needs_a_login(client, house):
    response = client.get(reverse("tournament-create"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert _create(client, house).status_code == 302 and not Tournament.objects.exists()


def test_the_form_offers_the_passed_bots_of_the_chosen_game_only(client, user, house):
    pending = bot_services.bot_create(game="katana", name="unvalidated", owner=user)
    bot_services.bot_version_upload(bot=pending, filename="u.py", content=GOOD_BOT)
    risques = bot_services.house_bots_ensure(game="risques", count=2)
    client.force_login(user)
    page = client.get(reverse("tournament-create")).content.decode()
    for bot in house:
        assert f'value="{bot.pk}"' in page and bot.name in page
    assert "unvalidated" not in page and f'value="{risques[0].pk}"' not in page
    fragment = client.get(reverse("tournament-create") + "?game=risques", HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<form method="post"') and "<html" not in fragment
    assert f'value="{risques[0].pk}"' in fragment and f'value="{house[0].pk}"' not in fragment
    assert 'hx-get="/tournaments/new/"' in fragment and 'formmethod="get"' in fragment   # and without htmx


def test_a_tournament_created_through_the_form_stores_its_rows_and_shows_its_page(client, user, house):
    client.force_login(user)
    response = _create(client, house, rounds=2)
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("tournament-detail", args=[tournament.pk])
    assert (tournament.name, tournament.owner, tournament.game, tournament.format) == ("Spring cup", user, "katana",
                                                                                      "tables")
    assert tournament.players_per_match == 3 and tournament.rounds_planned == 2 and tournament.status == "running"
    entrants = TournamentParticipant.objects.filter(tournament=tournament).order_by("number")
    assert [p.bot_id for p in entrants] == [bot.pk for bot in house]
    assert Match.objects.filter(tournament_round__tournament=tournament).count() == 6
    page = client.get(response["Location"]).content.decode()
    assert "Spring cup" in page and 'id="tournament-status">running<' in page
    assert 'id="tournament-matches">0 of 6 matches played<' in page and "round 1 of 2" in page
    assert 'hx-trigger="every 2s"' in page and 'id="standings"' in page
    listing = client.get(reverse("tournament-list")).content.decode()
    assert f'href="{reverse("tournament-detail", args=[tournament.pk])}">Spring cup<' in listing


@pytest.mark.parametrize("fields,error", [
    ({"bots_override": []}, "This field is required"),
    ({"format": "round-robin", "players_per_match": ""}, "round-robin pairs two players, but katana is played by 3"),
    ({"players_per_match": 9}, "Ensure this value is less than or equal to 7"),
    ({"games_per_pairing": 0}, "Ensure this value is greater than or equal to 1"),
    ({"format": "knockout"}, "Select a valid choice"),
])
def test_a_bad_tournament_is_explained_and_nothing_is_stored(client, user, house, fields, error):
    client.force_login(user)
    bots = fields.pop("bots_override", house)
    response = _create(client, bots, **fields)
    assert response.status_code == 400 and error in response.content.decode()
    assert not Tournament.objects.exists() and not Match.objects.exists()


def test_too_few_bots_and_a_bot_of_another_game_are_refused(client, user, house):
    client.force_login(user)
    assert "choose at least two bots" in _create(client, house[:1]).content.decode()
    other = bot_services.house_bots_ensure(game="risques", count=1)[0]
    page = _create(client, house[:2] + [other]).content.decode()
    assert f"Select a valid choice. {other.pk} is not one of the available choices" in page
    assert not Tournament.objects.exists()


def test_tournament_creation_from_the_page_is_rate_limited(client, user, house):
    import web.api.throttles as throttles
    old = throttles.TournamentThrottle.THROTTLE_RATES
    throttles.TournamentThrottle.THROTTLE_RATES = dict(old, tournaments="1/hour")
    try:
        client.force_login(user)
        assert _create(client, house).status_code == 302
        limited = _create(client, house, name="Second")
        assert limited.status_code == 429
        assert ("The tournament was not created: you have reached the limit of 1 tournaments per hour"
                in limited.content.decode())
        assert list(Tournament.objects.values_list("name", flat=True)) == ["Spring cup"]
    finally:
        throttles.TournamentThrottle.THROTTLE_RATES = old


def test_progress_and_final_standings_once_the_tournament_is_done(client, house):
    tournament = services.tournament_create(name="Autumn", game="katana", bots=house[:4], players_per_match=4,
                                            rounds=1, seed=3)
    live_url = reverse("tournament-live", args=[tournament.pk])
    running = client.get(live_url).content.decode()
    assert "0 of 4 matches played" in running and 'hx-trigger="every 2s"' in running and "<html" not in running
    for _ in range(10):
        tournament.refresh_from_db()
        if tournament.status != "running":
            break
        execution.matches_run(match_ids=list(Match.objects.filter(status="queued").values_list("pk", flat=True)))
        services.tournament_advance(round_id=tournament.rounds.order_by("-number").first().pk)
    assert tournament.status == "done"
    done = client.get(live_url).content.decode()
    assert 'id="tournament-status">done<' in done and "4 of 4 matches played" in done
    assert "hx-trigger" not in done and "Final standings" in done
    assert done.count('class="standing-row"') == 4
    first = tournament.standings[0]
    assert done.index(first["bot"]) < done.index(tournament.standings[-1]["bot"])
    assert f'href="{reverse("bot-detail", args=[first["bot_id"]])}"' in done
    for match in Match.objects.filter(tournament_round__tournament=tournament):
        assert f'href="{reverse("match-detail", args=[match.pk])}"' in done
    page = client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    assert "Final standings" in page and all(bot.name in page for bot in house[:4])


def test_an_unknown_tournament_is_not_found(client, db):
    assert client.get(reverse("tournament-detail", args=[31337])).status_code == 404


def test_uploaded_bots_that_passed_are_entrants_too(client, user, house):
    mine, _ = playable_upload(user, "ashigaru", GOOD_BOT)
    client.force_login(user)
    page = client.get(reverse("tournament-create")).content.decode()
    assert f'value="{mine.pk}"' in page and f"ashigaru ({user.username})" in page


def test_switching_the_game_keeps_what_was_typed(client, user, house):
    client.force_login(user)
    response = client.get(reverse("tournament-create"),
                          {"game": "risques", "name": "Spring cup", "rounds": "3", "format": "swiss"},
                          headers={"HX-Request": "true"})
    page = response.content.decode()
    assert 'value="Spring cup"' in page and 'value="3"' in page
    assert '<option value="swiss" selected>' in page
    assert "Bots of risques" in page
