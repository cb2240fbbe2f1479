"""What the challenge tests share: a user's passed bot, a match played as a worker plays it, a
rating set in a pool, and the challenge throttles' rates for a test."""
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from web.bots import services as bot_services
from web.challenges.models import Challenge, ChallengeOpponent
from web.matches import execution
from web.matches.models import Match
from web.ratings.models import CurrentRating
from web.ratings.pools import pool_of, pools_ensure


def bot_of(owner, name, *, others_may_enter=False, game="katana"):
    """A bot of ``owner`` whose one version (a built-in player) passed validation."""
    bot = bot_services.bot_create(game=game, name=name, owner=owner)
    bot_services.bot_version_add_builtin(bot=bot, agent="random")
    if others_may_enter:
        bot_services.bot_set_entry(bot=bot, user=owner, others_may_enter=True)
    return bot


def api_of(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def nothing_stored():
    return not Challenge.objects.exists() and not ChallengeOpponent.objects.exists() and not Match.objects.exists()


def play(match_id):
    """Plays a queued match as a worker does: claimed, played, stored once."""
    token = execution.match_claim(match_id=match_id, worker="test")
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.select_related("bot", "bot_version").order_by("seat"))
    assert execution.match_store_result(match_id=match_id, lease_token=token,
                                        played=execution.match_play(match=match, seats=seats))


def rate(bot, rating, *, seats=3, games=12):
    (key,) = pools_ensure(pools=[pool_of(game=bot.game, n_players=seats)])
    CurrentRating.objects.update_or_create(bot=bot, pool_id=key, defaults={"game": bot.game, "rating": rating,
                                                                            "games": games})
    return key


def with_rates(**rates):
    """Sets the challenge throttles' rates; returns what puts them back."""
    from web.api.throttles import ChallengeThrottle, RatedChallengeThrottle
    classes = (ChallengeThrottle, RatedChallengeThrottle)
    old = [cls.__dict__.get("THROTTLE_RATES") for cls in classes]
    for cls in classes:
        cls.THROTTLE_RATES = dict(cls.THROTTLE_RATES, **rates)

    def restore():
        for cls, rates_before in zip(classes, old):
            if rates_before is None:
                del cls.THROTTLE_RATES
            else:
                cls.THROTTLE_RATES = rates_before
    return restore
