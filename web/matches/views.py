"""The match pages: a match's seats, result and replay viewer."""
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET

from web.games import catalog
from web.matches import playing, selectors
from web.matches.models import Match


@lru_cache(maxsize=None)
def replay_renderer(game):
    """The static path of ``game``'s replay renderer: its own ``replay/<game>.js``, or the generic
    renderer that draws any game's views as tables."""
    path = f"replay/{game}.js"
    return path if finders.find(path) else "replay/generic.js"


def match_detail(request, match_id):
    try:
        match = selectors.match_get(match_id=match_id)
    except Match.DoesNotExist:
        raise Http404(f"no match {match_id}") from None
    logs = selectors.seat_logs(match_id=match.pk, user=request.user)
    seats = [{"seat": seat, "log": logs.get(seat.seat)} for seat in match.seats.all()]
    viewer = None
    if match.status == Match.Status.DONE:
        viewer = {
            "renderer": replay_renderer(match.game),
            "frames_url": reverse("match-frames", args=[match.pk]),
            "seat_names": [entry["seat"].bot.name for entry in seats],
            "action_labels": selectors.action_labels(game=match.game),
            "board": selectors.replay_board(game=match.game),
        }
    return render(request, "matches/match_detail.html", {
        "match": match, "seats": seats, "viewer": viewer,
        "error": selectors.match_error(match=match, user=request.user)})


@require_GET
@gzip_page
def match_frames(request, match_id):
    """The replay viewer's frames: ``?perspective=all`` (everything) or ``?perspective=<seat>``."""
    try:
        perspective = selectors.parse_perspective(request.GET.get("perspective"))
        text = selectors.match_frames_json(match_id=match_id, perspective=perspective)
    except (ValueError, catalog.EngineInputError) as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    except playing.ReplayUnplayable as exc:
        return JsonResponse({"error": f"this replay cannot be shown by this version of the engine: {exc}"},
                            status=409)
    if text is None:
        return JsonResponse({"error": f"match {match_id} has no replay (unknown, or not finished)"}, status=404)
    response = HttpResponse(text, content_type="application/json")
    # A finished match's frames never change for a given engine; the rules version is in the cache key.
    response["Cache-Control"] = "public, max-age=3600"
    return response
