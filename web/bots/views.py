"""The bot pages: a bot (versions, its rating and rating chart in each pool it played in, matches;
its logs for its owner only), its live validation status, and the upload form."""
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render

from web.api.throttles import UploadThrottle
from web.bots import selectors, services
from web.bots.forms import BotUploadForm
from web.bots.models import Bot, BotVersion
from web.errors import ServiceError
from web.limits import over_limit
from web.matches import selectors as match_selectors
from web.ratings import charts
from web.ratings import selectors as rating_selectors

RECENT_MATCHES = 20


def _bot_or_404(bot_id):
    try:
        return selectors.bot_get(bot_id=bot_id)
    except Bot.DoesNotExist:
        raise Http404(f"there is no bot {bot_id}") from None


def _status_context(bot, user):
    """The newest version's validation status; its problem and error output for the owner only."""
    version = selectors.bot_latest_version(bot=bot)
    mine = selectors.is_owner(bot=bot, user=user)
    return {"bot": bot, "version": version, "is_owner": mine,
            "pending": version is not None and version.status == BotVersion.Status.PENDING,
            "problem": version.validation_problem if mine and version else "",
            "validation_log": version.validation_log if mine and version else ""}


def bot_detail(request, bot_id):
    bot = _bot_or_404(bot_id)
    mine = selectors.is_owner(bot=bot, user=request.user)
    versions = list(selectors.bot_versions(bot=bot))
    pool_ratings = [
        {"row": row, "automata": rating_selectors.automata_rates(row.automata),
         "chart_id": "rating-chart" if index == 0 else f"rating-chart-{index + 1}",
         "chart": charts.rating_chart(rating_selectors.rating_chart_points(bot=bot, pool=row.pool))}
        for index, row in enumerate(rating_selectors.bot_pool_ratings(bot=bot))]
    context = {
        **_status_context(bot, request.user),
        "versions": versions,
        "pool_ratings": pool_ratings,   # most played pool first
        **rating_selectors.provisional_rule(),
        "matches": match_selectors.match_list(bot=bot, limit=RECENT_MATCHES),
        # what only the owner reads: the seats' reasons and output, each failed version's verdict
        "seat_logs": match_selectors.bot_seat_logs(bot=bot, user=request.user) if mine else [],
        "failed_versions": [v for v in versions if v.status == BotVersion.Status.FAILED] if mine else [],
    }
    return render(request, "bots/bot_detail.html", context)


def bot_status(request, bot_id):
    """The validation status fragment: polled by htmx every second until it is final."""
    return render(request, "bots/_validation_status.html", _status_context(_bot_or_404(bot_id), request.user))


@login_required
def bot_upload(request):
    error, status = "", 200
    if request.method == "POST":
        form = BotUploadForm(request.POST, request.FILES)
        error = over_limit(request, UploadThrottle, what="uploads")
        if error:
            status = 429
        elif form.is_valid():
            uploaded, limit = form.cleaned_data["file"], settings.ARENA_MAX_BOT_BYTES
            try:
                if uploaded.size > limit:
                    raise ServiceError(f"the uploaded file has {uploaded.size:,} bytes; the limit is {limit:,}")
                bot, _ = services.bot_upload(owner=request.user, game=form.cleaned_data["game"],
                                             name=form.cleaned_data["name"], filename=uploaded.name,
                                             content=uploaded.read(),
                                             description=form.cleaned_data["description"])
            except ServiceError as exc:
                error, status = str(exc), 400
            else:
                UploadThrottle.count(request)
                return redirect("bot-detail", bot_id=bot.pk)
        else:
            status = 400
    else:
        form = BotUploadForm(initial={"game": request.GET.get("game")})
    return render(request, "bots/bot_upload.html",
                  {"form": form, "error": error, "max_megabytes": f"{settings.ARENA_MAX_BOT_BYTES / (1 << 20):g}"},
                  status=status)
