"""Writing ratings: the live update of each finished match, and the periodic refit, per rating pool."""
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Sum
from django.utils import timezone

from arena.ratings import LiveElo, fit_ratings
from arena.ratings.live import Z95
from arena.ratings.scores import ScoreSummary, add_score, automaton_margins, automaton_results, mean_interval
from web.bulk_sql import batch_rows, batch_table
from web.ratings.models import CurrentRating, Pool, RatingEntry
from web.ratings.records import match_record


INITIAL_RATING = 1500.0
# The live update's K: from LIVE_K between two uncertain bots down to LIVE_K_MIN between two well
# measured ones (arena.ratings.LiveElo.pair_k), so that the live rating agrees with the refit: with a
# fixed K its noise stays while the fit's interval narrows (BENCHMARKS.md, "Live rating against the refit").
LIVE_K = 32.0
LIVE_K_MIN = 2.0


def current_ratings_ensure(*, game, pool, bot_ids):
    """Makes sure every bot has its current-rating row in ``pool`` (a pool key), so that updates
    can lock it."""
    CurrentRating.objects.bulk_create(
        [CurrentRating(bot_id=bot_id, game=game, pool_id=pool, rating=INITIAL_RATING) for bot_id in sorted(bot_ids)],
        ignore_conflicts=True)


@dataclass(frozen=True)
class MatchToRate:
    """A stored match as the ratings read it: its pool (key and kind), its seats (``bot_id``,
    ``seat``, ``rank``) and its result (``teams``; a score pool reads ``scores``, ``ranks`` and
    ``automata``)."""
    match_id: int
    game: str
    pool: str | None
    kind: str
    seats: list
    result: dict


def ratings_apply_matches(*, matches):
    """Appends one live entry per bot of each finished match and moves its current rating in the
    match's pool.

    ``matches`` is a list of ``MatchToRate`` in the order they are applied (one without a pool, which
    feeds none, is skipped).  Runs inside the
    transaction that stores the matches; the current-rating rows of every bot involved are locked
    first, in one order, so that concurrent stores neither deadlock nor lose an update, and the
    unique constraint on (match, bot) makes a second application fail instead of counting a match
    twice.  A pool of kind ``score`` moves each bot's mean score and its results against the
    automata (``_score_update``); the others, an Elo update of the finishing order.  Returns the
    number of entries appended.
    """
    matches = [m for m in matches if m.pool is not None]
    keys = sorted({(m.pool, row.bot_id) for m in matches for row in m.seats})
    bot_ids = sorted({bot_id for _, bot_id in keys})

    def locked():
        return {(row.pool_id, row.bot_id): row for row in
                CurrentRating.objects.select_for_update().filter(bot_id__in=bot_ids).order_by("bot_id", "pool_id")}

    current = locked() if keys else {}
    missing = [key for key in keys if key not in current]
    if missing:
        games = {m.pool: m.game for m in matches}
        for pool in sorted({pool for pool, _ in missing}):
            current_ratings_ensure(game=games[pool], pool=pool, bot_ids={b for p, b in missing if p == pool})
        current = locked()
    entries = _apply(current=current, matches=matches)
    if entries:
        _write_live(entries, list(current.values()))
    return len(entries)


def _apply(*, current, matches):
    """Moves the rows of ``current`` (``{(pool key, bot id): CurrentRating}``) by ``matches`` in
    order, in memory; returns the live entries as rows of ``_ENTRY_BATCH``."""
    live = {}
    entries = []
    for match in matches:
        ordered = sorted(match.seats, key=lambda row: row.seat)
        if match.kind == "score":
            moves = _score_update(current=current, match=match, seats=ordered)
        else:
            elo = live.get(match.pool)
            if elo is None:
                rows = [(str(b), row) for (p, b), row in current.items() if p == match.pool]
                elo = live[match.pool] = LiveElo(k=LIVE_K, k_min=LIVE_K_MIN, ratings={b: row.rating for b, row in rows},
                                                 sds={b: _sd(row) for b, row in rows if _sd(row) is not None})
            moves = _elo_update(current=current, elo=elo, match=match, seats=ordered)
        entries += [(bot_id, match.game, match.pool, RatingEntry.Kind.LIVE, match.match_id, row.rating, delta,
                     row.low, row.high, row.games) for bot_id, row, delta in moves]
    return entries


