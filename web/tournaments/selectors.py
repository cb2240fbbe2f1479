"""Reading tournaments, and their standings computed from the results stored so far."""
import math

from arena.tournaments.story import StoryCampaign
from web.games import catalog
from web.matches.models import Match, MatchSeat
from web.tournaments import formats
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
    participants = tournament_participants(tournament=tournament)
    return standings_from_results(
        participants=participants, results=tournament_results(tournament=tournament, participants=participants),
        scheduler=tournament_scheduler(tournament=tournament, participants=participants))


def tournament_scheduler(*, tournament, participants):
    """The tournament's format over its participants (rebuilt whenever it is needed); a story
    campaign's ``arena.tournaments.story.StoryCampaign``."""
    if tournament.format == Tournament.Format.STORY:
        return story_campaign(tournament=tournament)
    tables = tournament.format == Tournament.Format.TABLES
    return formats.build(format=tournament.format, game_info=catalog.game_info(tournament.game),
                         entrants=[formats.entrant(p.number) for p in participants],
                         seats=tournament.players_per_match,
                         games=tournament.rounds_planned if tables else tournament.games_per_pairing,
                         rounds=tournament.rounds_planned or None, seed=tournament.seed)


def tournament_results(*, tournament, participants):
    """The finished matches of ``tournament`` as the format's results."""
    entrant_of = {p.bot_id: formats.entrant(p.number) for p in participants}
    rows = (MatchSeat.objects.filter(match__tournament_round__tournament=tournament,
                                     match__status__in=(Match.Status.DONE, Match.Status.ERROR))
            .order_by("match_id", "seat")
            .values_list("match_id", "match__table_key", "match__status", "bot_id", "rank", "team"))
    by_match = {}
    for match_id, key, status, bot_id, rank, team in rows:
        by_match.setdefault(match_id, (key, status, []))[2].append((entrant_of[bot_id], rank, team))
    results = []
    for key, status, seats in by_match.values():
        teams = [team for _, _, team in seats]
        results.append(formats.game_result(key=key, entrants=[e for e, _, _ in seats],
                                           ranks=[r for _, r, _ in seats],
                                           teams=teams if all(teams) else None,
                                           error=status == Match.Status.ERROR))
    return results


def _finite(value):
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else round(value, 2)


def standings_from_results(*, participants, results, scheduler):
    """The format's standings (place, fitted rating with its interval, games, wins, points, the
    format's own score), with each participant's bot and the matches of its that ended in error."""
    by_entrant = {formats.entrant(p.number): p for p in participants}
    errors = {e: 0 for e in by_entrant}
    for result in results:
        if result.voided:
            for entrant in set(result.bots):
                errors[entrant] += 1
    rows = []
    for row in scheduler.standings(results):
        p = by_entrant[row.bot]
        rows.append({"position": row.place, "bot_id": p.bot_id, "bot": p.bot.name, "version": p.bot_version.number,
                     "rating": _finite(row.rating), "low": _finite(row.low), "high": _finite(row.high),
                     "matches": row.games, "wins": row.wins, "points": round(row.points, 4),
                     "score": _finite(row.score), "errors": errors[row.bot]})
    return rows


# --- story campaigns ------------------------------------------------------------------------------

def story_campaign(*, tournament):
    """A story tournament's scheduler, from its game's campaign, level, attempts and seed."""
    campaign = catalog.campaign(tournament.game)
    return StoryCampaign(tournament.game, campaign, level=tournament.options[campaign.level_option],
                         attempts=tournament.games_per_pairing, seed=tournament.seed)


def story_results(*, tournament):
    """The finished matches of a story tournament: ``{table key: result}``, None for one that ended
    in error (a defeat)."""
    rows = (Match.objects.filter(tournament_round__tournament=tournament,
                                 status__in=(Match.Status.DONE, Match.Status.ERROR))
            .values_list("table_key", "status", "result"))
    return {key: result if status == Match.Status.DONE else None for key, status, result in rows}


def story_summary(*, tournament):
    """A story campaign chapter by chapter as its page and the API show it
    (``StoryCampaign.summary``): each chapter's title, difficulty, attempts (each with its match's
    id and status, its scores, the conditions met or not, won or lost), points gained and lost; the
    running total, the title it stands for, and whether it is over.  A match queued or being played
    is listed as the chapter's current attempt."""
    story = story_campaign(tournament=tournament)
    summary = story.summary(story_results(tournament=tournament))
    matches = {key: (pk, status) for key, pk, status in
               Match.objects.filter(tournament_round__tournament=tournament).values_list("table_key", "pk", "status")}
    for chapter in summary["chapters"]:
        for attempt in chapter["attempts"]:
            attempt["match_id"], attempt["status"] = matches.get(attempt["key"], (None, None))
        pending = summary["next"]
        if pending and pending.startswith(f"ch{chapter['number']}/") and pending in matches:
            pk, status = matches[pending]
            chapter["playing"] = {"key": pending, "match_id": pk, "status": status}
        else:
            chapter["playing"] = None
    summary["cancelled"] = tournament.status == Tournament.Status.CANCELLED
    return summary
