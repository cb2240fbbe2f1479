"""The tournament pages: the list, the creation form, and a tournament's live progress and standings."""
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render

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


KEPT_ON_GAME_SWITCH = ("name", "format", "games_per_pairing", "players_per_match", "rounds")


@login_required
def tournament_create(request):
    game = _chosen_game(request)
    error, status = "", 200
    if request.method == "POST":
        form = TournamentCreateForm(request.POST, game=game)
        error = over_limit(request, TournamentThrottle, what="tournaments")
        if error:
            status = 429
        elif form.is_valid():
            data = form.cleaned_data
            try:
                tournament = services.tournament_create(
                    name=data["name"], game=data["game"], bots=data["bots"], format=data["format"],
                    players_per_match=data["players_per_match"], games_per_pairing=data["games_per_pairing"],
                    rounds=data["rounds"], owner=request.user)
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
        form = TournamentCreateForm(initial={**kept, "game": game}, game=game)
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
    return {"tournament": tournament, "progress": progress,
            "finished": counts["done"] + counts["error"], "total": sum(counts.values()),
            "running": tournament.status in (Tournament.Status.PENDING, Tournament.Status.RUNNING),
            "standings": selectors.tournament_standings(tournament=tournament),
            "matches": match_selectors.match_list(tournament=tournament, limit=MATCHES_SHOWN)}


def tournament_detail(request, tournament_id):
    tournament = _tournament_or_404(tournament_id)
    context = _live_context(tournament)
    context["participants"] = selectors.tournament_participants(tournament=tournament)
    return render(request, "tournaments/tournament_detail.html", context)


def tournament_live(request, tournament_id):
    """Progress and standings, for htmx to poll while the tournament runs."""
    return render(request, "tournaments/_live.html", _live_context(_tournament_or_404(tournament_id)))