def _sd(row):
    """The standard deviation a row's 95% interval stands for; None without one (the prior's)."""
    if row.low is None or row.high is None or not row.high > row.low:
        return None
    return (row.high - row.low) / (2 * Z95)


def _elo_update(*, current, elo, match, seats):
    record = match_record(match_id=match.match_id, game=match.pool, players=[row.bot_id for row in seats],
                          ranks=[row.rank for row in seats], teams=(match.result or {}).get("teams"))
    deltas = elo.update(record)
    winners = {row.bot_id for row in seats if row.rank == 1}
    moves = []
    for bot_id in sorted({row.bot_id for row in seats}):
        row = current[(match.pool, bot_id)]
        delta = deltas.get(str(bot_id), 0.0)
        row.rating = elo.rating(str(bot_id))
        row.low, row.high = elo.interval(str(bot_id))
        row.games += 1
        row.wins += bot_id in winners
        moves.append((bot_id, row, delta))
    return moves


def _score_update(*, current, match, seats):
    """A score pool: each bot seat's score joins its bot's mean (``rating``, with its t interval
    as ``low``/``high``), and its finish against each automaton of ``result["automata"]`` its win
    rate against that automaton's level, and its margin (its score minus the automaton's) the mean
    margin against that level (``margin`` and ``margin_m2``, Welford).  A first place counts as a
    win, as in other pools."""
    scores, ranks = match.result["scores"], match.result["ranks"]
    automata = match.result.get("automata") or []
    moves = []
    for seat in seats:
        row = current[(match.pool, seat.bot_id)]
        before = ScoreSummary(row.games, row.rating if row.games else 0.0, row.score_m2)
        after = add_score(before, float(scores[seat.seat]))
        rank = ranks[seat.seat]
        row.games, row.rating, row.score_m2 = after.games, after.mean, after.m2
        row.low, row.high = mean_interval(after) or (None, None)
        row.wins += rank == 1
        levels = dict(row.automata or {})
        margins = automaton_margins(scores[seat.seat], automata)
        for level, name, won in automaton_results(rank, automata):
            tally = dict(levels.get(str(level)) or {"name": name, "games": 0, "wins": 0})
            if name not in tally["name"].split(" / "):
                tally["name"] = f"{tally['name']} / {name}"
            tally["games"] += 1
            tally["wins"] += won
            if level in margins:
                margin = add_score(ScoreSummary(tally.get("margin_games", 0), tally.get("margin", 0.0),
                                                tally.get("margin_m2", 0.0)), margins[level])
                tally["margin_games"], tally["margin"], tally["margin_m2"] = margin.games, margin.mean, margin.m2
            levels[str(level)] = tally
        row.automata = levels
        moves.append((seat.bot_id, row, after.mean - before.mean))
    return moves


_ENTRY_BATCH = (("new_bot_id", "bigint"), ("new_game", "text"), ("new_pool", "text"), ("new_kind", "text"),
                ("new_match_id", "bigint"),
                ("new_rating", "double precision"), ("new_delta", "double precision"), ("new_low", "double precision"),
                ("new_high", "double precision"), ("new_games", "integer"))
_CURRENT_BATCH = (("current_id", "bigint"), ("new_rating", "double precision"), ("new_low", "double precision"),
                  ("new_high", "double precision"), ("new_games", "integer"), ("new_wins", "integer"),
                  ("new_score_m2", "double precision"), ("new_automata", "jsonb"))


def _write_live(entries, current):
    """Two statements for any number of matches: the entries in one INSERT, the current ratings
    in one UPDATE (``web.bulk_sql``: the ORM's bulk_create cost more than the database did)."""
    q = connection.ops.quote_name
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {q(RatingEntry._meta.db_table)} (bot_id, game, pool_id, kind, match_id, rating, delta, low, "
            f"high, games, created_at) SELECT v.new_bot_id, v.new_game, v.new_pool, v.new_kind, v.new_match_id, "
            f"v.new_rating, "
            f"v.new_delta, v.new_low, v.new_high, v.new_games, %s FROM {batch_table(_ENTRY_BATCH)}",
            [RatingEntry._meta.get_field("created_at").get_db_prep_save(now, connection), batch_rows(entries)])
        cursor.execute(
            f"UPDATE {q(CurrentRating._meta.db_table)} SET rating = v.new_rating, low = v.new_low, high = v.new_high, "
            f"games = v.new_games, wins = v.new_wins, score_m2 = v.new_score_m2, automata = v.new_automata, "
            f"updated_at = %s FROM {batch_table(_CURRENT_BATCH)} "
            f"WHERE id = v.current_id",
            [CurrentRating._meta.get_field("updated_at").get_db_prep_save(now, connection),
             batch_rows([[row.pk, row.rating, row.low, row.high, row.games, row.wins, row.score_m2, row.automata]
                        for row in current])])


