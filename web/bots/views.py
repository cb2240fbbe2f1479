"""The bot pages: a bot (versions, its rating and rating chart in each pool it played in, matches;
its logs, challenge form and challenges, version tests for its owner only), its live validation
status, and the upload form."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST

from web.api.throttles import UploadThrottle
from web.bots import selectors, services
from web.bots.forms import BotUploadForm
from web.bots.models import BotVersion
from web.bots.pages import bot_or_404, my_bot_or_404
from web.challenges import selectors as challenge_selectors
from web.challenges.forms import ChallengeForm
from web.errors import ServiceError
from web.limits import over_limit
from web.matches import selectors as match_selectors
from web.matches import services as match_services
from web.ratings import charts
from web.ratings import selectors as rating_selectors
from web.version_tests import selectors as version_test_selectors
from web.version_tests.forms import VersionTestForm

RECENT_MATCHES = 20
LOGS_SHOWN = 10
LOG_STATUSES = ("timeout", "crash", "illegal", "limit", "ok")
CHALLENGES_SHOWN = 10


def _status_context(bot, user):
    """The newest version's validation status; its problem and error output for the owner only."""
    version = selectors.bot_latest_version(bot=bot)
    mine = selectors.is_owner(bot=bot, user=user)
    return {"bot": bot, "version": version, "is_owner": mine,
            "pending": version is not None and version.status == BotVersion.Status.PENDING,
            "problem": version.validation_problem if mine and version else "",
            "validation_log": version.validation_log if mine and version else ""}


def bot_detail(request, bot_id):
    bot = bot_or_404(bot_id)
    mine = selectors.is_owner(bot=bot, user=request.user)
    versions = list(selectors.bot_versions(bot=bot))
    log_status = request.GET.get("log_status") if request.GET.get("log_status") in LOG_STATUSES else None
    counts = match_selectors.seat_status_counts(bot=bot) if mine else {}
    pool_ratings = [
        {"row": row, "automata": rating_selectors.automata_rates(row.automata),
         "chart_id": "rating-chart" if index == 0 else f"rating-chart-{index + 1}",
         "chart": charts.rating_chart(rating_selectors.rating_chart_points(bot=bot, pool=row.pool))}
        for index, row in enumerate(rating_selectors.bot_pool_ratings(bot=bot))]
    playing_version = selectors.bot_current_version(bot=bot)
    context = {
        **_status_context(bot, request.user),
        "versions": versions,
        "pool_ratings": pool_ratings,   # most played pool first
        **rating_selectors.provisional_rule(),
        "matches": match_selectors.match_list(bot=bot, limit=RECENT_MATCHES),
        # what only the owner reads: the seats' reasons and output (collapsed, filtered by how the
        # seat ended), each failed version's verdict
        "seat_logs": match_selectors.bot_seat_logs(bot=bot, user=request.user, limit=LOGS_SHOWN,
                                                   status=log_status) if mine else [],
        "log_status": log_status,
        "log_filters": [{"status": s, "count": counts.get(s, 0)} for s in LOG_STATUSES] if mine else [],
        "passed_versions": [v for v in versions if v.status == BotVersion.Status.PASSED] if mine else [],
        "playing_version": playing_version,
        # its owner challenges other bots with it once a version passed
        "challenge_form": ChallengeForm(bot=bot, user=request.user)
        if mine and playing_version is not None and not bot.is_deleted else None,
        "challenges": challenge_selectors.challenge_list(bot=bot, limit=CHALLENGES_SHOWN) if mine else [],
        "failed_versions": [v for v in versions if v.status == BotVersion.Status.FAILED] if mine else [],
        # its owner tests a new version against an old one (web.version_tests)
        "version_test_form": VersionTestForm(bot=bot) if mine and not bot.is_deleted else None,
        **(version_test_selectors.bot_version_tests(bot=bot, user=request.user) if mine else {}),
    }
    return render(request, "bots/bot_detail.html", context)


def bot_status(request, bot_id):
    """The validation status fragment: polled by htmx every second until it is final.  Once final,
    the poll reloads the whole page: its versions, the version that plays and the challenge box
    depend on the status too, and none may keep saying what the status no longer is."""
    context = _status_context(bot_or_404(bot_id), request.user)
    response = render(request, "bots/_validation_status.html", context)
    if request.headers.get("HX-Request") == "true" and not context["pending"]:
        response["HX-Refresh"] = "true"
    return response


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
    return _upload_page(request, form, error, status)


