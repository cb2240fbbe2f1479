"""Writing tournaments: creating one, and moving it on as its rounds finish."""
import random

from django.db import transaction
from django.utils import timezone

from web.bots.models import Bot
from web.errors import ServiceError
from web.matches import engine
from web.matches.models import Match
from web.matches.services import MatchSpec, _resolve_seat, matches_create
from web.tournaments import formats
from web.tournaments.models import Tournament, TournamentParticipant, TournamentRound


def tournament_create(*, name, game, bots, format=Tournament.Format.ROUND_ROBIN, players_per_match=None,
                      games_per_pairing=1, rounds=1, options=None, seed=None, owner=None):
    """Creates a tournament between ``bots`` (their current versions, frozen now) and starts round 1."""
    try:
        info = engine.game_info(game)
        players_per_match = players_per_match or min(info.max_players, max(info.min_players, len(bots)))
        _, options = engine.check_match(game, players=players_per_match, options=options)
    except engine.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    if format not in Tournament.Format.values:
        raise ServiceError(f"unknown tournament format {format!r}: {', '.join(Tournament.Format.values)}")
    if not 1 <= games_per_pairing <= 100:
        raise ServiceError("games per pairing is from 1 to 100")
    if not 1 <= rounds <= 100:
        raise ServiceError("rounds are from 1 to 100")
    if len({bot.pk for bot in bots}) != len(bots):
        raise ServiceError("a bot is entered twice")
    if len(bots) < players_per_match:
        raise ServiceError(f"{len(bots)} bots cannot fill a {players_per_match}-seat {game} table")
    entries = [_resolve_seat(game, bot, index, where=f"entry {index + 1}") for index, bot in enumerate(bots)]
    seed = seed if seed is not None else random.SystemRandom().randrange(2**62)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name.strip() or f"{game} tournament", owner=owner, game=game, format=format,
            players_per_match=players_per_match, games_per_pairing=games_per_pairing,
            rounds_planned=formats.rounds_of(format, rounds_planned=rounds), options=options, seed=seed,
            status=Tournament.Status.RUNNING, started_at=timezone.now())
        TournamentParticipant.objects.bulk_create([
            TournamentParticipant(tournament=tournament, bot=bot, bot_version=version, number=number)
            for number, (bot, version) in enumerate(entries, start=1)])
        _start_round(tournament, 1)
    return tournament


def _start_round(tournament, number):
    participants = list(tournament.participants.select_related("bot", "bot_version").order_by("number"))
    rng = random.Random(tournament.seed * 1009 + number)
    try:
        tables = formats.tables_for_round(tournament.format, participants, number,
                                          tournament.players_per_match, rng)
    except formats.FormatError as exc:
        raise ServiceError(str(exc)) from None
    round_ = TournamentRound.objects.create(tournament=tournament, number=number)
    specs = [MatchSpec(tuple(p.bot_version for p in formats.rotated(table, game)), rng.randrange(2**62),
                       tournament.options)
             for table in tables for game in range(tournament.games_per_pairing)]
    matches_create(game=tournament.game, specs=specs, kind=Match.Kind.TOURNAMENT, tournament_round=round_)
    return round_


def standings(tournament):
    """Per participant: matches, wins (rank 1), points (the share of the others it finished
    ahead of, summed over its matches), errors; best first."""
    from web.matches.models import MatchSeat
    rows = {p.bot_id: {"bot_id": p.bot_id, "bot": p.bot.name, "version": p.bot_version.number,
                       "matches": 0, "wins": 0, "points": 0.0, "errors": 0}
            for p in tournament.participants.select_related("bot", "bot_version")}
    seats = (MatchSeat.objects.filter(match__tournament_round__tournament=tournament)
             .values_list("match_id", "match__status", "bot_id", "rank").order_by("match_id", "seat"))
    by_match = {}
    for match_id, status, bot_id, rank in seats:
        by_match.setdefault(match_id, (status, []))[1].append((bot_id, rank))
    for status, seated in by_match.values():
        for bot_id, rank in seated:
            row = rows[bot_id]
            if status == Match.Status.ERROR:
                row["errors"] += 1
                continue
            if status != Match.Status.DONE:
                continue
            row["matches"] += 1
            row["wins"] += rank == 1
            ahead = sum(1 for _, other in seated if other > rank)
            row["points"] += ahead / (len(seated) - 1)
    table = sorted(rows.values(), key=lambda r: (-r["points"], -r["wins"], r["bot"]))
    for position, row in enumerate(table, start=1):
        row["points"] = round(row["points"], 4)
        row["position"] = position
    return table


def tournament_advance(*, round_id):
    """Closes a round whose matches are all finished, then starts the next or ends the tournament.
    Safe to call any number of times, from any number of workers."""
    with transaction.atomic():
        round_ = TournamentRound.objects.select_for_update().select_related("tournament").get(pk=round_id)
        tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
        if round_.status == TournamentRound.Status.DONE or tournament.status != Tournament.Status.RUNNING:
            return tournament
        if round_.matches.exclude(status__in=(Match.Status.DONE, Match.Status.ERROR)).exists():
            tournament.standings = standings(tournament)
            tournament.save(update_fields=["standings"])
            return tournament
        now = timezone.now()
        round_.status, round_.finished_at = TournamentRound.Status.DONE, now
        round_.save(update_fields=["status", "finished_at"])
        tournament.standings = standings(tournament)
        if round_.number >= tournament.rounds_planned:
            tournament.status, tournament.finished_at = Tournament.Status.DONE, now
            tournament.save(update_fields=["standings", "status", "finished_at"])
        else:
            tournament.save(update_fields=["standings"])
            _start_round(tournament, round_.number + 1)
    return tournament


def tournaments_advance_all():
    """Advances every running round (the beat's safety net when a message was lost)."""
    ids = list(TournamentRound.objects.filter(status=TournamentRound.Status.RUNNING,
                                              tournament__status=Tournament.Status.RUNNING)
               .values_list("pk", flat=True))
    for round_id in ids:
        tournament_advance(round_id=round_id)
    return len(ids)


@transaction.atomic
def tournament_cancel(*, tournament):
    Tournament.objects.filter(pk=tournament.pk, status__in=(Tournament.Status.PENDING, Tournament.Status.RUNNING)) \
        .update(status=Tournament.Status.CANCELLED, finished_at=timezone.now())
    tournament.refresh_from_db()
    return tournament
