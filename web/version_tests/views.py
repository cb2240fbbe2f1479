"""The version test pages: the form on a bot's page posts here; a test's page and its live block
(polled while it runs); cancelling it and making its winner the version that plays, for its owner."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from web.bots import selectors as bot_selectors
from web.bots.pages import my_bot_or_404
from web.errors import ServiceError
from web.version_tests import selectors, services
from web.version_tests.forms import VersionTestForm
from web.version_tests.models import VersionTest


def _test_or_404(test_id):
    try:
        return selectors.version_test_get(test_id=test_id)
    except VersionTest.DoesNotExist:
        raise Http404(f"there is no version test {test_id}") from None


def _bot_page(bot_id):
    return reverse("bot-detail", args=[bot_id]) + "#version-test"


@login_required
@require_POST
def version_test_start(request, bot_id):
    """Starts a version test of one of your bots (the form on its page posts here); the form again,
    with what went wrong, when it is refused."""
    bot = my_bot_or_404(request, bot_id)
    form = VersionTestForm(request.POST, bot=bot)
    error = ""
    if form.is_valid():
        data = form.cleaned_data
        try:
            test = services.version_test_start(owner=request.user, bot=bot, new=data["new"], old=data["old"],
                                               elo0=data["elo0"], elo1=data["elo1"], max_games=data["max_games"])
        except ServiceError as exc:
            error = str(exc)
        else:
            messages.success(request, f"Version test #{test.pk} started: v{data['new']} against v{data['old']}.")
            return redirect(_bot_page(bot.pk))
    return render(request, "version_tests/version_test_start.html",
                  {"bot": bot, "form": form, "error": error,
                   "version_test_cap_text": f"{settings.ARENA_VERSION_TEST_GAMES_PER_DAY:,}"}, status=400)


def version_test_detail(request, test_id):
    test = _test_or_404(test_id)
    return render(request, "version_tests/version_test_detail.html",
                  {"vt": selectors.version_test_view(test=test, user=request.user, all_games=True)})


def version_test_live(request, test_id):
    """A test's block, for htmx to poll while it runs; once it has ended, the poll reloads the page
    (the form and the bot's versions there depend on it too)."""
    test = _test_or_404(test_id)
    response = render(request, "version_tests/_version_test.html",
                      {"vt": selectors.version_test_view(test=test, user=request.user,
                                                        all_games=request.GET.get("all") == "1")})
    if request.headers.get("HX-Request") == "true" and not test.is_live:
        response["HX-Refresh"] = "true"
    return response


def _owner_action(request, test_id, action, done):
    test = _test_or_404(test_id)
    if not bot_selectors.is_owner(bot=test.bot, user=request.user):
        raise Http404(f"there is no version test {test_id} of yours")
    try:
        result = action(test)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done(result))
    return redirect(request.POST.get("next") if request.POST.get("next") == reverse(
        "version-test-detail", args=[test.pk]) else _bot_page(test.bot_id))


@login_required
@require_POST
def version_test_cancel(request, test_id):
    return _owner_action(request, test_id, lambda test: services.version_test_cancel(test=test, user=request.user),
                         lambda test: f"Version test #{test.pk} is cancelled.")


@login_required
@require_POST
def version_test_make_winner_play(request, test_id):
    return _owner_action(
        request, test_id, lambda test: services.version_test_make_winner_play(test=test, user=request.user),
        lambda result: f"{result[0].name} plays v{result[1].number} from now on.")