def _upload_page(request, form, error, status):
    return render(request, "bots/bot_upload.html",
                  {"form": form, "error": error, "max_bytes": settings.ARENA_MAX_BOT_BYTES,
                   "max_megabytes": _megabytes(settings.ARENA_MAX_BOT_BYTES)}, status=status)


def _megabytes(size):
    return f"{size / (1 << 20):g}"


def _upload_too_large(request, *, limit, sent):
    """The upload page for a request over the size limit (``web.request_limits`` answers with it
    without reading the body, so the form's fields cannot be kept; the page's script refuses such a
    file before it is sent, keeping them)."""
    form = BotUploadForm(initial={"game": request.GET.get("game")})
    error = (f"the file is too large: the request had {_megabytes(sent)} MiB and a bot file may have at most "
             f"{_megabytes(limit)} MiB ({limit:,} bytes). Choose a smaller file.")
    return _upload_page(request, form, error, 413)


bot_upload.too_large = _upload_too_large


@login_required
def bot_seat_log(request, bot_id, match_id):
    """One match's log of the bot, as a text file: its owner only."""
    bot = my_bot_or_404(request, bot_id)
    seats = match_selectors.bot_seat_logs(bot=bot, user=request.user, match_id=match_id, limit=1)
    if not seats:
        raise Http404(f"{bot.name} has no log of match {match_id}")
    seat = seats[0]
    text = (f"{bot.name} v{seat.bot_version.number}, match {match_id}, seat {seat.seat}: {seat.status}"
            + (f": {seat.reason}" if seat.reason else "") + "\n\n" + (seat.log or "(no output)\n"))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, f"{bot.name}-match-{match_id}.log")
    return response


def _manage(request, bot_id, change, done):
    bot = my_bot_or_404(request, bot_id)
    try:
        with match_services.bot_changing(bot_id=bot.pk):
            result = change(bot)
    except ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("bot-detail", bot_id=bot.pk)
    messages.success(request, done(bot, result))
    return redirect("account") if result == "deleted" else redirect("bot-detail", bot_id=bot.pk)


@login_required
@require_POST
def bot_rename(request, bot_id):
    return _manage(request, bot_id,
                   lambda bot: services.bot_rename(bot=bot, user=request.user, name=request.POST.get("name", "")),
                   lambda bot, renamed: f"Renamed {renamed.name}.")


@login_required
@require_POST
def bot_choose_version(request, bot_id):
    raw = request.POST.get("version", "")
    number = None if raw in ("", "newest") else int(raw) if raw.isdigit() else -1
    return _manage(request, bot_id,
                   lambda bot: services.bot_version_choose(bot=bot, user=request.user, number=number),
                   lambda bot, chosen: f"{chosen.name} plays " + (f"v{number}." if number else
                                                                   "its newest version that passed."))


@login_required
@require_POST
def bot_retire(request, bot_id):
    return _manage(request, bot_id, lambda bot: services.bot_retire(bot=bot, user=request.user),
                   lambda bot, retired: f"{retired.name} is retired: it keeps its history and plays no more.")


@login_required
@require_POST
def bot_unretire(request, bot_id):
    return _manage(request, bot_id, lambda bot: services.bot_unretire(bot=bot, user=request.user),
                   lambda bot, back: f"{back.name} is back: it plays again.")


@login_required
@require_POST
def bot_delete(request, bot_id):
    return _manage(request, bot_id, lambda bot: services.bot_delete(bot=bot, user=request.user),
                   lambda bot, outcome: f"{bot.name} is deleted." if outcome == "deleted" else
                   f"{bot.name} had played: it is anonymised (its matches stay; its name, files and you are gone).")


@login_required
@require_POST
def bot_entry(request, bot_id):
    allowed = request.POST.get("others_may_enter") == "on"
    return _manage(request, bot_id,
                   lambda bot: services.bot_set_entry(bot=bot, user=request.user, others_may_enter=allowed),
                   lambda bot, changed: f"Others may {'now' if allowed else 'no longer'} enter {changed.name} "
                                        "in their tournaments and challenges.")
