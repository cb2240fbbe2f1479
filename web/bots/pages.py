"""What the pages of several apps need of a bot: the one named in the address, or a 404."""
from django.http import Http404

from web.bots import selectors
from web.bots.models import Bot


def bot_or_404(bot_id):
    try:
        return selectors.bot_get(bot_id=bot_id)
    except Bot.DoesNotExist:
        raise Http404(f"there is no bot {bot_id}") from None


def my_bot_or_404(request, bot_id):
    """The bot, if the person asking owns it (anyone else is told it does not exist)."""
    bot = bot_or_404(bot_id)
    if not selectors.is_owner(bot=bot, user=request.user):
        raise Http404(f"there is no bot {bot_id} of yours")
    return bot
