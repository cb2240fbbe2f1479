"""Writing tournaments: creating one, and moving it on as its matches finish.

The schedule is ``arena.tournaments`` (``web.tournaments.formats``): a round is
the tables the format asks for given the results stored so far, each table one
match.  When a round's matches are all finished, ``tournament_advance`` rebuilds
the format from the stored results and queues the next tables, or ends the
tournament when there are none.
"""
import logging
import random

from arena.tournaments.story import StoryCampaign
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from web import publishing
from web.bots import selectors as bot_selectors
from web.bots.models import Bot
from web.errors import ServiceError
from web.games import catalog
from web.matches.models import Match, MatchSeat
from web.matches.services import MatchSpec, _resolve_seat, matches_create
from web.ratings.services import MatchToRate, current_ratings_ensure, ratings_apply_matches
from web.tournaments import formats, selectors
from web.tournaments.models import Tournament, TournamentParticipant, TournamentRound

log = logging.getLogger(__name__)


def _check_entrants(bots, owner):
    if len({bot.pk for bot in bots}) != len(bots):
        raise ServiceError("a bot is entered twice")
    stored = {bot.pk: bot for bot in Bot.objects.filter(pk__in=[bot.pk for bot in bots])}   # as they are now
    refused = [bot.name for bot in bots
               if bot.pk in stored and not bot_selectors.may_enter(bot=stored[bot.pk], organiser=owner)]
    if refused:
        raise ServiceError(f"{', '.join(repr(n) for n in refused)}: "
                           + ("their owners do not let others enter them" if len(refused) > 1 else
                              "its owner does not let others enter it") + " in tournaments")


def _plan_story(*, name, game, bots, level, attempts, seed, owner, official):
    """A story campaign (``arena.tournaments.story``): one bot plays the game's chapters in order
    against the automaton of ``level``, each chapter at most ``attempts`` times."""
    campaign = catalog.campaign(game)
    if campaign is None:
        raise ServiceError(f"{game} has no story campaign: the story format is for games that declare one")
    if len(bots) != 1:
        raise ServiceError(f"a story campaign is played by one bot, not {len(bots)}")
    if level is None:
        raise ServiceError(f"a story campaign needs the {campaign.level_option} level it is played against "
                           f"(one of {', '.join(str(v) for v in campaign.levels)})")
    seed = seed if seed is not None else random.SystemRandom().randrange(2**62)
    try:
        story = StoryCampaign(game, campaign, level=level, attempts=1 if attempts is None else attempts, seed=seed)
        catalog.check_match(game, players=1, options=story.match(1, 1).options)
    except (ValueError, catalog.EngineInputError) as exc:
        raise ServiceError(str(exc)) from None
    _check_entrants(bots, owner)
    (bot, version), = [_resolve_seat(game, bot, 0, where="entry 1") for bot in bots]
    tournament = Tournament(name=name.strip() or f"{game} story campaign, {campaign.level_option} {level}",
                            owner=owner, game=game, format=Tournament.Format.STORY, players_per_match=1,
                            games_per_pairing=story.attempts, rounds_planned=0,
                            options={campaign.level_option: level}, seed=seed, official=official,
                            status=Tournament.Status.RUNNING, started_at=timezone.now())
    return tournament, [TournamentParticipant(bot=bot, bot_version=version, number=1)], story


