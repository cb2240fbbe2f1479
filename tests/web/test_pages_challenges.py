"""The challenge pages: the form on a bot's page (its owner only), refusals and the rate limit
shared with the API, and a challenge's page following its games live to their results and replays."""
from django.urls import reverse

from challenge_helpers import api_of, bot_of, play, with_rates
from web.challenges.models import Challenge
from web.matches.models import Match


def _challenge(client, bot, opponents, **fields):
    data = {"opponents": [o.pk for o in opponents], "games": 3, **fields}
    return client.post(reverse("challenge-create", args=[bot.pk]), data)


def test_the_bot_page_offers_its_owner_the_challenge_form(client, user, django_user_model, house):
    mine = bot_of(user, "mine")
    stranger = django_user_model.objects.create_user(username="kojiro", password="y" * 12)
    closed, opened = bot_of(stranger, "closed"), bot_of(stranger, "opened", others_may_enter=True)
    client.force_login(user)
    page = client.get(reverse("bot-detail", args=[mine.pk])).content.decode()
    form = page.split('id="challenge-form"', 1)[1].split("</form>", 1)[0]
    assert f'action="{reverse("challenge-create", args=[mine.pk])}"' in page
    for bot in [*house, opened]:
        assert f'value="{bot.pk}"' in form
    assert f'value="{closed.pk}"' not in form and f'value="{mine.pk}"' not in form
    assert 'name="games"' in form and 'max="20"' in form and 'name="seats"' in form and 'name="rated"' in form
    assert "rated at or above your bot" in form and reverse("challenge-rules") in form
    client.force_login(stranger)   # somebody else's bot: no form
    assert 'id="challenge-form"' not in client.get(reverse("bot-detail", args=[mine.pk])).content.decode()
    assert _challenge(client, mine, house[:2]).status_code == 404 and not Challenge.objects.exists()


def test_a_risques_form_has_the_games_options(client, user):
    from web.bots import services as bot_services
    duelist = bot_of(user, "duelist", game="risques")
    house = bot_services.house_bots_ensure(game="risques", count=1)
    client.force_login(user)
    page = client.get(reverse("challenge-create", args=[duelist.pk])).content.decode()
    assert 'name="option_mode"' in page and '<option value="frappe">' in page
    response = _challenge(client, duelist, house, games=2, option_mode="frappe", option_scenes="1",
                          option_honor_pool="shared")
    challenge = Challenge.objects.get()
    assert response.status_code == 302 and challenge.options == {"mode": "frappe", "honor_pool": "shared",
                                                                 "scenes": 1}


def test_a_challenge_from_the_form_plays_and_its_page_shows_games_results_and_replays(client, user, house):
    mine = bot_of(user, "mine")
    client.force_login(user)
    response = _challenge(client, mine, house[:2], games=3)
    challenge = Challenge.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("challenge-detail", args=[challenge.pk])
    page = client.get(response["Location"]).content.decode()
    assert 'id="challenge-status">running<' in page and "0 of 3 games played" in page
    assert 'hx-trigger="every 2s"' in page and "Unrated: its games leave the published ratings" in page
    assert page.count('class="challenge-game"') == 3 and "replay-link" not in page
    matches = list(Match.objects.filter(challenge=challenge).order_by("pk"))
    for match in matches:
        play(match.pk)
    live = client.get(reverse("challenge-live", args=[challenge.pk])).content.decode()
    assert 'id="challenge-status">done<' in live and "3 of 3 games played" in live
    assert "hx-trigger" not in live, "a finished challenge stops polling"
    assert live.count('class="head-to-head-row"') == 2 and "95% interval" in live
    for match in matches:
        assert f'class="replay-link" href="{reverse("match-detail", args=[match.pk])}"' in live
    assert f"finished first in {Match.objects.filter(challenge=challenge, seats__bot=mine, seats__rank=1).count()} " \
           "of 3 games" in live
    bot_page = client.get(reverse("bot-detail", args=[mine.pk])).content.decode()
    assert f'href="{reverse("challenge-detail", args=[challenge.pk])}">Challenge #{challenge.pk}<' in bot_page


def test_a_refused_challenge_says_why_and_stores_nothing(client, user, house):
    mine = bot_of(user, "mine")
    client.force_login(user)
    refused = _challenge(client, mine, house[:4], games=1, seats=3)
    assert refused.status_code == 400
    error = refused.content.decode().split('id="challenge-error"', 1)[1]
    assert "The challenge was not created: 1 game at tables of 3 seat 2 of your 4 opponents" in error
    too_many = _challenge(client, mine, house[:2], games=21)
    assert too_many.status_code == 400 and "Ensure this value is less than or equal to 20." in too_many.content.decode()
    rated = _challenge(client, mine, house[:2], rated="on")
    assert rated.status_code == 400 and "&#x27;random-1&#x27; has no rating in the pool" in rated.content.decode()
    assert not Challenge.objects.exists() and not Match.objects.exists()


def test_the_page_shares_the_apis_rate_limit(client, user, house):
    mine = bot_of(user, "mine")
    restore = with_rates(challenges="1/hour")
    try:
        client.force_login(user)
        assert _challenge(client, mine, house[:2], games=30).status_code == 400   # refused: not counted
        assert _challenge(client, mine, house[:2]).status_code == 302
        limited = _challenge(client, mine, house[:2])
        assert limited.status_code == 429
        assert ("The challenge was not created: you have reached the limit of 1 challenges per hour: try again in "
                "60 minutes.") in limited.content.decode()
        answer = api_of(user).post("/api/challenges/", {"bot": mine.pk, "opponents": [house[0].pk, house[1].pk],
                                                        "games": 2}, format="json")
        assert answer.status_code == 429 and Challenge.objects.count() == 1
    finally:
        restore()


def test_the_rules_page_says_when_a_challenge_may_be_rated(client):
    page = client.get(reverse("challenge-rules")).content.decode()
    rule = page.split('id="rated-rule"', 1)[1].split("</ul>", 1)[0]
    assert "never your own" in rule and "<strong>at or above your bot</strong>" in rule and "5/day" in rule
    assert "At most 20 games a challenge, and 20/hour challenges per person" in page
