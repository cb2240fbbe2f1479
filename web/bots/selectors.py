"""Reading bots."""
from django.db.models import OuterRef, Subquery

from web.bots.models import Bot, BotVersion


def bot_list(*, game=None, include_deleted=False):
    bots = Bot.objects.all()
    if game is not None:
        bots = bots.filter(game=game)
    if not include_deleted:
        bots = bots.filter(deleted_at__isnull=True)
    return bots


def bot_current_version(*, bot):
    """The newest version that passed validation, or None."""
    return bot.versions.filter(status=BotVersion.Status.PASSED).order_by("-number").first()


def playable_bots(*, game):
    """Live bots of ``game`` with a version that passed validation, each annotated with
    ``current_version_id`` (the newest such version)."""
    newest = BotVersion.objects.filter(bot=OuterRef("pk"), status=BotVersion.Status.PASSED).order_by("-number")
    return (bot_list(game=game).annotate(current_version_id=Subquery(newest.values("pk")[:1]))
            .filter(current_version_id__isnull=False).order_by("pk"))


def bot_versions(*, bot):
    return bot.versions.order_by("-number")