def _plan(*, name, game, bots, format, players_per_match, games_per_pairing, rounds, options, seed, owner,
          official=False, level=None, attempts=None):
    """The tournament, its participants and its scheduler, checked and not stored."""
    if format == Tournament.Format.STORY:
        return _plan_story(name=name, game=game, bots=bots, level=level, attempts=attempts, seed=seed, owner=owner,
                           official=official)
    if level is not None or attempts is not None:
        raise ServiceError("a level and attempts are for a story campaign (format story)")
    if len(bots) < 2:
        raise ServiceError("a tournament needs at least two bots (a story campaign is played by one)")
    try:
        info = catalog.game_info(game)
        players_per_match = players_per_match or min(info.max_players, max(info.min_players, len(bots)))
        _, options = catalog.check_match(game, players=players_per_match, options=options)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    if format not in Tournament.Format.values:
        raise ServiceError(f"unknown tournament format {format!r}: {', '.join(Tournament.Format.values)}")
    if not 1 <= games_per_pairing <= 100:
        raise ServiceError("games per pairing is from 1 to 100")
    if format == Tournament.Format.TABLES and rounds is None:
        rounds = 1
    if rounds is not None and not 1 <= rounds <= 100:
        raise ServiceError("rounds are from 1 to 100")
    if len({bot.pk for bot in bots}) != len(bots):
        raise ServiceError("a bot is entered twice")
    if len(bots) < players_per_match:
        raise ServiceError(f"{len(bots)} bots cannot fill a {players_per_match}-seat {game} table")
    _check_entrants(bots, owner)
    entries = [_resolve_seat(game, bot, index, where=f"entry {index + 1}") for index, bot in enumerate(bots)]
    seed = seed if seed is not None else random.SystemRandom().randrange(2**62)
    tournament = Tournament(name=name.strip() or f"{game} tournament", owner=owner, game=game, format=format,
                            players_per_match=players_per_match, games_per_pairing=games_per_pairing,
                            rounds_planned=rounds or 0, options=options, seed=seed, official=official,
                            status=Tournament.Status.RUNNING, started_at=timezone.now())
    participants = [TournamentParticipant(bot=bot, bot_version=version, number=number)
                    for number, (bot, version) in enumerate(entries, start=1)]
    try:
        scheduler = selectors.tournament_scheduler(tournament=tournament, participants=participants)
    except formats.FormatError as exc:
        raise ServiceError(str(exc)) from None
    if format == Tournament.Format.SWISS:
        tournament.rounds_planned = scheduler.rounds
    return tournament, participants, scheduler


def tournament_preview(*, name="", game, bots, format=Tournament.Format.TABLES, players_per_match=None,
                       games_per_pairing=1, rounds=None, options=None, seed=None, owner=None, level=None,
                       attempts=None):
    """What ``tournament_create`` would do, stored nowhere: ``{"matches"}``, the most matches the
    tournament can create (knock-outs stop early when ties need no replay), ``"seats"`` and
    ``"left_today"`` (the organiser's daily allowance after it, None when unlimited).
    ``ServiceError`` for what ``tournament_create`` would refuse."""
    tournament, _, scheduler = _plan(name=name, game=game, bots=bots, format=format,
                                     players_per_match=players_per_match, games_per_pairing=games_per_pairing,
                                     rounds=rounds, options=options, seed=seed, owner=owner, level=level,
                                     attempts=attempts)
    matches = scheduler.max_games()
    left = _allowance_left(owner)
    return {"matches": matches, "seats": tournament.players_per_match,
            "left_today": None if left is None else left - matches}


def _allowance_left(owner):
    """How many more tournament matches ``owner`` may queue today (None: no limit)."""
    if owner is None or getattr(owner, "is_staff", False):
        return None
    since = timezone.now() - timezone.timedelta(days=1)
    used = Match.objects.filter(tournament_round__tournament__owner=owner, created_at__gte=since).count()
    return settings.ARENA_TOURNAMENT_MATCHES_PER_DAY - used


