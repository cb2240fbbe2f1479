"""The challenge pages: the form (on a bot's page, and on its own page when it needs saying again),
and a challenge's games, live status and results."""
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render

from web.api.throttles import ChallengeThrottle, RatedChallengeThrottle
from web.bots.pages import my_bot_or_404
from web.challenges import selectors, services
from web.challenges.forms import ChallengeForm
from web.challenges.models import MAX_GAMES, Challenge
from web.errors import ServiceError
from web.limits import over_limit


def _over_limit(request, rated):
    return (over_limit(request, ChallengeThrottle, what="challenges")
            or (rated and over_limit(request, RatedChallengeThrottle, what="rated challenges")) or None)


@login_required
def challenge_create(request, bot_id):
    """Creates a challenge of one of your bots (the form on the bot's page posts here); the form
    again, with what went wrong, when it is refused."""
    bot = my_bot_or_404(request, bot_id)
    error, status = "", 200
    if request.method == "POST":
        form = ChallengeForm(request.POST, bot=bot, user=request.user)
        error = _over_limit(request, request.POST.get("rated") == "on")
        if error:
            status = 429
        elif form.is_valid():
            data = form.cleaned_data
            try:
                challenge = services.challenge_create(
                    owner=request.user, bot=bot, opponents=list(data["opponents"]), games=data["games"],
                    seats=data["seats"], options=form.chosen_options(), rated=data["rated"])
            except ServiceError as exc:
                error, status = str(exc), 400
            else:
                ChallengeThrottle.count(request)
                if challenge.rated:
                    RatedChallengeThrottle.count(request)
                return redirect("challenge-detail", challenge_id=challenge.pk)
        else:
            status = 400
    else:
        form = ChallengeForm(bot=bot, user=request.user)
    return render(request, "challenges/challenge_create.html",
                  {"bot": bot, "form": form, "error": error, "max_games": MAX_GAMES}, status=status)


def _challenge_or_404(challenge_id):
    try:
        return selectors.challenge_get(challenge_id=challenge_id)
    except Challenge.DoesNotExist:
        raise Http404(f"there is no challenge {challenge_id}") from None


def _live_context(challenge):
    opponents = selectors.challenge_opponents(challenge=challenge)
    progress = selectors.challenge_progress(challenge=challenge)
    return {"challenge": challenge, "opponents": opponents, "progress": progress,
            "running": progress["status"] == selectors.RUNNING,
            "results": selectors.challenge_results(challenge=challenge, opponents=opponents),
            "games": selectors.challenge_games(challenge=challenge)}


def challenge_detail(request, challenge_id):
    return render(request, "challenges/challenge_detail.html", _live_context(_challenge_or_404(challenge_id)))


def challenge_live(request, challenge_id):
    """Its games' status and the results so far, for htmx to poll while it runs."""
    return render(request, "challenges/_live.html", _live_context(_challenge_or_404(challenge_id)))


def challenge_rules(request):
    """What a challenge may be, and when a rated one is allowed (docs/challenges.md says the same)."""
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    return render(request, "challenges/challenge_rules.html",
                  {"max_games": MAX_GAMES, "challenges_rate": rates["challenges"],
                   "rated_challenges_rate": rates["rated_challenges"]})
