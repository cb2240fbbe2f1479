"""The match pages: a match's seats, result and replay viewer."""
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET, require_POST

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
    seats = [{"seat": seat, "log": logs.get(seat.seat), "team": selectors.team_label(seat=seat.seat, team=seat.team)}
             for seat in match.seats.all()]
    viewer = None
    if match.status == Match.Status.DONE:
        viewer = {
            "renderer": replay_renderer(match.game),
            "frames_url": reverse("match-frames", args=[match.pk]),
            "seat_names": [entry["seat"].player_name for entry in seats],
            "action_labels": selectors.action_labels(game=match.game),
            "components": selectors.game_components(game=match.game),
            "board": selectors.replay_board(game=match.game),
        }
    return render(request, "matches/match_detail.html", {
        "match": match, "seats": seats, "automata": selectors.automaton_rows(match=match), "viewer": viewer,
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


def replay_open(request):
    """A replay file opened from the disk: the browser reads it, the server computes its frames
    (``replay_file_frames``) and the game's renderer draws them, as on a match page."""
    renderers = {game: replay_renderer(game) for game in catalog.game_ids()}
    return render(request, "matches/replay_open.html", {
        "renderers": sorted(set(renderers.values())),
        "games": {game: {"name": catalog.game_info(game).name,
                         "action_labels": selectors.action_labels(game=game),
                         "components": selectors.game_components(game=game),
                         "board": selectors.replay_board(game=game)} for game in renderers},
        "max_bytes": settings.ARENA_REPLAY_FILE_MAX_BYTES,
    })


# Nothing is stored and no session is read: the answer is only a computation on the body the caller
# sent, so there is nothing for a forged cross-site request to do, and scripts may call it too.
@csrf_exempt
@require_POST
@gzip_page
def replay_file_frames(request):
    """The frames of a replay sent as the request's JSON body (a file the viewer opened), from
    ``?perspective=all|<seat>``; nothing is stored.  400 names what is wrong with the file, 413
    says it is too large."""
    limit = settings.ARENA_REPLAY_FILE_MAX_BYTES
    too_large = JsonResponse({"error": f"the replay file is larger than {limit:,} bytes, the most this "
                                       "site reads"}, status=413)
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        return too_large
    body = request.read(limit + 1)
    if len(body) > limit:
        return too_large
    try:
        perspective = selectors.parse_perspective(request.GET.get("perspective"))
        text = body.decode("utf-8")
        frames = playing.replay_file_frames(text, perspective=perspective)
    except UnicodeDecodeError:
        return JsonResponse({"error": "not a replay: the file is not UTF-8 text"}, status=400)
    except (ValueError, catalog.EngineInputError) as exc:   # ReplayFileError is a ValueError
        return JsonResponse({"error": str(exc)}, status=400)
    return JsonResponse(frames, json_dumps_params={"separators": (",", ":")})
