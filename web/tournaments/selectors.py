"""Reading tournaments."""
from web.matches.models import Match
from web.tournaments.models import Tournament


def tournament_get(*, tournament_id):
    return Tournament.objects.get(pk=tournament_id)


def tournament_list(*, game=None, status=None):
    tournaments = Tournament.objects.all()
    if game:
        tournaments = tournaments.filter(game=game)
    if status:
        tournaments = tournaments.filter(status=status)
    return tournaments.order_by("-id")


def tournament_progress(*, tournament):
    """Matches per status over every round so far, and the current round's number."""
    counts = {status: 0 for status in Match.Status.values}
    for status in Match.objects.filter(tournament_round__tournament=tournament).values_list("status", flat=True):
        counts[status] += 1
    last = tournament.rounds.order_by("-number").first()
    return {"round": last.number if last else 0, "rounds": tournament.rounds_planned, "matches": counts,
            "status": tournament.status}


def tournament_participants(*, tournament):
    return list(tournament.participants.select_related("bot", "bot_version").order_by("number"))


def tournament_standings(*, tournament):
    """The standings stored when a round last moved on; computed from the results so far when
    nothing is stored yet."""
    if tournament.standings:
        return tournament.standings
    from web.tournaments.services import standings
    return standings(tournament)
