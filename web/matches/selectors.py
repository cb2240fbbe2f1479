"""Reading matches."""
import json

from django.core.cache import cache
from django.db.models import Count, F, Prefetch

from arena import games
from web.matches.models import INTERNAL_ERROR_PREFIX, Match, MatchSeat
from web.ratings.records import match_record

# What only a bot's owner may read of its seat: its own output and why it forfeited.
PRIVATE_SEAT_FIELDS = ("log", "reason")


def match_get(*, match_id):
    """A match with its seats (status, rank, score, team; never a bot's log: ``seat_logs``)."""
    seats = MatchSeat.objects.defer(*PRIVATE_SEAT_FIELDS).select_related("bot", "bot_version", "person")
    return Match.objects.prefetch_related(Prefetch("seats", queryset=seats)).get(pk=match_id)


def team_label(*, seat, team):
    """A seat's team in words (Katana's ``ninja`` is "Ninja"); blank where each seat plays alone (a
    game without teams stores ``seat_<n>``)."""
    if not team or team == f"seat_{seat}":
        return ""
    return team.replace("_", " ").capitalize()


def automaton_rows(*, match):
    """The rows of a finished match's automata (Shōgun's ghost): ``{"name", "level", "score", "rank"}``
    in the order the result lists them; none before the match is over."""
    return [{"name": entry.get("name", "automaton").capitalize(), "level": entry.get("level"),
             "score": entry.get("score"), "rank": entry.get("rank")}
            for entry in (match.result or {}).get("automata") or ()]


def match_error(*, match, user):
    """The error a match's page shows ``user``: the reason of an internal error (an exception of the
    platform, ``web.matches.execution.internal_error``) to staff only."""
    if match.error.startswith(INTERNAL_ERROR_PREFIX) and not getattr(user, "is_staff", False):
        return "an internal error stopped this match; the site's staff can see why"
    return match.error


def seat_logs(*, match_id, user):
    """``{seat: {"status", "reason", "log"}}`` of the seats of ``match_id`` whose bot ``user``
    owns: a bot's output is shown to its owner only (nobody else's seats, nothing for anonymous)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return {}
    rows = MatchSeat.objects.filter(match_id=match_id, bot__owner=user).order_by("seat")
    return {row.seat: {"status": row.status, "reason": row.reason, "log": row.log} for row in rows}


def match_list(*, game=None, bot=None, status=None, kind=None, limit=50, before=None, tournament=None,
               challenge=None, seat_status=None):
    """The newest matches first (``before``: only those with a smaller id, to page on);
    ``seat_status`` (with ``bot``): only those where the bot's seat ended so (``timeout``...)."""
    matches = Match.objects.defer("replay")
    if before is not None:
        matches = matches.filter(pk__lt=before)
    if tournament is not None:
        matches = matches.filter(tournament_round__tournament=tournament)
    if challenge is not None:
        matches = matches.filter(challenge=challenge)
    if game:
        matches = matches.filter(game=game)
    if bot is not None:
        # a semi-join, not a join with DISTINCT over every column: the newest matches come off the
        # primary key's index and each is checked against the bot's seats
        seats_of_bot = MatchSeat.objects.filter(bot=bot)
        if seat_status:
            seats_of_bot = seats_of_bot.filter(status=seat_status)
        matches = matches.filter(pk__in=seats_of_bot.values("match_id"))
    if status:
        matches = matches.filter(status=status)
    if kind:
        matches = matches.filter(kind=kind)
    seats = MatchSeat.objects.defer(*PRIVATE_SEAT_FIELDS).select_related("bot", "bot_version", "person")
    return list(matches.prefetch_related(Prefetch("seats", queryset=seats)).order_by("-id")[:limit])


def match_counts(*, game=None):
    """Matches per status, every status present."""
    matches = Match.objects.all() if game is None else Match.objects.filter(game=game)
    counts = dict(matches.values_list("status").annotate(n=Count("id")).order_by())
    return {status: counts.get(status, 0) for status in Match.Status.values}


def match_replay(*, match_id):
    """The stored replay of a finished match, or None."""
    return Match.objects.filter(pk=match_id).values_list("replay", flat=True).first()


# Frames are a pure function of the stored replay and the engine's rules: cached per rules version.
FRAMES_CACHE_SECONDS = 3600
# Part of the frames' cache key: raised when what arena.replay_frames builds changes (2: another
# seat's secret choices are named SECRET in a seat's frames), so that no older frames are served.
FRAMES_VERSION = 2
ALL_PERSPECTIVE = "all"


def action_labels(*, game):
    """The labels of each block of the game's action table, ``{"TARGET": ["seat_0", ...]}``: the
    names a replay renderer gives the numbers in a view, read from the spec, not kept in the page."""
    return {block.name: [str(label) for label in block.labels] for block in games.get(game).spec.actions.blocks}


