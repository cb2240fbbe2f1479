"""Reading bots."""
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from web.bots.models import Bot, BotVersion


def bot_list(*, game=None, include_deleted=False, owner=None, search=""):
    bots = Bot.objects.all()
    if game is not None:
        bots = bots.filter(game=game)
    if not include_deleted:
        bots = bots.filter(deleted_at__isnull=True)
    if owner is not None:
        bots = bots.filter(owner=owner)
    if search:
        bots = bots.filter(name__icontains=search)
    return bots


def bot_get(*, bot_id):
    """A bot with its owner; ``Bot.DoesNotExist`` if there is none."""
    return Bot.objects.select_related("owner", "active_version").get(pk=bot_id)


def is_owner(*, bot, user):
    """Whether ``user`` owns ``bot``: only the owner reads a bot's source, logs and verdicts."""
    return bool(user is not None and getattr(user, "is_authenticated", False) and bot.owner_id == user.pk)


def bot_version_get(*, bot, number):
    return bot.versions.get(number=number)


def bot_version_source(*, version, user):
    """The uploaded file's bytes, for the bot's owner only: ``None`` for anybody else and for a
    built-in version."""
    if version.kind != BotVersion.Kind.UPLOAD or not is_owner(bot=version.bot, user=user):
        return None
    from web.bots.blobs import BlobMissing, blob_store
    try:
        return blob_store().get(sha256=version.sha256)
    except BlobMissing:
        return None


def bot_current_version(*, bot):
    """The version that plays: the passed version its owner chose, else the newest that passed;
    None when no version passed."""
    if bot.active_version_id is not None:
        chosen = bot.versions.filter(pk=bot.active_version_id, status=BotVersion.Status.PASSED).order_by().first()
        if chosen is not None:
            return chosen
    return bot.versions.filter(status=BotVersion.Status.PASSED).order_by("-number").first()


def current_version_id_expression():
    """The id of the version that plays for the outer bot, as a query expression: the passed version
    its owner chose, else the newest that passed; NULL when none passed.  ``bot_current_version`` is
    the same rule for one bot.  Each subquery names its bot by ``OuterRef`` and is ordered by its own
    columns only, so that nothing it joins can stand for the outer bot."""
    passed = BotVersion.objects.filter(status=BotVersion.Status.PASSED)
    chosen = passed.filter(pk=OuterRef("active_version_id"), bot_id=OuterRef("pk")).order_by()
    newest = passed.filter(bot_id=OuterRef("pk")).order_by("-number")
    return Coalesce(Subquery(chosen.values("pk")[:1]), Subquery(newest.values("pk")[:1]))


def playable_bots(*, game):
    """Live bots of ``game`` with a version that passed validation, each annotated with
    ``current_version_id`` (the version that plays: as ``bot_current_version``)."""
    return (bot_list(game=game).annotate(current_version_id=current_version_id_expression())
            .filter(current_version_id__isnull=False).order_by("pk"))


def may_enter(*, bot, organiser):
    """Whether ``organiser`` may seat ``bot`` in a table it sets up (a tournament, a challenge): the
    platform's own bots, the organiser's own, and other people's bots whose owners let others enter
    them; staff may enter any.  ``enterable_bots`` is the same rule as a query."""
    if organiser is None or getattr(organiser, "is_staff", False):
        return True
    return bot.owner_id is None or bot.owner_id == organiser.pk or bot.others_may_enter


def enterable_bots(*, game, organiser):
    """The playable bots of ``game`` that ``organiser`` may enter in a tournament: the platform's
    own, the organiser's, and those whose owners let others enter them (staff: all)."""
    bots = playable_bots(game=game)
    if organiser is not None and getattr(organiser, "is_staff", False):
        return bots
    mine = Q(owner=organiser) if organiser is not None and organiser.is_authenticated else Q(pk__in=[])
    return bots.filter(Q(owner__isnull=True) | mine | Q(others_may_enter=True))


def bot_has_history(*, bot):
    """Whether anything else rests on the bot: a seat in a match (played or queued), a tournament
    entry or a rating entry.  Its history is then kept when it is deleted."""
    return bot.seats.exists() or bot.tournament_entries.exists() or bot.rating_entries.exists()


def bot_versions(*, bot):
    return bot.versions.order_by("-number")


def bot_counts_by_game():
    """``{game: live bots}`` in one query."""
    rows = bot_list().values_list("game").annotate(n=Count("id")).order_by()
    return dict(rows)


def bot_latest_version(*, bot):
    """The newest version, whatever its validation status, or None."""
    return bot.versions.order_by("-number").first()


def bots_of_owner(*, owner, retired=False):
    """``owner``'s live bots (``retired``: their retired ones instead, which they may bring back),
    each annotated with its newest version's ``latest_number`` and ``latest_status``; one query."""
    newest = BotVersion.objects.filter(bot_id=OuterRef("pk")).order_by("-number")
    bots = bot_list(owner=owner, include_deleted=retired)
    if retired:
        bots = bots.filter(deleted_at__isnull=False)
    return (bots.annotate(latest_number=Subquery(newest.values("number")[:1]),
                                           latest_status=Subquery(newest.values("status")[:1]))
            .order_by("game", "name"))


def submission_limits():
    """What this site takes from bot authors: the bot file, the write rates, the tournament cap and
    each game's clock.  ``arena validate`` reads it from the server it submits to, so that a bot
    is checked against the limits that will apply, not against a local installation's."""
    from django.conf import settings

    from arena import games
    from arena.bots import submission
    from arena.bots.runner import time_control

    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    return {
        "bot_file": {**submission.limits(), "file_bytes": settings.ARENA_MAX_BOT_BYTES},
        "uploads_rate": rates["uploads"],
        "tournaments_rate": rates["tournaments"],
        "tournament_matches_per_day": settings.ARENA_TOURNAMENT_MATCHES_PER_DAY,
        "time_control": {game_id: dict(zip(("move", "bank", "startup"), time_control(game_id).as_tuple()))
                         for game_id in games.game_ids()},
    }