def ratings_apply_match(*, match, seats, result=None):
    """``ratings_apply_matches`` for one stored match (``result``: its stored one by default)."""
    pool = match.rating_pool if match.rated else None   # a match that feeds no pool moves nothing
    return ratings_apply_matches(matches=[MatchToRate(match.pk, match.game, pool.key if pool else None,
                                                      pool.kind if pool else Pool.Kind.RANKS, list(seats),
                                                      match.result if result is None else result)])


def ratings_refit(*, pool, read_records):
    """Fits the published rating of ``pool`` (a pool key) on its every finished match and appends it.

    ``read_records(pool=key)`` returns the pool's finished matches as rating records and the
    largest match id read (``web.matches.selectors.finished_match_records``): the matches are the
    matches app's, which sits above this one, so its caller hands the reading in.

    The current rating becomes the fitted one plus the live changes of the
    matches finished since the fit's data was read.  Returns the fitted
    table, or None when there is nothing to fit, or nothing new: no live entry
    since the pool's last fit (the beat refits every pool every ten minutes; an
    idle pool keeps its fit, and its bots' charts get no point that says
    nothing).  A score pool has nothing to fit: its live update (a running
    mean, win counts) is already exact.
    """
    pool = Pool.objects.get(key=pool)
    if pool.kind == Pool.Kind.SCORE:
        return None
    last_fit = (RatingEntry.objects.filter(pool=pool, kind=RatingEntry.Kind.FIT).order_by("-id")
                .values_list("id", flat=True).first())
    if last_fit is not None and not RatingEntry.objects.filter(pool=pool, kind=RatingEntry.Kind.LIVE,
                                                               id__gt=last_fit).exists():
        return None
    records, through = read_records(pool=pool.key)
    if len(records) < 1:
        return None
    table = fit_ratings(records, game=pool.key)
    if not len(table):
        return None
    with transaction.atomic():
        bot_ids = sorted(int(player) for player in table.ratings)
        current_ratings_ensure(game=pool.game, pool=pool.key, bot_ids=bot_ids)
        current = {row.bot_id: row for row in
                   CurrentRating.objects.select_for_update().filter(pool=pool, bot_id__in=bot_ids)
                   .order_by("bot_id")}
        since = dict(RatingEntry.objects.filter(pool=pool, kind=RatingEntry.Kind.LIVE, match_id__gt=through,
                                                bot_id__in=bot_ids)
                     .values("bot_id").annotate(total=Sum("delta")).values_list("bot_id", "total"))
        entries = []
        for bot_id in bot_ids:
            fitted = table[str(bot_id)]
            shift = since.get(bot_id) or 0.0
            row = current[bot_id]
            row.rating, row.low, row.high = fitted.rating + shift, fitted.low + shift, fitted.high + shift
            entries.append(RatingEntry(bot_id=bot_id, game=pool.game, pool=pool, kind=RatingEntry.Kind.FIT,
                                       rating=fitted.rating, low=fitted.low, high=fitted.high, games=fitted.games))
        RatingEntry.objects.bulk_create(entries)
        CurrentRating.objects.bulk_update(list(current.values()), ["rating", "low", "high"])
    return table


def ratings_refit_game(*, game, read_records):
    """``ratings_refit`` of every pool of ``game``: ``{pool key: fitted table}`` of those fitted."""
    tables = {}
    for key in Pool.objects.filter(game=game).order_by("key").values_list("key", flat=True):
        table = ratings_refit(pool=key, read_records=read_records)
        if table is not None:
            tables[key] = table
    return tables