def game_components(*, game):
    """What is printed on the game's components (Katana's cards and characters), for the renderer
    that draws its table; ``{}`` for a game whose views say all."""
    return games.get(game).components


def replay_board(*, game):
    """The fixed board the game's replay renderer draws (Samouraï's map: territories, provinces,
    links, positions), read from the game's data module through its spec; None for a game
    without one."""
    board = games.get(game).spec.replay_board
    return None if board is None else board()


def parse_perspective(text):
    """``"all"`` (or nothing): everything, ``None``; a seat number: that seat.  ``ValueError`` otherwise
    (whether the match has that seat is the engine's to say)."""
    if text in (None, "", ALL_PERSPECTIVE):
        return None
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    raise ValueError(f"perspective must be {ALL_PERSPECTIVE!r} or a seat number, not {text!r}")


def match_frames_json(*, match_id, perspective):
    """The replay viewer's frames of a finished match from ``perspective`` (``None``: everything, or
    a seat), as JSON text; None when the match is unknown or has no replay.  Raises
    ``EngineInputError`` for a seat the match does not have and ``playing.ReplayUnplayable``
    when its replay cannot be re-simulated by this engine."""
    from web.matches import playing
    row = Match.objects.filter(pk=match_id, replay__isnull=False).values_list("rules_version", flat=True).first()
    if row is None:
        return None
    key = f"replay-frames:{FRAMES_VERSION}:{match_id}:{row}:{ALL_PERSPECTIVE if perspective is None else perspective}"
    text = cache.get(key)
    if text is None:
        replay = match_replay(match_id=match_id)
        if replay is None:
            return None
        frames = playing.replay_frames(replay, perspective=perspective)
        text = json.dumps(frames, separators=(",", ":"))
        cache.set(key, text, FRAMES_CACHE_SECONDS)
    return text


def finished_match_records(*, pool, since_id=0):
    """Every finished match that feeds rating pool ``pool`` (a key; ``Match.rated``) as a rating
    record (its ``game`` is the pool's key), and the largest match id read."""
    game = pool
    seats = (MatchSeat.objects.filter(match__rating_pool=pool, match__rated=True, match__status=Match.Status.DONE,
                                      match_id__gt=since_id)
             .order_by("match_id", "seat").values_list("match_id", "bot_id", "rank", "team"))
    records, through = [], since_id
    current, rows = None, []

    def flush():
        if rows:
            teams = [team for _, _, _, team in rows]
            records.append(match_record(match_id=current, game=game, players=[r[1] for r in rows],
                                        ranks=[r[2] for r in rows], teams=teams if all(teams) else None))

    for row in seats.iterator(chunk_size=5000):
        if row[0] != current:
            flush()
            current, rows = row[0], []
        rows.append(row)
        through = max(through, row[0])
    flush()
    return records, through


def bot_seat_logs(*, bot, user, limit=10, status=None, match_id=None):
    """The seats ``bot`` played in its newest matches, with their status, reason and log, for the
    bot's owner only (an empty list for anybody else): each with its match.  ``status`` keeps the
    seats that ended so (``timeout``, ``crash``...), ``match_id`` one match's seat."""
    if user is None or not getattr(user, "is_authenticated", False) or bot.owner_id != user.pk:
        return []
    seats = (MatchSeat.objects.filter(bot=bot, bot__owner=user).exclude(status=MatchSeat.Status.PENDING)
             .select_related("match", "bot_version").defer("match__replay", "match__result")
             .order_by("-match_id"))
    if status:
        seats = seats.filter(status=status)
    if match_id is not None:
        seats = seats.filter(match_id=match_id)
    return list(seats[:limit])


def seat_status_counts(*, bot):
    """How the bot's played seats ended: ``{status: count}``."""
    rows = (MatchSeat.objects.filter(bot=bot).exclude(status=MatchSeat.Status.PENDING)
            .values_list("status").annotate(n=Count("id")).order_by())
    return dict(rows)


def finished_ladder_games(*, game, rules_version, newest=20_000):
    """The newest ``newest`` finished ladder matches of ``game`` under ``rules_version``, by player
    count: ``{players: [(options, seed, ranks, steps, finished_at), ...]}`` with ranks in seat order
    (the balance report reads them)."""
    match_ids = list(Match.objects.filter(game=game, rules_version=rules_version, kind=Match.Kind.LADDER,
                                          status=Match.Status.DONE)
                     .order_by("-id").values_list("id", flat=True)[:newest])
    matches = {row[0]: row[1:] for row in Match.objects.filter(id__in=match_ids)
               .values_list("id", "options", "seed", "steps", "finished_at")}
    ranks = {}
    for match_id, rank in (MatchSeat.objects.filter(match_id__in=match_ids).order_by("match_id", "seat")
                           .values_list("match_id", "rank").iterator(chunk_size=5000)):
        ranks.setdefault(match_id, []).append(rank)
    tables = {}
    for match_id in sorted(matches):
        options, seed, steps, finished_at = matches[match_id]
        seat_ranks = ranks.get(match_id, [])
        if seat_ranks and None not in seat_ranks:
            tables.setdefault(len(seat_ranks), []).append((options, seed, seat_ranks, steps, finished_at))
    return tables