def tournament_create(*, name, game, bots, format=Tournament.Format.TABLES, players_per_match=None,
                      games_per_pairing=1, rounds=None, options=None, seed=None, owner=None, official=False,
                      level=None, attempts=None):
    """Creates a tournament between ``bots`` (their current versions, frozen now) and queues its
    first round.

    ``format`` is one of ``arena.tournaments``' formats; ``tables`` plays
    ``rounds`` rounds (default 1) of tables of ``players_per_match``, ``swiss``
    plays ``rounds`` rounds (default ceil(log2 n)), and a pairing (or a duel)
    plays ``games_per_pairing`` games; knock-outs play as their bracket says.
    ``story`` (a game that declares a campaign only) is one bot (``bots`` holds one) playing the
    game's chapters in order against the automaton of ``level``, each chapter at most ``attempts``
    times (default 1): one match at a time, the next queued when the last is stored; its matches
    rate into no pool (``arena.games.Game.rating_pool``).
    ``official``: its matches feed the pools' published ratings from the start (the platform's own
    tournaments, such as the demo's; staff make a user's official with ``tournament_make_official``).
    ``owner`` (the organiser) may enter only bots it may (``web.bots.selectors.may_enter``) and queue at most
    ``ARENA_TOURNAMENT_MATCHES_PER_DAY`` matches a day, counted by the most a tournament can
    create, so that one account cannot take the workers for itself.
    Raises ``ServiceError`` (storing nothing) for what cannot be played.
    """
    tournament, participants, scheduler = _plan(
        name=name, game=game, bots=bots, format=format, players_per_match=players_per_match,
        games_per_pairing=games_per_pairing, rounds=rounds, options=options, seed=seed, owner=owner,
        official=official, level=level, attempts=attempts)
    with transaction.atomic():
        if owner is not None:   # one organiser's creations are counted one at a time
            get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
        left = _allowance_left(owner)
        if left is not None and scheduler.max_games() > left:
            raise ServiceError(f"this tournament can create up to {scheduler.max_games():,} matches, and you may "
                               f"queue {max(left, 0):,} more today (at most "
                               f"{settings.ARENA_TOURNAMENT_MATCHES_PER_DAY:,} a day): enter fewer bots or "
                               "play fewer rounds or games")
        tournament.save()
        for participant in participants:
            participant.tournament = tournament
        TournamentParticipant.objects.bulk_create(participants)
        _schedule(tournament, participants, scheduler, [], 1)
    return tournament


def _schedule(tournament, participants, scheduler, results, number):
    """Queues the format's next tables as round ``number``; returns the round, or None when the
    format has no table left.  A story campaign's round is its next chapter match alone."""
    if tournament.format == Tournament.Format.STORY:
        return _schedule_story(tournament, participants, scheduler, results, number)
    tables = scheduler.next_tables(results)
    if not tables:
        return None
    round_ = TournamentRound.objects.create(tournament=tournament, number=number)
    version_of = {formats.entrant(p.number): p.bot_version for p in participants}
    specs = [MatchSpec(tuple(version_of[e] for e in table.bots), table.seed, tournament.options, table.key)
             for table in tables]
    _queue_round(tournament, round_, specs)
    return round_


def _schedule_story(tournament, participants, story, results, number):
    match = story.next_match(results)
    if match is None:
        return None
    round_ = TournamentRound.objects.create(tournament=tournament, number=number)
    (participant,) = participants
    _queue_round(tournament, round_, [MatchSpec((participant.bot_version,), match.seed, match.options, match.key)])
    return round_


def _queue_round(tournament, round_, specs):
    """Queues a round's matches.  An entrant retired since the tournament began has its tables voided
    (they count for nobody and the schedule moves on); a round voided whole is closed at once."""
    matches = matches_create(game=tournament.game, specs=specs, kind=Match.Kind.TOURNAMENT, tournament_round=round_,
                             void_withdrawn=True)
    if settings.ARENA_PUBLISH_TASKS and all(match.status == Match.Status.ERROR for match in matches):
        transaction.on_commit(lambda: publishing.publish(publishing.ADVANCE_TOURNAMENT_ROUND, round_.pk))


def tournament_advance(*, round_id):
    """Closes a round whose matches are all finished, then queues the format's next tables or ends
    the tournament.  Safe to call any number of times, from any number of workers."""
    with transaction.atomic():
        round_ = TournamentRound.objects.select_for_update().select_related("tournament").get(pk=round_id)
        tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
        if round_.status == TournamentRound.Status.DONE or tournament.status != Tournament.Status.RUNNING:
            return tournament
        participants = selectors.tournament_participants(tournament=tournament)
        scheduler = selectors.tournament_scheduler(tournament=tournament, participants=participants)
        if tournament.format == Tournament.Format.STORY:   # its page reads the campaign off its matches
            results = selectors.story_results(tournament=tournament)
        else:
            results = selectors.tournament_results(tournament=tournament, participants=participants)
            tournament.standings = selectors.standings_from_results(participants=participants, results=results,
                                                                    scheduler=scheduler)
        if round_.matches.exclude(status__in=(Match.Status.DONE, Match.Status.ERROR)).exists():
            tournament.save(update_fields=["standings"])
            return tournament
        now = timezone.now()
        round_.status, round_.finished_at = TournamentRound.Status.DONE, now
        round_.save(update_fields=["status", "finished_at"])
        if _schedule(tournament, participants, scheduler, results, round_.number + 1) is None:
            tournament.status, tournament.finished_at = Tournament.Status.DONE, now
            tournament.save(update_fields=["standings", "status", "finished_at"])
        else:
            tournament.save(update_fields=["standings"])
    return tournament


