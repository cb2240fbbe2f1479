"""The tournament pages: the list, the creation form, and a tournament's live progress and standings."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from web.api.throttles import TournamentThrottle
from web.errors import ServiceError
from web.limits import over_limit
from web.games import catalog
from web.matches import selectors as match_selectors
from web.tournaments import selectors, services
from web.tournaments.forms import TournamentCreateForm
from web.tournaments.models import Tournament

LIST_SIZE = 100
MATCHES_SHOWN = 30


def tournament_list(request):
    tournaments = selectors.tournament_list().select_related("owner")[:LIST_SIZE]
    return render(request, "tournaments/tournament_list.html", {"tournaments": tournaments})


def _chosen_game(request):
    game = request.POST.get("game") or request.GET.get("game") or ""
    return game if game in catalog.game_ids() else catalog.game_ids()[0]


KEPT_ON_GAME_SWITCH = ("name", "format", "games_per_pairing", "players_per_match", "rounds", "level", "attempts")


def _story_fields(data):
    """The story campaign's level and attempts, when the format is story (a game with a campaign)."""
    if data.get("format") != Tournament.Format.STORY:
        return {}
    return {"level": data.get("level"), "attempts": data.get("attempts")}


@login_required
def tournament_create(request):
    game = _chosen_game(request)
    error, status = "", 200
    if request.method == "POST":
        form = TournamentCreateForm(request.POST, game=game, organiser=request.user)
        error = over_limit(request, TournamentThrottle, what="tournaments")
        if error:
            status = 429
        elif form.is_valid():
            data = form.cleaned_data
            try:
                tournament = services.tournament_create(
                    name=data["name"], game=data["game"], bots=data["bots"], format=data["format"],
                    players_per_match=data["players_per_match"], games_per_pairing=data["games_per_pairing"],
                    rounds=data["rounds"], owner=request.user, **_story_fields(data))
            except ServiceError as exc:
                error, status = str(exc), 400
            else:
                TournamentThrottle.count(request)
                return redirect("tournament-detail", tournament_id=tournament.pk)
        else:
            status = 400
    else:
        # Switching the game re-renders the form: what was typed in the other fields stays.
        kept = {name: request.GET[name] for name in KEPT_ON_GAME_SWITCH if request.GET.get(name)}
        form = TournamentCreateForm(initial={**kept, "game": game}, game=game, organiser=request.user)
    template = "tournaments/_create_form.html" if request.headers.get("HX-Request") and request.method == "GET" \
        else "tournaments/tournament_create.html"
    return render(request, template, {"form": form, "error": error, "game": game}, status=status)


def _tournament_or_404(tournament_id):
    try:
        return selectors.tournament_get(tournament_id=tournament_id)
    except Tournament.DoesNotExist:
        raise Http404(f"there is no tournament {tournament_id}") from None


def _live_context(tournament):
    progress = selectors.tournament_progress(tournament=tournament)
    counts = progress["matches"]
    story = tournament.format == Tournament.Format.STORY
    return {"tournament": tournament, "progress": progress,
            "finished": counts["done"] + counts["error"], "total": sum(counts.values()),
            "running": tournament.status in (Tournament.Status.PENDING, Tournament.Status.RUNNING),
            "standings": [] if story else selectors.tournament_standings(tournament=tournament),
            "campaign": selectors.story_summary(tournament=tournament) if story else None,
            "matches": match_selectors.match_list(tournament=tournament, limit=MATCHES_SHOWN)}


def tournament_detail(request, tournament_id):
    tournament = _tournament_or_404(tournament_id)
    context = _live_context(tournament)
    context["participants"] = selectors.tournament_participants(tournament=tournament)
    context["can_cancel"] = context["running"] and request.user.is_authenticated and (
        request.user.is_staff or tournament.owner_id == request.user.pk)
    return render(request, "tournaments/tournament_detail.html", context)


def tournament_live(request, tournament_id):
    """Progress and standings, for htmx to poll while the tournament runs."""
    # once it has finished, the poll also takes the Cancel button off the page
    return render(request, "tournaments/_live.html", {**_live_context(_tournament_or_404(tournament_id)),
                                                      "polled": True})


def _preview_text(form, user):
    """What the tournament the form describes would create, or why it could not be created."""
    if not form.is_valid():
        return {"ok": False, "text": "Fill in the form (at least two bots; one for a story campaign) to see how many "
                                     "matches it makes."}
    data = form.cleaned_data
    try:
        preview = services.tournament_preview(
            name=data["name"], game=data["game"], bots=data["bots"], format=data["format"],
            players_per_match=data["players_per_match"], games_per_pairing=data["games_per_pairing"],
            rounds=data["rounds"], owner=user, **_story_fields(data))
    except ServiceError as exc:
        return {"ok": False, "text": f"It cannot be created: {exc}."}
    if data["format"] == Tournament.Format.STORY:
        text = f"This story campaign will play at most {preview['matches']:,} matches, one after the other."
    else:
        text = f"This tournament will create at most {preview['matches']:,} matches (tables of {preview['seats']})."
    if preview["left_today"] is not None:
        text += (f" You may queue {preview['left_today']:,} more matches today after it." if preview["left_today"] >= 0
                 else " That is more than you may still queue today.")
    return {"ok": preview["left_today"] is None or preview["left_today"] >= 0, "text": text}


@login_required
def tournament_preview(request):
    """How many matches the tournament described by the form's fields would create (htmx fragment,
    or the form page with the answer without JavaScript)."""
    game = _chosen_game(request)
    form = TournamentCreateForm(request.GET, game=game, organiser=request.user)
    preview = _preview_text(form, request.user)
    if request.headers.get("HX-Request"):
        return render(request, "tournaments/_preview.html", {"preview": preview})
    return render(request, "tournaments/tournament_create.html",
                  {"form": form, "error": "", "game": game, "preview": preview})


@login_required
@require_POST
def tournament_cancel(request, tournament_id):
    tournament = _tournament_or_404(tournament_id)
    try:
        dropped = services.tournament_cancel(tournament=tournament, user=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"The tournament is cancelled: {dropped} queued match{'es' if dropped != 1 else ''} "
                                  "dropped, the standings kept as they were.")
    return redirect("tournament-detail", tournament_id=tournament.pk)