EXPORT_PAGE_LIMIT = 500


def match_export_page(*, game, since=None, until=None, bot_name="", after=0, limit=100):
    """One page of ``game``'s finished matches for a replay dataset, oldest first from id ``after``
    on: each a line of ``arena export``'s file: the replay (``arena replay verify`` re-plays it),
    when it finished, each seat's bot, owner, rank and status, and the live rating each seat's bot
    had after it (rated matches only).  Seats' logs and forfeit reasons (their owners' only) and
    bots' sources are never in it.  Returns ``(lines, remaining)``: ``remaining`` counts the
    matches from this page on, so that a client can show its progress."""
    matches = Match.objects.filter(game=game, status=Match.Status.DONE, replay__isnull=False)
    if since is not None:
        matches = matches.filter(finished_at__date__gte=since)
    if until is not None:
        matches = matches.filter(finished_at__date__lte=until)
    if bot_name:
        # a subquery, not a join made distinct: rows holding a replay (``json``) cannot be compared
        matches = matches.filter(pk__in=MatchSeat.objects.filter(bot__name=bot_name).values("match_id"))
    matches = matches.filter(pk__gt=after).order_by("pk")
    remaining = matches.count()
    page = list(matches.defer("error")[:min(limit, EXPORT_PAGE_LIMIT)])
    seats = {}
    for seat in (MatchSeat.objects.filter(match__in=page).defer(*PRIVATE_SEAT_FIELDS)
                 .select_related("bot", "bot__owner", "person").order_by("match_id", "seat")):
        seats.setdefault(seat.match_id, []).append(seat)
    from web.ratings.models import RatingEntry
    ratings = {(entry.match_id, entry.bot_id): entry for entry in
               RatingEntry.objects.filter(match__in=page).select_related("pool")}
    lines = []
    for match in page:
        rows = []
        for seat in seats.get(match.pk, []):
            entry = ratings.get((match.pk, seat.bot_id))
            bot = seat.bot
            rows.append({"seat": seat.seat, "bot": bot.name if bot else None, "bot_id": seat.bot_id,
                         "owner": bot.owner.username if bot and bot.owner_id else None,
                         "person": seat.person.username if seat.person_id else None,
                         "rank": seat.rank, "status": seat.status,
                         "rating": None if entry is None else {
                             "pool": entry.pool.key, "rating": round(entry.rating, 2),
                             "delta": round(entry.delta, 2),
                             "low": None if entry.low is None else round(entry.low, 2),
                             "high": None if entry.high is None else round(entry.high, 2)}})
        lines.append({"match": match.pk, "kind": match.kind, "rated": match.rated,
                      "finished_at": match.finished_at.isoformat() if match.finished_at else None,
                      "seats": rows, "result": match.result, "replay": match.replay})
    return lines, remaining


def misseated_matches():
    """Stored matches with a seat that is not the bot it names, for ``manage.py void_misseated_matches``:
    a seat whose version is another bot's, or a bot in more than one seat of a match whose seats the
    platform or an entry list chose (ladder, tournament, challenge: none of them seats a bot twice).
    Returns ``[(match, why)]``, oldest first."""
    foreign = set(MatchSeat.objects.filter(bot__isnull=False).exclude(bot_version__bot_id=F("bot_id"))
                  .values_list("match_id", flat=True))
    twice = set(MatchSeat.objects.filter(bot__isnull=False, match__kind__in=(Match.Kind.LADDER, Match.Kind.TOURNAMENT,
                                                                             Match.Kind.CHALLENGE))
                .values("match_id", "bot_id").annotate(n=Count("id")).filter(n__gt=1)
                .values_list("match_id", flat=True))
    matches = Match.objects.defer("replay").filter(pk__in=foreign | twice).prefetch_related("seats__bot")
    return [(match, "a seat plays another bot's version" if match.pk in foreign else "a bot sits in more than one seat")
            for match in matches.order_by("pk")]


def ladder_matches_played(*, game, rules_version):
    """``{players: finished ladder matches}`` of ``game`` under ``rules_version``: what the balance
    report will count at its next refresh."""
    seats = (MatchSeat.objects.filter(match__game=game, match__rules_version=rules_version,
                                      match__kind=Match.Kind.LADDER, match__status=Match.Status.DONE)
             .values("match_id").annotate(players=Count("id")).values_list("players", flat=True))
    played = {}
    for players in seats.iterator(chunk_size=5000):
        played[players] = played.get(players, 0) + 1
    return played
