"""manage.py void_misseated_matches: the matches stored before the version fix, with one bot's
version in every seat, are found, listed and taken out of the ratings; the pool is rebuilt."""
from io import StringIO

from django.core.management import call_command

from tests.web.challenge_helpers import play
from web.bots import selectors as bot_selectors
from web.matches import services as match_services
from web.matches.models import Match
from web.ratings.models import CurrentRating, RatingEntry


def test_the_command_lists_misseated_matches_and_voids_their_ratings(house, katana_pool):
    fair = match_services.match_create(game="katana", seats=house[:4], seed=1, kind=Match.Kind.LADDER)
    ronin_v1 = bot_selectors.bot_current_version(bot=house[5])
    # as the ladder stored them when every bot resolved to one bot's chosen version
    wrong = match_services.match_create(game="katana", seats=[ronin_v1] * 4, seed=2, kind=Match.Kind.LADDER)
    for match in (fair, wrong):
        play(match.pk)
    assert RatingEntry.objects.filter(match=wrong).count() == 1
    before = CurrentRating.objects.get(bot=house[0], pool_id=katana_pool)

    listing = StringIO()
    call_command("void_misseated_matches", "--dry-run", stdout=listing)
    assert f"match {wrong.pk} (katana, ladder, done, rated): a bot sits in more than one seat" in listing.getvalue()
    assert f"match {fair.pk} " not in listing.getvalue()
    assert Match.objects.get(pk=wrong.pk).rated, "--dry-run changes nothing"

    out = StringIO()
    call_command("void_misseated_matches", stdout=out)
    assert f"1 voided in the ratings; pools rebuilt: {katana_pool}" in out.getvalue()
    assert not Match.objects.get(pk=wrong.pk).rated
    assert not RatingEntry.objects.filter(match=wrong).exists()
    assert RatingEntry.objects.filter(match=fair).count() == 4
    assert CurrentRating.objects.get(bot=house[5], pool_id=katana_pool).games == 0
    after = CurrentRating.objects.get(bot=house[0], pool_id=katana_pool)
    assert after.games == before.games == 1
    again = StringIO()
    call_command("void_misseated_matches", stdout=again)
    assert "0 voided" in again.getvalue() or "pools rebuilt: none" in again.getvalue()