def tournaments_advance_all():
    """Advances every running round (the beat's safety net when a message was lost)."""
    ids = list(TournamentRound.objects.filter(status=TournamentRound.Status.RUNNING,
                                              tournament__status=Tournament.Status.RUNNING)
               .values_list("pk", flat=True))
    for round_id in ids:
        try:   # one tournament that cannot move on never holds the others back
            tournament_advance(round_id=round_id)
        except ServiceError:
            log.exception("tournament round %s cannot move on", round_id)
    return len(ids)


def tournament_make_official(*, tournament):
    """Makes ``tournament`` official (staff only: the caller checks): from now on its matches feed
    their pools' published ratings, those it already finished included.

    Its finished matches are applied to the live ratings now, in order (they were rated inside the
    tournament only), and a refit is queued once the transaction commits.  Returns the number of
    matches applied; making an official tournament official again does nothing.  A match being
    played at that moment was claimed as unrated: stored, it moves no live rating, but it feeds the
    pool from the refit on, like every match of the tournament."""
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.official:
            tournament.official = True
            return 0
        locked.official = True
        locked.save(update_fields=["official"])
        matches = Match.objects.filter(tournament_round__tournament=locked)
        finished = list(matches.filter(rated=False, status=Match.Status.DONE).select_related("rating_pool")
                        .order_by("pk"))
        matches.update(rated=True)
        seats = {}
        for row in MatchSeat.objects.filter(match__in=finished).order_by("match_id", "seat"):
            seats.setdefault(row.match_id, []).append(row)
        pools = {}
        for match in finished:
            pools.setdefault(match.rating_pool_id, set()).update(row.bot_id for row in seats.get(match.pk, ()))
        for key, bot_ids in sorted(pools.items()):
            current_ratings_ensure(game=locked.game, pool=key, bot_ids=bot_ids)
        ratings_apply_matches(matches=[MatchToRate(m.pk, m.game, m.rating_pool_id, m.rating_pool.kind,
                                                   seats.get(m.pk, []), m.result or {})
                                       for m in finished if m.rating_pool_id])
        if settings.ARENA_PUBLISH_TASKS:
            transaction.on_commit(lambda: publishing.publish(publishing.REFIT_RATINGS))
    tournament.official = True
    return len(finished)


def tournament_cancel(*, tournament, user):
    """Cancels a pending or running tournament: its creator or staff only.  Its queued matches are
    dropped; a match being played finishes but moves nothing; the standings stay as they were.
    Returns how many queued matches were dropped."""
    if user is None or not (getattr(user, "is_staff", False) or (tournament.owner_id and tournament.owner_id == user.pk)):
        raise ServiceError("only the tournament's creator or staff can cancel it")
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if locked.status not in (Tournament.Status.PENDING, Tournament.Status.RUNNING):
            raise ServiceError(f"the tournament is {locked.status}: there is nothing to cancel")
        locked.status, locked.finished_at = Tournament.Status.CANCELLED, timezone.now()
        locked.save(update_fields=["status", "finished_at"])
        _, deleted = Match.objects.filter(tournament_round__tournament=locked, status=Match.Status.QUEUED).delete()
        dropped = deleted.get(Match._meta.label, 0)
        TournamentRound.objects.filter(tournament=locked, status=TournamentRound.Status.RUNNING).update(
            status=TournamentRound.Status.DONE, finished_at=locked.finished_at)
    tournament.refresh_from_db()
    return dropped
