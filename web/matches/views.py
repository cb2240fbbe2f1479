"""The match pages: a match's seats, result and replay viewer."""
from django.http import Http404
from django.shortcuts import render

from web.matches import selectors
from web.matches.models import Match


def match_detail(request, match_id):
    try:
        match = selectors.match_get(match_id=match_id)
    except Match.DoesNotExist:
        raise Http404(f"no match {match_id}") from None
    logs = selectors.seat_logs(match_id=match.pk, user=request.user)
    seats = [{"seat": seat, "log": logs.get(seat.seat)} for seat in match.seats.all()]
    return render(request, "matches/match_detail.html", {"match": match, "seats": seats})
